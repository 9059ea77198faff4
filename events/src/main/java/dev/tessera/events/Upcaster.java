package dev.tessera.events;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.function.UnaryOperator;

/** Rewrites the data of {@code type} at {@code fromVersion} into the shape of {@code fromVersion + 1}. */
public interface Upcaster {
    String type();

    int fromVersion();

    ObjectNode upcast(ObjectNode data);

    /** An upcaster of {@code type}'s data from {@code fromVersion} to the next version by {@code rewrite}. */
    static Upcaster of(String type, int fromVersion, UnaryOperator<ObjectNode> rewrite) {
        return new Upcaster() {
            @Override
            public String type() {
                return type;
            }

            @Override
            public int fromVersion() {
                return fromVersion;
            }

            @Override
            public ObjectNode upcast(ObjectNode data) {
                return rewrite.apply(data);
            }

            @Override
            public String toString() {
                return type + " v" + fromVersion + " -> v" + (fromVersion + 1);
            }
        };
    }
}
