package dev.tessera.kit.observe;

import io.vertx.core.http.HttpServerRequest;
import org.jboss.logging.MDC;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Puts the game's id in the log's context ({@code "mdc":{"gameId":…}} in a JSON line) for every request about one
 * game: any path with {@code /games/<id>} in it (a move, a view, an undo; scoring's {@code /scoring/games/<id>}). Every
 * line logged while such a request is handled, by any class, then names its game, which a log collector can search
 * by. The context belongs to the request (Quarkus keeps the MDC in the request's Vert.x context), so it ends with it.
 */
public class GameInLog {
    public static final String KEY = "gameId";
    private static final String GAMES = "/games/";

    @ServerRequestFilter(preMatching = true)
    public void gameInLog(HttpServerRequest request) {
        String id = gameOf(request.path());
        if (id != null) {
            MDC.put(KEY, id);
        }
    }

    /** The segment after {@code /games/} in a path, or null. */
    static String gameOf(String path) {
        if (path == null) {
            return null;
        }
        int at = path.indexOf(GAMES);
        if (at < 0) {
            return null;
        }
        int start = at + GAMES.length();
        int end = path.indexOf('/', start);
        String id = end < 0 ? path.substring(start) : path.substring(start, end);
        return id.isEmpty() ? null : id;
    }
}
