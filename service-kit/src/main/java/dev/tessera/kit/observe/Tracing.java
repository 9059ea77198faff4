package dev.tessera.kit.observe;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.exporter.zipkin.ZipkinSpanExporter;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SpanProcessor;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import io.opentelemetry.sdk.trace.samplers.SamplingDecision;
import io.opentelemetry.sdk.trace.samplers.SamplingResult;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import zipkin2.reporter.Encoding;
import zipkin2.reporter.SpanBytesEncoder;
import zipkin2.reporter.urlconnection.URLConnectionSender;

/**
 * Traces (OpenTelemetry, through {@code quarkus-opentelemetry}): what every service samples and where spans go.
 *
 * <p>Off unless asked for: {@code quarkus.otel.sdk.disabled} is true by default (service-kit's
 * microprofile-config.properties), and {@code ./tessera up --observe} or a Kubernetes overlay turns it on with
 * {@code TESSERA_ZIPKIN_URL}, the Zipkin server the spans are sent to.
 *
 * <p><b>Sampling</b> is decided by the trace id alone, at the ratio {@code tessera.tracing.ratio}, in every service
 * and for every span: a trace id either passes the ratio everywhere or nowhere, so a trace that is kept is kept
 * whole, across the gateway, game-service, the relays and the consumers. The sampled flag of a parent is not read,
 * not even a client's: a client's {@code traceparent} becomes the parent of the gateway's span (its trace id
 * carries on), and nothing else. A client cannot make the platform record everything by setting the flag; choosing
 * trace ids that pass the ratio gets its own requests recorded, no more (and they are rate-limited like any other).
 * A malformed {@code traceparent} is ignored, as W3C Trace Context asks, and the request goes on as one without.
 *
 * <p>Below a ratio of 1, the traces the ratio leaves out are recorded all the same, and {@link KeepNotable} keeps a
 * service's part of one whose request answered a 5xx or a 409, failed, or took at least {@code
 * tessera.tracing.keep-slower-than} (250 ms, the p99 the alerts watch).
 */
public class Tracing {
    /** The header (and CloudEvents attribute) of W3C Trace Context. */
    public static final String TRACEPARENT = "traceparent";

    @ConfigProperty(name = "tessera.tracing.ratio", defaultValue = "1.0")
    double ratio;

    @ConfigProperty(name = "tessera.tracing.keep-slower-than", defaultValue = "250ms")
    Duration slow;

    /**
     * By the trace id alone, for every span, whatever its parent says. Below a ratio of 1, the traces left out are
     * still recorded (not sampled), so that {@link KeepNotable} can keep those that turn out to matter.
     */
    @Produces
    @Singleton
    Sampler sampler() {
        return sampler(ratio);
    }

    static Sampler sampler(double ratio) {
        Sampler byTraceId = Sampler.traceIdRatioBased(ratio);
        if (ratio >= 1.0) {
            return byTraceId;
        }
        return new Sampler() {
            @Override
            public SamplingResult shouldSample(
                    Context parent,
                    String traceId,
                    String name,
                    SpanKind kind,
                    Attributes attributes,
                    List<LinkData> links) {
                SamplingResult result = byTraceId.shouldSample(parent, traceId, name, kind, attributes, links);
                return result.getDecision() == SamplingDecision.RECORD_AND_SAMPLE
                        ? result
                        : SamplingResult.recordOnly();
            }

            @Override
            public String getDescription() {
                return byTraceId.getDescription() + ", the rest recorded for KeepNotable";
            }
        };
    }

    /**
     * Counts the sampled spans that end ({@code tessera_trace_spans_total{outcome="ended"}}, beside {@code
     * outcome="exported"}: at a ratio of 1 the difference is what the SDK's queue dropped under load; below, exported
     * spans include those {@link KeepNotable} sent) and, below a ratio of 1, keeps
     * the traces of 5xx, 409, failures and slow work all the same ({@link KeepNotable}).
     */
    @Produces
    @Singleton
    SpanProcessor processors(SpanExporter exporter, MeterRegistry registry) {
        LongAdder ended = new LongAdder();
        FunctionCounter.builder("tessera_trace_spans", ended, LongAdder::sum)
                .tag("outcome", "ended")
                .description("Sampled spans ended in this instance")
                .register(registry);
        SpanProcessor counting = new SpanProcessor() {
            @Override
            public void onStart(Context parent, ReadWriteSpan span) {}

            @Override
            public boolean isStartRequired() {
                return false;
            }

            @Override
            public void onEnd(ReadableSpan span) {
                if (span.getSpanContext().isSampled()) {
                    ended.increment();
                }
            }

            @Override
            public boolean isEndRequired() {
                return true;
            }
        };
        return ratio >= 1.0 ? counting : SpanProcessor.composite(counting, new KeepNotable(exporter, slow));
    }

    /**
     * Spans go to Zipkin's v2 API, protobuf-encoded (cheaper than JSON on both sides), when {@code
     * tessera.tracing.zipkin-url} is set, nowhere otherwise; {@code tessera_trace_spans_total{outcome="exported"}}
     * counts those Zipkin took.
     */
    @Produces
    @Singleton
    SpanExporter exporter(
            @ConfigProperty(name = "tessera.tracing.zipkin-url") Optional<String> zipkin, MeterRegistry registry) {
        if (zipkin.filter(url -> !url.isBlank()).isEmpty()) {
            return SpanExporter.composite(List.of());
        }
        SpanExporter exporter = ZipkinSpanExporter.builder()
                .setSender(URLConnectionSender.newBuilder()
                        .endpoint(zipkin.get().replaceAll("/+$", "") + "/api/v2/spans")
                        .encoding(Encoding.PROTO3)
                        .build())
                .setEncoder(SpanBytesEncoder.PROTO3)
                .build();
        LongAdder exported = new LongAdder();
        FunctionCounter.builder("tessera_trace_spans", exported, LongAdder::sum)
                .tag("outcome", "exported")
                .description("Spans this instance sent to Zipkin and Zipkin took")
                .register(registry);
        return new SpanExporter() {
            @Override
            public CompletableResultCode export(Collection<SpanData> spans) {
                CompletableResultCode result = exporter.export(spans);
                int n = spans.size();
                result.whenComplete(() -> {
                    if (result.isSuccess()) {
                        exported.add(n);
                    }
                });
                return result;
            }

            @Override
            public CompletableResultCode flush() {
                return exporter.flush();
            }

            @Override
            public CompletableResultCode shutdown() {
                return exporter.shutdown();
            }
        };
    }

    /**
     * The current span's context as a {@code traceparent} value, or null when there is none (tracing off). A context the
     * ratio left out is carried on too, with its flag at 00: the work downstream is recorded, not sent, unless it turns
     * out notable ({@link KeepNotable}).
     */
    public static String traceparent() {
        return traceparent(Span.current().getSpanContext());
    }

    /** {@code context} as a {@code traceparent} value, sampled or not, or null when it is invalid. */
    public static String traceparent(SpanContext context) {
        if (!context.isValid()) {
            return null;
        }
        return "00-" + context.getTraceId() + "-" + context.getSpanId() + "-"
                + context.getTraceFlags().asHex();
    }

    /** The context a {@code traceparent} value names, as a remote parent; the root context when it is null or malformed. */
    public static Context parent(String traceparent) {
        if (traceparent == null) {
            return Context.root();
        }
        return W3CTraceContextPropagator.getInstance().extract(Context.root(), traceparent, ONE_VALUE);
    }

    private static final TextMapGetter<String> ONE_VALUE = new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(String carrier) {
            return List.of(TRACEPARENT);
        }

        @Override
        public String get(String carrier, String key) {
            return TRACEPARENT.equals(key) ? carrier : null;
        }
    };
}
