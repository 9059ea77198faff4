package dev.tessera.gateway.players;

import dev.tessera.kit.problem.ProblemException;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.regex.Pattern;

/** Signing up, looking players up, and their API keys. */
@ApplicationScoped
public class PlayerService {
    /** What tells an API key from a JWT in an Authorization header (a JWT starts with "eyJ"). */
    public static final String KEY_PREFIX = "tsk_";

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]{1,40}");
    private static final SecureRandom RANDOM = new SecureRandom();

    /** A new key: its id (to revoke it) and the key itself, which exists nowhere else after this. */
    public record IssuedKey(UUID id, String key, OffsetDateTime createdAt) {}

    public Uni<Player> signUp(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw ProblemException.badField("name", "a player name is 1 to 40 letters, digits, '.', '_' or '-'");
        }
        Player player = new Player();
        player.id = UUID.randomUUID();
        player.name = name;
        player.createdAt = OffsetDateTime.now(ZoneOffset.UTC);
        return Panache.withTransaction(() -> Player.count("lower(name) = ?1", name.toLowerCase(Locale.ROOT))
                        .chain(taken -> {
                            if (taken > 0) {
                                throw nameTaken(name);
                            }
                            return player.<Player>persist();
                        }))
                // Two sign-ups racing for one name: the unique index lets only one commit.
                .onFailure(PlayerService::isUniqueViolation)
                .transform(e -> nameTaken(name));
    }

    public Uni<Player> byId(UUID id) {
        return Panache.withSession(() -> Player.<Player>findById(id));
    }

    /** The names of the players among {@code ids} that exist. */
    public Uni<java.util.Map<UUID, String>> names(java.util.Collection<UUID> ids) {
        if (ids.isEmpty()) {
            return Uni.createFrom().item(java.util.Map.of());
        }
        return Panache.withSession(() -> Player.<Player>list("id in ?1", List.copyOf(ids)))
                .map(found -> found.stream().collect(java.util.stream.Collectors.toMap(p -> p.id, p -> p.name)));
    }

    public Uni<IssuedKey> createKey(UUID playerId) {
        byte[] secret = new byte[32];
        RANDOM.nextBytes(secret);
        String key = KEY_PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
        ApiKey row = new ApiKey();
        row.id = UUID.randomUUID();
        row.playerId = playerId;
        row.keyHash = hash(key);
        row.createdAt = OffsetDateTime.now(ZoneOffset.UTC);
        return Panache.withTransaction(() -> Player.<Player>findById(playerId).chain(p -> {
                    if (p == null) {
                        throw ProblemException.notFound("player", playerId.toString());
                    }
                    return row.<ApiKey>persist();
                }))
                .map(k -> new IssuedKey(k.id, key, k.createdAt));
    }

    public Uni<List<ApiKey>> keys(UUID playerId) {
        return Panache.withSession(() -> ApiKey.<ApiKey>list("playerId = ?1 order by createdAt", playerId));
    }

    public Uni<Void> revokeKey(UUID playerId, UUID keyId) {
        return Panache.withTransaction(() -> ApiKey.delete("id = ?1 and playerId = ?2", keyId, playerId))
                .map(deleted -> {
                    if (deleted == 0) {
                        throw ProblemException.notFound("API key", keyId.toString());
                    }
                    return null;
                });
    }

    /** The player an API key acts for, or null when no such key exists (never issued, or revoked). */
    public Uni<Player> playerForKey(String key) {
        return Panache.withSession(() -> ApiKey.<ApiKey>find("keyHash", hash(key))
                .firstResult()
                .chain(k -> k == null ? Uni.createFrom().nullItem() : Player.<Player>findById(k.playerId)));
    }

    static String hash(String key) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    private static ProblemException nameTaken(String name) {
        return ProblemException.conflict("name-taken", "the name '" + name + "' is taken; choose another");
    }

    private static boolean isUniqueViolation(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof org.hibernate.exception.ConstraintViolationException) {
                return true;
            }
            if (t instanceof io.vertx.pgclient.PgException pg && "23505".equals(pg.getSqlState())) {
                return true;
            }
        }
        return false;
    }
}
