package dev.tessera.gateway.auth;

import io.quarkus.security.UnauthorizedException;
import io.quarkus.security.identity.CurrentIdentityAssociation;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.UUID;

/**
 * Who is calling: the player id from a verified token or API key, or nobody (an anonymous spectator).
 * A credential that does not verify never gets this far: it is a 401 before the resource runs.
 */
@ApplicationScoped
public class Callers {

    @Inject
    CurrentIdentityAssociation identities;

    /** The caller's player id; 401 without a valid credential. */
    public Uni<String> required() {
        return identities.getDeferredIdentity().map(identity -> {
            if (identity.isAnonymous()) {
                throw new UnauthorizedException();
            }
            return identity.getPrincipal().getName();
        });
    }

    /** The caller's player id, or null for an anonymous caller (a spectator). */
    public Uni<String> optional() {
        return identities
                .getDeferredIdentity()
                .map(identity ->
                        identity.isAnonymous() ? null : identity.getPrincipal().getName());
    }

    /** The caller as a registered player's id; 401 without a valid credential. */
    public Uni<UUID> requiredId() {
        return required().map(UUID::fromString);
    }
}
