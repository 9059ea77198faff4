package dev.tessera.events;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** Rewrites the data of {@code type} at {@code fromVersion} into the shape of {@code fromVersion + 1}. */
public interface Upcaster {
    String type();

    int fromVersion();

    ObjectNode upcast(ObjectNode data);
}
