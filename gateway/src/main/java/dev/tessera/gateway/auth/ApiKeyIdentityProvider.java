package dev.tessera.gateway.auth;

import dev.tessera.gateway.players.PlayerService;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.IdentityProvider;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.runtime.QuarkusPrincipal;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** Turns an API key into the identity of the player it was issued to, or fails when it is unknown or revoked. */
@ApplicationScoped
public class ApiKeyIdentityProvider implements IdentityProvider<ApiKeyAuthenticationRequest> {
    /** Identity attribute naming how the caller authenticated: {@code api-key} or absent for a token. */
    public static final String CREDENTIAL = "tessera.credential";

    @Inject
    PlayerService players;

    @Override
    public Class<ApiKeyAuthenticationRequest> getRequestType() {
        return ApiKeyAuthenticationRequest.class;
    }

    @Override
    public Uni<SecurityIdentity> authenticate(
            ApiKeyAuthenticationRequest request, AuthenticationRequestContext context) {
        return players.playerForKey(request.key()).map(player -> {
            if (player == null) {
                throw new AuthenticationFailedException("unknown or revoked API key");
            }
            return QuarkusSecurityIdentity.builder()
                    .setPrincipal(new QuarkusPrincipal(player.id.toString()))
                    .addRole(Tokens.PLAYER_GROUP)
                    .addAttribute(CREDENTIAL, "api-key")
                    .build();
        });
    }
}
