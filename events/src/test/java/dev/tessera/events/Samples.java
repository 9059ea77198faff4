package dev.tessera.events;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.lang.reflect.Constructor;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds an instance of any event record from its components' types, so that every published type,
 * including one added tomorrow, is serialised and validated without a hand-written sample.
 */
final class Samples {
    private Samples() {}

    /** Every component set; those listed in {@code nullable} for their record are null. */
    static <T> T of(Class<T> recordClass, Map<Class<?>, Set<String>> nullable) {
        if (!recordClass.isRecord()) {
            throw new IllegalArgumentException(recordClass.getName() + " is not a record");
        }
        RecordComponent[] components = recordClass.getRecordComponents();
        Object[] args = new Object[components.length];
        for (int i = 0; i < components.length; i++) {
            RecordComponent c = components[i];
            args[i] = nullable.getOrDefault(recordClass, Set.of()).contains(c.getName())
                    ? null
                    : value(c.getGenericType(), c.getName(), nullable);
        }
        try {
            Constructor<T> canonical = recordClass.getDeclaredConstructor(
                    Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new));
            canonical.setAccessible(true);
            return canonical.newInstance(args);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot build a sample " + recordClass.getName(), e);
        }
    }

    private static Object value(Type type, String name, Map<Class<?>, Set<String>> nullable) {
        if (type instanceof ParameterizedType p) {
            Class<?> raw = (Class<?>) p.getRawType();
            Type[] args = p.getActualTypeArguments();
            if (List.class.isAssignableFrom(raw)) {
                return List.of(value(args[0], name, nullable));
            }
            if (Map.class.isAssignableFrom(raw)) {
                return Map.of(name + "-key", value(args[1], name, nullable));
            }
            throw new IllegalArgumentException("no sample for " + type + ": extend Samples");
        }
        Class<?> cls = (Class<?>) type;
        if (cls == String.class) {
            return name + "-1";
        }
        if (cls == int.class || cls == Integer.class) {
            return 3;
        }
        if (cls == long.class || cls == Long.class) {
            return 1L << 40;
        }
        if (cls == boolean.class || cls == Boolean.class) {
            return true;
        }
        if (cls == OffsetDateTime.class) {
            return OffsetDateTime.of(2025, 1, 2, 3, 4, 5, 0, ZoneOffset.UTC);
        }
        if (JsonNode.class.isAssignableFrom(cls)) {
            return JsonNodeFactory.instance.objectNode().put(name, "free-form");
        }
        if (cls.isRecord()) {
            return of(cls, nullable);
        }
        throw new IllegalArgumentException("no sample for " + type + ": extend Samples");
    }
}
