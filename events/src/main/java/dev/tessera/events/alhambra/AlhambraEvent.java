package dev.tessera.events.alhambra;

import dev.tessera.events.AwaitsAnswer;
import dev.tessera.events.EventType;
import dev.tessera.events.TesseraEvent;
import java.util.List;
import java.util.Map;

/**
 * The facts of an Alhambra game. Coordinates: x grows east, y grows south, the fountain is at (0,0).
 *
 * <p>Hidden information: none of these events carries any. Every money card that enters a hand was face
 * up on the money display (starting hands are part of the set-up, not of an event), so the events only
 * say what every player saw; the order of the money deck and of the tile supply never appears.
 * The set-up itself (starting hands, first market, Dirk's first tiles) is the engine's start state, which
 * the game service publishes in its own start event.
 */
public sealed interface AlhambraEvent extends TesseraEvent {

    /** The player took one card, or several totalling at most 5, from the money display. */
    @EventType("tessera.alhambra.MoneyTaken")
    record MoneyTaken(String player, List<MoneyCardInfo> cards, int total) implements AlhambraEvent {
        public MoneyTaken {
            cards = List.copyOf(cards);
        }
    }

    /**
     * The player bought a tile from the market space of {@code currency}, paying {@code paid} with cards of
     * that currency (no change given). {@code exactAmount} means the player takes another action.
     */
    @EventType("tessera.alhambra.TileBought")
    record TileBought(
            String player, TileInfo tile, String currency, List<MoneyCardInfo> payment, int paid, boolean exactAmount)
            implements AlhambraEvent {
        public TileBought {
            payment = List.copyOf(payment);
        }
    }

    /**
     * A tile went into the player's Alhambra at (x, y). {@code from} is "pending" (bought this turn, or a
     * leftover tile at the end) or "reserve" (a redesign).
     */
    @EventType("tessera.alhambra.TilePlaced")
    record TilePlaced(String player, TileInfo tile, int x, int y, String from) implements AlhambraEvent {}

    /**
     * A tile went into the player's reserve. {@code from} is "pending" (x and y are null) or "alhambra"
     * (a redesign removing the tile that stood at x, y).
     */
    @EventType("tessera.alhambra.TileReserved")
    record TileReserved(String player, TileInfo tile, String from, Integer x, Integer y) implements AlhambraEvent {}

    /** Redesign: the reserve tile {@code placed} took the square (x, y) of {@code removed}, which went to the reserve. */
    @EventType("tessera.alhambra.TilesSwapped")
    record TilesSwapped(String player, TileInfo placed, TileInfo removed, int x, int y) implements AlhambraEvent {}

    /** Two-player game: the player gave all the tiles they bought this turn to the neutral player Dirk. */
    @EventType("tessera.alhambra.TilesGivenToDirk")
    record TilesGivenToDirk(String player, List<TileInfo> tiles) implements AlhambraEvent {
        public TilesGivenToDirk {
            tiles = List.copyOf(tiles);
        }
    }

    /** The player could take no action at all (no money on display, nothing affordable, nothing to redesign). */
    @EventType("tessera.alhambra.PlayerPassed")
    record PlayerPassed(String player) implements AlhambraEvent {}

    /** Cards drawn from the deck onto the money display, left to right; {@code deckSize} is what remains. */
    @EventType("tessera.alhambra.MoneyDisplayRefilled")
    record MoneyDisplayRefilled(List<MoneyCardInfo> cards, int deckSize) implements AlhambraEvent {
        public MoneyDisplayRefilled {
            cards = List.copyOf(cards);
        }
    }

    /**
     * The money deck ran out: the {@code cards} discarded cards were shuffled into a new deck. The new
     * order derives from the game's seed and {@code reshuffle} (1 for the first reshuffle, and so on).
     */
    @EventType("tessera.alhambra.DiscardsReshuffled")
    record DiscardsReshuffled(int cards, int reshuffle) implements AlhambraEvent {}

    /** Scoring card {@code round} (1 or 2) came up while refilling the money display; it leaves the game. */
    @EventType("tessera.alhambra.ScoringCardDrawn")
    record ScoringCardDrawn(int round) implements AlhambraEvent {}

    /** Tiles drawn from the supply onto empty market spaces; {@code supplySize} is what remains. */
    @EventType("tessera.alhambra.MarketRefilled")
    record MarketRefilled(List<MarketTileInfo> tiles, int supplySize) implements AlhambraEvent {
        public MarketRefilled {
            tiles = List.copyOf(tiles);
        }
    }

    /**
     * Scoring round {@code round} is due (1 and 2 when a scoring card was drawn, 3 at the end). Scoring is
     * computed by the scoring service from the Alhambras (and Dirk's tiles); its answer comes back as
     * {@link PointsAwarded}. After round 3 the game is over.
     */
    @EventType("tessera.alhambra.ScoringRoundTriggered")
    record ScoringRoundTriggered(int round) implements AlhambraEvent, AwaitsAnswer {}

    /** Two-player game: the neutral player Dirk received tiles from the supply after scoring round {@code afterRound}. */
    @EventType("tessera.alhambra.DirkReceivedTiles")
    record DirkReceivedTiles(int afterRound, List<TileInfo> tiles) implements AlhambraEvent {
        public DirkReceivedTiles {
            tiles = List.copyOf(tiles);
        }
    }

    /** The player's turn is over (tiles placed, market and money refilled); {@code nextPlayer} is to act. */
    @EventType("tessera.alhambra.TurnEnded")
    record TurnEnded(String player, String nextPlayer) implements AlhambraEvent {}

    /** The supply could not refill the market spaces of {@code emptySpaces} (currencies): the game ends. */
    @EventType("tessera.alhambra.BuildingSupplyExhausted")
    record BuildingSupplyExhausted(List<String> emptySpaces) implements AlhambraEvent {
        public BuildingSupplyExhausted {
            emptySpaces = List.copyOf(emptySpaces);
        }
    }

    /**
     * End of game: the tile left on the market space of {@code currency} went to {@code player}, who holds
     * the strictly highest total ({@code currencyTotal}) of that currency; the player now places it.
     */
    @EventType("tessera.alhambra.LeftoverTileAwarded")
    record LeftoverTileAwarded(String player, String currency, TileInfo tile, int currencyTotal)
            implements AlhambraEvent {}

    /**
     * End of game: nobody gets the tile left on the space of {@code currency}; {@code reason} is "tie"
     * (several players share the highest total) or "no-money" (nobody holds that currency).
     */
    @EventType("tessera.alhambra.LeftoverTileUnclaimed")
    record LeftoverTileUnclaimed(String currency, TileInfo tile, String reason) implements AlhambraEvent {}

    /**
     * Points of scoring round {@code round} by player id, as computed by the scoring service; each player's
     * score grows by their points. Never produced by the rules engine itself; Dirk's points are not recorded.
     */
    @EventType("tessera.alhambra.PointsAwarded")
    record PointsAwarded(int round, Map<String, Integer> points) implements AlhambraEvent {
        public PointsAwarded {
            points = Map.copyOf(points);
        }
    }
}
