package dev.tessera.game.play;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tessera.kit.eventing.EventStore;

/**
 * What game-service records with the events of each move it appends (the event store's {@code metadata}): the version
 * of the move's first event, the seat it was played for, and the move as its engine reads it. An undo reads it to know
 * where each move's events begin and whose move it was ({@link UndoPoint}). The seat and the move are published too, on
 * the move's first event (the envelope's {@code movedby} and {@code move}), so that anyone can decide the game again
 * from its seed and its moves.
 */
final class Batch {
    static final String FIRST = "batch";
    static final String BY = EventStore.BY;
    static final String MOVE = EventStore.MOVE;

    private Batch() {}

    /** The metadata of a move of {@code seat}, appended after {@code version}; {@code move} may be null. */
    static ObjectNode of(long version, String seat, JsonNode move) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put(FIRST, version + 1);
        node.put(BY, seat);
        if (move != null) {
            // As text: PostgreSQL's jsonb would reorder an object's members, and the move read back from the store
            // (the events endpoint) must be the very text published on the topic.
            node.put(MOVE, move.toString());
        }
        return node;
    }
}
