package dev.tessera.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import dev.tessera.events.alhambra.AlhambraEvent.PointsAwarded;
import dev.tessera.events.alhambra.AlhambraEvent.TilePlaced;
import dev.tessera.events.alhambra.AlhambraEvent.TileReserved;
import dev.tessera.events.alhambra.TileInfo;
import dev.tessera.events.builders.BuildersEvent.ConstructionStarted;
import dev.tessera.events.builders.BuildersEvent.MachineSent;
import dev.tessera.events.builders.BuildingInfo;
import dev.tessera.events.builders.MachineInfo;
import dev.tessera.events.carrara.ValuationRequested;
import dev.tessera.events.game.GameStarted;
import dev.tessera.events.game.SeedCommitment;
import dev.tessera.events.game.SeedRevealed;
import dev.tessera.events.lobby.TableStarted;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Events serialised the way every Tessera service writes them (EventCodec's mapper) fit the committed
 * schemas, read from the classpath as a consumer would; and the schemas reject what is not an event.
 */
class EventSchemaValidationTest {
    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(
            SpecificationVersion.DRAFT_2020_12,
            builder -> builder.schemaRegistryConfig(
                    SchemaRegistryConfig.builder().formatAssertionsEnabled(true).build()));
    private static final ObjectMapper MAPPER = EventCodec.newMapper();
    private static final EventCodec CODEC = new EventCodec();
    private static final OffsetDateTime TIME = OffsetDateTime.of(2025, 3, 1, 20, 15, 0, 0, ZoneOffset.ofHours(1));
    private static final TileInfo TOWER = new TileInfo(47, "tower", 9, "NW");
    private static final BuildingInfo TAVERN = new BuildingInfo(12, "Tavern", 1, 2, 0, 1, 2, 8, null);
    private static final BuildingInfo CRANE =
            new BuildingInfo(35, "Crane", 0, 2, 2, 1, 1, 0, new MachineInfo(2, 0, 0, 0));

    /** Schema of the type's current version, loaded from the committed file on the classpath. */
    private static Schema schemaOf(Class<?> cls) {
        return schemaAt("schemas/" + EventSchemaGenerator.schemaFile(cls));
    }

    private static Schema schemaAt(String resource) {
        try (InputStream in = EventSchemaValidationTest.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("no " + resource + " on the classpath; regenerate with "
                        + EventSchemaGenerator.REGENERATE_COMMAND);
            }
            return REGISTRY.getSchema(MAPPER.readTree(in));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Error> validate(TesseraEvent event) {
        return schemaOf(event.getClass()).validate(MAPPER.valueToTree(event));
    }

    private static void assertValid(TesseraEvent event) {
        List<Error> errors = validate(event);
        assertTrue(
                errors.isEmpty(),
                EventTypes.name(event) + " " + MAPPER.valueToTree(event) + " violates its schema: " + errors);
    }

    /** Serialises a valid event, breaks it, and expects the schema to say no. */
    private static void assertRejected(TesseraEvent valid, Consumer<ObjectNode> breakIt, String expectedInMessage) {
        ObjectNode json = MAPPER.valueToTree(valid);
        assertTrue(schemaOf(valid.getClass()).validate(json).isEmpty(), "the starting point must be valid");
        breakIt.accept(json);
        List<Error> errors = schemaOf(valid.getClass()).validate(json);
        assertFalse(errors.isEmpty(), json + " was accepted as " + EventTypes.name(valid));
        assertTrue(
                errors.toString().contains(expectedInMessage),
                "expected an error about " + expectedInMessage + ": " + errors);
    }

    @TestFactory
    Stream<DynamicTest> everyTypeWithEveryComponentSetIsValid() {
        return EventTypes.all().stream()
                .map(cls -> DynamicTest.dynamicTest(
                        EventTypes.of(cls).value(), () -> assertValid(Samples.of(cls, Map.of()))));
    }

    @TestFactory
    Stream<DynamicTest> typesWithNullableComponentsAreValidWithThemNull() {
        return EventTypes.all().stream()
                .filter(EventSchemaGenerator.NULLABLE::containsKey)
                .map(cls -> DynamicTest.dynamicTest(
                        EventTypes.of(cls).value(), () -> assertValid(Samples.of(cls, EventSchemaGenerator.NULLABLE))));
    }

    @Test
    void realistic_events_are_valid() {
        ObjectNode initialState = MAPPER.createObjectNode().put("phase", "PLAYING");
        initialState.putArray("market").addObject().put("currency", "blue");
        assertValid(new GameStarted(
                "g-1",
                "t-1",
                "alhambra",
                List.of("ana", "ben"),
                -4_611_686_018_427_387_904L,
                Map.of("variant", "dirk"),
                initialState));
        assertValid(new GameStarted(
                "g-2",
                null,
                "alhambra",
                List.of("ana", "ben"),
                -4_611_686_018_427_387_904L,
                Map.of("variant", "dirk"),
                initialState,
                true,
                new GameStarted.Fork("g-1", 42, "cy"),
                SeedCommitment.of(-4_611_686_018_427_387_904L, "00112233445566778899aabbccddeeff"),
                "00112233445566778899aabbccddeeff"));
        assertValid(new GameStarted(
                "g-3", "t-3", "carrara", List.of("ana", "ben"), 7L, Map.of(), initialState, SeedCommitment.newSalt()));
        assertValid(new SeedRevealed("g-3", 7L, "00112233445566778899aabbccddeeff"));
        assertValid(new SeedRevealed("g-1", -4_611_686_018_427_387_904L, null));
        assertValid(new TableStarted("t-1", "carrara", List.of("ana", "ben", "cy"), Map.of()));
        assertValid(new TilePlaced("ana", TOWER, -1, 2, "pending"));
        assertValid(new TileReserved("ana", TOWER, "pending", null, null));
        assertValid(new TileReserved("ana", TOWER, "alhambra", 0, -1));
        assertValid(new PointsAwarded(2, Map.of("ana", 21, "ben", 8)));
        assertValid(new ConstructionStarted("ana", TAVERN, 1, 2, TAVERN, null));
        assertValid(new ConstructionStarted("ana", CRANE, 1, 2, TAVERN, CRANE));
        assertValid(new MachineSent("ana", CRANE, TAVERN, 2, 0));
        assertValid(new ValuationRequested(
                1,
                "ben",
                "city",
                "Pisa",
                List.of(new ValuationRequested.Building("Pisa", "Palazzo", 6, "crown", 0)),
                List.of(new ValuationRequested.City("Pisa", 2, "vp")),
                Map.of("crown", 3)));
        assertValid(new ValuationRequested(
                2,
                "ben",
                "category",
                "land",
                List.of(new ValuationRequested.Building("Massa", "Villa", 8, "flag", 2)),
                List.of(new ValuationRequested.City("Massa", 1, "vp")),
                Map.of("flag", 5)));
    }

    @Test
    void missing_required_property_is_rejected() {
        assertRejected(new TilePlaced("ana", TOWER, 0, 1, "pending"), json -> json.remove("from"), "from");
    }

    @Test
    void null_for_a_required_component_is_rejected() {
        // Jackson writes null components as null: a producer that forgot to set the tile must not pass.
        assertRejected(new TilePlaced("ana", TOWER, 0, 1, "pending"), json -> json.putNull("tile"), "tile");
        assertFalse(validate(new TilePlaced("ana", null, 0, 1, "pending")).isEmpty(), "a TilePlaced without its tile");
    }

    @Test
    void wrong_type_is_rejected() {
        assertRejected(new TilePlaced("ana", TOWER, 0, 1, "pending"), json -> json.put("x", "west"), "x");
        assertRejected(
                new PointsAwarded(1, Map.of("ana", 3)),
                json -> ((ObjectNode) json.get("points")).put("ana", "three"),
                "ana");
        assertRejected(new TilePlaced("ana", TOWER, 0, 1, "pending"), json -> json.put("x", 1.5), "x");
    }

    @Test
    void error_in_a_nested_record_is_rejected() {
        assertRejected(
                new TilePlaced("ana", TOWER, 0, 1, "pending"),
                json -> ((ObjectNode) json.get("tile")).put("cost", "9"),
                "cost");
    }

    @Test
    void unknown_property_is_rejected() {
        // A new field is a change of shape: it raises the type's version rather than slipping into v1.
        assertRejected(new TilePlaced("ana", TOWER, 0, 1, "pending"), json -> json.put("rotation", 90), "rotation");
    }

    @Test
    void envelope_written_by_the_codec_is_valid_and_names_the_schema_of_its_data() throws IOException {
        GameStarted started = new GameStarted(
                "g-7", "t-7", "builders", List.of("ana", "ben"), 42L, Map.of(), MAPPER.createObjectNode());
        CloudEvent envelope = CODEC.envelope("/tessera/game-service", "g-7", 1, started, TIME);
        JsonNode json = MAPPER.readTree(CODEC.write(envelope));

        List<Error> errors =
                schemaAt("schemas/" + EventSchemaGenerator.ENVELOPE_FILE).validate(json);
        assertTrue(errors.isEmpty(), json + " violates the envelope schema: " + errors);

        String dataschema = json.get("dataschema").asText();
        assertTrue(dataschema.startsWith(EventTypes.SCHEMA_BASE + "/"), dataschema);
        Schema dataSchema = schemaAt("schemas" + dataschema.substring(EventTypes.SCHEMA_BASE.length()));
        assertEquals(dataschema, dataSchema.getSchemaNode().get("$id").asText());
        assertTrue(dataSchema.validate(json.get("data")).isEmpty(), "data fits the schema its envelope names");
    }

    @Test
    void envelope_of_a_moves_first_event_is_valid_with_the_move_it_records() throws IOException {
        CloudEvent envelope = CODEC.envelope(
                        "/tessera/game-service", "g-7", 2, new TilePlaced("ana", TOWER, -1, 2, "pending"), TIME)
                .withMove("ana", "{\"type\":\"place\",\"tile\":47,\"x\":-1,\"y\":2}");
        JsonNode json = MAPPER.readTree(CODEC.write(envelope));
        assertEquals("ana", json.get("movedby").asText());
        assertEquals(envelope, CODEC.readEnvelope(CODEC.write(envelope)));
        List<Error> errors =
                schemaAt("schemas/" + EventSchemaGenerator.ENVELOPE_FILE).validate(json);
        assertTrue(errors.isEmpty(), json + " violates the envelope schema: " + errors);
    }

    @Test
    void broken_envelopes_are_rejected() throws IOException {
        CloudEvent envelope = CODEC.envelope(
                "/tessera/lobby-service",
                "t-1",
                3,
                new TableStarted("t-1", "alhambra", List.of("ana", "ben"), Map.of()),
                TIME);
        Schema schema = schemaAt("schemas/" + EventSchemaGenerator.ENVELOPE_FILE);
        Map<String, Consumer<ObjectNode>> breakages = Map.of(
                "id", json -> json.remove("id"),
                "time", json -> json.put("time", "yesterday"),
                "specversion", json -> json.put("specversion", "0.3"),
                "dataschema", json -> json.put("dataschema", "https://example.org/other.json"),
                "streamversion", json -> json.put("streamversion", -1),
                "data", json -> json.put("data", "not an object"));
        for (Map.Entry<String, Consumer<ObjectNode>> breakage : breakages.entrySet()) {
            ObjectNode json = (ObjectNode) MAPPER.readTree(CODEC.write(envelope));
            breakage.getValue().accept(json);
            List<Error> errors = schema.validate(json);
            assertFalse(errors.isEmpty(), "accepted an envelope with a broken " + breakage.getKey() + ": " + json);
            assertTrue(errors.toString().contains(breakage.getKey()), breakage.getKey() + ": " + errors);
        }
        // CloudEvents extension attributes a future producer may add (e.g. tracing) do not break consumers.
        ObjectNode extended = (ObjectNode) MAPPER.readTree(CODEC.write(envelope));
        extended.put("traceparent", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01");
        assertTrue(schema.validate(extended).isEmpty());
        assertEquals(Set.of(), Set.copyOf(schema.validate(MAPPER.readTree(CODEC.write(envelope)))));
    }
}
