package dev.tessera.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.tessera.events.alhambra.AlhambraEvent;
import dev.tessera.events.builders.BuildersEvent;
import dev.tessera.events.carrara.CarraraEvent;
import dev.tessera.events.carrara.ValuationScored;
import dev.tessera.events.game.GameLifecycleEvent;
import dev.tessera.events.lobby.LobbyEvent;
import dev.tessera.events.scoring.ScoringEvent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** asyncapi.yaml describes every published type, on the topic it is published on, with its current schema. */
class AsyncApiTest {
    private static final Path DOCUMENT = Path.of("asyncapi.yaml");

    /** The topic each sealed hierarchy is published on. */
    private static final Map<Class<?>, String> TOPIC_OF_ROOT = Map.of(
            LobbyEvent.class, Topics.LOBBY_EVENTS,
            GameLifecycleEvent.class, Topics.GAME_EVENTS,
            AlhambraEvent.class, Topics.GAME_EVENTS,
            BuildersEvent.class, Topics.GAME_EVENTS,
            CarraraEvent.class, Topics.GAME_EVENTS,
            ScoringEvent.class, Topics.SCORING_EVENTS);

    /** Types published on a second topic: scoring-service answers a valuation, game-service records the answer. */
    private static final Map<Class<?>, String> ALSO_ON = Map.of(ValuationScored.class, Topics.SCORING_EVENTS);

    private static JsonNode doc;

    @BeforeAll
    static void read() throws IOException {
        doc = new YAMLMapper().readTree(DOCUMENT.toFile());
    }

    private static Set<String> expectedTopics(Class<?> cls) {
        Set<String> topics = new HashSet<>();
        TOPIC_OF_ROOT.forEach((root, topic) -> {
            if (root.isAssignableFrom(cls)) {
                topics.add(topic);
            }
        });
        if (ALSO_ON.containsKey(cls)) {
            topics.add(ALSO_ON.get(cls));
        }
        return topics;
    }

    @Test
    void every_root_has_a_topic() {
        for (Class<?> root : EventTypes.ROOTS) {
            assertTrue(
                    TOPIC_OF_ROOT.containsKey(root),
                    root.getName() + ": on which topic? Add it here and to asyncapi.yaml");
        }
    }

    @Test
    void describes_the_three_topics() {
        assertEquals("3.0.0", doc.path("asyncapi").asText());
        Set<String> addresses = new TreeSet<>();
        doc.path("channels").forEach(channel -> {
            addresses.add(channel.path("address").asText());
            assertEquals(
                    channel.path("address").asText(),
                    channel.path("bindings").path("kafka").path("topic").asText());
        });
        assertEquals(new TreeSet<>(Set.of(Topics.LOBBY_EVENTS, Topics.GAME_EVENTS, Topics.SCORING_EVENTS)), addresses);
    }

    @Test
    void every_event_type_is_a_message_with_its_current_schema() {
        List<String> problems = new ArrayList<>();
        for (Class<? extends TesseraEvent> cls : EventTypes.all()) {
            EventType type = EventTypes.of(cls);
            JsonNode message = doc.path("components").path("messages").path(type.value());
            if (message.isMissingNode()) {
                problems.add(type.value() + ": no message in components.messages");
                continue;
            }
            if (!type.value().equals(message.path("name").asText())) {
                problems.add(type.value() + ": name is " + message.path("name"));
            }
            JsonNode props =
                    message.path("payload").path("schema").path("allOf").path(1).path("properties");
            if (!type.value().equals(props.path("type").path("const").asText())) {
                problems.add(type.value() + ": payload type const is "
                        + props.path("type").path("const"));
            }
            if (!EventTypes.schemaUri(type.value(), type.version())
                    .equals(props.path("dataschema").path("const").asText())) {
                problems.add(type.value() + ": payload dataschema const is "
                        + props.path("dataschema").path("const") + ", the current version is " + type.version());
            }
            Path data = DOCUMENT.resolveSibling(props.path("data").path("$ref").asText())
                    .normalize();
            Path expected = EventSchemaGenerator.SCHEMA_DIR.resolve(EventSchemaGenerator.schemaFile(cls));
            if (!data.equals(expected)) {
                problems.add(type.value() + ": data refers to " + data + ", not " + expected);
            }
        }
        assertTrue(problems.isEmpty(), "asyncapi.yaml is behind the code:\n  " + String.join("\n  ", problems));
    }

    @Test
    void every_event_type_is_on_its_topics_and_only_there() {
        Map<String, String> channelOfTopic = new HashMap<>();
        doc.path("channels")
                .fields()
                .forEachRemaining(
                        e -> channelOfTopic.put(e.getValue().path("address").asText(), e.getKey()));
        Set<String> knownTypes = new HashSet<>();
        List<String> problems = new ArrayList<>();
        for (Class<? extends TesseraEvent> cls : EventTypes.all()) {
            String name = EventTypes.of(cls).value();
            knownTypes.add(name);
            Set<String> expected = expectedTopics(cls);
            for (String topic : List.of(Topics.LOBBY_EVENTS, Topics.GAME_EVENTS, Topics.SCORING_EVENTS)) {
                String channel = channelOfTopic.get(topic);
                JsonNode ref = doc.path("channels")
                        .path(channel)
                        .path("messages")
                        .path(name)
                        .path("$ref");
                boolean listed = ref.asText().equals("#/components/messages/" + name);
                boolean inOperation =
                        operationMessages(channel).contains("#/channels/" + channel + "/messages/" + name);
                if (expected.contains(topic) && !(listed && inOperation)) {
                    problems.add(name + " missing on " + topic + (listed ? " (its operation)" : ""));
                }
                if (!expected.contains(topic) && (!ref.isMissingNode() || inOperation)) {
                    problems.add(name + " is not published on " + topic);
                }
            }
        }
        doc.path("components").path("messages").fieldNames().forEachRemaining(name -> {
            if (!knownTypes.contains(name)) {
                problems.add(name + " is no event type");
            }
        });
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    @Test
    void every_reference_resolves() {
        List<String> broken = new ArrayList<>();
        collectRefs(doc, broken);
        assertTrue(broken.isEmpty(), "unresolved $ref: " + broken);
    }

    private static Set<String> operationMessages(String channel) {
        Set<String> refs = new HashSet<>();
        doc.path("operations").forEach(op -> {
            if (op.path("channel").path("$ref").asText().equals("#/channels/" + channel)) {
                op.path("messages").forEach(m -> refs.add(m.path("$ref").asText()));
            }
        });
        return refs;
    }

    private static void collectRefs(JsonNode node, List<String> broken) {
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (e.getKey().equals("$ref") && e.getValue().isTextual()) {
                    String ref = e.getValue().asText();
                    boolean ok = ref.startsWith("#/")
                            ? !doc.at(ref.substring(1)).isMissingNode()
                            : Files.isRegularFile(DOCUMENT.resolveSibling(ref));
                    if (!ok) {
                        broken.add(ref);
                    }
                } else {
                    collectRefs(e.getValue(), broken);
                }
            }
        } else if (node.isArray()) {
            node.forEach(child -> collectRefs(child, broken));
        }
    }
}
