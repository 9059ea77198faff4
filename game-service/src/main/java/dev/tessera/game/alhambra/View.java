package dev.tessera.game.alhambra;

import dev.tessera.game.alhambra.AlhambraState.Phase;
import dev.tessera.game.alhambra.AlhambraView.CurrencyHolding;
import dev.tessera.game.alhambra.AlhambraView.PlayerView;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * view(): builds what one viewer may see of a state ({@link AlhambraView}), hiding the hands of the players whose hand
 * they may not see: every other player's while the game runs.
 */
final class View {
    private View() {}

    static AlhambraView of(AlhambraState s, Predicate<String> seesHandOf) {
        List<PlayerView> players = new ArrayList<>();
        for (PlayerState p : s.players()) {
            List<CurrencyHolding> money = new ArrayList<>();
            for (Currency c : Currency.values()) {
                int cards = (int)
                        p.hand().stream().filter(card -> card.currency() == c).count();
                money.add(new CurrencyHolding(c, cards, p.total(c)));
            }
            players.add(new PlayerView(
                    p.id(),
                    seesHandOf.test(p.id()) ? p.hand() : null,
                    p.hand().size(),
                    money,
                    p.alhambra(),
                    p.reserve(),
                    p.pending(),
                    p.roundPoints(),
                    p.score()));
        }
        boolean playing = s.phase() == Phase.ACTION || s.phase() == Phase.PLACEMENT;
        List<String> waitingFor = switch (s.phase()) {
            case ACTION, PLACEMENT -> List.of(s.currentPlayer());
            case FINAL_PLACEMENT ->
                s.players().stream()
                        .filter(p -> !p.pending().isEmpty())
                        .map(PlayerState::id)
                        .toList();
            case OVER -> List.of();
        };
        return new AlhambraView(
                players,
                playing ? s.currentPlayer() : null,
                s.phase().code(),
                s.phase() == Phase.ACTION
                        && !s.player(s.currentPlayer()).pending().isEmpty(),
                waitingFor,
                s.market(),
                s.display(),
                s.deck().size(),
                s.discards().size(),
                s.supply().size(),
                s.hasDirk() ? s.dirk() : null,
                s.unclaimed(),
                s.scoringRound());
    }
}
