package dev.tessera.events.game;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * A game's commitment to its seed, published in its {@link GameStarted} while the seed stays secret: the SHA-256 of
 * the UTF-8 text {@code "<seed>:<salt>"}, the seed in decimal (a signed 64-bit number) and the salt as written (32
 * lowercase hex digits), in lowercase hex. Anyone can check a revealed seed against it, for instance with
 * {@code printf '%s' "-4022713650245155512:9f2c…" | sha256sum}. The salt keeps guessed seeds from being tried against
 * the commitment while the game runs.
 */
public final class SeedCommitment {
    private static final SecureRandom SALTS = new SecureRandom();

    private SeedCommitment() {}

    /** A fresh random salt: 16 bytes in lowercase hex. */
    public static String newSalt() {
        byte[] salt = new byte[16];
        SALTS.nextBytes(salt);
        return HexFormat.of().formatHex(salt);
    }

    /** The commitment to {@code seed} with {@code salt}; null when {@code salt} is (a game without a commitment). */
    public static String of(long seed, String salt) {
        if (salt == null) {
            return null;
        }
        try {
            byte[] hash =
                    MessageDigest.getInstance("SHA-256").digest((seed + ":" + salt).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
