package dev.tessera.game.play;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.util.TokenBuffer;
import dev.tessera.events.EventCodec;
import dev.tessera.game.rules.RulesEngine;
import dev.tessera.kit.problem.ProblemException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Moves to and from JSON, each through its engine's move type (which gives it its "type" name). */
@ApplicationScoped
public class MoveJson {

    @Inject
    EventCodec codec;

    /** {@code move} as the move endpoint received it, read as a move of {@code engine}'s game; else a 400. */
    <M> M parse(RulesEngine<?, M, ?> engine, JsonNode move) {
        if (move == null || move.isNull()) {
            throw ProblemException.badField("move", "move is required");
        }
        try {
            return mapper().treeToValue(move, engine.moveType());
        } catch (Exception e) {
            throw ProblemException.badField(
                    "move",
                    "not a " + engine.game() + " move: "
                            + e.getMessage().lines().findFirst().orElse(""));
        }
    }

    /**
     * Moves as JSON, each written through the engine's move type so that it carries its "type" name: the
     * whole list in one pass through a token buffer (no text in between), as legal-moves answers it.
     */
    public <M> List<JsonNode> movesJson(RulesEngine<?, M, ?> engine, List<M> moves) {
        if (moves.isEmpty()) {
            return List.of();
        }
        try (TokenBuffer buffer = new TokenBuffer(mapper(), false)) {
            mapper().writerFor(mapper().getTypeFactory().constructCollectionType(List.class, engine.moveType()))
                    .writeValue(buffer, moves);
            List<JsonNode> json = new ArrayList<>(moves.size());
            JsonNode written = mapper().readTree(buffer.asParser());
            written.forEach(json::add);
            return json;
        } catch (IOException e) {
            throw new IllegalStateException("moves do not serialise: " + moves, e);
        }
    }

    private ObjectMapper mapper() {
        return codec.mapper();
    }
}
