package dev.tessera.bench.chaos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/** The chaos load against a stand-in gateway that fails in the ways a broken platform does. */
class ChaosLoadTest {

    @Test
    void rides_out_503s_broken_connections_and_moves_applied_before_a_failure() throws Exception {
        try (FakeGateway gateway = new FakeGateway()) {
            AtomicInteger n = new AtomicInteger();
            gateway.failWith = r -> r.startsWith("GET /api/v1/tables/") && n.incrementAndGet() % 3 == 0;
            gateway.drop = r -> r.contains("/legal-moves") && n.incrementAndGet() % 5 == 0;
            gateway.applyThenFail = r -> n.incrementAndGet() % 4 == 0;
            // The first gateway refuses every connection: the clients go on with the second.
            ChaosLoad load = ChaosLoad.builder(List.of(refusing(), gateway.url()))
                    .games(3)
                    .titles(List.of("carrara", "builders"))
                    .patience(Duration.ofSeconds(10))
                    .build()
                    .start();
            await(() -> load.results().gamesFinished().size() >= 6, load);
            ChaosLoad.Results results = load.stop();

            assertEquals(0, results.clientErrorCount(), results.clientErrors().toString());
            assertTrue(
                    results.retried().getOrDefault("503", 0L) > 0,
                    results.retried().toString());
            assertTrue(
                    results.retried().getOrDefault("connection", 0L) > 0,
                    results.retried().toString());
            assertTrue(
                    results.retried().getOrDefault("409", 0L) > 0,
                    "a move applied before its 503 is a 409 when sent again");
            assertTrue(gateway.applied.get() > results.movesAccepted(), "the moves answered 503 were applied too");
            assertTrue(results.gamesStarted().size() >= results.gamesFinished().size());
            assertTrue(results.gamesFinished().stream()
                    .allMatch(g -> g.gameId().startsWith("game-") && g.title() != null));
            assertEquals(results, ChaosLoad.Results.fromJson(results.toJson()));
        }
    }

    @Test
    void an_answer_it_cannot_ride_out_is_a_client_error_saying_what_was_asked() throws Exception {
        try (FakeGateway gateway = new FakeGateway()) {
            gateway.failStatus = 500;
            gateway.failWith = r -> r.contains("/legal-moves");
            ChaosLoad load = ChaosLoad.builder(List.of(gateway.url()))
                    .games(1)
                    .titles(List.of("carrara"))
                    .build()
                    .start();
            await(() -> load.results().clientErrorCount() >= 1, load);
            ChaosLoad.Results results = load.stop();

            ChaosLoad.Results.ClientError e = results.clientErrors().get(0);
            assertEquals("GET", e.method());
            assertTrue(e.path().endsWith("/legal-moves"), e.path());
            assertEquals(500, e.status());
            assertTrue(e.body().contains("injected"), e.body());
            assertTrue(e.what().contains("legal moves"), e.what());
            assertTrue(results.toMarkdown().contains("| 500 |"), results.toMarkdown());
        }
    }

    @Test
    void no_gateway_answering_within_the_patience_is_a_client_error() throws Exception {
        ChaosLoad load = ChaosLoad.builder(List.of(refusing(), refusing()))
                .games(1)
                .titles(List.of("builders"))
                .patience(Duration.ofSeconds(2))
                .build()
                .start();
        await(() -> load.results().clientErrorCount() >= 1, load);
        ChaosLoad.Results results = load.stop();

        ChaosLoad.Results.ClientError e = results.clientErrors().get(0);
        assertEquals(0, e.status());
        assertEquals("/api/v1/players", e.path());
        assertTrue(e.what().contains("no gateway answered within 2 s"), e.what());
    }

    /** An address nothing listens on: connections to it are refused. */
    private static String refusing() throws Exception {
        try (ServerSocket socket = new ServerSocket(0)) {
            return "http://127.0.0.1:" + socket.getLocalPort();
        }
    }

    private static void await(BooleanSupplier done, ChaosLoad load) throws InterruptedException {
        long until = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > until) {
                load.stop();
                throw new AssertionError("not within 60 s: " + load.results().summary() + " "
                        + load.results().clientErrors());
            }
            Thread.sleep(50);
        }
    }
}
