package dev.tessera.scoring;

import dev.tessera.events.Topics;
import dev.tessera.kit.rebuild.Projection;
import dev.tessera.kit.rebuild.ProjectionRebuild;
import dev.tessera.scoring.messaging.GameEventsConsumer;
import java.util.List;

/**
 * Rebuilds scoring-service's projection of the games (scored games, Alhambra tiles and the changes to them an undo
 * may put back, round points) from {@code game-events}, with the service stopped: {@code ./tessera rebuild scoring}
 * runs it between a stop and a start. Results published before the rebuild are not published again.
 */
public final class Rebuild {
    public static final Projection PROJECTION = new Projection(
            "scoring-service",
            "SCORING_DB",
            "tessera_scoring",
            List.of(Topics.GAME_EVENTS),
            List.of(GameEventsConsumer.NAME),
            List.of("scored_games", "alhambra_tiles", "alhambra_tile_changes", "round_points"));

    private Rebuild() {}

    public static void main(String[] args) {
        ProjectionRebuild.main(PROJECTION);
    }
}
