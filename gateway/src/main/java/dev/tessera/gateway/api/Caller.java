package dev.tessera.gateway.api;

import dev.tessera.kit.problem.ProblemException;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Who is calling. Until tokens arrive (issue: gateway tokens), a player names themself in the
 * {@code X-Player} header; the gateway passes the name on and the services never read a player id
 * from a request body.
 */
final class Caller {
    static final String HEADER = "X-Player";

    private Caller() {
    }

    static String required(String header) {
        if (header == null || header.isBlank()) {
            throw new ProblemException(401, "unauthenticated", "Unauthenticated",
                    "name the acting player in the " + HEADER + " header", Map.of());
        }
        if (!header.matches("[A-Za-z0-9_.-]{1,40}")) {
            throw ProblemException.badField(HEADER, "a player name is 1 to 40 letters, digits, '.', '_' or '-'");
        }
        return header;
    }

    static String optional(String header) {
        return header == null || header.isBlank() ? null : required(header);
    }

    static String segment(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    static String query(String name, String value) {
        return value == null ? "" : name + "=" + URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
