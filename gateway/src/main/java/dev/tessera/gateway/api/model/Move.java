package dev.tessera.gateway.api.model;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A game move: game-specific JSON whose {@code type} names the kind of move. Legal moves are listed in exactly
 * this JSON, and a client sends one of them back as it is; the document only fixes {@code type}.
 */
@Schema(
        name = "Move",
        additionalProperties = Schema.True.class,
        description = """
                A move, game-specific JSON: `type` names the kind of move and the other members depend on it. \
                GET legal-moves lists every move the caller may send now in exactly this JSON, so a client can send \
                one back verbatim (keep every member, known or not).

                **Alhambra** (game-service/docs/alhambra.md): `take-money` {cards: [card ids]}, `buy-tile` {tile, cards}, \
                `redesign-place` {tile, x, y}, `redesign-remove` {tile}, `redesign-swap` {tile, x, y}, `place-tile` {tile, x, y}, \
                `reserve-tile` {tile}, `give-to-dirk`, `pass`. Squares: x east, y south, the fountain at 0,0.

                **Carrara** (game-service/docs/carrara.md): `rotate-wheel`, `buy-stones` {section 1-6, stones: [colours]}, \
                `buy-nothing`, `take-coins`, `build` {building, cost, city, stones}, `value-type` {building}, `value-city` {city}, \
                `declare-end`, `buy-object` {object}, `end-turn`; with the expansion (table option `expansion`): \
                `skip-rotation`, `build-large` {building, city, stones: 8 colours}, then `take-upgrade` {upgrade: a city or \
                `city`/`land`}, `renovate` {building, cost, replaces: {building, cost}, stones}, `value-category` {category: \
                `city`/`land`}.

                **The Builders** (game-service/docs/builders.md): `start-construction` {building}, `recruit-worker` {worker}, \
                `send-worker` {worker, building}, `send-machine` {machine, building} (a completed machine: action points, \
                no wage), `take-coins` {actionPoints 1-3}, `buy-action-point`, `end-turn`.""",
        examples = {
            Examples.MOVE_ALHAMBRA,
            Examples.MOVE_CARRARA,
            Examples.MOVE_CARRARA_RENOVATE,
            Examples.MOVE_BUILDERS
        })
public record Move(
        @Schema(
                required = true,
                description = "The kind of move, e.g. take-money, build, send-worker",
                examples = "take-money")
        String type) {}
