package dev.tessera.gateway.api;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/** Client-supplied values made safe to put into an upstream URI. */
final class Uris {
    private Uris() {
    }

    static String segment(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    static String query(String name, String value) {
        return value == null ? "" : name + "=" + URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
