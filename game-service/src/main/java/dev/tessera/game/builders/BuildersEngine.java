package dev.tessera.game.builders;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.events.builders.BuildersEvent;
import dev.tessera.game.rules.Decision;
import dev.tessera.game.rules.GameSetup;
import dev.tessera.game.rules.Reveals;
import dev.tessera.game.rules.RulesEngine;
import java.util.List;
import java.util.Map;

/**
 * The Builders: Middle Ages as Board Game Arena plays it (game-service/docs/builders.md), machines included (their
 * card data is assumed: {@link BuildersData#MACHINES}). Final scores (1 VP per 10 coins, ties) are
 * scoring-service's job: {@code GameFinished} carries the tallies. This class only dispatches: the set-up is
 * {@link Setup}'s, moves {@link Decide}'s, events {@link Evolution}'s, legal moves {@link LegalMoves}' and the view
 * {@link View}'s.
 */
public final class BuildersEngine implements RulesEngine<BuildersState, BuildersMove, BuildersEvent> {

    @Override
    public String game() {
        return BuildersData.GAME;
    }

    @Override
    public Class<BuildersState> stateType() {
        return BuildersState.class;
    }

    @Override
    public Class<BuildersMove> moveType() {
        return BuildersMove.class;
    }

    @Override
    public Class<BuildersEvent> eventType() {
        return BuildersEvent.class;
    }

    @Override
    public Map<String, String> optionsForNewGame(Map<String, String> tableOptions) {
        return Setup.optionsForNewGame(tableOptions);
    }

    @Override
    public BuildersState start(GameSetup setup) {
        return Setup.start(setup);
    }

    @Override
    public boolean plays(BuildersState state, String player) {
        return Decide.plays(state, player);
    }

    @Override
    public boolean mayMove(BuildersState state, String player) {
        return Decide.mayMove(state, player);
    }

    @Override
    public String notYourTurn(BuildersState state, String player) {
        return Decide.notYourTurn(state, player);
    }

    @Override
    public Decision<BuildersEvent> decideMove(BuildersState state, String player, BuildersMove move) {
        return Decide.move(state, player, move);
    }

    @Override
    public BuildersState evolve(BuildersState state, BuildersEvent event) {
        return Evolution.apply(state, event);
    }

    @Override
    public List<BuildersMove> legalMoves(BuildersState state, String player) {
        return LegalMoves.of(state, player);
    }

    @Override
    public Object view(BuildersState state, String viewer) {
        return View.of(state);
    }

    @Override
    public Object viewOfEveryone(BuildersState state) {
        return View.of(state);
    }

    @Override
    public String describe(String name, JsonNode data) {
        return History.line(name, data);
    }

    @Override
    public boolean isOver(BuildersState state) {
        return state.finished();
    }

    @Override
    public Reveals<BuildersEvent> reveals() {
        return BuildersReveals.RULE;
    }
}
