package dev.tessera.game.messaging;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.events.Topics;
import dev.tessera.events.lobby.TableStarted;
import dev.tessera.game.play.GameService;
import dev.tessera.infra.TestInfrastructure;
import dev.tessera.infra.TestKafka;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** game-service needs a table's start only: the other table events, which lobby-events holds too, are not read. */
@QuarkusTest
class LobbyEventsConsumerTest {
    private final EventCodec codec = new EventCodec();

    /**
     * A table event game-service does not need (here one of a later release's types, which it may not know) is passed
     * over by its type header without its value being read. Were it read, this one (not JSON) would go to the
     * dead-letter topic; the table's start after it on the same partition still becomes a game.
     */
    @Test
    void a_table_event_other_than_its_start_is_passed_over_by_its_type_header_unread() {
        String tableId = UUID.randomUUID().toString();
        for (String type : List.of("tessera.lobby.PlayerSeated", "tessera.lobby.SomethingNewer")) {
            TestKafka.produceAll(
                    TestInfrastructure.bootstrapServers(),
                    Topics.LOBBY_EVENTS,
                    tableId,
                    List.of("{not read"),
                    Map.of(CloudEvent.TYPE_HEADER, type));
        }
        CloudEvent started = codec.envelope(
                "/tessera/lobby-service",
                tableId,
                4,
                new TableStarted(tableId, "builders", List.of("ana", "bob"), Map.of()),
                OffsetDateTime.now());
        TestKafka.produceAll(
                TestInfrastructure.bootstrapServers(),
                Topics.LOBBY_EVENTS,
                tableId,
                List.of(codec.write(started)),
                Map.of(CloudEvent.TYPE_HEADER, started.type()));

        String gameId = GameService.gameIdOf(tableId);
        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(
                        () -> given().get("/api/v1/games/" + gameId).then().statusCode(200));
        assertTrue(
                TestKafka.readAll(TestInfrastructure.bootstrapServers(), "game-service.dlq").stream()
                        .noneMatch(r -> tableId.equals(r.key())),
                "a table event game-service does not need was read (and dead-lettered)");
    }
}
