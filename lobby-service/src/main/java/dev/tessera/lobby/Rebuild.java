package dev.tessera.lobby;

import dev.tessera.events.Topics;
import dev.tessera.kit.rebuild.Projection;
import dev.tessera.kit.rebuild.ProjectionRebuild;
import dev.tessera.lobby.players.PlayersReadModel;
import java.util.List;

/**
 * Rebuilds the lobby's players read model (games played, results, ratings) from {@code game-events}, with
 * lobby-service stopped: {@code ./tessera rebuild lobby} runs it between a stop and a start. The tables
 * (the lobby's own write model) and the matchmaking queue are not read models and stay as they are; the
 * table-status consumer finds every replayed event processed already and skips it.
 */
public final class Rebuild {
    public static final Projection PROJECTION = new Projection(
            "lobby-service",
            "LOBBY_DB",
            "tessera_lobby",
            List.of(Topics.GAME_EVENTS),
            List.of(PlayersReadModel.CONSUMER),
            PlayersReadModel.TABLES);

    private Rebuild() {}

    public static void main(String[] args) {
        ProjectionRebuild.main(PROJECTION);
    }
}
