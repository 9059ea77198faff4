package dev.tessera.game.alhambra;

import dev.tessera.events.alhambra.AlhambraEvent;
import java.util.ArrayList;
import java.util.List;

/** Collects a decision's events and folds each into a working state, so later steps see its effect. */
final class Emitter {
    private final List<AlhambraEvent> events = new ArrayList<>();
    private AlhambraState state;

    Emitter(AlhambraState state) {
        this.state = state;
    }

    void emit(AlhambraEvent event) {
        events.add(event);
        state = Evolution.apply(state, event);
    }

    AlhambraState state() {
        return state;
    }

    List<AlhambraEvent> events() {
        return events;
    }
}
