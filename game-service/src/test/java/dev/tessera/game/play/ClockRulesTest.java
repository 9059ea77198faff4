package dev.tessera.game.play;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tessera.events.lobby.ClockOptions;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The clock's pure parts: settings from the table options, the next row, the bot's choice. */
class ClockRulesTest {
    private static final OffsetDateTime NOW = OffsetDateTime.of(2030, 1, 1, 12, 0, 0, 0, ZoneOffset.UTC);
    private static final List<Integer> HUNDRED = IntStream.range(0, 100).boxed().toList();

    @Test
    void the_bot_picks_the_same_move_for_the_same_seed_and_version() {
        for (long version = 1; version < 50; version++) {
            assertEquals(RandomBot.pick(HUNDRED, 42L, version), RandomBot.pick(HUNDRED, 42L, version));
            assertEquals(RandomBot.pick(HUNDRED, -7L, version), RandomBot.pick(List.copyOf(HUNDRED), -7L, version));
        }
        // A stream replayed later gets the same bot moves: the sequence is a function of the seed alone.
        List<Integer> game = IntStream.range(1, 200)
                .mapToObj(v -> RandomBot.pick(HUNDRED, 42L, v))
                .toList();
        assertEquals(
                game,
                IntStream.range(1, 200)
                        .mapToObj(v -> RandomBot.pick(HUNDRED, 42L, v))
                        .toList());
        assertNotEquals(
                game,
                IntStream.range(1, 200)
                        .mapToObj(v -> RandomBot.pick(HUNDRED, 43L, v))
                        .toList());
    }

    @Test
    void the_bot_picks_among_all_legal_moves_roughly_uniformly() {
        int[] seen = new int[10];
        List<Integer> ten = IntStream.range(0, 10).boxed().toList();
        for (long version = 1; version <= 10_000; version++) {
            seen[RandomBot.pick(ten, 123456789L, version)]++;
        }
        for (int count : seen) {
            assertTrue(count > 800 && count < 1200, "uniform over 10 moves in 10,000 versions: " + count);
        }
        Set<Integer> firstMoves = new HashSet<>();
        for (long seed = 0; seed < 100; seed++) {
            firstMoves.add(RandomBot.pick(ten, seed, 2));
        }
        assertEquals(10, firstMoves.size(), "neighbouring seeds do not give related first moves");
        assertEquals("only", RandomBot.pick(List.of("only"), 1L, 1L));
        assertThrows(IllegalArgumentException.class, () -> RandomBot.pick(List.of(), 1L, 1L));
    }

    @Test
    void clock_settings_come_from_the_table_options() {
        assertEquals(
                Optional.of(Duration.ofSeconds(30)),
                ClockOptions.turnLength(Map.of("clock", "realtime", "turnSeconds", "30")));
        assertEquals(
                Optional.of(Duration.ofHours(24)),
                ClockOptions.turnLength(Map.of("clock", "turn-based", "moveHours", "24")));
        assertEquals(Optional.empty(), ClockOptions.turnLength(Map.of()));
        assertEquals(Optional.empty(), ClockOptions.turnLength(null));
        assertEquals(Optional.empty(), ClockOptions.turnLength(Map.of("turnSeconds", "30")));
        assertEquals(Optional.empty(), ClockOptions.turnLength(Map.of("clock", "realtime")));
        assertEquals(Optional.empty(), ClockOptions.turnLength(Map.of("clock", "realtime", "turnSeconds", "0")));
        assertEquals(Optional.empty(), ClockOptions.turnLength(Map.of("clock", "realtime", "turnSeconds", "soon")));
        assertEquals(Optional.empty(), ClockOptions.turnLength(Map.of("clock", "turn-based", "turnSeconds", "30")));
    }

    @Test
    void the_next_row_follows_whoever_is_to_act() {
        Optional<Duration> minute = Optional.of(Duration.ofMinutes(1));
        // A human to act: their turn runs one turn length from now.
        assertEquals(
                Optional.of(new ClockRow("g", "ana", ClockRow.TURN, NOW.plusMinutes(1), 3, List.of())),
                ClockRules.next("g", 3, "ana", minute, List.of(), Optional.empty(), false, NOW));
        // A bot to act: due now.
        assertEquals(
                Optional.of(new ClockRow("g", "bob", ClockRow.BOT, NOW, 4, List.of("bob"))),
                ClockRules.next("g", 4, "bob", minute, List.of("bob"), Optional.empty(), false, NOW));
        // Nobody to act: no row, unless bots must be remembered.
        assertEquals(Optional.empty(), ClockRules.next("g", 5, null, minute, List.of(), Optional.empty(), false, NOW));
        assertEquals(
                Optional.of(new ClockRow("g", null, ClockRow.IDLE, null, 5, List.of("bob"))),
                ClockRules.next("g", 5, null, minute, List.of("bob"), Optional.empty(), false, NOW));
        // No clock: no row.
        assertEquals(
                Optional.empty(),
                ClockRules.next("g", 5, "ana", Optional.empty(), List.of(), Optional.empty(), false, NOW));

        ClockRow grace = new ClockRow("g", "ana", ClockRow.GRACE, NOW.plusSeconds(10), 6, List.of());
        // A player's move (or a bot's) starts a fresh turn, even for the same player: they keep their seat.
        assertEquals(
                Optional.of(new ClockRow("g", "ana", ClockRow.TURN, NOW.plusMinutes(1), 7, List.of())),
                ClockRules.next("g", 7, "ana", minute, List.of(), Optional.of(grace), false, NOW));
        // A fact from outside the players (a scoring answer) leaves the same player's grace running.
        assertEquals(
                Optional.of(new ClockRow("g", "ana", ClockRow.GRACE, NOW.plusSeconds(10), 7, List.of())),
                ClockRules.next("g", 7, "ana", minute, List.of(), Optional.of(grace), true, NOW));
        assertEquals(
                Optional.of(new ClockRow("g", "bob", ClockRow.TURN, NOW.plusMinutes(1), 7, List.of())),
                ClockRules.next("g", 7, "bob", minute, List.of(), Optional.of(grace), true, NOW));
    }
}
