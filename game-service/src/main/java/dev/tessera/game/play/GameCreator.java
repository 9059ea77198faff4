package dev.tessera.game.play;

import dev.tessera.events.EventCodec;
import dev.tessera.events.Games;
import dev.tessera.events.Topics;
import dev.tessera.events.game.GameStarted;
import dev.tessera.events.game.SeedCommitment;
import dev.tessera.events.lobby.TableStarted;
import dev.tessera.game.rules.GameSetup;
import dev.tessera.game.rules.RulesEngine;
import dev.tessera.kit.eventing.EventStore;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.security.SecureRandom;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Starts the game of a started table: its stream's first event, with a fresh recorded seed and the commitment to it
 * (published; the seed and the salt are revealed once the game has ended), and its clock row.
 */
@ApplicationScoped
public class GameCreator {
    private static final Logger LOG = Logger.getLogger(GameCreator.class);
    private static final SecureRandom SEEDS = new SecureRandom();

    @Inject
    EventStore store;

    @Inject
    Engines engines;

    @Inject
    EventCodec codec;

    @Inject
    GameClocks clocks;

    /**
     * Creates the game of a started table with a fresh recorded seed, and its clock row when the table has a
     * clock. Runs in the caller's transaction (the caller asks the relay for a run once it has committed). A second
     * delivery finds the stream already started and changes nothing.
     */
    Uni<Void> create(TableStarted table) {
        Games.Title title = Games.byId(table.game())
                .orElseThrow(() -> new IllegalArgumentException("TableStarted for unknown game " + table.game()));
        if (table.players().size() < title.minPlayers() || table.players().size() > title.maxPlayers()) {
            throw new IllegalArgumentException(
                    title.name() + " cannot start with " + table.players().size() + " players");
        }
        String gameId = GameService.gameIdOf(table.tableId());
        long seed = SEEDS.nextLong();
        RulesEngine<Object, Object, Object> engine = engines.get(table.game());
        // The engine may add what it fixes for new games (The Builders: its cards' edition) to the recorded options.
        Map<String, String> options = engine.optionsForNewGame(table.options());
        Object initial = engine.start(new GameSetup(table.players(), seed, options));
        GameStarted started = new GameStarted(
                gameId,
                table.tableId(),
                table.game(),
                table.players(),
                seed,
                options,
                codec.mapper().valueToTree(engine.view(initial, null)),
                SeedCommitment.newSalt());
        return store.version(gameId).chain(version -> {
            if (version > 0) {
                LOG.infof("game %s of table %s exists already", gameId, table.tableId());
                return Uni.createFrom().voidItem();
            }
            GameStream<Object, Object, Object> game = new GameStream<>(started, engine, initial, 1);
            Optional<ClockRules.Turn<Object>> turn = ClockRules.toAct(game);
            Optional<ClockRow> row = clocks.rowAfter(game, turn, Optional.empty(), false);
            return store.append(
                            gameId, 0, List.of(started), Topics.GAME_EVENTS, null, null, GameClocks.toAct(turn, row))
                    .chain(() -> clocks.replace(gameId, Optional.empty(), row))
                    .replaceWithVoid();
        });
    }
}
