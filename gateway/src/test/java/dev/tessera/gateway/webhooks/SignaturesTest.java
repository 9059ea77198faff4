package dev.tessera.gateway.webhooks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Base64;
import org.junit.jupiter.api.Test;

/** Signatures a receiver can check with any Standard Webhooks library. */
class SignaturesTest {

    @Test
    void a_signature_is_the_base64_hmac_sha256_of_id_timestamp_and_body_under_the_decoded_secret() {
        // Computed apart from this code, with OpenSSL:
        // echo -n 'msg_p5jXN8AQM9LWM0D4loKWxJek.1614265330.{"test": 2432232314}' | openssl dgst -sha256 -mac HMAC \
        //   -macopt hexkey:$(echo -n MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw6yZk9X0UG2E= | base64 -d | xxd -p -c 256) -binary
        // | base64
        assertEquals(
                "v1,x0X1oLYAuGBDhfMMci+d9TeF8Z7PjUz1nQuL2RkQMYo=",
                Signatures.sign(
                        "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw6yZk9X0UG2E=",
                        "msg_p5jXN8AQM9LWM0D4loKWxJek",
                        1614265330,
                        "{\"test\": 2432232314}"));
    }

    @Test
    void a_new_secret_is_whsec_and_32_random_bytes() {
        String secret = Signatures.newSecret();
        assertTrue(secret.startsWith("whsec_"), secret);
        assertEquals(32, Base64.getDecoder().decode(secret.substring(6)).length);
        assertNotEquals(secret, Signatures.newSecret());
    }
}
