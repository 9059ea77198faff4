package dev.tessera.scoring.stats;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.tessera.bench.chaos.ExpectedStatistics;
import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.events.Topics;
import dev.tessera.infra.TestInfrastructure;
import dev.tessera.infra.TestKafka;
import dev.tessera.kit.problem.ProblemException;
import dev.tessera.scoring.ServiceUnavailable;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.state.HostInfo;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Two instances of the statistics application: the service under test, and a second Kafka Streams
 * application of the same topology and application id in this JVM, with its own state directory and its
 * own address, where a plain HTTP server answers the internal reads as the service does. Each instance is
 * active for some keys only; both give the direct numbers for every title (each asks the other, over HTTP,
 * for the keys it does not hold), never a different answer meanwhile, only 503s to retry; and an export from
 * the service finds the titles of games that only the other instance holds.
 */
@QuarkusTest
class StatsInstancesTest {
    private static final List<String> TITLES = List.of("alhambra", "carrara", "builders");
    private static final String SERVICE_UNAVAILABLE = "https://tessera.dev/problems/service-unavailable";

    private final String bootstrap = TestInfrastructure.bootstrapServers();
    private final EventCodec codec = new EventCodec();

    @Inject
    KafkaStreams streams;

    @Inject
    StatsStores stores;

    @ConfigProperty(name = "quarkus.kafka-streams.application-id")
    String applicationId;

    @ConfigProperty(name = "quarkus.kafka-streams.application-server")
    String applicationServer;

    private SecondInstance second;

    @AfterEach
    void stopTheSecondInstance() throws Exception {
        if (second == null) {
            return;
        }
        second.close();
        second = null;
        // The service takes every task back: the next tests find it alone and answering.
        await().atMost(Duration.ofSeconds(90))
                .until(() -> streams.state() == KafkaStreams.State.RUNNING
                        && streams.metadataForAllStreamsClients().size() == 1
                        && TITLES.stream()
                                .allMatch(t -> given().get("/api/v1/stats/" + t).statusCode() == 200));
    }

    @Test
    void both_instances_give_the_direct_numbers_for_every_title_and_never_another_answer() throws Exception {
        GameFixtures fixtures = new GameFixtures(31);
        // Alhambra's scoring rounds come with the fixtures: nothing else publishes while the instances rebalance.
        GameFixtures.publish(
                bootstrap,
                List.of(
                        fixtures.alhambra(2, true, false, true),
                        fixtures.alhambra(3, true, true, true),
                        fixtures.carrara(3, true, false),
                        fixtures.carrara(2, false, true),
                        fixtures.builders(2, true),
                        fixtures.builders(4, true)));
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(500))
                .until(() -> direct().equals(serviceNumbers()));
        Map<String, JsonNode> direct = direct();

        second = new SecondInstance();
        HostInfo service = HostInfo.buildFromEndpoint(applicationServer);
        // From the second instance's start, through the rebalance, until both give the direct numbers while each is
        // active for some of the titles' keys (so that each asks the other for some): every answer is the direct
        // numbers or a 503 to retry.
        List<String> wrong = new CopyOnWriteArrayList<>(); // filled by the awaits' polling thread
        AtomicInteger retries = new AtomicInteger();
        await("both instances agree, each active for some titles")
                .atMost(Duration.ofSeconds(90))
                .pollInterval(Duration.ofMillis(250))
                .ignoreExceptions()
                .until(() -> {
                    Map<String, HostInfo> owners = titleOwners();
                    boolean right = serviceAnswers(direct, wrong, retries);
                    for (String title : TITLES) {
                        try {
                            JsonNode other =
                                    StatsTest.json(second.queries.statistics(title, false, StatsStores.PATIENCE));
                            if (!direct.get(title).equals(other)) {
                                wrong.add("the second instance, " + title + ": " + other);
                                right = false;
                            }
                        } catch (ServiceUnavailable e) {
                            retries.incrementAndGet();
                            right = false;
                        }
                    }
                    return right
                            && active(streams)
                            && active(second.streams)
                            && owners.equals(titleOwners())
                            && owners.containsValue(service)
                            && owners.containsValue(second.host);
                });
        Map<String, HostInfo> owners = titleOwners();
        System.out.printf("second instance started: %d answers were 503s to retry; owners %s%n", retries.get(), owners);
        assertEquals(List.of(), wrong, "never another answer than the direct numbers");
        assertTrue(
                owners.containsValue(service) && owners.containsValue(second.host),
                "each instance is active for some of the titles' keys (else nothing here was forwarded): " + owners);
        assertTrue(second.served.get() > 0, "the service asked the second instance over HTTP");

        // The internal read: the active instance answers with its store's value, any other with a 503, never its copy.
        for (Map.Entry<String, HostInfo> owner : owners.entrySet()) {
            String[] storeAndKey = owner.getKey().split(" ");
            Response r = given().queryParam("key", storeAndKey[1]).get("/internal/stats/" + storeAndKey[0]);
            if (owner.getValue().equals(service)) {
                r.then().statusCode(200).contentType(startsWith("application/json"));
            } else {
                r.then().statusCode(503);
                checkRetryable(r, wrong);
            }
        }
        assertEquals(List.of(), wrong);
        given().queryParam("key", "x")
                .get("/internal/stats/no-such-store")
                .then()
                .statusCode(404)
                .contentType("application/problem+json");

        // The second instance dies without leaving the group (as when killed): until its session times out the
        // service is sent to it in vain, then takes its tasks over. Meanwhile too, the direct numbers or a 503.
        retries.set(0);
        second.kill();
        await().atMost(Duration.ofSeconds(90))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> serviceAnswers(direct, wrong, retries)
                        && streams.metadataForAllStreamsClients().size() == 1);
        System.out.printf("second instance killed: %d answers were 503s to retry%n", retries.get());
        assertEquals(List.of(), wrong, "never another answer than the direct numbers");
        assertEquals(direct, direct(), "nothing was published meanwhile");
    }

    /** The service's answer for every title: true when all are the direct numbers; a 503 is counted, anything else is wrong. */
    private boolean serviceAnswers(Map<String, JsonNode> direct, List<String> wrong, AtomicInteger retries)
            throws Exception {
        boolean right = true;
        for (String title : TITLES) {
            Response r = given().get("/api/v1/stats/" + title);
            if (r.statusCode() == 503) {
                checkRetryable(r, wrong);
                retries.incrementAndGet();
                right = false;
            } else if (r.statusCode() != 200
                    || !direct.get(title).equals(JsonSerde.mapper().readTree(r.asString()))) {
                wrong.add("the service, " + title + ": " + r.statusCode() + " " + r.asString());
                right = false;
            }
        }
        return right;
    }

    @Test
    void an_export_from_an_instance_not_active_for_the_games_still_lists_their_events() throws Exception {
        second = new SecondInstance();
        HostInfo service = HostInfo.buildFromEndpoint(applicationServer);
        awaitSteadyAssignment();

        // Builders games whose tally (stats-games, where exports find titles) the second instance holds, one the
        // service holds, and a Carrara game the second instance holds.
        GameFixtures fixtures = new GameFixtures(41);
        List<GameFixtures.Game> theirs = new ArrayList<>();
        List<GameFixtures.Game> ours = new ArrayList<>();
        GameFixtures.Game carrara = null;
        for (int i = 0; i < 100 && (theirs.size() < 3 || ours.isEmpty() || carrara == null); i++) {
            GameFixtures.Game g = i % 2 == 0 ? fixtures.builders(2 + i % 3, true) : fixtures.carrara(2, true, false);
            boolean held = gameOwner(g.id).equals(second.host);
            if (g.title.equals("carrara")) {
                carrara = carrara == null && held ? g : carrara;
            } else if (held && theirs.size() < 3) {
                theirs.add(g);
            } else if (!held && ours.isEmpty()) {
                ours.add(g);
            }
        }
        assertTrue(theirs.size() == 3 && ours.size() == 1 && carrara != null, "games held by either instance");
        // And a sandbox Builders game the second instance holds: only it can say that the game is a sandbox game.
        GameFixtures.Game sandbox = null;
        for (int i = 0; i < 100 && sandbox == null; i++) {
            GameFixtures.Game g = fixtures.sandbox(f -> f.builders(2, true));
            sandbox = gameOwner(g.id).equals(second.host) ? g : null;
        }
        assertNotNull(sandbox, "a sandbox game held by the second instance");
        List<GameFixtures.Game> games = new ArrayList<>(theirs);
        games.addAll(ours);
        games.add(carrara);
        games.add(sandbox);

        // Each GameStarted is published before the window opens and the game's other events inside it: the export
        // meets no GameStarted and must ask the statistics for the titles, on the instance that holds each game.
        for (GameFixtures.Game g : games) {
            TestKafka.produce(bootstrap, Topics.GAME_EVENTS, g.id, codec.write(g.gameEvents.get(0)));
        }
        await().atMost(Duration.ofSeconds(60))
                .ignoreExceptions()
                .until(() -> games.stream().allMatch(g -> stores.titleOf(g.id) != null));
        Instant from = Instant.now();
        Map<String, List<String>> expected = new LinkedHashMap<>();
        for (GameFixtures.Game g : games) {
            List<CloudEvent> rest = g.gameEvents.subList(1, g.gameEvents.size()).stream()
                    .map(StatsInstancesTest::happeningNow)
                    .toList();
            TestKafka.produceAll(
                    bootstrap,
                    Topics.GAME_EVENTS,
                    g.id,
                    rest.stream().map(codec::write).toList());
            expected.put(g.id, rest.stream().map(CloudEvent::id).toList());
        }
        Instant to = Instant.now().plusMillis(1);

        int asked = second.served.get();
        List<CloudEvent> lines = export("game=builders&from=" + from + "&to=" + to);
        for (GameFixtures.Game g : games) {
            List<String> exported = lines.stream()
                    .filter(e -> e.subject().equals(g.id))
                    .map(CloudEvent::id)
                    .toList();
            assertEquals(
                    g == carrara || g == sandbox ? List.of() : expected.get(g.id),
                    exported,
                    g.title + " game " + g.id + ", held by "
                            + (theirs.contains(g) || g == carrara || g == sandbox
                                    ? "the second instance"
                                    : "the service"));
        }
        String sandboxId = sandbox.id;
        assertEquals(
                expected.get(sandboxId),
                export("game=builders&sandbox=include&from=" + from + "&to=" + to).stream()
                        .filter(e -> e.subject().equals(sandboxId))
                        .map(CloudEvent::id)
                        .toList(),
                "the sandbox game's events, when asked for");
        assertTrue(second.served.get() > asked, "the export asked the second instance for the titles of its games");
        for (GameFixtures.Game g : theirs) {
            assertEquals(second.host, gameOwner(g.id), "still held by the second instance");
        }
        assertFalse(theirs.stream().anyMatch(g -> gameOwner(g.id).equals(service)));
    }

    /** Both instances running, each active for some partitions, and the assignment unchanged for two seconds (a rebalance's rounds over). */
    private void awaitSteadyAssignment() {
        AtomicReference<String> last = new AtomicReference<>("");
        AtomicInteger unchanged = new AtomicInteger();
        await().atMost(Duration.ofSeconds(90))
                .pollInterval(Duration.ofMillis(500))
                .ignoreExceptions()
                .until(() -> {
                    String now = streams.state() == KafkaStreams.State.RUNNING
                                    && second.streams.state() == KafkaStreams.State.RUNNING
                                    && active(streams)
                                    && active(second.streams)
                            ? streams.metadataForAllStreamsClients() + " "
                                    + second.streams.metadataForAllStreamsClients()
                            : "";
                    unchanged.set(!now.isEmpty() && now.equals(last.getAndSet(now)) ? unchanged.get() + 1 : 0);
                    return unchanged.get() >= 4;
                });
    }

    /** Both instances known to this one, each active for some partitions. */
    private static boolean active(KafkaStreams instance) {
        var clients = instance.metadataForAllStreamsClients();
        return clients.size() == 2
                && clients.stream().noneMatch(m -> m.topicPartitions().isEmpty());
    }

    /** Which instance is active for each title-level key ("store key"). */
    private Map<String, HostInfo> titleOwners() {
        Map<String, HostInfo> owners = new LinkedHashMap<>();
        for (String title : TITLES) {
            owners.put(
                    StatsTopology.TITLES + " " + title,
                    streams.queryMetadataForKey(StatsTopology.TITLES, title, new StringSerializer())
                            .activeHost());
        }
        owners.put(
                StatsTopology.WALLS + " alhambra",
                streams.queryMetadataForKey(StatsTopology.WALLS, "alhambra", new StringSerializer())
                        .activeHost());
        return owners;
    }

    private HostInfo gameOwner(String gameId) {
        return streams.queryMetadataForKey(StatsTopology.GAMES, gameId, new StringSerializer())
                .activeHost();
    }

    private static void checkRetryable(Response r, List<String> wrong) {
        if (!r.contentType().startsWith("application/problem+json")
                || !SERVICE_UNAVAILABLE.equals(r.path("type"))
                || !"1".equals(r.header("Retry-After"))) {
            wrong.add("a 503 that is not a retryable problem: " + r.headers() + " " + r.asString());
        }
    }

    private Map<String, JsonNode> direct() throws Exception {
        ExpectedStatistics direct = ExpectedStatistics.fromTopics(bootstrap);
        Map<String, JsonNode> numbers = new LinkedHashMap<>();
        for (String title : TITLES) {
            numbers.put(title, direct.of(title));
        }
        return numbers;
    }

    private Map<String, JsonNode> serviceNumbers() throws Exception {
        Map<String, JsonNode> numbers = new LinkedHashMap<>();
        for (String title : TITLES) {
            Response r = given().get("/api/v1/stats/" + title);
            numbers.put(title, r.statusCode() == 200 ? JsonSerde.mapper().readTree(r.asString()) : null);
        }
        return numbers;
    }

    /** The same event, happening now (its id and stream version unchanged). */
    private static CloudEvent happeningNow(CloudEvent e) {
        return new CloudEvent(
                e.specversion(),
                e.id(),
                e.source(),
                e.type(),
                e.subject(),
                OffsetDateTime.now(ZoneOffset.UTC),
                e.datacontenttype(),
                e.dataschema(),
                e.streamversion(),
                e.data());
    }

    private List<CloudEvent> export(String query) {
        Response response = given().get("/api/v1/exports/events?" + query);
        response.then().statusCode(200).contentType(startsWith("application/x-ndjson"));
        List<CloudEvent> events = new ArrayList<>();
        for (String line : response.asString().split("\n")) {
            if (!line.isEmpty()) {
                events.add(codec.readEnvelope(line));
            }
        }
        return events;
    }

    /**
     * A second instance of the statistics application: the service's topology, application id and settings
     * that matter (exactly-once), its own state directory and address, and an HTTP server answering the
     * internal reads with the service's own code ({@link StatsQueries#localValue}).
     */
    private final class SecondInstance implements AutoCloseable {
        final HttpServer server;
        final HostInfo host;
        final KafkaStreams streams;
        final StatsQueries queries;
        final AtomicInteger served = new AtomicInteger();
        final Path stateDir = Path.of(
                "target", "stats-second-instance", UUID.randomUUID().toString().substring(0, 8));

        SecondInstance() throws IOException {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            host = new HostInfo(
                    InetAddress.getLoopbackAddress().getHostAddress(),
                    server.getAddress().getPort());
            Properties config = new Properties();
            config.put(StreamsConfig.APPLICATION_ID_CONFIG, applicationId);
            config.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
            config.put(StreamsConfig.APPLICATION_SERVER_CONFIG, host.host() + ":" + host.port());
            config.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
            config.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
            config.put(StreamsConfig.REPLICATION_FACTOR_CONFIG, -1);
            config.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, 1000);
            config.put(StreamsConfig.ROCKSDB_CONFIG_SETTER_CLASS_CONFIG, BoundedRocksDb.class);
            config.put(StreamsConfig.consumerPrefix("session.timeout.ms"), 10_000);
            config.put(StreamsConfig.consumerPrefix("heartbeat.interval.ms"), 3_000);
            streams = new KafkaStreams(StatsTopology.build(new EventCodec()), config);
            queries = new StatsQueries(streams, host);
            server.createContext(StatsQueries.INTERNAL_PATH, this::answer);
            server.start();
            streams.start();
        }

        /** As the service's InternalStatsResource: the value from this instance's active store, or the problem's status. */
        private void answer(HttpExchange exchange) throws IOException {
            served.incrementAndGet();
            String store = exchange.getRequestURI().getPath().substring(StatsQueries.INTERNAL_PATH.length());
            String key = URLDecoder.decode(
                    exchange.getRequestURI().getRawQuery().substring("key=".length()), StandardCharsets.UTF_8);
            int status = 200;
            byte[] body;
            try {
                body = queries.localValue(store, key);
            } catch (ProblemException e) {
                status = e.status();
                body = String.valueOf(e.getMessage()).getBytes(StandardCharsets.UTF_8);
            }
            exchange.sendResponseHeaders(status, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }

        private boolean stopped;

        /** Gone at once, its HTTP server first; it does not leave the group, so its tasks stay its own until its session times out (10 s). */
        void kill() {
            server.stop(0);
            streams.close(new KafkaStreams.CloseOptions().leaveGroup(false).timeout(Duration.ofSeconds(30)));
            stopped = true;
        }

        @Override
        public void close() throws IOException {
            if (!stopped) {
                streams.close(new KafkaStreams.CloseOptions().leaveGroup(true).timeout(Duration.ofSeconds(30)));
                server.stop(0);
            }
            try (Stream<Path> paths = Files.walk(stateDir)) {
                for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }
}
