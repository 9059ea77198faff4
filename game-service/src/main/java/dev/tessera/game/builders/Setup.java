package dev.tessera.game.builders;

import static dev.tessera.game.builders.BuildersData.ACTION_POINTS_PER_TURN;
import static dev.tessera.game.builders.BuildersData.DISPLAY_SIZE;
import static dev.tessera.game.builders.BuildersData.STARTING_COINS;

import dev.tessera.events.Games;
import dev.tessera.game.rules.GameSetup;
import dev.tessera.game.rules.Shuffle;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The set-up of game-service/docs/builders.md: the options a new game records, and the deal, every draw from
 * {@code new Random(seed)}.
 */
final class Setup {

    private Setup() {}

    /** A new game records the edition of the cards it is dealt from, so that it replays from the same deck. */
    static Map<String, String> optionsForNewGame(Map<String, String> tableOptions) {
        Map<String, String> options = new HashMap<>(tableOptions);
        options.put(BuildersEdition.OPTION, BuildersEdition.CURRENT.value());
        return Map.copyOf(options);
    }

    /** Deals from the edition the options name: a game recorded before editions has no machines. */
    static BuildersState start(GameSetup setup) {
        Games.Title title = Games.byId(BuildersData.GAME).orElseThrow();
        int count = setup.players().size();
        if (count < title.minPlayers() || count > title.maxPlayers()) {
            throw new IllegalArgumentException("The Builders needs 2 to 4 players, got " + count);
        }
        Random random = new Random(setup.seed());
        List<Building> buildings =
                Shuffle.shuffled(BuildersEdition.of(setup.options()).buildingCards(), random);
        // ASSUMPTION: starting apprentices are dealt at random from the apprentice cards; the undealt ones
        // are shuffled into the worker deck with every other worker (builders.md section 9, gap 2).
        List<Worker> apprentices = Shuffle.shuffled(
                BuildersData.WORKERS.stream()
                        .filter(w -> w.type() == WorkerType.APPRENTICE)
                        .toList(),
                random);
        List<Worker> rest = new ArrayList<>(apprentices.subList(count, apprentices.size()));
        BuildersData.WORKERS.stream()
                .filter(w -> w.type() != WorkerType.APPRENTICE)
                .forEach(rest::add);
        List<Worker> workers = Shuffle.shuffled(rest, random);

        List<PlayerState> players = new ArrayList<>();
        for (int seat = 0; seat < count; seat++) {
            players.add(new PlayerState(
                    setup.players().get(seat),
                    STARTING_COINS,
                    List.of(apprentices.get(seat)),
                    List.of(),
                    List.of(),
                    List.of()));
        }
        return new BuildersState(
                buildings.subList(DISPLAY_SIZE, buildings.size()),
                buildings.subList(0, DISPLAY_SIZE),
                workers.subList(DISPLAY_SIZE, workers.size()),
                workers.subList(0, DISPLAY_SIZE),
                players,
                0,
                1,
                ACTION_POINTS_PER_TURN,
                Map.of(),
                null,
                false,
                Bank.NO_FLOWS.pay(STARTING_COINS * count));
    }
}
