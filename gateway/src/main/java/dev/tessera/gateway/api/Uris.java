package dev.tessera.gateway.api;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/** Client-supplied values made safe to put into an upstream URI. */
final class Uris {
    private Uris() {}

    static String segment(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    static String query(String name, String value) {
        return value == null ? "" : name + "=" + URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    /** {@code path} with the given {@link #query} parts that are not empty, joined by {@code &}. */
    static String withQuery(String path, String... parts) {
        String query = java.util.Arrays.stream(parts)
                .filter(q -> !q.isEmpty())
                .collect(java.util.stream.Collectors.joining("&"));
        return query.isEmpty() ? path : path + "?" + query;
    }
}
