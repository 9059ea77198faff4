package dev.tessera.game.alhambra;

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
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * legalMoves(): every move decide() accepts, except that a payment is listed once per multiset of card
 * values — cards of the same currency and value are interchangeable, so the lowest-id copies stand for them.
 */
final class LegalMoves {
    private LegalMoves() {}

    static List<AlhambraMove> of(AlhambraState s, String player) {
        if (s.phase() == Phase.OVER || s.seatOf(player) < 0) {
            return List.of();
        }
        PlayerState me = s.player(player);
        if (s.phase() == Phase.FINAL_PLACEMENT) {
            return placements(me, false);
        }
        if (!s.currentPlayer().equals(player)) {
            return List.of();
        }
        if (s.phase() == Phase.PLACEMENT) {
            return placements(me, s.hasDirk());
        }
        List<AlhambraMove> actions = actions(s, me);
        return actions.isEmpty() ? List.of(new Pass()) : actions;
    }

    /** The three actions: take money, buy a tile, redesign. */
    static List<AlhambraMove> actions(AlhambraState s, PlayerState me) {
        List<AlhambraMove> moves = new ArrayList<>();
        takeMoney(s.display(), moves);
        for (MarketSpace space : s.market()) {
            if (space.tile() != null) {
                payments(me, space, moves);
            }
        }
        redesigns(me, moves);
        return moves;
    }

    private static void takeMoney(List<MoneyCard> display, List<AlhambraMove> moves) {
        for (int subset = 1; subset < 1 << display.size(); subset++) {
            List<Integer> ids = new ArrayList<>();
            int total = 0;
            for (int i = 0; i < display.size(); i++) {
                if ((subset & 1 << i) != 0) {
                    ids.add(display.get(i).id());
                    total += display.get(i).value();
                }
            }
            if (ids.size() == 1 || total <= AlhambraData.MULTI_TAKE_LIMIT) {
                moves.add(new TakeMoney(ids));
            }
        }
    }

    /** One move per multiset of values of the space's currency that reaches the price. */
    private static void payments(PlayerState me, MarketSpace space, List<AlhambraMove> moves) {
        TreeMap<Integer, List<Integer>> idsByValue = new TreeMap<>();
        for (MoneyCard c : me.hand()) {
            if (c.currency() == space.currency()) {
                idsByValue.computeIfAbsent(c.value(), v -> new ArrayList<>()).add(c.id());
            }
        }
        idsByValue.values().forEach(ids -> ids.sort(null));
        List<Integer> values = new ArrayList<>(idsByValue.keySet());
        int available = me.total(space.currency());
        if (available >= space.tile().cost()) {
            choose(space.tile(), values, idsByValue, 0, new ArrayList<>(), 0, available, moves);
        }
    }

    private static void choose(
            Tile tile,
            List<Integer> values,
            TreeMap<Integer, List<Integer>> idsByValue,
            int index,
            List<Integer> chosen,
            int sum,
            int remaining,
            List<AlhambraMove> moves) {
        if (sum + remaining < tile.cost()) {
            return; // even every remaining card would not pay for it
        }
        if (index == values.size()) {
            moves.add(new BuyTile(tile.id(), chosen));
            return;
        }
        int value = values.get(index);
        List<Integer> ids = idsByValue.get(value);
        int rest = remaining - value * ids.size();
        for (int count = 0; count <= ids.size(); count++) {
            List<Integer> next = new ArrayList<>(chosen);
            next.addAll(ids.subList(0, count));
            choose(tile, values, idsByValue, index + 1, next, sum + value * count, rest, moves);
        }
    }

    private static void redesigns(PlayerState me, List<AlhambraMove> moves) {
        if (me.reserve().isEmpty() && me.alhambra().isEmpty()) {
            return;
        }
        AlhambraGrid grid = me.grid();
        List<Square> frontier = grid.frontier();
        for (Tile t : me.reserve()) {
            for (Square sq : frontier) {
                if (grid.checkPlace(sq.x(), sq.y(), t.walls()) == PlacementRule.OK) {
                    moves.add(new RedesignPlace(t.id(), sq.x(), sq.y()));
                }
            }
        }
        for (PlacedTile p : me.alhambra()) {
            if (grid.checkRemove(p.x(), p.y()) == PlacementRule.OK) {
                moves.add(new RedesignRemove(p.tile().id()));
            }
        }
        for (Tile t : me.reserve()) {
            for (PlacedTile p : me.alhambra()) {
                if (grid.checkSwap(p.x(), p.y(), t.walls()) == PlacementRule.OK) {
                    moves.add(new RedesignSwap(t.id(), p.x(), p.y()));
                }
            }
        }
    }

    private static List<AlhambraMove> placements(PlayerState me, boolean dirk) {
        List<AlhambraMove> moves = new ArrayList<>();
        if (me.pending().isEmpty()) {
            return moves;
        }
        AlhambraGrid grid = me.grid();
        List<Square> frontier = grid.frontier();
        for (Tile t : me.pending()) {
            for (Square sq : frontier) {
                if (grid.checkPlace(sq.x(), sq.y(), t.walls()) == PlacementRule.OK) {
                    moves.add(new PlaceTile(t.id(), sq.x(), sq.y()));
                }
            }
            moves.add(new ReserveTile(t.id()));
        }
        if (dirk) {
            moves.add(new GiveToDirk());
        }
        return moves;
    }
}
