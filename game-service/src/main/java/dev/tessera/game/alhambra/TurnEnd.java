package dev.tessera.game.alhambra;

import dev.tessera.events.alhambra.AlhambraEvent.BuildingSupplyExhausted;
import dev.tessera.events.alhambra.AlhambraEvent.DirkReceivedTiles;
import dev.tessera.events.alhambra.AlhambraEvent.DiscardsReshuffled;
import dev.tessera.events.alhambra.AlhambraEvent.LeftoverTileAwarded;
import dev.tessera.events.alhambra.AlhambraEvent.LeftoverTileUnclaimed;
import dev.tessera.events.alhambra.AlhambraEvent.MarketRefilled;
import dev.tessera.events.alhambra.AlhambraEvent.MoneyDisplayRefilled;
import dev.tessera.events.alhambra.AlhambraEvent.ScoringCardDrawn;
import dev.tessera.events.alhambra.AlhambraEvent.ScoringRoundTriggered;
import dev.tessera.events.alhambra.AlhambraEvent.TurnEnded;
import dev.tessera.events.alhambra.MarketTileInfo;
import dev.tessera.game.alhambra.AlhambraState.Phase;
import java.util.ArrayList;
import java.util.List;

/**
 * What follows a move without the player choosing: the end of the turn (refill of the money display and
 * the market, scoring rounds, Dirk's tiles, the next player) and the end of the game (game-service/docs/alhambra.md).
 */
final class TurnEnd {
    private static final int DIRK_ROUND_WITH_FIXED_TILES = 1;

    private TurnEnd() {}

    /** After an action that grants no further one: the turn ends now unless bought tiles wait to be placed. */
    static void afterAction(Emitter em, String player) {
        if (em.state().player(player).pending().isEmpty()) {
            endTurn(em, player);
        }
    }

    /** After a tile was placed, reserved or given away. */
    static void afterPlacement(Emitter em, String player) {
        AlhambraState s = em.state();
        if (s.phase() == Phase.FINAL_PLACEMENT) {
            if (s.players().stream().allMatch(p -> p.pending().isEmpty())) {
                em.emit(new ScoringRoundTriggered(AlhambraData.SCORING_ROUNDS));
            }
        } else if (s.player(player).pending().isEmpty()) {
            endTurn(em, player);
        }
    }

    private static void endTurn(Emitter em, String player) {
        List<Integer> scoringRounds = refillMoney(em);
        boolean marketFull = refillMarket(em);
        for (int round : scoringRounds) {
            em.emit(new ScoringRoundTriggered(round));
            giveDirkTiles(em, round);
        }
        if (marketFull) {
            AlhambraState s = em.state();
            em.emit(new TurnEnded(
                    player, s.seats().get((s.current() + 1) % s.seats().size())));
        } else {
            endGame(em);
        }
    }

    /** Draws up to 4 display cards, reshuffling the discards when the deck runs out; returns the scoring cards met. */
    private static List<Integer> refillMoney(Emitter em) {
        List<Integer> scoringRounds = new ArrayList<>();
        List<MoneyCard> batch = new ArrayList<>();
        while (em.state().display().size() + batch.size() < AlhambraData.DISPLAY_SIZE) {
            List<DeckCard> deck = em.state().deck();
            if (batch.size() == deck.size()) {
                flush(em, batch);
                if (em.state().discards().isEmpty()) {
                    break; // every card is in a hand or on display: the display stays short
                }
                em.emit(new DiscardsReshuffled(
                        em.state().discards().size(), em.state().reshuffles() + 1));
            } else if (deck.get(batch.size()) instanceof ScoringCard card) {
                flush(em, batch);
                em.emit(new ScoringCardDrawn(card.round()));
                scoringRounds.add(card.round());
            } else {
                batch.add((MoneyCard) deck.get(batch.size()));
            }
        }
        flush(em, batch);
        return scoringRounds;
    }

    private static void flush(Emitter em, List<MoneyCard> batch) {
        if (!batch.isEmpty()) {
            em.emit(new MoneyDisplayRefilled(
                    Infos.cardInfos(batch), em.state().deck().size() - batch.size()));
            batch.clear();
        }
    }

    /** Fills the empty market spaces in currency order; false when the supply could not fill them all. */
    private static boolean refillMarket(Emitter em) {
        AlhambraState s = em.state();
        List<MarketTileInfo> drawn = new ArrayList<>();
        boolean full = true;
        for (MarketSpace space : s.market()) {
            if (space.tile() != null) {
                continue;
            }
            if (drawn.size() < s.supply().size()) {
                drawn.add(new MarketTileInfo(
                        space.currency().code(), Infos.info(s.supply().get(drawn.size()))));
            } else {
                full = false;
            }
        }
        if (!drawn.isEmpty()) {
            em.emit(new MarketRefilled(drawn, s.supply().size() - drawn.size()));
        }
        return full;
    }

    /** Two players: Dirk gets 6 tiles after round 1 and a third of the supply after round 2. */
    private static void giveDirkTiles(Emitter em, int round) {
        AlhambraState s = em.state();
        if (!s.hasDirk() || round >= AlhambraData.SCORING_ROUNDS) {
            return;
        }
        int count = round == DIRK_ROUND_WITH_FIXED_TILES
                ? Math.min(AlhambraData.DIRK_TILES, s.supply().size())
                : s.supply().size() / AlhambraData.DIRK_SUPPLY_DIVISOR_AFTER_ROUND_2;
        if (count > 0) {
            em.emit(new DirkReceivedTiles(round, Infos.tileInfos(s.supply().subList(0, count))));
        }
    }

    /** Leftover market tiles go to the strictly highest holder of their space's currency; then round 3. */
    private static void endGame(Emitter em) {
        AlhambraState s = em.state();
        List<String> empty = s.market().stream()
                .filter(sp -> sp.tile() == null)
                .map(sp -> sp.currency().code())
                .toList();
        em.emit(new BuildingSupplyExhausted(empty));
        for (MarketSpace space : s.market()) {
            if (space.tile() == null) {
                continue;
            }
            int best = 0;
            List<PlayerState> leaders = new ArrayList<>();
            for (PlayerState p : s.players()) {
                int total = p.total(space.currency());
                if (total > best) {
                    best = total;
                    leaders.clear();
                }
                if (total == best && total > 0) {
                    leaders.add(p);
                }
            }
            String currency = space.currency().code();
            if (leaders.size() == 1) {
                em.emit(new LeftoverTileAwarded(leaders.get(0).id(), currency, Infos.info(space.tile()), best));
            } else {
                em.emit(new LeftoverTileUnclaimed(
                        currency, Infos.info(space.tile()), leaders.isEmpty() ? "no-money" : "tie"));
            }
        }
        if (em.state().players().stream().allMatch(p -> p.pending().isEmpty())) {
            em.emit(new ScoringRoundTriggered(AlhambraData.SCORING_ROUNDS));
        }
    }
}
