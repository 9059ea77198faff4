package dev.tessera.lobby.api;

import dev.tessera.kit.problem.ProblemException;

/** The {@code limit} query parameter of the list endpoints: absent means the default, anything else must be in range. */
final class Limits {
    private Limits() {}

    static int parse(String value, int fallback, int max) {
        if (value == null) {
            return fallback;
        }
        String text = value.strip();
        if (!text.matches("[0-9]{1,4}") || Integer.parseInt(text) < 1 || Integer.parseInt(text) > max) {
            throw ProblemException.badField(
                    "limit", "limit is a whole number from 1 to " + max + ", not '" + value + "'");
        }
        return Integer.parseInt(text);
    }
}
