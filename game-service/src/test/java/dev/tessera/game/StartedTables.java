package dev.tessera.game;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;

import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.events.Topics;
import dev.tessera.events.lobby.TableStarted;
import dev.tessera.game.play.GameService;
import dev.tessera.infra.TestInfrastructure;
import dev.tessera.infra.TestKafka;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** A game as the lobby starts one: its TableStarted on lobby-events, then the wait until game-service shows it. */
public final class StartedTables {
    private static final EventCodec CODEC = new EventCodec();

    private StartedTables() {}

    /** Starts a table of {@code game} for {@code players} with {@code options}; the id of its game once it is there. */
    public static String start(String game, List<String> players, Map<String, String> options) {
        String tableId = UUID.randomUUID().toString();
        CloudEvent started = CODEC.envelope(
                "/tessera/lobby-service",
                tableId,
                4,
                new TableStarted(tableId, game, players, options),
                OffsetDateTime.now());
        TestKafka.produce(TestInfrastructure.bootstrapServers(), Topics.LOBBY_EVENTS, tableId, CODEC.write(started));
        String gameId = GameService.gameIdOf(tableId);
        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(
                        () -> given().get("/api/v1/games/" + gameId).then().statusCode(200));
        return gameId;
    }
}
