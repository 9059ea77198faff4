package dev.tessera.events;

import com.fasterxml.classmate.ResolvedType;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.victools.jsonschema.generator.CustomDefinition;
import com.github.victools.jsonschema.generator.CustomDefinition.AttributeInclusion;
import com.github.victools.jsonschema.generator.CustomDefinition.DefinitionType;
import com.github.victools.jsonschema.generator.MemberScope;
import com.github.victools.jsonschema.generator.Option;
import com.github.victools.jsonschema.generator.OptionPreset;
import com.github.victools.jsonschema.generator.SchemaGenerator;
import com.github.victools.jsonschema.generator.SchemaGeneratorConfigBuilder;
import com.github.victools.jsonschema.generator.SchemaVersion;
import com.github.victools.jsonschema.module.jackson.JacksonModule;
import dev.tessera.events.alhambra.AlhambraEvent;
import dev.tessera.events.builders.BuildersEvent;
import dev.tessera.events.builders.BuildingInfo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Writes the committed JSON Schemas (draft 2020-12) of the published events from the records themselves,
 * so the schemas cannot drift from the code: {@link EventSchemasTest} fails when a committed file differs
 * from what this class generates now. Lives in the test sources so that the generator library stays a
 * test dependency of the contract.
 *
 * <p>Run it from the events module with {@value #REGENERATE_COMMAND}. It writes the current version of
 * every type and the envelope; files of older versions are published history and are left as they are.
 */
public final class EventSchemaGenerator {
    static final String REGENERATE_COMMAND = "mvn -q -B test-compile exec:java -Dexec.classpathScope=test "
            + "-Dexec.mainClass=dev.tessera.events.EventSchemaGenerator";

    /** Where the schemas live, relative to the events module. */
    static final Path SCHEMA_DIR = Path.of("src", "main", "resources", "schemas");

    static final Path SOURCE_DIR = Path.of("src", "main", "java");
    static final String ENVELOPE_FILE = "cloudevent.json";
    static final String ENVELOPE_ID = EventTypes.SCHEMA_BASE + "/" + ENVELOPE_FILE;
    static final String DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema";

    /**
     * The envelope's attributes that only some events have: those of the first event of a move, those of the last
     * event of an append to a game's stream, and the trace context of a traced platform's events.
     */
    static final Set<String> OPTIONAL_ATTRIBUTES = Set.of("movedby", "move", "toact", "deadline", "traceparent");

    /**
     * Record components whose Javadoc says they may be null ("null when ..."). Every other component is
     * required and non-null: records have no optional fields. The keys are checked by a test, so a renamed
     * component cannot silently lose its null.
     */
    static final Map<Class<?>, Set<String>> NULLABLE = Map.of(
            AlhambraEvent.TileReserved.class, Set.of("x", "y"),
            BuildersEvent.ConstructionStarted.class, Set.of("replacement", "deckTop"),
            BuildingInfo.class, Set.of("machine"),
            BuildersEvent.WorkerRecruited.class, Set.of("replacement", "deckTop"),
            BuildersEvent.TurnEnded.class, Set.of("nextPlayer"),
            dev.tessera.events.carrara.GameFinished.class, Set.of("declaredBy", "bonusCard"),
            dev.tessera.events.game.GameStarted.class, Set.of("tableId", "fork", "commitment", "salt"),
            dev.tessera.events.game.SeedRevealed.class, Set.of("salt"));

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Javadocs javadocs;
    private final SchemaGenerator generator;

    /** @param moduleDir the events module (its sources give the schemas their descriptions) */
    public EventSchemaGenerator(Path moduleDir) {
        this.javadocs = new Javadocs(moduleDir.resolve(SOURCE_DIR));
        SchemaGeneratorConfigBuilder config = new SchemaGeneratorConfigBuilder(
                        SchemaVersion.DRAFT_2020_12, OptionPreset.PLAIN_JSON)
                .with(new JacksonModule())
                .with(
                        Option.DEFINITIONS_FOR_ALL_OBJECTS,
                        Option.FORBIDDEN_ADDITIONAL_PROPERTIES_BY_DEFAULT,
                        Option.INLINE_NULLABLE_SCHEMAS,
                        Option.EXTRA_OPEN_API_FORMAT_VALUES)
                .without(Option.NULLABLE_FIELDS_BY_DEFAULT);
        // Record components in declaration order, the order Jackson writes them in (not left to reflection's order).
        config.forTypesInGeneral()
                .withPropertySorter(Comparator.comparingInt(EventSchemaGenerator::componentIndex)
                        .thenComparing(MemberScope::getDeclaredName));
        // Free-form JSON (a game's initial state, the envelope's data) is any object; maps are objects whose
        // values have one schema, written in place rather than as a $defs entry named "Map(String,Integer)".
        config.forTypesInGeneral().withCustomDefinitionProvider((type, context) -> {
            ObjectNode node = context.getGeneratorConfig().createObjectNode().put("type", "object");
            if (JsonNode.class.isAssignableFrom(type.getErasedType())) {
                return new CustomDefinition(node, DefinitionType.INLINE, AttributeInclusion.NO);
            }
            if (Map.class.isAssignableFrom(type.getErasedType())) {
                List<ResolvedType> keyAndValue = type.typeParametersFor(Map.class);
                node.set("additionalProperties", context.createDefinitionReference(keyAndValue.get(1)));
                return new CustomDefinition(node, DefinitionType.INLINE, AttributeInclusion.NO);
            }
            return null;
        });
        config.forFields().withRequiredCheck(field -> !field.isFakeContainerItemScope());
        config.forFields()
                .withNullableCheck(
                        field -> NULLABLE.getOrDefault(field.getDeclaringType().getErasedType(), Set.of())
                                .contains(field.getDeclaredName()));
        config.forFields()
                .withDescriptionResolver(field -> field.isFakeContainerItemScope()
                        ? null
                        : javadocs.param(field.getDeclaringType().getErasedType(), field.getDeclaredName()));
        config.forTypesInGeneral()
                .withDescriptionResolver(scope -> scope.getType() == null
                        ? null
                        : javadocs.type(scope.getType().getErasedType()));
        this.generator = new SchemaGenerator(config.build());
    }

    private static int componentIndex(MemberScope<?, ?> member) {
        RecordComponent[] components = member.getDeclaringType().getErasedType().getRecordComponents();
        for (int i = 0; components != null && i < components.length; i++) {
            if (components[i].getName().equals(member.getDeclaredName())) {
                return i;
            }
        }
        return Integer.MAX_VALUE;
    }

    public static void main(String[] args) {
        Path module = Path.of(args.length > 0 ? args[0] : "");
        EventSchemaGenerator generator = new EventSchemaGenerator(module);
        Path dir = module.resolve(SCHEMA_DIR);
        SortedMap<String, String> schemas = generator.generateAll();
        schemas.forEach((file, text) -> {
            Path target = dir.resolve(file);
            try {
                Files.createDirectories(target.getParent());
                Files.writeString(target, text);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        System.out.println("wrote " + schemas.size() + " schemas under " + dir.toAbsolutePath());
    }

    /** The schema file of an event type's current version, relative to the schema directory. */
    static String schemaFile(Class<?> eventClass) {
        EventType type = EventTypes.of(eventClass);
        return type.value() + "/v" + type.version() + ".json";
    }

    /** Every schema this generator owns (each type's current version, the envelope) by relative file name. */
    public SortedMap<String, String> generateAll() {
        SortedMap<String, String> files = new TreeMap<>();
        for (Class<? extends TesseraEvent> cls : EventTypes.all()) {
            files.put(schemaFile(cls), render(eventSchema(cls)));
        }
        files.put(ENVELOPE_FILE, render(envelopeSchema()));
        return files;
    }

    public ObjectNode eventSchema(Class<? extends TesseraEvent> cls) {
        EventType type = EventTypes.of(cls);
        ObjectNode generated = generator.generateSchema(cls);
        ObjectNode schema = JSON.createObjectNode();
        schema.put("$schema", DRAFT_2020_12);
        schema.put("$id", EventTypes.schemaUri(type.value(), type.version()));
        schema.put("title", type.value() + " v" + type.version());
        generated.remove("$schema");
        schema.setAll(generated);
        return schema;
    }

    public ObjectNode envelopeSchema() {
        ObjectNode generated = generator.generateSchema(CloudEvent.class);
        generated.remove("$schema");
        ObjectNode schema = JSON.createObjectNode();
        schema.put("$schema", DRAFT_2020_12);
        schema.put("$id", ENVELOPE_ID);
        schema.put("title", "Tessera CloudEvents envelope");
        schema.setAll(generated);
        // CloudEvents allows extension attributes (e.g. distributed tracing); consumers must ignore those they do not
        // know.
        schema.remove("additionalProperties");
        ObjectNode p = (ObjectNode) schema.get("properties");
        describe(p, "specversion", "CloudEvents version.").put("const", CloudEvent.SPEC_VERSION);
        describe(p, "id", "Unique per event; with source, identifies the event (consumers de-duplicate on it).")
                .put("minLength", 1);
        describe(p, "source", "The producing service, e.g. /tessera/game-service.")
                .put("format", "uri-reference")
                .put("minLength", 1);
        describe(p, "type", "The event type name, e.g. tessera.game.GameStarted; selects the schema of data.")
                .put("pattern", "^tessera\\.[a-z]+\\.[A-Z][A-Za-z0-9]*$");
        describe(p, "subject", "The game or table id the event concerns; also the Kafka record key.")
                .put("minLength", 1);
        describe(p, "time", "When the event was recorded, UTC, RFC 3339.").put("format", "date-time");
        describe(p, "datacontenttype", "Media type of data.").put("const", "application/json");
        describe(
                        p,
                        "dataschema",
                        "URI of the JSON Schema of data: " + EventTypes.SCHEMA_BASE + "/<type>/v<version>.json.")
                .put("format", "uri")
                .put("pattern", "^" + EventTypes.SCHEMA_BASE.replace(".", "\\.") + "/[^/]+/v[1-9][0-9]*\\.json$");
        describe(
                        p,
                        "streamversion",
                        "Extension attribute: the event's position in its stream (game or table); "
                                + "consumers apply each event once and in this order.")
                .put("minimum", 0);
        describe(p, "data", "The event itself, valid against the schema named by dataschema.");
        describe(
                p,
                "movedby",
                "Extension attribute, on the first event of the events a player's move produced in a game (and on no "
                        + "other): the seat the move was played for.");
        describe(
                p,
                "move",
                "Extension attribute, with movedby: the move itself, as the game's move endpoint accepts it, in JSON "
                        + "text. With the seed that the game's SeedRevealed publishes once it has ended, the moves let "
                        + "anyone decide the game again and find the same events.");
        describe(
                p,
                "toact",
                "Extension attribute, on the last event of each append to a game's stream as published on the topic "
                        + "(and on no other): the player the game waits for once the append is made. Absent when it "
                        + "waits for nobody (the game is over, or waits for scoring-service). The events endpoint and "
                        + "the exports, which tell the history, leave it out.");
        describe(
                        p,
                        "deadline",
                        "Extension attribute, with toact when the table plays with a turn clock: when the player's "
                                + "clock runs out, UTC, RFC 3339.")
                .put("format", "date-time");
        describe(
                        p,
                        "traceparent",
                        "Extension attribute (CloudEvents' distributed tracing), when the platform traces: the W3C "
                                + "Trace Context of the work that made the event (a player's move, or the consumer that "
                                + "applied the event it follows from), so that a consumer continues its trace. The "
                                + "record's traceparent header names the relay's publication, in the same trace. The "
                                + "events endpoint and the exports leave it out.")
                .put("pattern", "^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$");
        // Tessera always sets every attribute but the move's two and the append's two (CloudEvents itself requires only
        // specversion, id,
        // source, type).
        ArrayNode required = schema.putArray("required");
        p.fieldNames().forEachRemaining(name -> {
            if (!OPTIONAL_ATTRIBUTES.contains(name)) {
                required.add(name);
            }
        });
        return schema;
    }

    private static ObjectNode describe(ObjectNode properties, String name, String description) {
        ObjectNode prop = (ObjectNode) properties.get(name);
        if (prop == null) {
            throw new IllegalStateException("CloudEvent has no attribute " + name);
        }
        prop.put("description", description);
        return prop;
    }

    /** Stable text: two-space indent, LF line ends, a final newline, whatever the platform. */
    static String render(JsonNode schema) {
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter(
                        Separators.createDefaultInstance().withObjectFieldValueSpacing(Separators.Spacing.AFTER))
                .withObjectIndenter(new DefaultIndenter("  ", "\n"))
                .withArrayIndenter(new DefaultIndenter("  ", "\n"));
        try {
            return JSON.writer(printer).writeValueAsString(sorted(schema)) + "\n";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Keeps the generator's key order except that the header keywords come first and $defs last (top level
     * only: deeper down, "type" or "title" may be property names). */
    private static JsonNode sorted(JsonNode node) {
        if (!node.isObject()) {
            return node;
        }
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        Map<String, JsonNode> rest = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            rest.put(e.getKey(), e.getValue());
        }
        for (String first : new String[] {"$schema", "$id", "title", "description", "type"}) {
            if (rest.containsKey(first)) {
                out.set(first, rest.remove(first));
            }
        }
        JsonNode defs = rest.remove("$defs");
        rest.forEach(out::set);
        if (defs != null) {
            out.set("$defs", defs);
        }
        return out;
    }
}
