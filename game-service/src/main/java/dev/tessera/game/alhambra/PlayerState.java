package dev.tessera.game.alhambra;

import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * One player's belongings: hidden hand, Alhambra (without the fountain, which is always at 0,0), reserve,
 * tiles bought this turn and not yet placed ({@code pending}), and points per scoring round (index 0 = round 1).
 */
public record PlayerState(
        String id,
        List<MoneyCard> hand,
        List<PlacedTile> alhambra,
        List<Tile> reserve,
        List<Tile> pending,
        List<Integer> roundPoints) {

    public PlayerState {
        hand = List.copyOf(hand);
        alhambra = List.copyOf(alhambra);
        reserve = List.copyOf(reserve);
        pending = List.copyOf(pending);
        roundPoints = List.copyOf(roundPoints);
    }

    static PlayerState initial(String id, List<MoneyCard> hand) {
        return new PlayerState(
                id, hand, List.of(), List.of(), List.of(), Collections.nCopies(AlhambraData.SCORING_ROUNDS, 0));
    }

    public int score() {
        return roundPoints.stream().mapToInt(Integer::intValue).sum();
    }

    public int total(Currency currency) {
        int sum = 0;
        for (MoneyCard c : hand) {
            sum += c.currency() == currency ? c.value() : 0;
        }
        return sum;
    }

    public AlhambraGrid grid() {
        return AlhambraGrid.of(alhambra);
    }

    public Optional<PlacedTile> placed(int tileId) {
        return alhambra.stream().filter(p -> p.tile().id() == tileId).findFirst();
    }

    public Optional<PlacedTile> placedAt(int x, int y) {
        return alhambra.stream().filter(p -> p.x() == x && p.y() == y).findFirst();
    }

    PlayerState withHand(List<MoneyCard> newHand) {
        return new PlayerState(id, newHand, alhambra, reserve, pending, roundPoints);
    }

    PlayerState withAlhambra(List<PlacedTile> newAlhambra) {
        return new PlayerState(id, hand, newAlhambra, reserve, pending, roundPoints);
    }

    PlayerState withReserve(List<Tile> newReserve) {
        return new PlayerState(id, hand, alhambra, newReserve, pending, roundPoints);
    }

    PlayerState withPending(List<Tile> newPending) {
        return new PlayerState(id, hand, alhambra, reserve, newPending, roundPoints);
    }

    PlayerState withRoundPoints(List<Integer> newPoints) {
        return new PlayerState(id, hand, alhambra, reserve, pending, newPoints);
    }
}
