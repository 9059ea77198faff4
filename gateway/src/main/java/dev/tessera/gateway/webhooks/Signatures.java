package dev.tessera.gateway.webhooks;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signatures by the Standard Webhooks specification (standardwebhooks.com): a subscription's secret is {@code whsec_}
 * followed by the base64 of 32 random bytes, the key; each delivery carries {@code webhook-id}, {@code
 * webhook-timestamp} (Unix seconds of the attempt) and {@code webhook-signature}, {@code v1,} followed by the base64
 * of HMAC-SHA256(key, id + "." + timestamp + "." + body). A receiver computes the same and compares in constant time
 * (gateway/README.md, "Webhooks", shows how). After a rotation the header holds two signatures, space-separated, the
 * new secret's first: a receiver accepts the delivery when one of them verifies, as the specification says.
 */
public final class Signatures {
    static final String SECRET_PREFIX = "whsec_";
    private static final SecureRandom RANDOM = new SecureRandom();

    private Signatures() {}

    /** A new secret: {@code whsec_} and 32 random bytes in base64. */
    public static String newSecret() {
        byte[] key = new byte[32];
        RANDOM.nextBytes(key);
        return SECRET_PREFIX + Base64.getEncoder().encodeToString(key);
    }

    /** The {@code webhook-signature} header's value for one attempt, signed with both secrets while a rotation overlaps. */
    public static String sign(String secret, String previousSecret, String id, long timestamp, String body) {
        String signature = sign(secret, id, timestamp, body);
        return previousSecret == null ? signature : signature + " " + sign(previousSecret, id, timestamp, body);
    }

    /** The {@code webhook-signature} header's value for one attempt. */
    public static String sign(String secret, String id, long timestamp, String body) {
        if (!secret.startsWith(SECRET_PREFIX)) {
            throw new IllegalArgumentException("a webhook secret starts with " + SECRET_PREFIX);
        }
        byte[] key = Base64.getDecoder().decode(secret.substring(SECRET_PREFIX.length()));
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            byte[] signature = mac.doFinal((id + "." + timestamp + "." + body).getBytes(StandardCharsets.UTF_8));
            return "v1," + Base64.getEncoder().encodeToString(signature);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }
}
