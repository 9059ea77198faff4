package dev.tessera.scoring.games;

import static dev.tessera.scoring.games.HandlerTable.on;

import dev.tessera.events.game.GameEnded;
import io.smallrye.mutiny.Uni;
import java.util.List;

/**
 * What scoring follows of every title's game lifecycle beside its start (which {@link GameScoring} records
 * itself): {@code GameEnded} marks the game finished.
 */
final class LifecycleScoring implements ScoringHandlers {
    @Override
    public List<HandlerTable.Entry<?>> handlers() {
        return List.of(on(GameEnded.class, (context, game, ended) -> {
            game.finished = true;
            return Uni.createFrom().voidItem();
        }));
    }
}
