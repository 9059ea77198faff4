package dev.tessera.game.play;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.game.rules.Lines;
import dev.tessera.game.rules.RulesEngine;
import dev.tessera.kit.eventing.EventStore;
import dev.tessera.kit.eventing.StoredEvent;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.OffsetDateTime;
import java.util.List;

/**
 * A game's history: what happened at each version, in one line of words (the title's {@code History}, else
 * {@link Lines#generic}), with who did it and when. Player ids stay ids: the gateway puts names in their place.
 */
@ApplicationScoped
public class GameHistory {

    @Inject
    EventStore store;

    @Inject
    GameLoader loader;

    /**
     * @param actor the player the event names ({@code player}), null for an event of nobody's (a scoring round)
     * @param at    when it was recorded
     */
    public record Line(long version, String type, String actor, OffsetDateTime at, String text) {}

    /** The lines of the versions after {@code fromVersion}, in order; a 404 for an unknown game. */
    public Uni<List<Line>> after(String gameId, long fromVersion) {
        return Panache.withSession(() -> loader.current(gameId)
                .chain(game -> store.load(gameId, fromVersion)
                        .map(events ->
                                events.stream().map(e -> line(game.engine(), e)).toList())));
    }

    static Line line(RulesEngine<?, ?, ?> engine, StoredEvent event) {
        String name = event.type().substring(event.type().lastIndexOf('.') + 1);
        String text = switch (name) {
            case "MovesTakenBack" -> takenBack(event.data());
            case "SeedRevealed" -> seedRevealed(event.data());
            default -> engine.describe(name, event.data());
        };
        String actor = Lines.text(event.data(), "player");
        return new Line(
                event.version(),
                event.type(),
                actor.isEmpty() ? null : actor,
                event.recordedAt(),
                text != null ? text : Lines.generic(name, event.data()));
    }

    /** The seed's line, once the game has ended: what anyone needs to check the draws. */
    private static String seedRevealed(JsonNode data) {
        return data.path("salt").isTextual()
                ? "the seed is revealed: " + data.path("seed").asText() + ", with salt "
                        + data.path("salt").asText()
                        + "; their SHA-256 is the commitment published at the start, and anyone can now check every "
                        + "draw"
                : "the seed is revealed: " + data.path("seed").asText() + " (this game published no commitment)";
    }

    /** An undo's line: who took back how many moves. */
    private static String takenBack(JsonNode data) {
        int moves = data.path("moves").asInt(1);
        return Lines.text(data, "player") + " took back " + (moves == 1 ? "a move" : moves + " moves");
    }
}
