package dev.tessera.gateway.auth;

import io.smallrye.jwt.build.Jwt;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Issues the signed tokens players present as {@code Authorization: Bearer}. The signing key is the one
 * smallrye-jwt is configured with ({@code smallrye.jwt.sign.key.location}); see {@link SigningKeys}.
 */
@ApplicationScoped
public class Tokens {
    public static final String PLAYER_GROUP = "player";

    @ConfigProperty(name = "tessera.auth.issuer")
    String issuer;

    @ConfigProperty(name = "tessera.auth.token-lifespan")
    Duration lifespan;

    public record Issued(String token, Instant expiresAt) {}

    public Issued issue(UUID playerId, String name) {
        Instant now = Instant.now();
        Instant expiresAt = now.plus(lifespan);
        String token = Jwt.issuer(issuer)
                .subject(playerId.toString())
                .upn(playerId.toString())
                .preferredUserName(name)
                .groups(Set.of(PLAYER_GROUP))
                .issuedAt(now)
                .expiresAt(expiresAt)
                .sign();
        return new Issued(token, expiresAt);
    }
}
