package dev.tessera.game.alhambra;

import dev.tessera.events.alhambra.AlhambraEvent;
import dev.tessera.game.rules.Reveals;

/**
 * What each Alhambra event does to an undo (game-service/docs/alhambra.md, "Undo"). Money and tiles a player takes,
 * buys, places, reserves, swaps or gives to Dirk were all on the table: those moves may be taken back within the
 * turn. A draw is not: the money display and the market refilled, a reshuffle, a scoring card or round, Dirk's
 * tiles, the leftover tiles handed out at the end, the building supply running out. Nor is the end of a turn, or a
 * pass.
 */
final class AlhambraReveals {
    private AlhambraReveals() {}

    static final Reveals<AlhambraEvent> RULE = Reveals.of(AlhambraEvent.class)
            .nothing(
                    AlhambraEvent.MoneyTaken.class,
                    AlhambraEvent.TileBought.class,
                    AlhambraEvent.TilePlaced.class,
                    AlhambraEvent.TileReserved.class,
                    AlhambraEvent.TilesSwapped.class,
                    AlhambraEvent.TilesGivenToDirk.class)
            .reveals(
                    AlhambraEvent.MoneyDisplayRefilled.class,
                    AlhambraEvent.DiscardsReshuffled.class,
                    AlhambraEvent.ScoringCardDrawn.class,
                    AlhambraEvent.MarketRefilled.class,
                    AlhambraEvent.ScoringRoundTriggered.class,
                    AlhambraEvent.DirkReceivedTiles.class,
                    AlhambraEvent.BuildingSupplyExhausted.class,
                    AlhambraEvent.LeftoverTileAwarded.class,
                    AlhambraEvent.LeftoverTileUnclaimed.class,
                    AlhambraEvent.PointsAwarded.class)
            .endsTurn(AlhambraEvent.TurnEnded.class, AlhambraEvent.PlayerPassed.class)
            .build();
}
