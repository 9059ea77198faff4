package dev.tessera.lobby.sql;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import java.util.List;
import java.util.Map;

/**
 * Native SQL in the current Panache session (so in the caller's transaction), for what an entity says
 * badly: upserts, row locks, window functions. A query of one column still answers arrays of one value.
 */
public final class NativeSql {
    private NativeSql() {}

    /** Runs an INSERT, UPDATE or DELETE; answers the number of rows it wrote. */
    public static Uni<Integer> update(String sql, Map<String, ?> parameters) {
        return Panache.getSession().chain(session -> {
            var query = session.createNativeQuery(sql);
            parameters.forEach(query::setParameter);
            return query.executeUpdate();
        });
    }

    /** Runs a query; answers its rows, each as an array of column values. */
    public static Uni<List<Object[]>> rows(String sql, Map<String, ?> parameters) {
        return Panache.getSession()
                .chain(session -> {
                    var query = session.<Object>createNativeQuery(sql);
                    parameters.forEach(query::setParameter);
                    return query.getResultList();
                })
                .map(rows -> rows.stream()
                        .map(r -> r instanceof Object[] a ? a : new Object[] {r})
                        .toList());
    }
}
