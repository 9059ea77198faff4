package dev.tessera.game.carrara;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Expansion: the green bonus-points cards. One is drawn at set-up; at the end, every player who meets it scores
 * its VP.
 */
// ASSUMPTION: no source gives the green cards' contents; these three and their VP are our choice
// (game-service/docs/carrara.md, Assumptions). Correct them here.
public enum BonusCard {
    LARGE_BUILDING("large-building", "own a cost-8 building", 5) {
        @Override
        boolean metBy(PlayerState player) {
            return player.buildings().stream().anyMatch(b -> b.cost() == CarraraData.LARGE_COST);
        }
    },
    FIVE_CITIES("five-cities", "have buildings in at least five cities", 5) {
        @Override
        boolean metBy(PlayerState player) {
            return player.buildings().stream().map(Building::city).distinct().count() >= 5;
        }
    },
    FOUR_TYPES("four-types", "have buildings of at least four types", 5) {
        @Override
        boolean metBy(PlayerState player) {
            return player.buildings().stream().map(Building::type).distinct().count() >= 4;
        }
    };

    private final String id;
    private final String description;
    private final int vp;

    BonusCard(String id, String description, int vp) {
        this.id = id;
        this.description = description;
        this.vp = vp;
    }

    abstract boolean metBy(PlayerState player);

    @JsonValue
    public String id() {
        return id;
    }

    public String description() {
        return description;
    }

    public int vp() {
        return vp;
    }

    /** What the card gives {@code player} at the end. */
    public int bonusFor(PlayerState player) {
        return metBy(player) ? vp : 0;
    }
}
