package dev.tessera.kit.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import io.opentelemetry.sdk.trace.samplers.SamplingDecision;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a client's traceparent can and cannot do, and the trace an outbox row carries to the relay. */
class TracingTest {
    /** A trace id whose last 16 digits are below half of Long.MAX_VALUE: kept at a ratio of 0.5. */
    private static final String LOW = "4bf92f3577b34da60000000000000001";
    /** Above 0.875 of Long.MAX_VALUE: left out at a ratio of 0.5. */
    private static final String HIGH = "4bf92f3577b34da67fffffffffffff00";

    private final Sampler sampler = Tracing.sampler(0.5);

    @Test
    void the_ratio_decides_from_the_trace_id_whatever_a_clients_flag_says() {
        assertEquals(SamplingDecision.RECORD_AND_SAMPLE, decide("00-" + LOW + "-00f067aa0ba902b7-00"));
        assertEquals(SamplingDecision.RECORD_AND_SAMPLE, decide("00-" + LOW + "-00f067aa0ba902b7-01"));
        assertEquals(
                SamplingDecision.RECORD_ONLY,
                decide("00-" + HIGH + "-00f067aa0ba902b7-01"),
                "the flag forces nothing: recorded only, for KeepNotable");
        assertEquals(SamplingDecision.RECORD_ONLY, decide("00-" + HIGH + "-00f067aa0ba902b7-00"));
    }

    @Test
    void a_malformed_traceparent_is_no_parent() {
        for (String bad : List.of(
                "",
                "garbage",
                "00-" + LOW + "-00f067aa0ba902b7",
                "00-" + LOW.toUpperCase() + "-00f067aa0ba902b7-01",
                "00-00000000000000000000000000000000-00f067aa0ba902b7-01")) {
            assertFalse(Span.fromContext(Tracing.parent(bad)).getSpanContext().isValid(), bad);
        }
        assertTrue(Span.fromContext(Tracing.parent("00-" + LOW + "-00f067aa0ba902b7-01"))
                .getSpanContext()
                .isRemote());
    }

    @Test
    void a_context_is_written_back_as_it_was_read_sampled_or_not() {
        for (String traceparent :
                List.of("00-" + LOW + "-00f067aa0ba902b7-01", "00-" + HIGH + "-00f067aa0ba902b7-00")) {
            assertEquals(
                    traceparent,
                    Tracing.traceparent(
                            Span.fromContext(Tracing.parent(traceparent)).getSpanContext()));
        }
        assertNull(Tracing.traceparent(), "no span (tracing off), no context");
    }

    @Test
    void the_relay_finds_the_rows_trace_at_the_end_of_its_cloudevent() {
        EventCodec codec = new EventCodec();
        String traceparent = "00-" + LOW + "-00f067aa0ba902b7-01";
        CloudEvent event = new CloudEvent(
                CloudEvent.SPEC_VERSION,
                "e1",
                "/tessera/test",
                "tessera.test.Happened",
                "g1",
                OffsetDateTime.of(2026, 12, 5, 9, 0, 0, 0, ZoneOffset.UTC),
                "application/json",
                "https://tessera.dev/schemas/events/tessera.test.Happened/v1.json",
                3L,
                codec.mapper()
                        .createObjectNode()
                        .put("note", "\"traceparent\":\"00-" + HIGH + "-00f067aa0ba902b7-01\""));
        assertNull(MessageTraces.traceparentOf(codec.write(event)), "data that looks like the attribute is not it");
        String written = codec.write(event.withTraceparent(traceparent));
        assertTrue(written.endsWith("\"traceparent\":\"" + traceparent + "\"}"), written);
        assertEquals(traceparent, MessageTraces.traceparentOf(written));
        assertEquals(traceparent, codec.readEnvelope(written).traceparent());
    }

    private SamplingDecision decide(String traceparent) {
        Context parent = Tracing.parent(traceparent);
        String traceId = Span.fromContext(parent).getSpanContext().getTraceId();
        return sampler.shouldSample(
                        parent,
                        traceId,
                        "post",
                        SpanKind.SERVER,
                        io.opentelemetry.api.common.Attributes.empty(),
                        List.of())
                .getDecision();
    }
}
