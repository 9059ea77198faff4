package dev.tessera.events.carrara;

import dev.tessera.events.TesseraEvent;

/**
 * The facts of a Carrara game. Values are plain strings and numbers (cities "Livorno", building types
 * "Palazzo", stones "white", objects "crown") so that a consumer needs no Carrara catalogue.
 *
 * <p>{@link RotationSkipped}, {@link LargeBuildingBuilt}, {@link UpgradeTaken} and {@link BuildingRenovated} occur
 * only in games with the expansion (the table option {@code expansion}).
 *
 * <p>Hidden information: no event carries a player's coin balance before {@link GameFinished}; the
 * contents of the bag and the building pile never appear, only what is drawn onto the open board.
 */
public sealed interface CarraraEvent extends TesseraEvent
        permits WheelRotated,
                StonesBought,
                StonePurchaseSkipped,
                CoinsTaken,
                BuildingBuilt,
                BuildingRevealed,
                ValuationRequested,
                ValuationScored,
                EndDeclared,
                ObjectBought,
                TurnEnded,
                GameFinished,
                RotationSkipped,
                LargeBuildingBuilt,
                UpgradeTaken,
                BuildingRenovated {}
