package dev.tessera.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Compares an example JSON document with a real answer by shape: the same node type at each path and, for objects,
 * the same field names; an array's elements one by one, each against a real element of the same kind (the same
 * {@code type} if it has one, else the one at the same index, else the first). Values are not compared.
 */
final class JsonShapes {
    /** Field names a service leaves out of its answer when the value is null: an example may show or omit them. */
    private final Set<String> omittedWhenNull;
    /** Field names whose value is null in some states of a game: an example may show them null. */
    private final Set<String> nullable;
    /** Objects whose field names are data (a player's objects by kind): each value is compared, not the names. */
    private final Set<String> dataKeyed;
    /** Members whose content is free-form: only their node type is compared. */
    private final Set<String> freeForm;

    JsonShapes(
            Map<String, String> omittedWhenNull,
            Map<String, String> nullable,
            Map<String, String> dataKeyed,
            Map<String, String> freeForm) {
        this.omittedWhenNull = omittedWhenNull.keySet();
        this.nullable = nullable.keySet();
        this.dataKeyed = dataKeyed.keySet();
        this.freeForm = freeForm.keySet();
    }

    /** Where {@code example} and {@code real} differ in shape, one line a path ("$.state.players[0].hand: ..."). */
    List<String> differences(JsonNode example, JsonNode real) {
        List<String> out = new ArrayList<>();
        compare("$", null, example, real, out);
        return out;
    }

    private void compare(String path, String field, JsonNode example, JsonNode real, List<String> out) {
        if (example.getNodeType() != real.getNodeType()) {
            // A null in the answer is a value absent in this state of the game (the games are random): its field is
            // there, which is what can be checked. An example that shows null where the answer has a value must be a
            // field known to be null in some states.
            if (real.isNull() || example.isNull() && field != null && nullable.contains(field)) {
                return;
            }
            out.add(path + ": the example has " + describe(example) + ", the answer " + describe(real));
            return;
        }
        if (field != null && freeForm.contains(field)) {
            return;
        }
        if (example.isObject() && field != null && dataKeyed.contains(field)) {
            compareValues(path, example, real, out);
        } else if (example.isObject()) {
            compareObjects(path, example, real, out);
        } else if (example.isArray()) {
            compareArrays(path, example, real, out);
        }
    }

    private void compareObjects(String path, JsonNode example, JsonNode real, List<String> out) {
        for (Iterator<String> names = example.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (real.has(name)) {
                compare(path + "." + name, name, example.get(name), real.get(name), out);
            } else if (!omittedWhenNull.contains(name)) {
                out.add(path + "." + name + ": the example has this field, the answer has not");
            }
        }
        for (Iterator<String> names = real.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!example.has(name) && !omittedWhenNull.contains(name)) {
                out.add(path + "." + name + ": the answer has this field (" + describe(real.get(name))
                        + "), the example has not");
            }
        }
    }

    /** An object keyed by data: each example value against the real value of the same key, else any real value. */
    private void compareValues(String path, JsonNode example, JsonNode real, List<String> out) {
        for (Iterator<Map.Entry<String, JsonNode>> entries = example.fields(); entries.hasNext(); ) {
            Map.Entry<String, JsonNode> e = entries.next();
            JsonNode counterpart = real.has(e.getKey())
                    ? real.get(e.getKey())
                    : real.isEmpty() ? null : real.elements().next();
            if (counterpart != null) {
                compare(path + "." + e.getKey(), null, e.getValue(), counterpart, out);
            }
        }
    }

    private void compareArrays(String path, JsonNode example, JsonNode real, List<String> out) {
        for (int i = 0; i < example.size(); i++) {
            JsonNode element = example.get(i);
            String type =
                    element.path("type").isTextual() ? element.path("type").asText() : null;
            String at = path + (type == null ? "[" + i + "]" : "[type=" + type + "]");
            JsonNode counterpart = counterpart(real, type, i);
            // An empty array in the answer (an empty hand, no site yet) has nothing to compare the element with.
            if (counterpart != null) {
                compare(at, null, element, counterpart, out);
            }
        }
    }

    /** The real element of the same {@code type}, else the one at {@code index}, else the first; null if none. */
    private static JsonNode counterpart(JsonNode real, String type, int index) {
        if (type != null) {
            for (JsonNode candidate : real) {
                if (type.equals(candidate.path("type").asText(null))) {
                    return candidate;
                }
            }
        }
        if (index < real.size()) {
            return real.get(index);
        }
        return real.isEmpty() ? null : real.get(0);
    }

    private static String describe(JsonNode node) {
        String text = node.toString();
        return node.getNodeType().name().toLowerCase() + " "
                + (text.length() > 60 ? text.substring(0, 57) + "..." : text);
    }
}
