package dev.tessera.game.carrara;

import dev.tessera.events.carrara.BuildingBuilt;
import dev.tessera.events.carrara.BuildingRenovated;
import dev.tessera.events.carrara.BuildingRevealed;
import dev.tessera.events.carrara.CarraraEvent;
import dev.tessera.events.carrara.CoinsTaken;
import dev.tessera.events.carrara.EndDeclared;
import dev.tessera.events.carrara.GameFinished;
import dev.tessera.events.carrara.LargeBuildingBuilt;
import dev.tessera.events.carrara.ObjectBought;
import dev.tessera.events.carrara.RotationSkipped;
import dev.tessera.events.carrara.StonePurchaseSkipped;
import dev.tessera.events.carrara.StonesBought;
import dev.tessera.events.carrara.TurnEnded;
import dev.tessera.events.carrara.UpgradeTaken;
import dev.tessera.events.carrara.ValuationRequested;
import dev.tessera.events.carrara.ValuationScored;
import dev.tessera.events.carrara.WheelRotated;
import dev.tessera.game.rules.Reveals;

/**
 * What each Carrara event does to an undo (game-service/docs/carrara.md, "Undo"). Stones bought from the wheel,
 * buildings built or renovated, objects and upgrades bought, a skipped rotation or purchase and the end declared
 * show nothing new: those moves may be taken back within the turn. Turning the wheel draws from the bag, a new
 * building tile is turned face up, taking coins under the no-coins rule shows the player's holdings, and a valuation
 * scores: none of these can be taken back. Nor can the end of a turn, or of the game.
 */
final class CarraraReveals {
    private CarraraReveals() {}

    static final Reveals<CarraraEvent> RULE = Reveals.of(CarraraEvent.class)
            .nothing(
                    StonesBought.class,
                    StonePurchaseSkipped.class,
                    RotationSkipped.class,
                    BuildingBuilt.class,
                    LargeBuildingBuilt.class,
                    BuildingRenovated.class,
                    ObjectBought.class,
                    UpgradeTaken.class,
                    EndDeclared.class)
            .reveals(
                    WheelRotated.class,
                    BuildingRevealed.class,
                    CoinsTaken.class,
                    ValuationRequested.class,
                    ValuationScored.class,
                    GameFinished.class)
            .endsTurn(TurnEnded.class)
            .build();
}
