package dev.tessera.bench.chaos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tessera.events.Topics;
import dev.tessera.infra.LocalKafka;
import dev.tessera.infra.LocalPostgres;
import java.nio.file.Files;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The checks on data written into a real PostgreSQL (the services' own migrations) and records on a real broker:
 * a consistent world holds, and each kind of damage is found, in the right check, as lost or duplicated. Each test
 * that damages the tables repairs them; those that add records to the topics, which cannot be taken back, run last.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class InvariantsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static LocalPostgres postgres;
    private static LocalKafka kafka;
    private static World world;

    @BeforeAll
    static void start() throws Exception {
        postgres = LocalPostgres.start(0, null);
        kafka = LocalKafka.start(0, Files.createTempDirectory("invariants-kafka"));
        kafka.createTopics(List.of(Topics.LOBBY_EVENTS, Topics.GAME_EVENTS, Topics.SCORING_EVENTS), 4);
        world = new World(
                postgres,
                kafka.bootstrapServers(),
                "w" + UUID.randomUUID().toString().substring(0, 8));
    }

    @AfterAll
    static void stop() {
        kafka.close();
        postgres.close();
    }

    @Test
    @Order(1)
    void a_world_in_which_everything_happened_once_holds() throws Exception {
        Report report = Invariants.check(world.target(), null);

        assertTrue(report.holds(), report.toMarkdown());
        assertTrue(report.lost().isEmpty() && report.duplicated().isEmpty());
        assertEquals(2, report.check("a").checked(), "two games");
        assertEquals(
                4 + 3 + 3 + 1 + 2 + 4 + 1,
                report.check("g").checked(),
                "two tables' events, the three answers to the Alhambra game and the one to the Carrara game, each applied, a game per table");
        assertEquals(2 + 1, report.check("c").checked(), "two scoring rounds, one valuation");
        assertEquals(1, report.check("d").checked(), "the Alhambra game ended");
        assertEquals(1, report.check("h").checked(), "the Carrara game's undo");
        assertTrue(report.check("b").checked() > 11, "every game event, and its effects");
        assertEquals("skipped: no gateway", report.check("f").note());
        assertTrue(report.toMarkdown().contains("Everything holds."), report.toMarkdown());
    }

    @Test
    @Order(2)
    void a_gap_in_a_stream_is_lost() throws Exception {
        world.sql(
                world.gameDb,
                "UPDATE events SET version = version + 100 WHERE stream_id = ? AND version = 2",
                world.alhambra);
        try {
            Report report = Invariants.check(world.target(), null);

            assertFalse(report.check("a").holds());
            assertTrue(
                    report.lost().contains("a. game " + world.alhambra + ": version 2 missing"),
                    report.lost().toString());
        } finally {
            world.sql(
                    world.gameDb,
                    "UPDATE events SET version = version - 100 WHERE stream_id = ? AND version = 102",
                    world.alhambra);
        }
    }

    @Test
    @Order(2)
    void an_undo_that_takes_back_a_turns_end_is_wrong() throws Exception {
        world.sql(
                world.gameDb,
                "UPDATE events SET type = 'tessera.carrara.TurnEnded' WHERE stream_id = ? AND version = 5",
                world.carrara);
        try {
            Report report = Invariants.check(world.target(), null);

            assertFalse(report.check("h").holds());
            assertEquals(
                    List.of("game " + world.carrara + " v6 (back to v4) takes back v5 (tessera.carrara.TurnEnded)"),
                    report.check("h").failures());
            assertTrue(report.lost().isEmpty() && report.duplicated().isEmpty(), "neither lost nor duplicated");
        } finally {
            world.sql(
                    world.gameDb,
                    "UPDATE events SET type = 'tessera.carrara.StonesBought' WHERE stream_id = ? AND version = 5",
                    world.carrara);
        }
    }

    @Test
    @Order(3)
    void a_missing_game_ended_is_lost() throws Exception {
        world.sql(
                world.gameDb,
                "UPDATE events SET type = 'tessera.test.Nothing' WHERE stream_id = ? AND version = 7",
                world.alhambra);
        try {
            Report report = Invariants.check(world.target(), null);

            assertFalse(report.check("d").holds());
            assertTrue(
                    report.lost().contains("d. game " + world.alhambra + " has no GameEnded"),
                    report.lost().toString());
        } finally {
            world.sql(
                    world.gameDb,
                    "UPDATE events SET type = 'tessera.game.GameEnded' WHERE stream_id = ? AND version = 7",
                    world.alhambra);
        }
    }

    @Test
    @Order(3)
    void a_game_that_ended_without_its_table_finished_on_lobby_events_is_lost() throws Exception {
        // The Carrara game ends (its last event a GameEnded, applied by lobby-service), but no TableFinished was
        // published for its table.
        String undo = world.eventIds.get(world.carrara + " v6");
        world.sql(
                world.gameDb,
                "UPDATE events SET type = 'tessera.game.GameEnded' WHERE stream_id = ? AND version = 6",
                world.carrara);
        world.processed(world.lobbyDb, "lobby.table-status", undo);
        try {
            Report report = Invariants.check(world.target(), null);

            assertFalse(report.check("b").holds());
            assertTrue(
                    report.lost()
                            .contains("b. table " + world.carraraTable + " of game " + world.carrara
                                    + ": no TableFinished on lobby-events"),
                    report.lost().toString());
        } finally {
            world.sql(
                    world.gameDb,
                    "UPDATE events SET type = 'tessera.game.MovesTakenBack' WHERE stream_id = ? AND version = 6",
                    world.carrara);
            world.sql(
                    world.lobbyDb,
                    "DELETE FROM processed_events WHERE consumer = 'lobby.table-status' AND event_id = ?",
                    undo);
        }
    }

    @Test
    @Order(4)
    void a_game_of_the_bots_that_game_service_never_had_is_lost() throws Exception {
        ChaosLoad.Results load = new ChaosLoad.Results(
                List.of("http://gateway"),
                1,
                List.of("builders"),
                "random",
                Instant.now(),
                Instant.now(),
                10,
                0,
                List.of(),
                List.of(new ChaosLoad.Results.Game("g-unknown", "t-unknown", "builders")),
                List.of(),
                Map.of(),
                0,
                List.of());

        Report report = Invariants.check(world.target(), load);

        assertTrue(
                report.lost().contains("d. game g-unknown, which the bots finished, is not in game-service's store"),
                report.lost().toString());
    }

    @Test
    @Order(5)
    void a_rating_changed_twice_is_duplicated() throws Exception {
        world.sql(world.lobbyDb, "UPDATE player_ratings SET games = 2 WHERE player = 'bob'");
        try {
            Report report = Invariants.check(world.target(), null);

            assertFalse(report.check("e").holds());
            assertEquals(List.of("e. player bob in alhambra: rating counts 2 games, 1 finished"), report.duplicated());
        } finally {
            world.sql(world.lobbyDb, "UPDATE player_ratings SET games = 1 WHERE player = 'bob'");
        }
    }

    @Test
    @Order(6)
    void an_event_a_consumer_never_applied_is_lost() throws Exception {
        String gameEnded = world.eventIds.get(world.alhambra + " v7");
        world.sql(world.scoringDb, "UPDATE scored_games SET last_version = 5 WHERE game_id = ?", world.alhambra);
        world.sql(
                world.lobbyDb,
                "DELETE FROM processed_events WHERE consumer = 'lobby.players' AND event_id = ?",
                gameEnded);
        try {
            Report report = Invariants.check(world.target(), null);

            assertFalse(report.check("b").holds());
            assertTrue(
                    report.lost()
                            .contains(
                                    "b. scoring-service's projection of game " + world.alhambra + " stops at v5 of 7"),
                    report.lost().toString());
            assertTrue(
                    report.lost()
                            .contains("b. lobby-service's players read model never applied " + world.alhambra
                                    + " v7 (tessera.game.GameEnded)"),
                    report.lost().toString());
        } finally {
            world.sql(world.scoringDb, "UPDATE scored_games SET last_version = 7 WHERE game_id = ?", world.alhambra);
            world.processed(world.lobbyDb, "lobby.players", gameEnded);
        }
    }

    @Test
    @Order(7)
    void statistics_below_their_recomputation_from_the_export_are_lost() throws Exception {
        try (FakeGateway gateway = new FakeGateway()) {
            // The stand-in's exports: each title's game's events as they are on game-events (no Builders game here).
            Map<String, String> titles = Map.of(world.alhambra, "alhambra", world.carrara, "carrara");
            Invariants.TITLES.forEach(title -> gateway.exports.put(title, new ArrayList<>()));
            TopicReader.readAll(
                    kafka.bootstrapServers(),
                    Topics.GAME_EVENTS,
                    r -> gateway.exports.get(titles.get(r.key())).add(r.value()));
            ExpectedStatistics recomputed = new ExpectedStatistics();
            gateway.exports.values().forEach(lines -> lines.forEach(recomputed::exported));
            TopicReader.readAll(
                    kafka.bootstrapServers(), Topics.SCORING_EVENTS, r -> recomputed.scoringEvent(r.key(), r.value()));
            Invariants.TITLES.forEach(title -> gateway.stats.put(title, recomputed.of(title)));
            // The Alhambra game's end not counted by the statistics.
            ((ObjectNode) gateway.stats.get("alhambra").get("games")).put("finished", 0);

            Report report = Invariants.check(world.target().withGateways(List.of(gateway.url())), null);

            assertEquals(3, report.check("f").checked());
            assertTrue(
                    report.lost().contains("f. statistics of alhambra, /games/finished: 0, recomputed 1"),
                    report.check("f").toString());
            assertEquals(1, report.check("f").failed(), report.check("f").toString());
        }
    }

    @Test
    @Order(8)
    void the_same_event_published_twice_is_allowed() throws Exception {
        String id = world.scoringIds.get(world.carrara).get(0);
        world.publish(
                Topics.SCORING_EVENTS,
                world.carrara,
                id,
                1,
                "tessera.carrara.ValuationScored",
                JSON.createObjectNode().put("valuation", 1));
        world.commitGroupAtEnd();

        Report report = Invariants.check(world.target(), null);

        assertTrue(report.holds(), report.toMarkdown());
        assertTrue(
                report.check("g").note().startsWith("1 records published again"),
                report.check("g").note());
    }

    @Test
    @Order(9)
    void a_round_scored_twice_is_duplicated_and_records_not_consumed_are_lost() throws Exception {
        // scoring-service scored round 1 again under another event id (and counted it); game-service took it and
        // ignored it.
        String again = world.scoring(
                world.alhambra,
                "tessera.scoring.ScoringRoundScored",
                JSON.createObjectNode().put("round", 1));
        world.processed(world.gameDb, "game.scoring", again);
        world.sql(world.scoringDb, "UPDATE scored_games SET scoring_version = 4 WHERE game_id = ?", world.alhambra);

        Report behind = Invariants.check(world.target(), null);
        world.commitGroupAtEnd();
        Report report = Invariants.check(world.target(), null);

        assertFalse(behind.check("settled").holds());
        assertTrue(
                behind.lost().stream()
                        .anyMatch(l -> l.startsWith("settled. group " + World.GROUP + " has records of scoring-events-")
                                && l.endsWith("not consumed: 1")),
                behind.lost().toString());
        assertTrue(report.check("settled").holds());
        assertEquals(
                List.of("c. scoring round 1 of game " + world.alhambra
                        + " answered by 2 different events on scoring-events"),
                report.duplicated());
        assertTrue(report.lost().isEmpty(), report.lost().toString());
    }

    @Test
    @Order(10)
    void a_table_finished_twice_is_duplicated() throws Exception {
        // lobby-service finished the Alhambra table a second time, under another event id.
        world.tableEvent(world.alhambraTable, 5, "tessera.lobby.TableFinished", world.alhambra);
        world.sql(world.lobbyDb, "UPDATE game_tables SET event_version = 5 WHERE id = ?", world.alhambraTable);
        world.commitGroupAtEnd();
        try {
            Report report = Invariants.check(world.target(), null);

            assertTrue(
                    report.duplicated()
                            .contains("b. table " + world.alhambraTable + " of game " + world.alhambra
                                    + ": 2 different TableFinished on lobby-events"),
                    report.duplicated().toString());
        } finally {
            world.sql(world.lobbyDb, "UPDATE game_tables SET event_version = 4 WHERE id = ?", world.alhambraTable);
        }
    }
}
