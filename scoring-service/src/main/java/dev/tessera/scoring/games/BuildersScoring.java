package dev.tessera.scoring.games;

import static dev.tessera.scoring.games.HandlerTable.on;

import dev.tessera.events.builders.BuildersEvent;
import dev.tessera.events.scoring.FinalStandings;
import dev.tessera.scoring.builders.BuildersFinalScore;
import dev.tessera.scoring.builders.BuildersStandings;
import io.smallrye.mutiny.Uni;
import java.util.List;

/** The Builders' scoring: {@code GameFinished}'s tallies become the {@code FinalStandings}. */
final class BuildersScoring implements ScoringHandlers {
    @Override
    public List<HandlerTable.Entry<?>> handlers() {
        return List.of(on(BuildersEvent.GameFinished.class, BuildersScoring::finalStandings));
    }

    private static Uni<Void> finalStandings(HandlerContext context, ScoredGame game, BuildersEvent.GameFinished e) {
        List<BuildersFinalScore> scores = e.tallies().stream()
                .map(t -> new BuildersFinalScore(t.player(), t.buildingVictoryPoints(), t.coins()))
                .toList();
        return context.publish(
                game,
                new FinalStandings(
                        game.gameId,
                        game.game,
                        BuildersStandings.of(scores).stream()
                                .map(s -> new FinalStandings.Standing(s.player(), s.total(), s.rank()))
                                .toList()));
    }
}
