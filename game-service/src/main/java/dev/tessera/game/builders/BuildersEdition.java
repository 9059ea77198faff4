package dev.tessera.game.builders;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The card set a game is dealt from. A game records its edition in its {@code GameStarted} options under
 * {@value #OPTION} when it is created ({@link BuildersEngine#optionsForNewGame}), so that a stored game replays from
 * the deck it was dealt even after the cards change: the shuffle of a different deck gives a different game from
 * the same seed. Games created before editions existed name none and are {@link #BUILDINGS_ONLY}.
 */
public enum BuildersEdition {
    /** The 34 buildings without machines: every game created before machines came. */
    BUILDINGS_ONLY("1", BuildersData.BUILDINGS),
    /** The 34 buildings and the 8 machines of {@link BuildersData#MACHINES} (assumed data). */
    WITH_MACHINES("2", concat(BuildersData.BUILDINGS, BuildersData.MACHINES));

    /** The option key in a game's {@code GameStarted}. */
    public static final String OPTION = "edition";
    /** The edition every new game is dealt from. */
    public static final BuildersEdition CURRENT = WITH_MACHINES;

    private final String value;
    private final List<Building> buildingCards;

    BuildersEdition(String value, List<Building> buildingCards) {
        this.value = value;
        this.buildingCards = buildingCards;
    }

    /** The option's value, e.g. {@code "2"}. */
    public String value() {
        return value;
    }

    /** The building deck before shuffling: buildings, then machines if the edition has them. */
    public List<Building> buildingCards() {
        return buildingCards;
    }

    /** The edition named in a game's options; none named means a game from before editions. */
    public static BuildersEdition of(Map<String, String> options) {
        String named = options.get(OPTION);
        if (named == null) {
            return BUILDINGS_ONLY;
        }
        for (BuildersEdition edition : values()) {
            if (edition.value.equals(named)) {
                return edition;
            }
        }
        throw new IllegalArgumentException("no edition " + named + " of The Builders' cards");
    }

    private static List<Building> concat(List<Building> first, List<Building> second) {
        List<Building> all = new ArrayList<>(first);
        all.addAll(second);
        return List.copyOf(all);
    }
}
