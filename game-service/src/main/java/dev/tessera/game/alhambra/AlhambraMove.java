package dev.tessera.game.alhambra;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.List;

/**
 * A player's move. Tiles and cards are named by id; squares by x (east) and y (south), fountain at 0,0.
 * Actions (take-money, buy-tile, redesign-*) are taken in the action phase; place-tile, reserve-tile and
 * give-to-dirk dispose of the tiles bought this turn once the actions are over.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
    @JsonSubTypes.Type(value = AlhambraMove.TakeMoney.class, name = "take-money"),
    @JsonSubTypes.Type(value = AlhambraMove.BuyTile.class, name = "buy-tile"),
    @JsonSubTypes.Type(value = AlhambraMove.RedesignPlace.class, name = "redesign-place"),
    @JsonSubTypes.Type(value = AlhambraMove.RedesignRemove.class, name = "redesign-remove"),
    @JsonSubTypes.Type(value = AlhambraMove.RedesignSwap.class, name = "redesign-swap"),
    @JsonSubTypes.Type(value = AlhambraMove.PlaceTile.class, name = "place-tile"),
    @JsonSubTypes.Type(value = AlhambraMove.ReserveTile.class, name = "reserve-tile"),
    @JsonSubTypes.Type(value = AlhambraMove.GiveToDirk.class, name = "give-to-dirk"),
    @JsonSubTypes.Type(value = AlhambraMove.Pass.class, name = "pass")
})
public sealed interface AlhambraMove {

    /** Take one display card, or several totalling at most 5. */
    record TakeMoney(List<Integer> cards) implements AlhambraMove {
        public TakeMoney {
            cards = cards == null ? List.of() : List.copyOf(cards);
        }
    }

    /** Buy the market tile {@code tile} with these hand cards, all of its space's currency. */
    record BuyTile(int tile, List<Integer> cards) implements AlhambraMove {
        public BuyTile {
            cards = cards == null ? List.of() : List.copyOf(cards);
        }
    }

    /** Redesign: place reserve tile {@code tile} on the empty square (x, y). */
    record RedesignPlace(int tile, int x, int y) implements AlhambraMove {}

    /** Redesign: move Alhambra tile {@code tile} to the reserve. */
    record RedesignRemove(int tile) implements AlhambraMove {}

    /** Redesign: put reserve tile {@code tile} on (x, y) in place of the tile there, which goes to the reserve. */
    record RedesignSwap(int tile, int x, int y) implements AlhambraMove {}

    /** Place a tile bought this turn (or a leftover tile at the end) on the empty square (x, y). */
    record PlaceTile(int tile, int x, int y) implements AlhambraMove {}

    /** Put a tile bought this turn (or a leftover tile at the end) into the reserve. */
    record ReserveTile(int tile) implements AlhambraMove {}

    /** Two players only: give every tile bought this turn to the neutral player Dirk. */
    record GiveToDirk() implements AlhambraMove {}

    /** Only when no action at all is possible: end the actions of the turn. */
    // ASSUMPTION: not a rule of the game; without it a player with no possible action would block the game.
    record Pass() implements AlhambraMove {}
}
