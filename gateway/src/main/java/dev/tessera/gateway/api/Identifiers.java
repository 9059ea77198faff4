package dev.tessera.gateway.api;

import dev.tessera.kit.problem.ProblemException;
import dev.tessera.kit.problem.ProblemMappers;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * An id in a public path (a table's, a game's, a player's, an API key's: {@code {id}}, {@code {player}},
 * {@code {keyId}}) is opaque to clients, but every id Tessera hands out is a UUID: 1 to 64 letters, digits,
 * {@code -}, {@code _}, {@code .} or {@code ~} covers them with room to change. Anything else (a NUL byte, a space,
 * a control character, a percent sign, a 10,000-character string) cannot name anything and is refused here, at the
 * edge, with a 400 naming the parameter, before any service or database sees it. A well-formed id that names
 * nothing stays a 404.
 */
public class Identifiers {
    private static final Set<String> ID_PARAMETERS = Set.of("id", "player", "keyId", "deliveryId");
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9._~-]{1,64}");

    @ServerRequestFilter
    public Optional<Response> refuseWhatCannotBeAnId(UriInfo uri) {
        for (Map.Entry<String, List<String>> p : uri.getPathParameters().entrySet()) {
            if (ID_PARAMETERS.contains(p.getKey()) && !p.getValue().stream().allMatch(Identifiers::isId)) {
                return Optional.of(ProblemMappers.respond(ProblemException.badField(
                                p.getKey(),
                                p.getKey()
                                        + " is an id: 1 to 64 letters, digits, '-', '_', '.' or '~' (Tessera's ids are UUIDs)")
                        .toProblem(uri.getPath())));
            }
        }
        return Optional.empty();
    }

    static boolean isId(String value) {
        return value != null && ID.matcher(value).matches();
    }
}
