package dev.tessera.kit.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * At a ratio that leaves a trace out, a service still sends its part of the trace when the request answered a 5xx or
 * a 409, failed, or was slow; and only then. A real OpenTelemetry SDK, with the platform's sampler.
 */
class KeepNotableTest {
    /** Left out at a ratio of 0.5. */
    private static final String LEFT_OUT = "00-4bf92f3577b34da67fffffffffffff00-00f067aa0ba902b7-01";
    /** Kept at a ratio of 0.5. */
    private static final String KEPT = "00-4bf92f3577b34da60000000000000001-00f067aa0ba902b7-01";

    private final List<SpanData> exported = new CopyOnWriteArrayList<>();
    private final KeepNotable keep = new KeepNotable(new Collecting(), Duration.ofMillis(250));
    private final SdkTracerProvider provider = SdkTracerProvider.builder()
            .setSampler(Tracing.sampler(0.5))
            .addSpanProcessor(keep)
            .build();
    private final Tracer tracer = provider.get("test");

    @AfterEach
    void close() {
        provider.shutdown().join(5, TimeUnit.SECONDS);
    }

    @Test
    void a_quick_success_left_out_by_the_ratio_is_not_sent() {
        request(LEFT_OUT, 200, 5);
        assertEquals(List.of(), names());
        assertEquals(0, keep.held(), "nothing waits once the root has ended");
    }

    @Test
    void a_409_and_a_5xx_are_sent_whole() {
        request(LEFT_OUT, 409, 5);
        assertEquals(List.of("select", "post /moves"), names());
        exported.clear();
        request(LEFT_OUT, 503, 5);
        assertEquals(List.of("select", "post /moves"), names());
    }

    @Test
    void a_slow_request_is_sent_and_a_failed_record_too() {
        request(LEFT_OUT, 200, 300);
        assertEquals(List.of("select", "post /moves"), names());
        exported.clear();
        Span consumer = tracer.spanBuilder("scoring.games tessera.alhambra.scoringround")
                .setParent(Tracing.parent(LEFT_OUT))
                .setSpanKind(SpanKind.CONSUMER)
                .startSpan();
        consumer.setStatus(StatusCode.ERROR);
        consumer.end();
        assertEquals(List.of("scoring.games tessera.alhambra.scoringround"), names());
    }

    @Test
    void a_span_that_ends_after_its_root_follows_the_roots_decision() {
        Span late = request(LEFT_OUT, 409, 5, true);
        late.end();
        assertEquals(List.of("select", "post /moves", "game-events publish"), names());
        exported.clear();
        Span dropped = request(LEFT_OUT, 200, 5, true);
        dropped.end();
        assertEquals(List.of(), names());
    }

    @Test
    void a_trace_the_ratio_keeps_is_left_to_the_sdks_own_processor() {
        request(KEPT, 409, 5);
        assertEquals(List.of(), names(), "sampled spans go the usual way, not twice");
    }

    @Test
    void spans_waiting_for_a_root_that_never_ends_are_bounded() {
        for (int i = 0; i < KeepNotable.MAX_HELD / 2 + 10; i++) {
            Span root = tracer.spanBuilder("root")
                    .setParent(Tracing.parent(LEFT_OUT))
                    .setSpanKind(SpanKind.SERVER)
                    .startSpan();
            for (int c = 0; c < 3; c++) {
                tracer.spanBuilder("child")
                        .setParent(Context.root().with(root))
                        .startSpan()
                        .end();
            }
        }
        assertTrue(keep.held() <= KeepNotable.MAX_HELD, "held " + keep.held());
    }

    private void request(String traceparent, long status, long millis) {
        request(traceparent, status, millis, false);
    }

    /** A server span with a statement in it, answering {@code status} after {@code millis}; its late child if asked. */
    private Span request(String traceparent, long status, long millis, boolean withLateChild) {
        long start = System.nanoTime();
        Span server = tracer.spanBuilder("post /moves")
                .setParent(Tracing.parent(traceparent))
                .setSpanKind(SpanKind.SERVER)
                .setStartTimestamp(start, TimeUnit.NANOSECONDS)
                .startSpan();
        Span late = null;
        try (Scope ignored = server.makeCurrent()) {
            tracer.spanBuilder("select")
                    .setSpanKind(SpanKind.CLIENT)
                    .startSpan()
                    .end();
            if (withLateChild) {
                late = tracer.spanBuilder("game-events publish")
                        .setSpanKind(SpanKind.PRODUCER)
                        .startSpan();
            }
        }
        server.setAttribute("http.response.status_code", status);
        server.end(start + TimeUnit.MILLISECONDS.toNanos(millis), TimeUnit.NANOSECONDS);
        return late;
    }

    private List<String> names() {
        keep.forceFlush();
        return exported.stream().map(SpanData::getName).toList();
    }

    private final class Collecting implements SpanExporter {
        @Override
        public CompletableResultCode export(Collection<SpanData> spans) {
            exported.addAll(spans);
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode flush() {
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode shutdown() {
            return CompletableResultCode.ofSuccess();
        }
    }
}
