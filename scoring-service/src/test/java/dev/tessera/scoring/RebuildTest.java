package dev.tessera.scoring;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tessera.infra.LocalPostgres;
import dev.tessera.infra.TestInfrastructure;
import dev.tessera.kit.rebuild.ProjectionRebuild;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.junit.jupiter.api.Test;

/**
 * The rebuild runs only with the service stopped (the whole rebuild, stop to same answers, is tested
 * end to end in e2e's RebuildIT): while scoring-service's consumers are in their group it refuses and
 * changes nothing.
 */
@QuarkusTest
class RebuildTest {

    @Test
    void a_rebuild_while_the_service_consumes_is_refused_and_wipes_nothing() {
        await().atMost(Duration.ofSeconds(30)).until(RebuildTest::consumersJoined);
        LocalPostgres postgres = TestInfrastructure.postgres();
        postgres.count("tessera_scoring", "SELECT count(*) FROM scored_games"); // the schema exists
        String marker =
                "INSERT INTO processed_events (consumer, event_id) VALUES ('scoring.games', 'rebuild-test') ON CONFLICT DO NOTHING";
        postgres.count("tessera_scoring", "WITH i AS (" + marker + " RETURNING 1) SELECT count(*) FROM i");
        Map<String, String> env = Map.of(
                "TESSERA_DB_HOST",
                "localhost",
                "TESSERA_DB_PORT",
                String.valueOf(postgres.port()),
                "TESSERA_DB_USER",
                LocalPostgres.USER,
                "TESSERA_KAFKA",
                TestInfrastructure.bootstrapServers());

        IllegalStateException refused =
                assertThrows(IllegalStateException.class, () -> new ProjectionRebuild(Rebuild.PROJECTION, env).run());
        assertTrue(refused.getMessage().contains("stop scoring-service first"), refused.getMessage());
        assertEquals(
                1,
                postgres.count(
                        "tessera_scoring",
                        "SELECT count(*) FROM processed_events WHERE consumer = 'scoring.games' AND event_id = 'rebuild-test'"));
        assertEquals(0, postgres.count("tessera_scoring", "SELECT count(*) FROM replay_marks"));
    }

    private static boolean consumersJoined() throws Exception {
        try (Admin admin = Admin.create(
                Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, TestInfrastructure.bootstrapServers()))) {
            return !admin.describeConsumerGroups(List.of("scoring-service"))
                    .describedGroups()
                    .get("scoring-service")
                    .get()
                    .members()
                    .isEmpty();
        }
    }
}
