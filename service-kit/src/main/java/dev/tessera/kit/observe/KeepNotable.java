package dev.tessera.kit.observe;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SpanProcessor;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Keeps, whatever the sampling ratio, the spans of a request or a record that went wrong or took long: a server span
 * that answered a 5xx or a 409, any span that ended in error, or work that took at least {@code slow}. The ratio's
 * sampler records the other traces without sampling them ({@link Tracing}); this processor holds each recorded span
 * until the span it descends from in this service (its local root: the request's server span, the record's consumer
 * span, a relay run's) ends, then sends the whole local tree to the exporter if the root is notable, and forgets it
 * otherwise. Spans that end after their root follow its decision.
 *
 * <p>Tail sampling within one service, not across them: each service decides for its own part of a trace. The parts
 * that answer the client (the gateway's, game-service's) see the status and the time of the move, so a slow or
 * failed move keeps both; consumers downstream of it keep theirs only if their own work was slow or failed.
 * Collector-side tail sampling would keep the whole trace, at the price of sending every span out of every service.
 * Memory is bounded: at most {@link #MAX_HELD} spans wait for their root; beyond, the oldest trees are let go.
 */
final class KeepNotable implements SpanProcessor {
    static final int MAX_HELD = 20_000;
    private static final int MAX_DECIDED = 10_000;
    private static final int MAX_QUEUED = 10_000;
    private static final AttributeKey<Long> STATUS = AttributeKey.longKey("http.response.status_code");

    private final SpanExporter exporter;
    private final long slowNanos;
    private final ScheduledExecutorService sender;

    /** Each recorded span that has not ended: the span id of its local root. */
    private final Map<String, String> rootOf = new HashMap<>();
    /** Spans ended before their root, by root, oldest root first. */
    private final LinkedHashMap<String, List<ReadableSpan>> held = new LinkedHashMap<>();

    private int heldCount;
    /** Roots that ended, and whether they were kept: for their spans that end later. */
    private final LinkedHashMap<String, Boolean> decided = new LinkedHashMap<>(16, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
            return size() > MAX_DECIDED;
        }
    };

    private final List<SpanData> queued = new ArrayList<>();

    KeepNotable(SpanExporter exporter, Duration slow) {
        this.exporter = exporter;
        this.slowNanos = slow.toNanos();
        this.sender = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "tessera-keep-notable");
            t.setDaemon(true);
            return t;
        });
        sender.scheduleWithFixedDelay(this::send, 1, 1, TimeUnit.SECONDS);
    }

    @Override
    public boolean isStartRequired() {
        return true;
    }

    @Override
    public boolean isEndRequired() {
        return true;
    }

    @Override
    public void onStart(Context parentContext, ReadWriteSpan span) {
        if (span.getSpanContext().isSampled()) {
            return;
        }
        SpanContext parent = Span.fromContext(parentContext).getSpanContext();
        String id = span.getSpanContext().getSpanId();
        synchronized (this) {
            if (rootOf.size() > 10 * MAX_HELD) {
                rootOf.clear(); // spans that never end (none should): their trees are let go
            }
            String parentRoot = parent.isValid() && !parent.isRemote() ? rootOf.get(parent.getSpanId()) : null;
            rootOf.put(id, parentRoot != null ? parentRoot : id);
        }
    }

    @Override
    public void onEnd(ReadableSpan span) {
        if (span.getSpanContext().isSampled()) {
            return;
        }
        String id = span.getSpanContext().getSpanId();
        List<ReadableSpan> tree = null;
        synchronized (this) {
            String root = rootOf.remove(id);
            if (root == null) {
                return; // started before the processor knew it
            }
            if (!root.equals(id)) {
                Boolean kept = decided.get(root);
                if (kept == null) {
                    hold(root, span);
                } else if (kept) {
                    tree = List.of(span);
                }
            } else {
                boolean keep = notable(span);
                decided.put(root, keep);
                List<ReadableSpan> children = held.remove(root);
                if (children != null) {
                    heldCount -= children.size();
                }
                if (keep) {
                    tree = new ArrayList<>(children == null ? List.of() : children);
                    tree.add(span);
                }
            }
        }
        if (tree != null) {
            queue(tree);
        }
    }

    /** Whether a local root's tree is kept. */
    boolean notable(ReadableSpan root) {
        if (root.getLatencyNanos() >= slowNanos) {
            return true;
        }
        SpanData data = root.toSpanData();
        if (data.getStatus().getStatusCode() == StatusCode.ERROR) {
            return true;
        }
        Long status = root.getAttribute(STATUS);
        return status != null && (status >= 500 || status == 409);
    }

    private void hold(String root, ReadableSpan span) {
        held.computeIfAbsent(root, r -> new ArrayList<>()).add(span);
        heldCount++;
        Iterator<Map.Entry<String, List<ReadableSpan>>> oldest = held.entrySet().iterator();
        while (heldCount > MAX_HELD && oldest.hasNext()) {
            heldCount -= oldest.next().getValue().size();
            oldest.remove();
        }
    }

    private void queue(List<ReadableSpan> spans) {
        synchronized (queued) {
            for (ReadableSpan s : spans) {
                if (queued.size() < MAX_QUEUED) {
                    queued.add(s.toSpanData());
                }
            }
        }
    }

    private void send() {
        List<SpanData> batch;
        synchronized (queued) {
            if (queued.isEmpty()) {
                return;
            }
            batch = new ArrayList<>(queued);
            queued.clear();
        }
        exporter.export(batch).join(10, TimeUnit.SECONDS);
    }

    /** Spans held: for tests. */
    synchronized int held() {
        return heldCount;
    }

    @Override
    public CompletableResultCode forceFlush() {
        send();
        return CompletableResultCode.ofSuccess();
    }

    @Override
    public CompletableResultCode shutdown() {
        send();
        sender.shutdownNow();
        return CompletableResultCode.ofSuccess();
    }
}
