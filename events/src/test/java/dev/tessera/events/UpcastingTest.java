package dev.tessera.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tessera.events.builders.BuildersEvent.BuildingCompleted;
import dev.tessera.events.builders.BuildersEvent.ConstructionStarted;
import dev.tessera.events.builders.BuildingInfo;
import dev.tessera.events.carrara.GameFinished;
import dev.tessera.events.carrara.ValuationRequested;
import dev.tessera.events.lobby.TableOpened;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Old shapes of an event are read through upcasters into today's record. */
class UpcastingTest {

    /** A made-up older shape of TableOpened (as "version 0"): no options, and the seat count called "size". */
    private static final Upcaster TABLE_OPENED_V0 = new Upcaster() {
        @Override
        public String type() {
            return "tessera.lobby.TableOpened";
        }

        @Override
        public int fromVersion() {
            return 0;
        }

        @Override
        public ObjectNode upcast(ObjectNode data) {
            data.set("seats", data.remove("size"));
            data.putObject("options");
            return data;
        }
    };

    @Test
    void a_stored_older_version_is_upcast_to_the_current_record() {
        EventCodec codec = new EventCodec(List.of(TABLE_OPENED_V0));
        JsonNode old = codec.mapper()
                .createObjectNode()
                .put("tableId", "t1")
                .put("game", "alhambra")
                .put("size", 4)
                .put("host", "ana");
        TesseraEvent event = codec.read("tessera.lobby.TableOpened", 0, old);
        assertEquals(new TableOpened("t1", "alhambra", 4, "ana", Map.of()), event);
        // The stored data itself is left as it was.
        assertEquals(4, old.get("size").asInt());
    }

    @Test
    void an_older_version_without_an_upcaster_is_an_error_not_a_silent_guess() {
        EventCodec codec = new EventCodec();
        JsonNode old = codec.mapper().createObjectNode().put("tableId", "t1");
        assertThrows(EventCodec.MalformedEventException.class, () -> codec.read("tessera.lobby.TableOpened", 0, old));
    }

    @Test
    void the_current_version_round_trips_through_the_envelope() {
        EventCodec codec = new EventCodec();
        TableOpened opened = new TableOpened("t1", "carrara", 3, "bob", Map.of("clock", "turn-based"));
        CloudEvent envelope = codec.readEnvelope(
                codec.write(codec.envelope("/tessera/lobby-service", "t1", 1, opened, java.time.OffsetDateTime.now())));
        assertEquals(1, envelope.schemaVersion());
        assertEquals(opened, codec.read(envelope));
    }

    @Test
    void a_game_started_before_sandboxes_reads_as_a_table_game_that_is_no_sandbox_and_no_fork() {
        EventCodec codec = new EventCodec();
        JsonNode v1 = codec.mapper()
                .createObjectNode()
                .put("gameId", "g1")
                .put("tableId", "t1")
                .put("game", "carrara")
                .put("seed", 7L)
                .<com.fasterxml.jackson.databind.node.ObjectNode>set(
                        "players", codec.mapper().createArrayNode().add("ana").add("ben"))
                .<com.fasterxml.jackson.databind.node.ObjectNode>set(
                        "options", codec.mapper().createObjectNode())
                .set("initialState", codec.mapper().createObjectNode());
        TesseraEvent event = codec.read("tessera.game.GameStarted", 1, v1);
        assertEquals(
                new dev.tessera.events.game.GameStarted(
                        "g1",
                        "t1",
                        "carrara",
                        List.of("ana", "ben"),
                        7L,
                        Map.of(),
                        codec.mapper().createObjectNode()),
                event);
        dev.tessera.events.game.GameStarted started = (dev.tessera.events.game.GameStarted) event;
        assertEquals(false, started.sandbox());
        assertEquals(null, started.fork());
    }

    /**
     * A version newer than the release knows (a newer release wrote it, in a rolling upgrade) is never read as the
     * version known here, nor taken for a malformed record: docs/adr/0008.
     */
    @Test
    void a_version_newer_than_known_is_refused_as_newer_not_read_as_an_older_one_nor_malformed() {
        EventCodec codec = new EventCodec();
        JsonNode v2 = codec.mapper()
                .createObjectNode()
                .put("tableId", "t1")
                .put("game", "alhambra")
                .put("seats", 4)
                .put("host", "ana")
                .put("spectators", true)
                .set("options", codec.mapper().createObjectNode());
        EventCodec.NewerEventException newer = assertThrows(
                EventCodec.NewerEventException.class, () -> codec.read("tessera.lobby.TableOpened", 2, v2));
        assertEquals("tessera.lobby.TableOpened v2 is newer than this release knows (v1)", newer.getMessage());
        assertEquals(2, newer.version());
        assertEquals(1, newer.newestKnown());
        // Found wherever it is wrapped, as a consumer or a request meets it.
        assertEquals(newer, EventCodec.NewerEventException.in(new IllegalStateException(new RuntimeException(newer))));
        assertEquals(null, EventCodec.NewerEventException.in(new IllegalStateException("other")));
        // The same through the envelope, as a consumer reads a record.
        CloudEvent envelope = codec.readEnvelope(codec.write(codec.envelope(
                        "/tessera/lobby-service",
                        "t1",
                        1,
                        new TableOpened("t1", "alhambra", 4, "ana", Map.of()),
                        java.time.OffsetDateTime.now()))
                .replace("TableOpened/v1.json", "TableOpened/v2.json"));
        assertThrows(EventCodec.NewerEventException.class, () -> codec.read(envelope));
    }

    /** A codec told to know a type only up to an older version stands in for an older release, in tests and drills. */
    @Test
    void a_codec_can_stand_in_for_an_older_release() {
        EventCodec older =
                new EventCodec(List.of(), Map.of("tessera.game.GameStarted", 2, "tessera.lobby.TableOpened", 0));
        ObjectNode v2 = gameStartedV2(new EventCodec());
        // What it knows it reads as before, through the upcasters.
        assertEquals(7L, ((dev.tessera.events.game.GameStarted) older.read("tessera.game.GameStarted", 2, v2)).seed());
        assertThrows(EventCodec.NewerEventException.class, () -> older.read("tessera.game.GameStarted", 3, v2));
        assertThrows(EventCodec.NewerEventException.class, () -> older.read("tessera.lobby.TableOpened", 1, v2));
        // A type no release knows is passed over (null), as before.
        assertEquals(null, older.read("tessera.lobby.NoSuchThing", 9, v2));
    }

    /** A GameStarted as version 2 wrote it: a sandbox flag and a fork, no commitment yet. */
    private static ObjectNode gameStartedV2(EventCodec codec) {
        ObjectNode v2 = codec.mapper()
                .createObjectNode()
                .put("gameId", "g1")
                .put("tableId", "t1")
                .put("game", "alhambra")
                .put("seed", 7L)
                .put("sandbox", false)
                .putNull("fork");
        v2.putArray("players").add("ana").add("ben");
        v2.putObject("options");
        v2.putObject("initialState");
        return v2;
    }

    /** A game started before commitments existed reads with none: it is reported not verifiable, not as a failure. */
    @Test
    void game_started_v2_reads_as_v3_without_a_commitment() {
        EventCodec codec = new EventCodec();
        ObjectNode v2 = gameStartedV2(codec);
        dev.tessera.events.game.GameStarted started =
                (dev.tessera.events.game.GameStarted) codec.read("tessera.game.GameStarted", 2, v2);
        assertEquals(null, started.commitment());
        assertEquals(null, started.salt());
        assertEquals(7L, started.seed());
    }

    /** The commitment is SHA-256 over "seed:salt", so anyone can check it with common tools (sha256sum gave this). */
    @Test
    void a_seed_commitment_is_the_sha256_of_the_seed_and_the_salt() {
        assertEquals(
                "9ec10b62df38c51326b34bbc7cc8872f5f560ce25f584745055465a7100cff58",
                dev.tessera.events.game.SeedCommitment.of(-4022713650245155512L, "00112233445566778899aabbccddeeff"));
        assertEquals(null, dev.tessera.events.game.SeedCommitment.of(7L, null));
        String salt = dev.tessera.events.game.SeedCommitment.newSalt();
        assertTrue(salt.matches("[0-9a-f]{32}"), salt);
        assertNotEquals(salt, dev.tessera.events.game.SeedCommitment.newSalt());
    }

    /** Every older version of every published type has its upcaster in the contract, so every service reads it. */
    @Test
    void every_older_version_of_a_type_has_an_upcaster_in_the_contract() {
        for (Class<? extends TesseraEvent> cls : EventTypes.all()) {
            EventType type = EventTypes.of(cls);
            for (int v = 1; v < type.version(); v++) {
                int from = v;
                assertEquals(
                        1,
                        Upcasters.CONTRACT.stream()
                                .filter(u -> u.type().equals(type.value()) && u.fromVersion() == from)
                                .count(),
                        type.value() + " v" + from);
            }
        }
    }

    /** The Builders' events from before machines (v1) read as today's records: no card was a machine. */
    @Test
    void builders_events_from_before_machines_are_read_with_no_machine_in_them() throws Exception {
        EventCodec codec = new EventCodec();
        String hut = "{\"id\":1,\"name\":\"Straw Hut\",\"stone\":1,\"wood\":0,\"knowledge\":0,\"tile\":2,"
                + "\"victoryPoints\":1,\"coins\":6}";
        BuildingInfo straw = new BuildingInfo(1, "Straw Hut", 1, 0, 0, 2, 1, 6, null);

        JsonNode completed = codec.mapper()
                .readTree(
                        "{\"player\":\"ana\",\"building\":" + hut + ",\"victoryPoints\":1,"
                                + "\"coinsEarned\":6,\"returnedWorkerIds\":[10,8],\"buildingVictoryPoints\":1,\"coinsLeft\":14}");
        assertEquals(
                new BuildingCompleted("ana", straw, 1, 6, List.of(10, 8), List.of(), 1, 14),
                codec.read("tessera.builders.BuildingCompleted", 1, completed));

        JsonNode started = codec.mapper()
                .readTree("{\"player\":\"ana\",\"building\":" + hut + ",\"actionPointsSpent\":1,"
                        + "\"actionPointsLeft\":2,\"replacement\":" + hut + ",\"deckTop\":null}");
        assertEquals(
                new ConstructionStarted("ana", straw, 1, 2, straw, null),
                codec.read("tessera.builders.ConstructionStarted", 1, started));
    }

    /** Carrara's events from before the expansion (v1) read as today's: no upgrade bonus, every object counted. */
    @Test
    void carrara_events_from_before_the_expansion_are_read_with_no_expansion_in_them() throws Exception {
        EventCodec codec = new EventCodec();
        JsonNode requested = codec.mapper()
                .readTree("{\"valuation\":2,\"player\":\"ana\",\"kind\":\"type\","
                        + "\"target\":\"Villa\",\"buildings\":[{\"city\":\"Massa\",\"type\":\"Villa\",\"cost\":3,"
                        + "\"object\":\"flag\"}],\"cities\":[{\"city\":\"Massa\",\"value\":1,\"payout\":\"vp\"}],"
                        + "\"objectsLeft\":{\"flag\":5}}");
        assertEquals(
                new ValuationRequested(
                        2,
                        "ana",
                        "type",
                        "Villa",
                        List.of(new ValuationRequested.Building("Massa", "Villa", 3, "flag", 0)),
                        List.of(new ValuationRequested.City("Massa", 1, "vp")),
                        Map.of("flag", 5)),
                codec.read("tessera.carrara.ValuationRequested", 1, requested));

        JsonNode finished = codec.mapper()
                .readTree("{\"reason\":\"declared\",\"declaredBy\":\"ana\",\"coinsPerVp\":5,"
                        + "\"vpPerObject\":1,\"vpPerBuilding\":1,\"players\":[{\"player\":\"ana\",\"vp\":40,\"coins\":12,"
                        + "\"objects\":6,\"buildings\":9,\"buildingCost\":27,\"stones\":2}]}");
        assertEquals(
                new GameFinished(
                        "declared",
                        "ana",
                        5,
                        1,
                        0,
                        1,
                        null,
                        List.of(new GameFinished.Tally("ana", 40, 12, 6, 6, 9, 27, 2, 0))),
                codec.read("tessera.carrara.GameFinished", 1, finished));
    }
}
