package dev.tessera.game.alhambra;

import static dev.tessera.game.alhambra.Lists.plus;
import static dev.tessera.game.alhambra.Lists.without;

import dev.tessera.events.alhambra.AlhambraEvent;
import dev.tessera.events.alhambra.AlhambraEvent.BuildingSupplyExhausted;
import dev.tessera.events.alhambra.AlhambraEvent.DirkReceivedTiles;
import dev.tessera.events.alhambra.AlhambraEvent.DiscardsReshuffled;
import dev.tessera.events.alhambra.AlhambraEvent.LeftoverTileAwarded;
import dev.tessera.events.alhambra.AlhambraEvent.LeftoverTileUnclaimed;
import dev.tessera.events.alhambra.AlhambraEvent.MarketRefilled;
import dev.tessera.events.alhambra.AlhambraEvent.MoneyDisplayRefilled;
import dev.tessera.events.alhambra.AlhambraEvent.MoneyTaken;
import dev.tessera.events.alhambra.AlhambraEvent.PlayerPassed;
import dev.tessera.events.alhambra.AlhambraEvent.PointsAwarded;
import dev.tessera.events.alhambra.AlhambraEvent.ScoringCardDrawn;
import dev.tessera.events.alhambra.AlhambraEvent.ScoringRoundTriggered;
import dev.tessera.events.alhambra.AlhambraEvent.TileBought;
import dev.tessera.events.alhambra.AlhambraEvent.TilePlaced;
import dev.tessera.events.alhambra.AlhambraEvent.TileReserved;
import dev.tessera.events.alhambra.AlhambraEvent.TilesGivenToDirk;
import dev.tessera.events.alhambra.AlhambraEvent.TilesSwapped;
import dev.tessera.events.alhambra.AlhambraEvent.TurnEnded;
import dev.tessera.events.alhambra.MarketTileInfo;
import dev.tessera.game.alhambra.AlhambraState.Phase;
import dev.tessera.game.rules.Shuffle;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/** evolve(): how each event changes the state. Events are facts, so nothing here is checked or rejected. */
final class Evolution {
    static final String FROM_PENDING = "pending";
    static final String FROM_RESERVE = "reserve";
    static final String FROM_ALHAMBRA = "alhambra";

    private Evolution() {}

    static AlhambraState apply(AlhambraState s, AlhambraEvent event) {
        if (event instanceof MoneyTaken e) {
            List<MoneyCard> cards = Infos.cards(e.cards());
            Set<MoneyCard> taken = new HashSet<>(cards);
            return endActions(s.withMoney(s.deck(), s.discards(), without(s.display(), taken::contains))
                    .withPlayer(e.player(), p -> p.withHand(plus(p.hand(), cards))));
        }
        if (event instanceof TileBought e) {
            Tile tile = Infos.tile(e.tile());
            List<MoneyCard> paid = Infos.cards(e.payment());
            Set<MoneyCard> gone = new HashSet<>(paid);
            AlhambraState next = s.withTiles(
                            withSpace(s, Infos.currency(e.currency()), null), s.supply(), s.dirk(), s.unclaimed())
                    .withMoney(s.deck(), plus(s.discards(), paid), s.display())
                    .withPlayer(
                            e.player(),
                            p -> p.withHand(without(p.hand(), gone::contains)).withPending(plus(p.pending(), tile)));
            return e.exactAmount() ? next : endActions(next);
        }
        if (event instanceof TilePlaced e) {
            Tile tile = Infos.tile(e.tile());
            boolean fromReserve = FROM_RESERVE.equals(e.from());
            AlhambraState next = s.withPlayer(e.player(), p -> {
                PlayerState q = p.withAlhambra(plus(p.alhambra(), new PlacedTile(e.x(), e.y(), tile)));
                return fromReserve
                        ? q.withReserve(without(q.reserve(), tile::equals))
                        : q.withPending(without(q.pending(), tile::equals));
            });
            return fromReserve ? endActions(next) : next;
        }
        if (event instanceof TileReserved e) {
            Tile tile = Infos.tile(e.tile());
            boolean fromAlhambra = FROM_ALHAMBRA.equals(e.from());
            AlhambraState next = s.withPlayer(e.player(), p -> {
                PlayerState q = p.withReserve(plus(p.reserve(), tile));
                return fromAlhambra
                        ? q.withAlhambra(without(q.alhambra(), t -> t.tile().equals(tile)))
                        : q.withPending(without(q.pending(), tile::equals));
            });
            return fromAlhambra ? endActions(next) : next;
        }
        if (event instanceof TilesSwapped e) {
            Tile placed = Infos.tile(e.placed());
            Tile removed = Infos.tile(e.removed());
            return endActions(s.withPlayer(
                    e.player(),
                    p -> p.withReserve(plus(without(p.reserve(), placed::equals), removed))
                            .withAlhambra(Lists.edit(p.alhambra(), l -> {
                                l.replaceAll(t -> t.tile().equals(removed) ? new PlacedTile(e.x(), e.y(), placed) : t);
                                return l;
                            }))));
        }
        if (event instanceof TilesGivenToDirk e) {
            List<Tile> given = Infos.tiles(e.tiles());
            return s.withTiles(s.market(), s.supply(), plus(s.dirk(), given), s.unclaimed())
                    .withPlayer(e.player(), p -> p.withPending(without(p.pending(), given::contains)));
        }
        if (event instanceof PlayerPassed) {
            return endActions(s);
        }
        if (event instanceof MoneyDisplayRefilled e) {
            List<MoneyCard> drawn = Infos.cards(e.cards());
            return s.withMoney(s.deck().subList(drawn.size(), s.deck().size()), s.discards(), plus(s.display(), drawn));
        }
        if (event instanceof DiscardsReshuffled e) {
            Random random = new Random(reshuffleSeed(s.seed(), e.reshuffle()));
            return s.withMoney(plus(s.deck(), Shuffle.shuffled(s.discards(), random)), List.of(), s.display())
                    .withReshuffles(e.reshuffle());
        }
        if (event instanceof ScoringCardDrawn e) {
            ScoringCard card = new ScoringCard(e.round());
            return s.withMoney(without(s.deck(), card::equals), s.discards(), s.display());
        }
        if (event instanceof MarketRefilled e) {
            List<MarketSpace> market = s.market();
            for (MarketTileInfo m : e.tiles()) {
                market = withSpace(market, Infos.currency(m.currency()), Infos.tile(m.tile()));
            }
            return s.withTiles(
                    market, s.supply().subList(e.tiles().size(), s.supply().size()), s.dirk(), s.unclaimed());
        }
        if (event instanceof ScoringRoundTriggered e) {
            AlhambraState next = s.withScoringRound(e.round());
            return e.round() == AlhambraData.SCORING_ROUNDS ? next.withPhase(Phase.OVER) : next;
        }
        if (event instanceof DirkReceivedTiles e) {
            return s.withTiles(
                    s.market(),
                    s.supply().subList(e.tiles().size(), s.supply().size()),
                    plus(s.dirk(), Infos.tiles(e.tiles())),
                    s.unclaimed());
        }
        if (event instanceof TurnEnded e) {
            return s.withCurrent(s.seatOf(e.nextPlayer())).withPhase(Phase.ACTION);
        }
        if (event instanceof BuildingSupplyExhausted) {
            return s.withPhase(Phase.FINAL_PLACEMENT);
        }
        if (event instanceof LeftoverTileAwarded e) {
            Tile tile = Infos.tile(e.tile());
            return s.withTiles(withSpace(s, Infos.currency(e.currency()), null), s.supply(), s.dirk(), s.unclaimed())
                    .withPlayer(e.player(), p -> p.withPending(plus(p.pending(), tile)));
        }
        if (event instanceof LeftoverTileUnclaimed e) {
            return s.withTiles(
                    withSpace(s, Infos.currency(e.currency()), null),
                    s.supply(),
                    s.dirk(),
                    plus(s.unclaimed(), Infos.tile(e.tile())));
        }
        if (event instanceof PointsAwarded e) {
            AlhambraState next = s;
            for (Map.Entry<String, Integer> points : e.points().entrySet()) {
                if (next.seatOf(points.getKey()) < 0) {
                    continue; // Dirk's points are not recorded
                }
                next = next.withPlayer(
                        points.getKey(),
                        p -> p.withRoundPoints(Lists.edit(p.roundPoints(), l -> {
                            l.set(e.round() - 1, l.get(e.round() - 1) + points.getValue());
                            return l;
                        })));
            }
            return next;
        }
        throw new IllegalArgumentException("unknown Alhambra event " + event);
    }

    /** The seed of the n-th reshuffle, derived from the game's seed (SplitMix64's constant spreads the bits). */
    static long reshuffleSeed(long seed, int reshuffle) {
        return seed ^ (0x9E3779B97F4A7C15L * reshuffle);
    }

    /** An action that does not grant another one ends the action phase: bought tiles are placed next. */
    private static AlhambraState endActions(AlhambraState s) {
        return s.phase() == Phase.ACTION ? s.withPhase(Phase.PLACEMENT) : s;
    }

    private static List<MarketSpace> withSpace(AlhambraState s, Currency currency, Tile tile) {
        return withSpace(s.market(), currency, tile);
    }

    private static List<MarketSpace> withSpace(List<MarketSpace> market, Currency currency, Tile tile) {
        return Lists.edit(market, l -> {
            l.set(currency.ordinal(), new MarketSpace(currency, tile));
            return l;
        });
    }
}
