package dev.tessera.game.play;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tessera.events.EventCodec;
import dev.tessera.events.TesseraEvent;
import dev.tessera.events.Topics;
import dev.tessera.events.game.GameStarted;
import dev.tessera.kit.eventing.EventStore;
import dev.tessera.kit.eventing.OutboxRelay;
import dev.tessera.kit.eventing.StoredEvent;
import dev.tessera.kit.problem.ProblemException;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Forks of finished games: a sandbox game whose stream starts as the original's did and holds copies of its events up
 * to the version asked for, so that it is exactly the original at that version, draws to come included (they derive
 * from the same seed and the same state). From there on its forker plays every seat ({@link Seats}); it has no clock
 * and is never rated.
 */
@ApplicationScoped
public class GameForks {

    @Inject
    EventStore store;

    @Inject
    EventCodec codec;

    @Inject
    GameLoader loader;

    @Inject
    OutboxRelay relay;

    /**
     * Forks game {@code gameId} at version {@code at} for {@code player}: the new game's id. A game that has not ended
     * is refused (409 {@code game-in-progress}: its fork would show its hidden future), as is a version it does not
     * have (400 naming {@code at}); nothing is written then.
     */
    public Uni<String> fork(String gameId, long at, String player) {
        String forkId = UUID.randomUUID().toString();
        return Panache.withSession(() -> loader.current(gameId)
                        .chain(original -> {
                            if (!original.engine().isOver(original.state())) {
                                throw ProblemException.conflict(
                                        "game-in-progress",
                                        "only a game that has ended can be forked: a fork of this one would show "
                                                + "its hidden future");
                            }
                            if (at < 1 || at > original.version()) {
                                throw ProblemException.badField(
                                        "at", "at is a version of this game: 1 to " + original.version());
                            }
                            // One event past at: whether at ends a move's events or lies among them.
                            return store.load(gameId, 0, (int) at + 1).map(events -> {
                                if (events.size() > at && midMove(events.get((int) at - 1), events.get((int) at))) {
                                    throw ProblemException.badField(
                                            "at",
                                            "at is a version where a move's events end: " + at + " lies among the "
                                                    + "events of one move (see the history's times); fork at the "
                                                    + "last of them");
                                }
                                return copies(original.started(), events.subList(0, (int) at), forkId, at, player);
                            });
                        })
                        .chain(events -> store.append(forkId, 0, events, Topics.GAME_EVENTS)))
                .invoke(() -> relay.kickFor(forkId))
                .replaceWith(forkId);
    }

    /**
     * Whether {@code next} was written by the same append as {@code event}: one move's events share their time, and
     * a position among them never stood before any player. (A fork's copies share the time of the fork, so a fork is
     * forked at its own version or later; its earlier versions are the original's, to fork there.)
     */
    private static boolean midMove(StoredEvent event, StoredEvent next) {
        return event.recordedAt().equals(next.recordedAt());
    }

    /** The fork's stream: its own GameStarted, then the original's events 2 to {@code at} with its id in place. */
    private List<TesseraEvent> copies(
            GameStarted original, List<StoredEvent> events, String forkId, long at, String player) {
        List<TesseraEvent> copies = new ArrayList<>(events.size());
        copies.add(new GameStarted(
                forkId,
                null,
                original.game(),
                original.players(),
                original.seed(),
                original.options(),
                original.initialState(),
                true,
                new GameStarted.Fork(original.gameId(), at, player),
                original.commitment(),
                original.salt()));
        for (StoredEvent stored : events.subList(1, events.size())) {
            copies.add(renamed(store.event(stored), original.gameId(), forkId));
        }
        return copies;
    }

    /** The event with the original game's id, where it names it ({@code gameId} of lifecycle events), the fork's. */
    private TesseraEvent renamed(TesseraEvent event, String from, String to) {
        JsonNode json = codec.mapper().valueToTree(event);
        if (!(json instanceof ObjectNode data)
                || !from.equals(data.path("gameId").asText(null))) {
            return event;
        }
        data.put("gameId", to);
        return codec.mapper().convertValue(data, event.getClass());
    }
}
