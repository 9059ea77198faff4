package dev.tessera.game.messaging;

import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.events.TesseraEvent;
import dev.tessera.events.Topics;
import dev.tessera.events.lobby.TableStarted;
import dev.tessera.events.scoring.ScoringRoundScored;
import dev.tessera.infra.TestInfrastructure;
import dev.tessera.infra.TestKafka;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;

/** What the relay tests send to game-service's topics and look for on the ones it publishes to, on the real broker. */
final class RelayedRecords {
    private static final EventCodec CODEC = new EventCodec();

    private RelayedRecords() {}

    /** Publishes {@code event} as another service would, as {@code key}'s {@code version}. */
    static void send(String topic, String key, long version, TesseraEvent event) {
        CloudEvent envelope = CODEC.envelope("/tessera/test", key, version, event, OffsetDateTime.now());
        TestKafka.produce(TestInfrastructure.bootstrapServers(), topic, key, CODEC.write(envelope));
    }

    /** A three-player Alhambra table started by lobby-service, whose game game-service then creates. */
    static void alhambraTableStarted(String tableId) {
        send(
                Topics.LOBBY_EVENTS,
                tableId,
                4,
                new TableStarted(tableId, "alhambra", List.of("ana", "bob", "cyd"), Map.of()));
    }

    /** scoring-service's answer to the game's first scoring round: ana scores 8. */
    static void firstRoundScored(String gameId) {
        send(
                Topics.SCORING_EVENTS,
                gameId,
                1,
                new ScoringRoundScored(
                        gameId,
                        1,
                        List.of(
                                new ScoringRoundScored.PlayerScore("ana", Map.of("tower", 6), 6, 2, 8),
                                new ScoringRoundScored.PlayerScore("bob", Map.of(), 0, 0, 0),
                                new ScoringRoundScored.PlayerScore("cyd", Map.of(), 0, 0, 0))));
    }

    /** Whether an event of {@code type} of the game is on game-events. */
    static boolean published(String gameId, String type) {
        return TestKafka.readAll(TestInfrastructure.bootstrapServers(), Topics.GAME_EVENTS).stream()
                .anyMatch(r -> gameId.equals(r.key()) && r.value().contains("\"type\":\"" + type + "\""));
    }

    /** The payloads on {@code topic}, in its (one partition's) order. */
    static List<String> payloadsOn(String topic) {
        return TestKafka.readAll(TestInfrastructure.bootstrapServers(), topic).stream()
                .map(r -> r.value())
                .toList();
    }
}
