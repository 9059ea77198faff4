package dev.tessera.kit.rebuild;

import java.util.List;

/**
 * A service's read model that can be rebuilt from its topics: which consumer group reads which topics
 * into which tables, and the {@link dev.tessera.kit.eventing.IdempotentConsumer} names that record what
 * it has applied.
 *
 * @param service    the service (its application name is its consumer group)
 * @param databaseEnv the environment variable naming its database (as in application.properties)
 * @param database   the database when that variable is unset
 * @param topics     the topics the read model is built from
 * @param consumers  the idempotent-consumer names whose processed events are forgotten
 * @param tables     the read model's tables, emptied
 */
public record Projection(
        String service,
        String databaseEnv,
        String database,
        List<String> topics,
        List<String> consumers,
        List<String> tables) {
    public Projection {
        topics = List.copyOf(topics);
        consumers = List.copyOf(consumers);
        tables = List.copyOf(tables);
        for (String table : tables) {
            if (!table.matches("[a-z_][a-z0-9_]*")) {
                throw new IllegalArgumentException("not a table name: " + table);
            }
        }
    }

    /** The consumer group: every channel of a service uses its application name. */
    public String group() {
        return service;
    }
}
