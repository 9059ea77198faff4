package dev.tessera.game.carrara;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.List;
import java.util.Objects;

/**
 * A Carrara move as the move endpoint accepts it; the acting player comes from the caller. The last five are the
 * expansion's, rejected with {@code expansion-not-in-play} in a game without it.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
    @JsonSubTypes.Type(value = CarraraMove.RotateWheel.class, name = "rotate-wheel"),
    @JsonSubTypes.Type(value = CarraraMove.BuyStones.class, name = "buy-stones"),
    @JsonSubTypes.Type(value = CarraraMove.BuyNothing.class, name = "buy-nothing"),
    @JsonSubTypes.Type(value = CarraraMove.TakeCoins.class, name = "take-coins"),
    @JsonSubTypes.Type(value = CarraraMove.Build.class, name = "build"),
    @JsonSubTypes.Type(value = CarraraMove.ValueType.class, name = "value-type"),
    @JsonSubTypes.Type(value = CarraraMove.ValueCity.class, name = "value-city"),
    @JsonSubTypes.Type(value = CarraraMove.DeclareEnd.class, name = "declare-end"),
    @JsonSubTypes.Type(value = CarraraMove.BuyObject.class, name = "buy-object"),
    @JsonSubTypes.Type(value = CarraraMove.EndTurn.class, name = "end-turn"),
    @JsonSubTypes.Type(value = CarraraMove.SkipRotation.class, name = "skip-rotation"),
    @JsonSubTypes.Type(value = CarraraMove.BuildLarge.class, name = "build-large"),
    @JsonSubTypes.Type(value = CarraraMove.TakeUpgrade.class, name = "take-upgrade"),
    @JsonSubTypes.Type(value = CarraraMove.Renovate.class, name = "renovate"),
    @JsonSubTypes.Type(value = CarraraMove.ValueCategory.class, name = "value-category")
})
public sealed interface CarraraMove {

    /** Action "buy stones", step 1: turn the wheel and refill it from the bag. */
    record RotateWheel() implements CarraraMove {}

    /** Action "buy stones", step 2: buy these stones from section 1 (I) to 6 (VI). */
    record BuyStones(int section, List<Stone> stones) implements CarraraMove {
        public BuyStones {
            stones = List.copyOf(stones);
        }
    }

    /** After turning the wheel, when no stone is affordable but the player has coins. */
    record BuyNothing() implements CarraraMove {}

    /** The no-coins rule: reveal holdings and take 2 coins from the bank. */
    record TakeCoins() implements CarraraMove {}

    /** Action "build": the display tile {@code building}/{@code cost} above {@code city}, paid with {@code stones}. */
    record Build(BuildingType building, int cost, City city, List<Stone> stones) implements CarraraMove {
        public Build {
            Objects.requireNonNull(building, "building");
            Objects.requireNonNull(city, "city");
            stones = List.copyOf(stones);
        }
    }

    /** Action "valuation" of all the player's buildings of one type. */
    record ValueType(BuildingType building) implements CarraraMove {
        public ValueType {
            Objects.requireNonNull(building, "building");
        }
    }

    /** Action "valuation" of all the player's buildings in one city. */
    record ValueCity(City city) implements CarraraMove {
        public ValueCity {
            Objects.requireNonNull(city, "city");
        }
    }

    /** By a player who met the three goals, before their action: the game ends after this round. */
    // ASSUMPTION: the rules do not say when in the turn the end is declared; we allow it before the action.
    record DeclareEnd() implements CarraraMove {}

    /** The extra purchase after the action. */
    record BuyObject(ObjectKind object) implements CarraraMove {
        public BuyObject {
            Objects.requireNonNull(object, "object");
        }
    }

    /** Ends the turn without the extra purchase. */
    record EndTurn() implements CarraraMove {}

    /**
     * Expansion, action "buy stones" without turning the wheel: no stone is drawn, the player buys at today's prices.
     */
    record SkipRotation() implements CarraraMove {}

    /**
     * Expansion, action "build": the extra board's cost-8 {@code building} above {@code city}, paid with 8 stones
     * the city accepts; then the player takes an upgrade tile ({@link TakeUpgrade}).
     */
    record BuildLarge(BuildingType building, City city, List<Stone> stones) implements CarraraMove {
        public BuildLarge {
            Objects.requireNonNull(building, "building");
            Objects.requireNonNull(city, "city");
            stones = List.copyOf(stones);
        }
    }

    /** Expansion, after a cost-8 building: one of the upgrade tiles left, for a city or a building category. */
    record TakeUpgrade(Upgrade upgrade) implements CarraraMove {
        public TakeUpgrade {
            Objects.requireNonNull(upgrade, "upgrade");
        }
    }

    /**
     * Expansion, action "build" as a renovation: the display tile {@code building}/{@code cost} replaces the
     * player's building {@code replaces} in its city, paid with the difference in cost in stones that city accepts.
     */
    record Renovate(BuildingType building, int cost, Replaced replaces, List<Stone> stones) implements CarraraMove {
        public Renovate {
            Objects.requireNonNull(building, "building");
            Objects.requireNonNull(replaces, "replaces");
            stones = List.copyOf(stones);
        }

        /** One of the player's buildings, named by its tile (type and cost identify a tile). */
        public record Replaced(BuildingType building, int cost) {
            public Replaced {
                Objects.requireNonNull(building, "building");
            }
        }
    }

    /** Expansion, action "valuation" of all the player's buildings of one category ("city" or "land"). */
    record ValueCategory(Category category) implements CarraraMove {
        public ValueCategory {
            Objects.requireNonNull(category, "category");
        }
    }
}
