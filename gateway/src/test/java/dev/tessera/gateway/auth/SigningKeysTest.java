package dev.tessera.gateway.auth;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The generated key pair: made once, then kept, so tokens outlive a restart. */
class SigningKeysTest {

    private static SigningKeys keys(Path dir, String verify, String sign) {
        SigningKeys keys = new SigningKeys();
        keys.keyDir = dir;
        keys.verifyLocation = Optional.ofNullable(verify);
        keys.signLocation = Optional.ofNullable(sign);
        return keys;
    }

    private static SigningKeys defaults(Path dir) {
        return keys(dir, "file:" + dir.resolve("public.pem"), "file:" + dir.resolve("private.pem"));
    }

    @Test
    void a_missing_pair_is_generated_once_and_kept_across_restarts(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("keys");
        defaults(dir).ensure();
        String privateKey = Files.readString(dir.resolve("private.pem"));
        String publicKey = Files.readString(dir.resolve("public.pem"));
        assertTrue(privateKey.startsWith("-----BEGIN PRIVATE KEY-----"));
        assertTrue(publicKey.startsWith("-----BEGIN PUBLIC KEY-----"));
        if (Files.getFileStore(dir).supportsFileAttributeView("posix")) {
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("private.pem"))));
        }

        defaults(dir).ensure();
        assertEquals(privateKey, Files.readString(dir.resolve("private.pem")));
        assertEquals(publicKey, Files.readString(dir.resolve("public.pem")));
    }

    @Test
    void half_a_pair_or_half_a_configuration_refuses_to_start(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("keys");
        defaults(dir).ensure();
        Files.delete(dir.resolve("public.pem"));
        assertThrows(IllegalStateException.class, () -> defaults(dir).ensure());

        Path other = tmp.resolve("other");
        assertThrows(IllegalStateException.class, () ->
                keys(other, "https://keys.example/jwks.json", "file:" + other.resolve("private.pem")).ensure());
        assertFalse(Files.exists(other));
    }

    @Test
    void configured_keys_generate_nothing(@TempDir Path tmp) {
        Path dir = tmp.resolve("keys");
        keys(dir, "file:/etc/tessera/public.pem", "file:/etc/tessera/private.pem").ensure();
        assertFalse(Files.exists(dir));
    }
}
