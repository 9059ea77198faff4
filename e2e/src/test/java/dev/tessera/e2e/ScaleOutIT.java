package dev.tessera.e2e;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tessera.bench.chaos.ChaosLoad;
import dev.tessera.bench.chaos.Invariants;
import dev.tessera.bench.chaos.Report;
import dev.tessera.bench.chaos.WebhookReceiver;
import dev.tessera.infra.LocalPostgres;
import dev.tessera.verify.Verdict;
import dev.tessera.verify.Verifier;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Two instances of every service beside a cluster of three Kafka brokers, each a process of its own. Bots play
 * through both gateways (a connection a dead gateway refuses is tried at the other, as a load balancer would)
 * while one instance of each service and one broker are SIGKILLed and started again. Then the data itself must
 * hold what `./tessera chaos` checks: every stream gap-free, every event applied once by each consumer, every
 * scoring round and valuation scored once, one end and one rating change per finished game, the statistics equal
 * to a recomputation from the export, every turn and every end sent once to each bot's webhook subscription through
 * both gateways, and no client error but 409, 429 and 503, each retried. A clock that runs
 * out while two game-service instances watch it fires once. Correctness only: no duration is asserted.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ScaleOutIT {
    private Platform platform;

    @BeforeAll
    void start() {
        // Alone in its JVM (e2e/pom.xml): no shared platform beside this one's eleven processes.
        platform = Platform.scaled(2, 3);
    }

    @AfterAll
    void stop() {
        if (platform != null) {
            platform.close();
        }
    }

    @Test
    void games_go_on_while_an_instance_of_each_service_and_a_broker_are_killed_and_nothing_is_lost_or_applied_twice()
            throws Exception {
        // Every bot subscribes to its turns and its games' ends; a share of the deliveries is refused on purpose.
        Path receipts = Files.createTempFile("scale-out-webhooks", ".ndjson");
        WebhookReceiver receiver = WebhookReceiver.start(receipts, 0.05);
        ChaosLoad load = ChaosLoad.builder(platform.gateways())
                .games(4)
                .patience(Duration.ofSeconds(180))
                .webhooks(receiver.url())
                .build()
                .start();
        // Kills in two waves. In each, three processes of different parts are SIGKILLed one after another, each after
        // the platform has had some moves and each started again 3 s after its kill, so that the three are down or
        // starting at once (never both instances of a service: game.2 goes in the second wave, once game.1 is back);
        // a wave ends when its services are ready again. One kill after another, each awaited, took 6 × 60-80 s here.
        for (List<String> wave :
                List.of(List.of("game.1", "kafka.2", "scoring.2"), List.of("lobby.1", "gateway.1", "game.2"))) {
            List<String> starting = new ArrayList<>();
            for (String victim : wave) {
                awaitMoreMoves(load, 20);
                platform.kill(victim);
                Thread.sleep(3_000);
                if (victim.startsWith("kafka.")) {
                    platform.startBroker(Integer.parseInt(victim.substring("kafka.".length())));
                } else {
                    platform.start(victim, Map.of());
                    starting.add(victim);
                }
            }
            starting.forEach(platform::awaitReady);
        }
        // Long enough that games end after the kills, whatever the machine's speed.
        await().atMost(Duration.ofMinutes(8))
                .pollInterval(Duration.ofSeconds(1))
                .until(() -> load.results().gamesFinished().size() >= 3);
        ChaosLoad.Results results = load.stop();

        Report report = Invariants.check(
                Invariants.Target.of(
                        "localhost",
                        platform.postgres().port(),
                        LocalPostgres.USER,
                        "",
                        platform.bootstrapServers(),
                        platform.gateways()),
                results,
                receipts,
                "tessera_gateway");
        receiver.stop();
        String md = results.toMarkdown() + "\n" + report.toMarkdown();
        System.out.println(md);
        assertEquals(0, results.clientErrorCount(), md);
        assertEquals(List.of(), report.lost(), md);
        assertEquals(List.of(), report.duplicated(), md);
        assertTrue(report.holds(), md);

        // Every game the bots finished through the kills (and the undos in their mix) is decided again from its
        // revealed seed and its moves, from each title's export (read and verified once per title, once every finished
        // game of it shows its revealed seed there): nothing differs.
        Platform.useGateway(platform.gateways().get(0));
        Map<String, List<ChaosLoad.Results.Game>> byTitle = results.gamesFinished().stream()
                .collect(Collectors.groupingBy(ChaosLoad.Results.Game::title, TreeMap::new, Collectors.toList()));
        for (Map.Entry<String, List<ChaosLoad.Results.Game>> entry : byTitle.entrySet()) {
            String title = entry.getKey();
            List<ChaosLoad.Results.Game> games = entry.getValue();
            String export = await().atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofSeconds(1))
                    .until(
                            () -> given().get("/api/v1/exports/events?game=" + title)
                                    .then()
                                    .statusCode(200)
                                    .extract()
                                    .asString(),
                            body -> games.stream()
                                    .allMatch(game -> body.lines()
                                            .anyMatch(l -> l.contains(game.gameId())
                                                    && l.contains("tessera.game.SeedRevealed"))));
            dev.tessera.verify.Report verified = Verifier.verify(new StringReader(export));
            for (ChaosLoad.Results.Game game : games) {
                Verdict verdict = verified.games().stream()
                        .filter(v -> v.gameId().equals(game.gameId()))
                        .findFirst()
                        .orElseThrow(() -> new AssertionError(game.gameId() + " is not in " + title + "'s export"));
                assertEquals(Verdict.Outcome.VERIFIED, verdict.outcome(), verdict.describe());
            }
            assertTrue(verified.passed(), verified.summary());
        }
    }

    @Test
    void a_clock_that_runs_out_while_two_game_service_instances_watch_it_fires_once() {
        Platform.useGateway(platform.gateways().get(1));
        List<Account> players = Tables.signUp("scaled-clock-a", "scaled-clock-b");
        // Nobody moves: each turn times out, a bot takes the seat after the grace, and the bots finish the game.
        String gameId =
                Tables.gameOf(Tables.table("builders", players, Map.of("clock", "realtime", "turnSeconds", "5")));
        await().atMost(Duration.ofMinutes(5))
                .pollInterval(Duration.ofSeconds(1))
                .until(() -> types(gameId).contains("tessera.game.GameEnded"));
        List<String> types = types(gameId);
        assertEquals(1, types.stream().filter("tessera.game.GameEnded"::equals).count(), "GameEnded once in " + types);
        List<Map<String, Object>> events = given().get("/api/v1/games/" + gameId + "/events?from=0")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("");
        for (Account p : players) {
            assertEquals(1, count(events, "tessera.game.PlayerTimedOut", p), p.name() + " timed out once");
            assertEquals(1, count(events, "tessera.game.SeatTakenByBot", p), "one bot took " + p.name() + "'s seat");
        }
    }

    private static List<String> types(String gameId) {
        return given().get("/api/v1/games/" + gameId + "/events?from=0")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("type");
    }

    @SuppressWarnings("unchecked")
    private static long count(List<Map<String, Object>> events, String type, Account player) {
        return events.stream()
                .filter(e -> type.equals(e.get("type")))
                .filter(e -> player.id().equals(((Map<String, Object>) e.get("data")).get("player")))
                .count();
    }

    private static void awaitMoreMoves(ChaosLoad load, long more) {
        long from = load.results().movesAccepted();
        await().atMost(Duration.ofMinutes(5))
                .pollInterval(Duration.ofMillis(500))
                .until(() -> load.results().movesAccepted() >= from + more);
    }
}
