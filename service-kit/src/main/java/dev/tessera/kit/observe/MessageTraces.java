package dev.tessera.kit.observe;

import dev.tessera.events.CloudEvent;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * A trace carried through the outbox and Kafka. The outbox row holds the context of the transaction that wrote it,
 * as its CloudEvent's {@code traceparent} attribute ({@link dev.tessera.kit.eventing.Outbox}); the relay publishes
 * the row in a producer span, child of that context, and puts the producer span's context in the record's {@code
 * traceparent} header; each consumer applies the record in a consumer span, child of the header (or of the
 * attribute, for a record without the header), during which the events it publishes in turn take its context. A
 * record without either is applied without a span: it was written while tracing was off. A trace the ratio left out
 * is carried all the same (flag 00): its spans are recorded, not sent, unless {@link KeepNotable} keeps them.
 *
 * <p>SmallRye's own Kafka tracing is off (service-kit's microprofile-config.properties): the relays do not publish
 * through SmallRye, and the consumers take batches, whose records belong to many traces.
 */
@ApplicationScoped
public class MessageTraces {
    private static final String MARK = "\"" + Tracing.TRACEPARENT + "\":\"";
    /** {@code 00-} + 32 + {@code -} + 16 + {@code -} + 2. */
    private static final int LENGTH = 55;

    @Inject
    Tracer tracer;

    /** Tracing off (the default): no row carries a trace, so the relay does not look for one. */
    @ConfigProperty(name = "quarkus.otel.sdk.disabled", defaultValue = "false")
    boolean off;

    /**
     * Starts the producer span of {@code record} (an outbox row's CloudEvent in {@code payload}) and puts its context
     * in the record's header; null when the row carries no trace. End it with {@link #sent}.
     */
    public Span publishing(ProducerRecord<String, String> record, String payload, long rowId) {
        String parent = off ? null : traceparentOf(payload);
        if (parent == null) {
            return null;
        }
        Span span = tracer.spanBuilder(record.topic() + " publish")
                .setParent(Tracing.parent(parent))
                .setSpanKind(SpanKind.PRODUCER)
                .setAttribute("messaging.system", "kafka")
                .setAttribute("messaging.operation.type", "send")
                .setAttribute("messaging.destination.name", record.topic())
                .setAttribute("messaging.kafka.message.key", record.key())
                .setAttribute("peer.service", "kafka")
                .setAttribute("tessera.outbox.row", rowId)
                .startSpan();
        String context = Tracing.traceparent(span.getSpanContext());
        if (context != null) {
            record.headers().add(new RecordHeader(Tracing.TRACEPARENT, context.getBytes(StandardCharsets.UTF_8)));
        }
        return span;
    }

    /** {@code then}, ending {@code span} (null: none) when Kafka acknowledged the record or refused it. */
    public static Callback sent(Span span, Callback then) {
        if (span == null) {
            return then;
        }
        return (metadata, exception) -> {
            if (exception != null) {
                span.recordException(exception);
                span.setStatus(StatusCode.ERROR);
            } else if (metadata != null) {
                span.setAttribute("messaging.destination.partition.id", String.valueOf(metadata.partition()));
                span.setAttribute("messaging.kafka.offset", metadata.offset());
            }
            span.end();
            then.onCompletion(metadata, exception);
        };
    }

    /**
     * {@code work} (applying {@code envelope}, read from {@code record}, for {@code consumer}) in a consumer span that
     * continues the record's trace and is current while the work runs; {@code work} alone when the record carries no
     * trace.
     */
    public <T> Uni<T> consuming(
            String consumer, ConsumerRecord<String, String> record, CloudEvent envelope, Supplier<Uni<T>> work) {
        Header header = record.headers().lastHeader(Tracing.TRACEPARENT);
        String parent = header != null ? new String(header.value(), StandardCharsets.UTF_8) : envelope.traceparent();
        if (parent == null) {
            return work.get();
        }
        Context context = Tracing.parent(parent);
        if (!Span.fromContext(context).getSpanContext().isValid()) {
            return work.get();
        }
        Span span = tracer.spanBuilder(consumer + " " + envelope.type())
                .setParent(context)
                .setSpanKind(SpanKind.CONSUMER)
                .setAttribute("messaging.system", "kafka")
                .setAttribute("messaging.operation.type", "process")
                .setAttribute("messaging.destination.name", record.topic())
                .setAttribute("messaging.destination.partition.id", String.valueOf(record.partition()))
                .setAttribute("messaging.kafka.offset", record.offset())
                .setAttribute("messaging.consumer.group.name", consumer)
                .setAttribute("cloudevents.event_id", envelope.id())
                .setAttribute("cloudevents.event_type", envelope.type())
                .setAttribute("cloudevents.event_subject", envelope.subject())
                .startSpan();
        Scope scope = span.makeCurrent();
        Uni<T> running;
        try {
            running = work.get();
        } catch (RuntimeException e) {
            scope.close();
            span.recordException(e);
            span.setStatus(StatusCode.ERROR);
            span.end();
            throw e;
        }
        return running.onTermination().invoke((item, failure, cancelled) -> {
            scope.close();
            if (failure != null) {
                span.recordException(failure);
                span.setStatus(StatusCode.ERROR);
            }
            span.end();
        });
    }

    /**
     * The {@code traceparent} attribute of an outbox row's CloudEvent, or null. The codec writes it as the envelope's
     * last attribute, so it is found from the end without reading the record; a string in the event's data cannot
     * match, its quotes being escaped there.
     */
    static String traceparentOf(String payload) {
        int at = payload.lastIndexOf(MARK);
        if (at < 0 || at + MARK.length() + LENGTH > payload.length()) {
            return null;
        }
        int from = at + MARK.length();
        return payload.charAt(from + LENGTH) == '"' ? payload.substring(from, from + LENGTH) : null;
    }
}
