package dev.tessera.verify;

import dev.tessera.events.CloudEvent;

/** One event of an export, with its line number (from 1) for naming it. */
record Line(long number, CloudEvent envelope) {

    String type() {
        return envelope.type();
    }
}
