package dev.tessera.game.builders;

/**
 * The bank's coin flows since set-up. The bank is unlimited: it pays starting coins, coins taken with
 * action points and building rewards; it receives wages and the price of extra action points. So the coins
 * in players' hands always equal {@code paidOut - received}.
 */
// ASSUMPTION: the bank never runs out; the physical game's coins are worth 100 and no source says what then.
public record Bank(int paidOut, int received) {

    public static final Bank NO_FLOWS = new Bank(0, 0);

    public Bank pay(int coins) {
        return new Bank(paidOut + coins, received);
    }

    public Bank receive(int coins) {
        return new Bank(paidOut, received + coins);
    }

    public int inCirculation() {
        return paidOut - received;
    }
}
