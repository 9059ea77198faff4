package dev.tessera.kit.eventing;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import java.util.ArrayList;
import java.util.List;
import org.hibernate.reactive.mutiny.Mutiny;
import org.hibernate.reactive.mutiny.impl.MutinySessionImpl;
import org.hibernate.reactive.pool.ReactiveConnection;

/**
 * Plain SQL on the connection of the current Hibernate Reactive session, so inside its transaction, without
 * Hibernate's query machinery. For the statements every move and every consumed event runs (the event
 * store, the outbox, processed events, the clock row): as native queries they cost more in Hibernate (SQL
 * parameter parsing, a query plan looked up per call, result mapping) than in PostgreSQL, and a profile
 * showed Hibernate 7.2's plan cache walking colliding keys for native SELECTs (its key hashes only the SQL
 * but also compares the result mapping). Statements use PostgreSQL's positional parameters ({@code $1}).
 *
 * <p>It reaches the connection through {@link MutinySessionImpl#getReactiveConnection()}, Hibernate
 * Reactive's own handle on it (the SPI its persisters use); the one place that depends on that.
 * Statements run in order with Hibernate's own on the same connection, but Hibernate does not flush
 * pending entity changes before them: use them for tables no entity maps.
 */
public final class SessionSql {
    private SessionSql() {}

    /** The rows {@code sql} selects, each as its columns' values as the PostgreSQL client returns them. */
    public static Uni<List<Object[]>> select(String sql, Object... params) {
        return Panache.getSession()
                .chain(session -> Uni.createFrom()
                        .completionStage(() -> connection(session).select(sql, params))
                        .map(result -> {
                            List<Object[]> rows = new ArrayList<>(result.size());
                            result.forEachRemaining(rows::add);
                            return rows;
                        }));
    }

    /** Runs an INSERT, UPDATE or DELETE; the number of rows it changed. */
    public static Uni<Integer> update(String sql, Object... params) {
        return Panache.getSession()
                .chain(session -> Uni.createFrom()
                        .completionStage(() -> connection(session).update(sql, params)));
    }

    private static ReactiveConnection connection(Mutiny.Session session) {
        if (session instanceof MutinySessionImpl impl) {
            return impl.getReactiveConnection();
        }
        throw new IllegalStateException(
                "not a Hibernate Reactive Mutiny session: " + session.getClass().getName());
    }
}
