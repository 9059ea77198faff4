package dev.tessera.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** The committed schemas are exactly what the records say today, one per type, and nothing else. */
class EventSchemasTest {
    private static final Path MODULE = Path.of("");
    private static final Path DIR = MODULE.resolve(EventSchemaGenerator.SCHEMA_DIR);
    private static final Pattern VERSION_FILE = Pattern.compile("v([1-9][0-9]*)\\.json");
    private static final String HOW_TO_FIX = "the records and the committed schemas disagree: regenerate them from "
            + "the events module with\n    " + EventSchemaGenerator.REGENERATE_COMMAND
            + "\nand commit the result (a change of an existing type's shape also raises its @EventType version "
            + "and adds an Upcaster; see events/README.md)";

    private static final SortedMap<String, String> GENERATED = new EventSchemaGenerator(MODULE).generateAll();

    @TestFactory
    Stream<DynamicTest> committedSchemaEqualsGeneratedSchema() {
        return GENERATED.entrySet().stream()
                .map(e -> DynamicTest.dynamicTest(e.getKey(), () -> {
                    Path file = DIR.resolve(e.getKey());
                    assertTrue(Files.exists(file), "missing " + file + "; " + HOW_TO_FIX);
                    assertEquals(e.getValue(), Files.readString(file), file + " is out of date; " + HOW_TO_FIX);
                }));
    }

    @Test
    void every_type_has_its_current_schema_with_its_id() throws IOException {
        assertFalse(EventTypes.all().isEmpty());
        ObjectMapper json = new ObjectMapper();
        for (Class<? extends TesseraEvent> cls : EventTypes.all()) {
            EventType type = EventTypes.of(cls);
            Path file = DIR.resolve(EventSchemaGenerator.schemaFile(cls));
            assertTrue(Files.isRegularFile(file), cls.getName() + " has no schema " + file + "; " + HOW_TO_FIX);
            JsonNode schema = json.readTree(file.toFile());
            assertEquals(
                    EventTypes.schemaUri(type.value(), type.version()),
                    schema.path("$id").asText(),
                    file + ": $id");
            assertEquals(
                    EventSchemaGenerator.DRAFT_2020_12, schema.path("$schema").asText(), file + ": $schema");
        }
    }

    /**
     * Files of older versions of a type stay (records published with them still name them in dataschema);
     * anything else under schemas/ is an orphan: a renamed or removed type, a version not yet declared.
     */
    @Test
    void no_schema_file_is_orphaned() throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<String> orphans = new ArrayList<>();
        try (Stream<Path> files = Files.walk(DIR)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Path relative = DIR.relativize(file);
                if (relative.toString().equals(EventSchemaGenerator.ENVELOPE_FILE)) {
                    continue;
                }
                if (relative.getNameCount() != 2) {
                    orphans.add(relative + " (not <type>/v<version>.json)");
                    continue;
                }
                String typeName = relative.getName(0).toString();
                Matcher version = VERSION_FILE.matcher(relative.getName(1).toString());
                Class<? extends TesseraEvent> cls = EventTypes.byName(typeName);
                if (cls == null) {
                    orphans.add(relative + " (no event type " + typeName + ")");
                } else if (!version.matches()) {
                    orphans.add(relative + " (not v<version>.json)");
                } else if (Integer.parseInt(version.group(1))
                        > EventTypes.of(cls).version()) {
                    orphans.add(relative + " (" + typeName + " is at version "
                            + EventTypes.of(cls).version() + ")");
                } else {
                    String id = json.readTree(file.toFile()).path("$id").asText();
                    if (!id.equals(EventTypes.schemaUri(typeName, Integer.parseInt(version.group(1))))) {
                        orphans.add(relative + " (its $id is " + id + ")");
                    }
                }
            }
        }
        assertTrue(orphans.isEmpty(), "schema files that no event type owns: " + orphans);
    }

    /** Each component named nullable exists, so renaming one cannot silently make it required again. */
    @Test
    void nullable_components_exist() {
        EventSchemaGenerator.NULLABLE.forEach((record, names) -> {
            Set<String> components = new HashSet<>();
            Arrays.stream(record.getRecordComponents()).forEach(c -> components.add(c.getName()));
            assertTrue(components.containsAll(names), record.getName() + " has no component among " + names);
            assertTrue(reachableRecords().contains(record), record.getName() + " is not part of any event");
        });
    }

    /** A component documented as possibly null ("null when ...") must be listed as nullable, or its schema would reject it. */
    @Test
    void components_documented_as_nullable_are_nullable() {
        Javadocs docs = new Javadocs(MODULE.resolve(EventSchemaGenerator.SOURCE_DIR));
        Pattern mentionsNull = Pattern.compile("\\bnull\\b");
        List<String> missing = new ArrayList<>();
        for (Class<?> record : reachableRecords()) {
            for (RecordComponent c : record.getRecordComponents()) {
                String doc = docs.param(record, c.getName());
                boolean listed = EventSchemaGenerator.NULLABLE
                        .getOrDefault(record, Set.of())
                        .contains(c.getName());
                if (doc != null && mentionsNull.matcher(doc).find() && !listed) {
                    missing.add(record.getName() + "#" + c.getName());
                }
            }
        }
        if (!missing.isEmpty()) {
            fail("documented as nullable but not in EventSchemaGenerator.NULLABLE: " + missing);
        }
    }

    /** Event records and every record type used in their components. */
    private static Set<Class<?>> reachableRecords() {
        Set<Class<?>> seen = new HashSet<>();
        Deque<Class<?>> todo = new ArrayDeque<>(EventTypes.all());
        while (!todo.isEmpty()) {
            Class<?> c = todo.pop();
            if (!c.isRecord() || !seen.add(c)) {
                continue;
            }
            for (RecordComponent component : c.getRecordComponents()) {
                collect(component.getGenericType(), todo);
            }
        }
        return seen;
    }

    private static void collect(Type type, Deque<Class<?>> todo) {
        if (type instanceof Class<?> c) {
            todo.add(c);
        } else if (type instanceof ParameterizedType p) {
            Arrays.stream(p.getActualTypeArguments()).forEach(t -> collect(t, todo));
        }
    }
}
