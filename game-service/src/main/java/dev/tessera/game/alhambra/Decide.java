package dev.tessera.game.alhambra;

import dev.tessera.events.alhambra.AlhambraEvent;
import dev.tessera.events.alhambra.AlhambraEvent.MoneyTaken;
import dev.tessera.events.alhambra.AlhambraEvent.PlayerPassed;
import dev.tessera.events.alhambra.AlhambraEvent.TileBought;
import dev.tessera.events.alhambra.AlhambraEvent.TilePlaced;
import dev.tessera.events.alhambra.AlhambraEvent.TileReserved;
import dev.tessera.events.alhambra.AlhambraEvent.TilesGivenToDirk;
import dev.tessera.events.alhambra.AlhambraEvent.TilesSwapped;
import dev.tessera.game.alhambra.AlhambraMove.BuyTile;
import dev.tessera.game.alhambra.AlhambraMove.GiveToDirk;
import dev.tessera.game.alhambra.AlhambraMove.Pass;
import dev.tessera.game.alhambra.AlhambraMove.PlaceTile;
import dev.tessera.game.alhambra.AlhambraMove.RedesignPlace;
import dev.tessera.game.alhambra.AlhambraMove.RedesignRemove;
import dev.tessera.game.alhambra.AlhambraMove.RedesignSwap;
import dev.tessera.game.alhambra.AlhambraMove.ReserveTile;
import dev.tessera.game.alhambra.AlhambraMove.TakeMoney;
import dev.tessera.game.alhambra.AlhambraState.Phase;
import dev.tessera.game.rules.Decision;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * decide(): Alhambra's own rules for a move that passed the checks every game shares, and who may move now. A
 * legal move's events include what follows it without the player choosing ({@link TurnEnd}).
 */
final class Decide {
    private Decide() {}

    static boolean plays(AlhambraState s, String player) {
        return s.seatOf(player) >= 0;
    }

    /** The current player; in the final placement, everyone who received a leftover tile and has not placed it. */
    static boolean mayMove(AlhambraState s, String player) {
        return s.phase() == Phase.FINAL_PLACEMENT
                ? !s.player(player).pending().isEmpty()
                : s.currentPlayer().equals(player);
    }

    static String notYourTurn(AlhambraState s, String player) {
        return s.phase() == Phase.FINAL_PLACEMENT
                ? "Only players who received a leftover tile have something to place."
                : "It is " + s.currentPlayer() + "'s turn.";
    }

    static Decision<AlhambraEvent> move(AlhambraState s, String player, AlhambraMove move) {
        Objects.requireNonNull(move, "move");
        PlayerState me = s.player(player);
        Optional<Decision<AlhambraEvent>> outOfPhase = outOfPhase(s, me, move);
        if (outOfPhase.isPresent()) {
            return outOfPhase.get();
        }
        Emitter em = new Emitter(s);
        Optional<Decision<AlhambraEvent>> rejected;
        if (move instanceof TakeMoney m) {
            rejected = takeMoney(em, me, m);
        } else if (move instanceof BuyTile m) {
            rejected = buyTile(em, me, m);
        } else if (move instanceof RedesignPlace m) {
            rejected = redesignPlace(em, me, m);
        } else if (move instanceof RedesignRemove m) {
            rejected = redesignRemove(em, me, m);
        } else if (move instanceof RedesignSwap m) {
            rejected = redesignSwap(em, me, m);
        } else if (move instanceof Pass) {
            rejected = pass(em, me);
        } else if (move instanceof PlaceTile m) {
            rejected = placeTile(em, me, m);
        } else if (move instanceof ReserveTile m) {
            rejected = reserveTile(em, me, m);
        } else if (move instanceof GiveToDirk) {
            rejected = giveToDirk(em, me);
        } else {
            throw new IllegalArgumentException("unknown move " + move);
        }
        return rejected.orElseGet(() -> Decision.accept(em.events()));
    }

    /** Bought tiles are placed only once the actions are over, and nothing else is done while they wait. */
    private static Optional<Decision<AlhambraEvent>> outOfPhase(AlhambraState s, PlayerState me, AlhambraMove move) {
        boolean placing = move instanceof PlaceTile || move instanceof ReserveTile || move instanceof GiveToDirk;
        if (placing && s.phase() == Phase.ACTION) {
            return me.pending().isEmpty()
                    ? reject("nothing-to-place", "You have no bought tile to place.")
                    : reject(
                            "extra-action-first",
                            "You paid the exact price: take another action first; "
                                    + "bought tiles are placed at the end of the turn.");
        }
        if (!placing && s.phase() != Phase.ACTION) {
            return reject(
                    "must-place-tiles-first", "Place your tiles in your Alhambra or reserve before anything else.");
        }
        return Optional.empty();
    }

    private static Optional<Decision<AlhambraEvent>> takeMoney(Emitter em, PlayerState me, TakeMoney m) {
        if (m.cards().isEmpty()) {
            return reject("no-cards", "Name at least one card of the money display.");
        }
        List<MoneyCard> cards = new ArrayList<>();
        for (int id : m.cards()) {
            Optional<MoneyCard> card =
                    em.state().display().stream().filter(c -> c.id() == id).findFirst();
            if (card.isEmpty() || cards.contains(card.get())) {
                return reject("no-such-card", "Card " + id + " is not on the money display, or is named twice.");
            }
            cards.add(card.get());
        }
        int total = cards.stream().mapToInt(MoneyCard::value).sum();
        if (cards.size() > 1 && total > AlhambraData.MULTI_TAKE_LIMIT) {
            return reject(
                    "take-money-over-5",
                    "Several cards may be taken only if they total at most 5; these total " + total + ".");
        }
        em.emit(new MoneyTaken(me.id(), Infos.cardInfos(cards), total));
        TurnEnd.afterAction(em, me.id());
        return Optional.empty();
    }

    private static Optional<Decision<AlhambraEvent>> buyTile(Emitter em, PlayerState me, BuyTile m) {
        Optional<MarketSpace> space = em.state().market().stream()
                .filter(sp -> sp.tile() != null && sp.tile().id() == m.tile())
                .findFirst();
        if (space.isEmpty()) {
            return reject("no-such-tile", "Tile " + m.tile() + " is not on the building market.");
        }
        if (m.cards().isEmpty()) {
            return reject("no-cards", "Name the cards you pay with.");
        }
        List<MoneyCard> payment = new ArrayList<>();
        for (int id : m.cards()) {
            Optional<MoneyCard> card =
                    me.hand().stream().filter(c -> c.id() == id).findFirst();
            if (card.isEmpty() || payment.contains(card.get())) {
                return reject("no-such-card", "Card " + id + " is not in your hand, or is named twice.");
            }
            payment.add(card.get());
        }
        Currency currency = space.get().currency();
        if (payment.stream().anyMatch(c -> c.currency() != currency)) {
            return reject("wrong-currency", "This space's tile is paid in " + currency + " only.");
        }
        Tile tile = space.get().tile();
        int paid = payment.stream().mapToInt(MoneyCard::value).sum();
        if (paid < tile.cost()) {
            return reject("not-enough-money", "The tile costs " + tile.cost() + "; these cards make " + paid + ".");
        }
        em.emit(new TileBought(
                me.id(), Infos.info(tile), currency.code(), Infos.cardInfos(payment), paid, paid == tile.cost()));
        return Optional.empty();
    }

    private static Optional<Decision<AlhambraEvent>> redesignPlace(Emitter em, PlayerState me, RedesignPlace m) {
        Optional<Tile> tile = find(me.reserve(), m.tile());
        if (tile.isEmpty()) {
            return reject("no-such-tile", "Tile " + m.tile() + " is not in your reserve.");
        }
        PlacementRule rule = me.grid().checkPlace(m.x(), m.y(), tile.get().walls());
        if (rule != PlacementRule.OK) {
            return reject(rule, m.x(), m.y());
        }
        em.emit(new TilePlaced(me.id(), Infos.info(tile.get()), m.x(), m.y(), Evolution.FROM_RESERVE));
        TurnEnd.afterAction(em, me.id());
        return Optional.empty();
    }

    private static Optional<Decision<AlhambraEvent>> redesignRemove(Emitter em, PlayerState me, RedesignRemove m) {
        Optional<PlacedTile> placed = me.placed(m.tile());
        if (placed.isEmpty()) {
            return reject("no-such-tile", "Tile " + m.tile() + " is not in your Alhambra.");
        }
        PlacedTile p = placed.get();
        PlacementRule rule = me.grid().checkRemove(p.x(), p.y());
        if (rule != PlacementRule.OK) {
            return reject(rule, p.x(), p.y());
        }
        em.emit(new TileReserved(me.id(), Infos.info(p.tile()), Evolution.FROM_ALHAMBRA, p.x(), p.y()));
        TurnEnd.afterAction(em, me.id());
        return Optional.empty();
    }

    private static Optional<Decision<AlhambraEvent>> redesignSwap(Emitter em, PlayerState me, RedesignSwap m) {
        Optional<Tile> tile = find(me.reserve(), m.tile());
        if (tile.isEmpty()) {
            return reject("no-such-tile", "Tile " + m.tile() + " is not in your reserve.");
        }
        PlacementRule rule = me.grid().checkSwap(m.x(), m.y(), tile.get().walls());
        if (rule != PlacementRule.OK) {
            return reject(rule, m.x(), m.y());
        }
        Tile removed = me.placedAt(m.x(), m.y()).orElseThrow().tile();
        em.emit(new TilesSwapped(me.id(), Infos.info(tile.get()), Infos.info(removed), m.x(), m.y()));
        TurnEnd.afterAction(em, me.id());
        return Optional.empty();
    }

    private static Optional<Decision<AlhambraEvent>> pass(Emitter em, PlayerState me) {
        if (!LegalMoves.actions(em.state(), me).isEmpty()) {
            return reject("cannot-pass", "You may pass only when no action is possible.");
        }
        em.emit(new PlayerPassed(me.id()));
        TurnEnd.afterAction(em, me.id());
        return Optional.empty();
    }

    private static Optional<Decision<AlhambraEvent>> placeTile(Emitter em, PlayerState me, PlaceTile m) {
        Optional<Tile> tile = find(me.pending(), m.tile());
        if (tile.isEmpty()) {
            return reject("no-such-tile", "Tile " + m.tile() + " is not among the tiles you have to place.");
        }
        PlacementRule rule = me.grid().checkPlace(m.x(), m.y(), tile.get().walls());
        if (rule != PlacementRule.OK) {
            return reject(rule, m.x(), m.y());
        }
        em.emit(new TilePlaced(me.id(), Infos.info(tile.get()), m.x(), m.y(), Evolution.FROM_PENDING));
        TurnEnd.afterPlacement(em, me.id());
        return Optional.empty();
    }

    private static Optional<Decision<AlhambraEvent>> reserveTile(Emitter em, PlayerState me, ReserveTile m) {
        Optional<Tile> tile = find(me.pending(), m.tile());
        if (tile.isEmpty()) {
            return reject("no-such-tile", "Tile " + m.tile() + " is not among the tiles you have to place.");
        }
        em.emit(new TileReserved(me.id(), Infos.info(tile.get()), Evolution.FROM_PENDING, null, null));
        TurnEnd.afterPlacement(em, me.id());
        return Optional.empty();
    }

    private static Optional<Decision<AlhambraEvent>> giveToDirk(Emitter em, PlayerState me) {
        if (!em.state().hasDirk()) {
            return reject("no-dirk", "Tiles can be given to Dirk only in a two-player game.");
        }
        if (em.state().phase() != Phase.PLACEMENT) {
            return reject("no-dirk", "Leftover tiles at the end cannot be given to Dirk.");
        }
        em.emit(new TilesGivenToDirk(me.id(), Infos.tileInfos(me.pending())));
        TurnEnd.afterPlacement(em, me.id());
        return Optional.empty();
    }

    private static Optional<Tile> find(List<Tile> tiles, int id) {
        return tiles.stream().filter(t -> t.id() == id).findFirst();
    }

    private static Optional<Decision<AlhambraEvent>> reject(String rule, String detail) {
        return Optional.of(Decision.reject(rule, detail));
    }

    private static Optional<Decision<AlhambraEvent>> reject(PlacementRule rule, int x, int y) {
        return reject(rule.code(), PlacementRules.explain(rule, x, y));
    }
}
