package dev.tessera.lobby.players;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tessera.lobby.players.RatingRanks.Placing;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RatingRanksTest {

    @Test
    void without_abandoners_the_standings_are_the_rating_ranks() {
        assertEquals(
                Map.of("a", 1, "b", 2, "c", 2, "d", 4),
                RatingRanks.of(List.of(
                        new Placing("a", 1, false),
                        new Placing("b", 2, false),
                        new Placing("c", 2, false),
                        new Placing("d", 4, false))));
    }

    @Test
    void an_abandoner_is_last_whatever_their_score_and_abandoners_tie() {
        // The winner on points abandoned (a bot played on): last, below everyone who stayed.
        assertEquals(
                Map.of("a", 3, "b", 1, "c", 2),
                RatingRanks.of(
                        List.of(new Placing("a", 1, true), new Placing("b", 2, false), new Placing("c", 3, false))));
        assertEquals(
                Map.of("a", 2, "b", 1, "c", 2),
                RatingRanks.of(
                        List.of(new Placing("a", 1, true), new Placing("b", 2, false), new Placing("c", 3, true))));
    }
}
