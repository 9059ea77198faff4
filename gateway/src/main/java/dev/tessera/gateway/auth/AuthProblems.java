package dev.tessera.gateway.auth;

import dev.tessera.kit.problem.Problem;
import io.quarkus.security.AuthenticationCompletionException;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.ForbiddenException;
import io.quarkus.security.UnauthorizedException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.Map;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * Quarkus security's own answers are bare 401/403 responses with a challenge header; Tessera's are
 * problem+json like every other error. quarkus-rest hands these exceptions to the REST exception mappers,
 * both for a failed (proactive) authentication and for an anonymous call to an {@code @Authenticated} method.
 */
public class AuthProblems {
    static final String HOW = "send Authorization: Bearer <token> (from POST /api/v1/players) or an X-Api-Key header";

    @ServerExceptionMapper
    public Response missing(UnauthorizedException e, UriInfo uri) {
        return unauthenticated("this needs a registered player: " + HOW, uri);
    }

    @ServerExceptionMapper
    public Response failed(AuthenticationFailedException e, UriInfo uri) {
        return unauthenticated("the credential is invalid, expired or revoked: " + HOW, uri);
    }

    @ServerExceptionMapper
    public Response incomplete(AuthenticationCompletionException e, UriInfo uri) {
        return unauthenticated("the credential is invalid, expired or revoked: " + HOW, uri);
    }

    @ServerExceptionMapper
    public Response forbidden(ForbiddenException e, UriInfo uri) {
        String detail =
                e.getMessage() == null || e.getMessage().isBlank() ? "not allowed for this caller" : e.getMessage();
        return Response.status(403)
                .type(Problem.MEDIA_TYPE)
                .entity(new Problem(Problem.TYPE_BASE + "forbidden", "Forbidden", 403, detail, uri.getPath(), Map.of()))
                .build();
    }

    private static Response unauthenticated(String detail, UriInfo uri) {
        return Response.status(401)
                .type(Problem.MEDIA_TYPE)
                .header(HttpHeaders.WWW_AUTHENTICATE, "Bearer")
                .entity(new Problem(
                        Problem.TYPE_BASE + "unauthenticated", "Unauthenticated", 401, detail, uri.getPath(), Map.of()))
                .build();
    }
}
