package dev.tessera.game.alhambra;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.events.alhambra.AlhambraEvent;
import dev.tessera.game.alhambra.AlhambraState.Phase;
import dev.tessera.game.rules.Decision;
import dev.tessera.game.rules.GameSetup;
import dev.tessera.game.rules.Reveals;
import dev.tessera.game.rules.RulesEngine;
import java.util.List;

/**
 * Alhambra as Board Game Arena plays it (game-service/docs/alhambra.md), dispatched to the files that hold its
 * rules. Scoring is not computed here: the engine announces {@code ScoringRoundTriggered} and folds in the
 * {@code PointsAwarded} the scoring service sends back.
 */
public final class AlhambraEngine implements RulesEngine<AlhambraState, AlhambraMove, AlhambraEvent> {

    @Override
    public String game() {
        return "alhambra";
    }

    @Override
    public int minPlayers() {
        return AlhambraData.MIN_PLAYERS;
    }

    @Override
    public int maxPlayers() {
        return AlhambraData.MAX_PLAYERS;
    }

    @Override
    public Class<AlhambraState> stateType() {
        return AlhambraState.class;
    }

    @Override
    public Class<AlhambraMove> moveType() {
        return AlhambraMove.class;
    }

    @Override
    public Class<AlhambraEvent> eventType() {
        return AlhambraEvent.class;
    }

    @Override
    public AlhambraState start(GameSetup setup) {
        return Setup.start(setup);
    }

    @Override
    public Decision<AlhambraEvent> decideMove(AlhambraState state, String player, AlhambraMove move) {
        return Decide.move(state, player, move);
    }

    @Override
    public boolean plays(AlhambraState state, String player) {
        return Decide.plays(state, player);
    }

    @Override
    public boolean mayMove(AlhambraState state, String player) {
        return Decide.mayMove(state, player);
    }

    @Override
    public String notYourTurn(AlhambraState state, String player) {
        return Decide.notYourTurn(state, player);
    }

    @Override
    public AlhambraState evolve(AlhambraState state, AlhambraEvent event) {
        return Evolution.apply(state, event);
    }

    @Override
    public List<AlhambraMove> legalMoves(AlhambraState state, String player) {
        return LegalMoves.of(state, player);
    }

    @Override
    public Object view(AlhambraState state, String viewer) {
        return View.of(state, player -> player.equals(viewer));
    }

    @Override
    public Object viewOfEveryone(AlhambraState state) {
        return View.of(state, player -> true);
    }

    @Override
    public String describe(String name, JsonNode data) {
        return History.line(name, data);
    }

    @Override
    public boolean isOver(AlhambraState state) {
        return state.phase() == Phase.OVER;
    }

    @Override
    public Reveals<AlhambraEvent> reveals() {
        return AlhambraReveals.RULE;
    }
}
