package dev.tessera.gateway.auth;

import dev.tessera.gateway.players.PlayerService;
import io.quarkus.security.identity.IdentityProviderManager;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.AuthenticationRequest;
import io.quarkus.vertx.http.runtime.security.ChallengeData;
import io.quarkus.vertx.http.runtime.security.HttpAuthenticationMechanism;
import io.quarkus.vertx.http.runtime.security.HttpCredentialTransport;
import io.quarkus.vertx.http.runtime.security.HttpSecurityUtils;
import io.smallrye.mutiny.Uni;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Set;

/**
 * API keys, in an {@code X-Api-Key} header or as {@code Authorization: Bearer tsk_…}. It runs before the
 * JWT mechanism and steps aside (an empty result) when the request carries no API key, so signed
 * tokens go on to smallrye-jwt; a key is recognised by its prefix, which a JWT never has.
 */
@ApplicationScoped
public class ApiKeyAuthenticationMechanism implements HttpAuthenticationMechanism {
    public static final String HEADER = "X-Api-Key";
    private static final String BEARER = "Bearer ";

    @Override
    public Uni<SecurityIdentity> authenticate(RoutingContext context, IdentityProviderManager identities) {
        String key = key(context);
        if (key == null) {
            return Uni.createFrom().nullItem();
        }
        return identities.authenticate(
                HttpSecurityUtils.setRoutingContextAttribute(new ApiKeyAuthenticationRequest(key), context));
    }

    static String key(RoutingContext context) {
        String header = context.request().getHeader(HEADER);
        if (header != null && !header.isBlank()) {
            return header.trim();
        }
        String authorization = context.request().getHeader("Authorization");
        if (authorization != null && authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            String token = authorization.substring(BEARER.length()).trim();
            if (token.startsWith(PlayerService.KEY_PREFIX)) {
                return token;
            }
        }
        return null;
    }

    @Override
    public Uni<ChallengeData> getChallenge(RoutingContext context) {
        return Uni.createFrom().item(new ChallengeData(401, "WWW-Authenticate", "Bearer"));
    }

    @Override
    public Set<Class<? extends AuthenticationRequest>> getCredentialTypes() {
        return Set.of(ApiKeyAuthenticationRequest.class);
    }

    @Override
    public Uni<HttpCredentialTransport> getCredentialTransport(RoutingContext context) {
        return Uni.createFrom().item(new HttpCredentialTransport(HttpCredentialTransport.Type.OTHER_HEADER, HEADER));
    }

    /** Before smallrye-jwt's mechanism (priority 1000), which would reject a key as a malformed JWT. */
    @Override
    public int getPriority() {
        return DEFAULT_PRIORITY + 1000;
    }
}
