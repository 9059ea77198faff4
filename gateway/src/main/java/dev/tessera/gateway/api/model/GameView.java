package dev.tessera.gateway.api.model;

import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A game as the caller may see it (game-service's GameResource.GameView). */
@Schema(
        name = "GameView",
        description = "A game as the caller may see it: the same top-level fields for every game, and `state`, "
                + "the rules engine's view, which is game-specific.",
        examples = Examples.VIEW_ALHAMBRA)
public record GameView(
        @Schema(required = true) String gameId,

        @Schema(required = true, nullable = true, description = "The table that started the game; null for a fork")
        String tableId,

        @Schema(required = true, description = "alhambra, carrara or builders")
        String game,

        @Schema(required = true, description = "The players' ids in seat order")
        List<String> players,

        @Schema(required = true, description = "The game's version: the number of events in its stream")
        long version,

        @Schema(
                required = true,
                description = "True once the game is decided (the final standings follow as tessera.game.GameEnded)")
        boolean over,

        @Schema(required = true, type = SchemaType.OBJECT, additionalProperties = Schema.True.class, description = """
                The game's state as the caller may see it (game-specific). A seated player sees their own hidden \
                information; everyone else sees what a spectator sees.

                **Alhambra**: `players` [{id, hand (own only, else null), handSize, money [{currency, cards, total}], \
                alhambra [{x, y, tile}], reserve, pending, roundPoints, score}], `currentPlayer`, `phase` (action, placement, \
                final-placement, over), `extraAction`, `waitingFor`, `market` [{currency, tile}], `moneyDisplay`, `deckSize`, \
                `discardSize`, `supplySize`, `dirk` (2 players only, else null), `unclaimed`, `scoringRound`.

                **Carrara**: `phase` (ACTION, BUYING_STONES, CHOOSING_UPGRADE, AWAITING_VALUATION, AFTER_ACTION, OVER), `current`, \
                `wheel`, `bag`, `display`, `pile`, `supply`, `market`, `citiesValued`, `declaredBy`, `endTriggered`, `pending`, \
                `players` [{name, coins (own only), vp, stones, buildings, objects, typesValued, valuationMarkersLeft, and with \
                the expansion categoriesValued, upgrades}], `prices` (per wheel section I to VI, each colour's price in coins); \
                with the expansion also `expansion` {largeBuildings, upgradesLeft, bonusCard {card, description, vp}}.

                **The Builders**: `players` [{name, coins, buildingVictoryPoints, freeWorkers, freeMachines, sites (each with \
                its workers and machines), completed}], \
                `buildingDisplay`, `buildingDeckTop`, `buildingDeckSize`, `workerDisplay`, `workerDeckTop`, `workerDeckSize`, \
                `currentPlayer`, `round`, `actionPoints`, `sentThisTurn`, `endTriggeredBy`, `finished`, `wages` (coins per worker \
                rank).""")
        Map<String, Object> state,

        @Schema(description = "The seats server bots play since their players timed out")
        List<String> bots,

        @Schema(description = "Who must act by when; null when no clock runs (no clock, game over, the game waits)")
        GameClock clock,

        @Schema(
                nullable = true,
                description = "The player who may move now; null when nobody can (the game is over, or it "
                        + "waits for another service: a scoring round, a valuation). Ask for legal moves as that player "
                        + "(in a sandbox game, its forker moves for every seat).")
        String toAct,

        @Schema(
                required = true,
                description = "True for a game played for practice (a fork): never rated, and left out of "
                        + "statistics and exports unless asked for")
        boolean sandbox,

        @Schema(
                nullable = true,
                description = "What the game was forked from; null unless it is a fork. Its forker plays every seat "
                        + "and sees every hand; everyone else sees it as a spectator")
        Fork fork) {}
