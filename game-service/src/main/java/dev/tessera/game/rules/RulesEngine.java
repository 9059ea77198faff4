package dev.tessera.game.rules;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.events.Games;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A game's rules as pure functions. Implementations hold no framework code and no mutable state of
 * their own; states are immutable values. Given the same {@link GameSetup} and the same events, every
 * method answers the same, which is what makes a game's event stream its whole truth.
 *
 * @param <S> the game's full state, hidden information included
 * @param <M> the game's moves; each serialises to exactly the JSON the move endpoint accepts
 * @param <E> the game's own events (records of the published contract)
 */
public interface RulesEngine<S, M, E> {

    /** The game's id in the API, e.g. {@code alhambra}. */
    String game();

    /** From the catalogue of titles ({@link Games}), which the lobby checks tables against too. */
    default int minPlayers() {
        return Games.byId(game()).orElseThrow().minPlayers();
    }

    default int maxPlayers() {
        return Games.byId(game()).orElseThrow().maxPlayers();
    }

    /** The state's type, for snapshots: a state that survives a JSON round trip equal to itself may be stored. */
    Class<S> stateType();

    /** The base type that moves are read into from JSON. */
    Class<M> moveType();

    /** The base type of this game's events. */
    Class<E> eventType();

    /**
     * The options a game created now records in its {@code GameStarted} and is started with: the table's, plus
     * whatever the engine fixes for games created from now on (such as the edition of its cards), so that a stored
     * game replays with what it was created with after the engine's defaults change. A game stored without such an
     * option was created before it existed, and {@link #start} must treat it so.
     */
    default Map<String, String> optionsForNewGame(Map<String, String> tableOptions) {
        return tableOptions;
    }

    /** The state right after set-up, derived only from the setup (and so from its seed). */
    S start(GameSetup setup);

    /**
     * Checks {@code move} by {@code player} against {@code state}: the events it causes, or the rule it breaks. First
     * the checks every game needs ({@link MoveChecks}: game over, not a player, not your turn), then the title's own
     * rules ({@link #decideMove}). Titles implement {@code decideMove} and never override this, so that the same
     * mistake is the same rejection in every title.
     */
    default Decision<E> decide(S state, String player, M move) {
        Optional<Decision.Rejected<E>> rejected = MoveChecks.rejection(this, state, player, move);
        return rejected.isPresent() ? rejected.get() : decideMove(state, player, move);
    }

    /**
     * The title's own rules for a move that passed {@link MoveChecks}: the game is not over, {@code player} plays in
     * it and may move now. Called only through {@link #decide}.
     */
    Decision<E> decideMove(S state, String player, M move);

    /** Whether {@code player} has a seat in this game; the others' moves are {@code not-a-player}. */
    boolean plays(S state, String player);

    /**
     * Whether {@code player}, who plays in this game, may move now: whose turn it is, which may be several players
     * (Alhambra's final placement). Asked only of a game that is not over; the others' moves are
     * {@code not-your-turn}.
     */
    boolean mayMove(S state, String player);

    /** The sentence of the {@code not-your-turn} rejection of {@code player}'s move: whose turn it is. */
    String notYourTurn(S state, String player);

    /**
     * A rejection of {@code move} whoever sends it, that comes before {@code not-your-turn}: a move the game's options
     * leave out, or a game that waits for another service (Carrara's expansion moves in a basic game, its wait for a
     * valuation). None by default.
     */
    default Optional<Decision.Rejected<E>> refusedToAnyone(S state, M move) {
        return Optional.empty();
    }

    /** The state after {@code event}. Never rejects: events are facts. */
    S evolve(S state, E event);

    /** Every legal move of {@code player} now; empty when it is not their turn or the game is over. */
    List<M> legalMoves(S state, String player);

    /**
     * What {@code viewer} may see: their own hidden information in full, others' only as counts;
     * a {@code null} viewer is a spectator. Serialises to JSON.
     */
    Object view(S state, String viewer);

    /**
     * The view with every player's hidden information shown: a finished game seen from every seat at once, for its
     * replay. Only ever shown once the game has ended, since it reveals every hand.
     */
    Object viewOfEveryone(S state);

    /**
     * One line of the game's history for one of its published events: {@code name} is the type's last part (such as
     * {@code TileBought}), {@code data} the event's JSON with player ids as they are. Null for an event the title
     * has no words for: the history then uses {@link Lines#generic}.
     */
    String describe(String name, JsonNode data);

    /** True once no further move is possible. */
    boolean isOver(S state);

    /**
     * What each of the title's events does to an undo: whether it shows something hidden or random, or ends the
     * mover's turn, in which case an undo never takes back the move that caused it, nor any before it.
     */
    Reveals<E> reveals();
}
