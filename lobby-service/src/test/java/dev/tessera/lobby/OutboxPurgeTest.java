package dev.tessera.lobby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tessera.infra.TestInfrastructure;
import dev.tessera.kit.eventing.OutboxRelay;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/** The outbox is a queue towards Kafka, not a second event store: published rows go after the retention (1 h). */
@QuarkusTest
class OutboxPurgeTest {
    private static final int SLOT = 7;

    @Inject
    OutboxRelay relay;

    @Test
    void rows_published_longer_ago_than_the_retention_are_deleted_and_recent_or_unpublished_ones_kept()
            throws Exception {
        String key = Lobby.player("purge");
        long old = insert(key, "3 hours", true);
        long recent = insert(key, "10 minutes", true);
        try (Connection relayKeptOff = TestInfrastructure.postgres().connect("tessera_lobby");
                Statement statement = relayKeptOff.createStatement()) {
            // Holding the slot's lock keeps the relay off it: the row below stays unpublished.
            statement.execute("SELECT pg_advisory_lock(" + OutboxRelay.LOCK_NAMESPACE + ", " + SLOT + ")");
            long waiting = insert(key, "3 hours", false);
            try {
                long deleted = relay.purge().await().indefinitely();

                assertTrue(deleted >= 1, "the row published 3 hours ago was not deleted");
                assertEquals(0, Lobby.count("SELECT count(*) FROM outbox WHERE id = " + old));
                assertEquals(1, Lobby.count("SELECT count(*) FROM outbox WHERE id = " + recent));
                assertEquals(
                        1,
                        Lobby.count("SELECT count(*) FROM outbox WHERE id = " + waiting + " AND published_at IS NULL"),
                        "a row Kafka has not had yet was deleted");
            } finally {
                statement.execute(
                        "DELETE FROM outbox WHERE id = " + waiting); // not a real event: never to be published
                statement.execute("SELECT pg_advisory_unlock(" + OutboxRelay.LOCK_NAMESPACE + ", " + SLOT + ")");
            }
        }
    }

    /** An outbox row written {@code ago}, published then too or still waiting for the relay; answers its id. */
    private static long insert(String key, String ago, boolean published) {
        String at = "now() - interval '" + ago + "'";
        return Lobby.count("INSERT INTO outbox (topic, record_key, slot, payload, created_at, published_at)"
                + " VALUES ('lobby-events', '" + key + "', " + SLOT + ", '{}', " + at + ", " + (published ? at : "NULL")
                + ")"
                + " RETURNING id");
    }
}
