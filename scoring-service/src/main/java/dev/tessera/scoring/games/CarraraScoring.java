package dev.tessera.scoring.games;

import static dev.tessera.scoring.games.HandlerTable.on;

import dev.tessera.events.carrara.GameFinished;
import dev.tessera.events.carrara.ValuationRequested;
import dev.tessera.events.carrara.ValuationScored;
import dev.tessera.events.scoring.FinalStandings;
import dev.tessera.scoring.carrara.CarraraFinalScoring;
import dev.tessera.scoring.carrara.CarraraValuation;
import dev.tessera.scoring.carrara.FinalScoringInput;
import dev.tessera.scoring.carrara.ValuationInput;
import dev.tessera.scoring.carrara.ValuationResult;
import io.smallrye.mutiny.Uni;
import java.util.List;

/**
 * Carrara's scoring: a {@code ValuationRequested} is answered with its {@code ValuationScored}, and
 * {@code GameFinished} with the {@code FinalStandings}.
 */
final class CarraraScoring implements ScoringHandlers {
    @Override
    public List<HandlerTable.Entry<?>> handlers() {
        return List.of(
                on(ValuationRequested.class, CarraraScoring::value),
                on(GameFinished.class, CarraraScoring::finalStandings));
    }

    private static Uni<Void> value(HandlerContext context, ScoredGame game, ValuationRequested e) {
        ValuationResult result = CarraraValuation.value(context.mapper().convertValue(e, ValuationInput.class));
        return context.publish(
                game,
                new ValuationScored(
                        e.valuation(),
                        e.player(),
                        e.kind(),
                        e.target(),
                        result.vp(),
                        result.coins(),
                        result.objectsTaken()));
    }

    private static Uni<Void> finalStandings(HandlerContext context, ScoredGame game, GameFinished e) {
        return context.publish(
                game,
                new FinalStandings(
                        game.gameId,
                        game.game,
                        CarraraFinalScoring.score(context.mapper().convertValue(e, FinalScoringInput.class)).stream()
                                .map(s -> new FinalStandings.Standing(s.player(), s.total(), s.rank()))
                                .toList()));
    }
}
