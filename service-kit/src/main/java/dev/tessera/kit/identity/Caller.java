package dev.tessera.kit.identity;

import dev.tessera.kit.problem.ProblemException;
import java.util.Map;

/**
 * Who is acting, as the services learn it: the gateway authenticates the caller and passes the player
 * id in {@link #PLAYER_HEADER}, after dropping any such header a client sent. Services read the acting
 * player from there only, never from a request body.
 */
public final class Caller {
    public static final String PLAYER_HEADER = "X-Tessera-Player";

    private Caller() {}

    /** The acting player, or a 401 problem when the request names none. */
    public static String required(String header) {
        if (header == null || header.isBlank()) {
            throw new ProblemException(
                    401, "unauthenticated", "Unauthenticated", "the acting player is missing", Map.of());
        }
        return header;
    }
}
