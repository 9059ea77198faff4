package dev.tessera.game.carrara;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.events.carrara.CarraraEvent;
import dev.tessera.events.carrara.ValuationRequested;
import dev.tessera.game.rules.Decision;
import dev.tessera.game.rules.GameSetup;
import dev.tessera.game.rules.Reveals;
import dev.tessera.game.rules.RulesEngine;
import java.util.List;
import java.util.Optional;

/**
 * The Palaces of Carrara (2012 edition), the basic game and, with the table option {@code expansion}, the
 * expansion (game-service/docs/carrara.md). A valuation is a saga: decide() emits
 * {@link ValuationRequested} and the game waits in {@link Phase#AWAITING_VALUATION} until the game
 * service appends the scoring service's {@code ValuationScored}, which evolve() applies.
 * This class only hands each question to the file that answers it.
 */
public final class CarraraEngine implements RulesEngine<CarraraState, CarraraMove, CarraraEvent> {

    @Override
    public String game() {
        return CarraraData.GAME;
    }

    @Override
    public Class<CarraraState> stateType() {
        return CarraraState.class;
    }

    @Override
    public Class<CarraraMove> moveType() {
        return CarraraMove.class;
    }

    @Override
    public Class<CarraraEvent> eventType() {
        return CarraraEvent.class;
    }

    @Override
    public CarraraState start(GameSetup setup) {
        return Setup.start(setup);
    }

    @Override
    public boolean plays(CarraraState state, String player) {
        return Decide.plays(state, player);
    }

    /** Whoever sends them: the expansion's moves in a basic game, and every move while a valuation is scored. */
    @Override
    public Optional<Decision.Rejected<CarraraEvent>> refusedToAnyone(CarraraState state, CarraraMove move) {
        return Decide.refusedToAnyone(state, move);
    }

    @Override
    public boolean mayMove(CarraraState state, String player) {
        return Decide.mayMove(state, player);
    }

    @Override
    public String notYourTurn(CarraraState state, String player) {
        return Decide.notYourTurn(state, player);
    }

    @Override
    public Decision<CarraraEvent> decideMove(CarraraState state, String player, CarraraMove move) {
        return Decide.move(state, player, move);
    }

    @Override
    public CarraraState evolve(CarraraState state, CarraraEvent event) {
        return Evolution.apply(state, event);
    }

    @Override
    public List<CarraraMove> legalMoves(CarraraState state, String player) {
        return LegalMoves.of(state, player);
    }

    @Override
    public CarraraView view(CarraraState state, String viewer) {
        return View.of(state, player -> player.equals(viewer));
    }

    @Override
    public CarraraView viewOfEveryone(CarraraState state) {
        return View.of(state, player -> true);
    }

    @Override
    public String describe(String name, JsonNode data) {
        return History.line(name, data);
    }

    @Override
    public boolean isOver(CarraraState state) {
        return state.phase() == Phase.OVER;
    }

    @Override
    public Reveals<CarraraEvent> reveals() {
        return CarraraReveals.RULE;
    }
}
