package dev.tessera.game.carrara;

import dev.tessera.events.Games;
import dev.tessera.game.rules.GameSetup;
import dev.tessera.game.rules.Shuffle;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * start(): the set-up of game-service/docs/carrara.md, every draw from {@code new Random(seed)}; with the table
 * option {@code expansion}, the expansion's extra board too.
 */
final class Setup {

    private Setup() {}

    static CarraraState start(GameSetup setup) {
        List<String> names = setup.players();
        Games.Title title = Games.byId(CarraraData.GAME).orElseThrow();
        if (names.size() < title.minPlayers()
                || names.size() > title.maxPlayers()
                || new HashSet<>(names).size() != names.size()) {
            throw new IllegalArgumentException("Carrara needs 2 to 4 distinct players, got " + names);
        }
        Random random = new Random(setup.seed());
        List<Tile> tiles = Shuffle.shuffled(CarraraData.tiles(), random);
        List<PlayerState> players = new ArrayList<>();
        Stones handedOut = Stones.NONE;
        for (int seat = 0; seat < names.size(); seat++) {
            Stone start = CarraraData.START_STONES.get(seat);
            players.add(PlayerState.initial(names.get(seat), start));
            handedOut = handedOut.plus(start);
        }
        int n = CarraraData.STONES_PER_COLOUR;
        Stones sectionOne = new Stones(1, 1, 1, 1, 1, 1);
        List<Stones> wheel = new ArrayList<>(List.of(sectionOne));
        while (wheel.size() < CarraraData.SECTIONS) {
            wheel.add(Stones.NONE);
        }
        Stones bag = new Stones(n, n, n, n, n, n).minus(sectionOne).minus(handedOut);
        // Drawn after everything the basic game draws, so that a basic game deals as it always did.
        CarraraState.ExpansionBoard expansion = expansion(setup)
                ? new CarraraState.ExpansionBoard(
                        CarraraData.largeBuildings(),
                        EnumSet.allOf(Upgrade.class),
                        BonusCard.values()[random.nextInt(BonusCard.values().length)])
                : null;
        return new CarraraState(
                setup.seed(),
                players,
                Phase.ACTION,
                0,
                wheel,
                bag,
                0,
                tiles.subList(0, CarraraData.DISPLAY_SIZE),
                tiles.subList(CarraraData.DISPLAY_SIZE, tiles.size()),
                Counts.filled(CarraraData.OBJECTS_PER_KIND - CarraraData.OBJECTS_IN_MARKET),
                EnumSet.allOf(ObjectKind.class),
                Map.of(),
                null,
                0,
                null,
                expansion);
    }

    /** The table option; games stored before the expansion existed have none and are basic games. */
    private static boolean expansion(GameSetup setup) {
        String value = setup.options().getOrDefault(CarraraData.OPTION_EXPANSION, "false");
        if (!value.equals("true") && !value.equals("false")) {
            throw new IllegalArgumentException(
                    "option " + CarraraData.OPTION_EXPANSION + " is true or false, not " + value);
        }
        return value.equals("true");
    }
}
