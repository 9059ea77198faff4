package dev.tessera.game.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tessera.events.alhambra.AlhambraEvent;
import dev.tessera.events.builders.BuildersEvent;
import dev.tessera.events.builders.WorkerInfo;
import dev.tessera.events.carrara.WheelRotated;
import dev.tessera.game.alhambra.AlhambraEngine;
import dev.tessera.game.builders.BuildersEngine;
import dev.tessera.game.carrara.CarraraEngine;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each title declares what every one of its events does to an undo (building an engine's declaration checks that it
 * names every event type of the title), by Board Game Arena's rule: a draw or a refill cannot be taken back.
 */
class RevealsTest {

    @Test
    void draws_and_refills_reveal_and_turn_ends_end_turns() {
        Reveals<AlhambraEvent> alhambra = new AlhambraEngine().reveals();
        assertEquals(Reveals.Effect.REVEALS, alhambra.of(new AlhambraEvent.MarketRefilled(List.of(), 10)));
        assertEquals(Reveals.Effect.REVEALS, alhambra.of(new AlhambraEvent.MoneyDisplayRefilled(List.of(), 10)));
        assertEquals(Reveals.Effect.ENDS_TURN, alhambra.of(new AlhambraEvent.TurnEnded("ana", "bob")));
        assertEquals(Reveals.Effect.ENDS_TURN, alhambra.of(new AlhambraEvent.PlayerPassed("ana")));
        assertEquals(
                Reveals.Effect.NOTHING,
                alhambra.of(new AlhambraEvent.TileBought("ana", null, "yen", List.of(), 5, true)),
                "a tile bought from the market was on show");
        assertEquals(
                Reveals.Effect.REVEALS, new CarraraEngine().reveals().of(new WheelRotated("ana", List.of("red"), 40)));
    }

    @Test
    void a_declaration_that_leaves_out_an_event_type_is_refused() {
        IllegalStateException e = assertThrows(
                IllegalStateException.class,
                () -> Reveals.of(BuildersEvent.class)
                        .nothing(BuildersEvent.WorkerSent.class)
                        .build());
        assertTrue(e.getMessage().contains("BuildersEvent$TurnEnded"), e.getMessage());
    }

    @Test
    void a_worker_recruited_reveals_only_when_a_deck_card_was_drawn() {
        Reveals<BuildersEvent> reveals = new BuildersEngine().reveals();
        WorkerInfo worker = new WorkerInfo(1, "apprentice", 1, 0, 0, 0, 2);
        WorkerInfo next = new WorkerInfo(2, "laborer", 0, 1, 0, 0, 2);
        assertEquals(
                Reveals.Effect.REVEALS, reveals.of(new BuildersEvent.WorkerRecruited("ana", worker, 1, 2, next, null)));
        assertEquals(
                Reveals.Effect.NOTHING,
                reveals.of(new BuildersEvent.WorkerRecruited("ana", worker, 1, 2, null, null)),
                "the deck was empty: nothing was drawn");
    }
}
