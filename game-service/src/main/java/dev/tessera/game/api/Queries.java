package dev.tessera.game.api;

import dev.tessera.kit.problem.ProblemException;

/** The checks of the games' query parameters: each bad one a 400 naming it. */
final class Queries {
    private Queries() {}

    static void checkFrom(long from) {
        if (from < 0) {
            throw ProblemException.badField("from", "from is a stream version, 0 or more");
        }
    }

    static long at(String at) {
        try {
            long v = Long.parseLong(at.trim());
            if (v >= 1) {
                return v;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw ProblemException.badField("at", "at is a version of the game: a whole number, 1 or more");
    }

    static boolean everyone(String perspective) {
        if (perspective == null || perspective.isBlank() || perspective.equals("own")) {
            return false;
        }
        if (perspective.equals("all")) {
            return true;
        }
        throw ProblemException.badField(
                "perspective", "perspective is own (what the caller may see, the default) or all (every hand)");
    }

    /** {@code minVersion} asks for the game now: not beside a past version or every hand. */
    static void noMinVersion(Long minVersion) {
        if (minVersion != null) {
            throw ProblemException.badField(
                    "minVersion",
                    "minVersion is the version the caller last saw, for the game now: not with at or perspective=all");
        }
    }
}
