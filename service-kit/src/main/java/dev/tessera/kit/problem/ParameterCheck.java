package dev.tessera.kit.problem;

import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * No identifier, title, status or number a request names in its path or query holds a control character: such a
 * value is refused with a 400 naming the parameter, before any code sees it. Without this a NUL byte
 * ({@code /tables/abc%00def}) reached PostgreSQL, which refuses it in text ("invalid byte sequence for encoding
 * UTF8: 0x00"), and the request failed as a 500.
 */
public class ParameterCheck {

    @ServerRequestFilter
    public Optional<Response> refuseControlCharacters(UriInfo uri) {
        return firstBad(uri.getPathParameters())
                .or(() -> firstBad(uri.getQueryParameters()))
                .map(name -> ProblemMappers.respond(ProblemException.badField(
                                name, name + " holds a control character (such as NUL), which no value of it can")
                        .toProblem(uri.getPath())));
    }

    private static Optional<String> firstBad(MultivaluedMap<String, String> parameters) {
        for (Map.Entry<String, List<String>> p : parameters.entrySet()) {
            for (String value : p.getValue()) {
                if (hasControlCharacter(value)) {
                    return Optional.of(p.getKey());
                }
            }
        }
        return Optional.empty();
    }

    static boolean hasControlCharacter(String value) {
        return value != null && value.chars().anyMatch(c -> c < 0x20 || c == 0x7f);
    }
}
