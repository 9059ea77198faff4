package dev.tessera.kit.eventing;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.common.vertx.ContextLocals;
import io.smallrye.common.vertx.VertxContext;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Where a rebuilt read model's replay ends: records below a partition's mark were applied before the
 * rebuild (see {@code dev.tessera.kit.rebuild.ProjectionRebuild}), so applying them again rebuilds state
 * but publishes nothing ({@link Outbox} skips what it is given while {@link #replaying()}). Marks are
 * written only while the service is stopped, so they are read once per process.
 */
@ApplicationScoped
public class ReplayMarks {
    private static final String REPLAYING = "tessera.replaying";

    private volatile Map<String, Long> marks;

    /** True when {@code record} lies below its partition's mark. Inside a session. */
    Uni<Boolean> below(ConsumerRecord<?, ?> record) {
        Map<String, Long> known = marks;
        if (known != null) {
            return Uni.createFrom().item(isBelow(known, record));
        }
        return Panache.getSession()
                .chain(session -> session.createNativeQuery(
                                "SELECT topic, partition_no, until_offset FROM replay_marks", Object[].class)
                        .getResultList())
                .map(rows -> {
                    Map<String, Long> loaded = new HashMap<>();
                    for (Object[] row : (List<Object[]>) rows) {
                        loaded.put(row[0] + "/" + row[1], ((Number) row[2]).longValue());
                    }
                    marks = Map.copyOf(loaded);
                    return isBelow(marks, record);
                });
    }

    private static boolean isBelow(Map<String, Long> marks, ConsumerRecord<?, ?> record) {
        Long mark = marks.get(record.topic() + "/" + record.partition());
        return mark != null && record.offset() < mark;
    }

    /** Marks the current message's context as a replay (what it publishes was published before). */
    static void enter() {
        ContextLocals.put(REPLAYING, Boolean.TRUE);
    }

    static void leave() {
        ContextLocals.remove(REPLAYING);
    }

    /** True while a replayed record is being applied on this context. */
    public static boolean replaying() {
        // Not on a duplicated Vert.x context: not a consumer's record.
        return VertxContext.isOnDuplicatedContext() && ContextLocals.get(REPLAYING, Boolean.FALSE);
    }
}
