package dev.tessera.gateway.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyFactory;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generated key pair: made once, then kept, so tokens outlive a restart; and one pair for all the gateways
 * that share the folder, however many start at once.
 */
class SigningKeysTest {

    private static SigningKeys keys(Path dir, String verify, String sign) {
        SigningKeys keys = new SigningKeys();
        keys.keyDir = dir;
        keys.verifyLocation = Optional.ofNullable(verify);
        keys.signLocation = Optional.ofNullable(sign);
        keys.partnerWait = Duration.ofMillis(300);
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
            assertEquals(
                    "rw-------",
                    PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("private.pem"))));
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
        assertThrows(
                IllegalStateException.class,
                () -> keys(other, "https://keys.example/jwks.json", "file:" + other.resolve("private.pem"))
                        .ensure());
        assertFalse(Files.exists(other));
    }

    @Test
    void gateways_starting_together_on_an_empty_folder_end_with_one_pair_that_all_of_them_use(@TempDir Path tmp)
            throws Exception {
        int gateways = 4;
        ExecutorService pool = Executors.newFixedThreadPool(gateways);
        try {
            for (int round = 0; round < 3; round++) {
                Path dir = tmp.resolve("keys-" + round);
                CyclicBarrier together = new CyclicBarrier(gateways);
                List<Future<List<String>>> used = new ArrayList<>();
                for (int g = 0; g < gateways; g++) {
                    used.add(pool.submit(() -> {
                        together.await();
                        defaults(dir).ensure();
                        // What this gateway signs and verifies with: the files as they are once it has started.
                        return List.of(
                                Files.readString(dir.resolve("private.pem")),
                                Files.readString(dir.resolve("public.pem")));
                    }));
                }
                List<List<String>> pairs = new ArrayList<>();
                for (Future<List<String>> gateway : used) {
                    pairs.add(gateway.get());
                }
                List<String> pair = List.of(
                        Files.readString(dir.resolve("private.pem")), Files.readString(dir.resolve("public.pem")));
                for (List<String> p : pairs) {
                    assertEquals(pair, p);
                }
                assertTrue(partners(pair.get(0), pair.get(1)), "the public key is the private key's");
                try (Stream<Path> files = Files.list(dir)) {
                    assertEquals(
                            List.of("private.pem", "public.pem"),
                            files.map(f -> f.getFileName().toString()).sorted().toList());
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void a_gateway_that_generated_while_another_put_its_pair_in_place_takes_that_pair(@TempDir Path tmp)
            throws Exception {
        Path dir = tmp.resolve("keys");
        defaults(dir).ensure();
        String privateKey = Files.readString(dir.resolve("private.pem"));
        String publicKey = Files.readString(dir.resolve("public.pem"));

        // As if it had found the folder empty a moment before.
        assertFalse(defaults(dir).generate());
        assertEquals(privateKey, Files.readString(dir.resolve("private.pem")));
        assertEquals(publicKey, Files.readString(dir.resolve("public.pem")));
    }

    private static boolean partners(String privatePem, String publicPem) throws Exception {
        KeyFactory rsa = KeyFactory.getInstance("RSA");
        RSAPrivateCrtKey privateKey = (RSAPrivateCrtKey) rsa.generatePrivate(new PKCS8EncodedKeySpec(der(privatePem)));
        RSAPublicKey publicKey = (RSAPublicKey) rsa.generatePublic(new X509EncodedKeySpec(der(publicPem)));
        return privateKey.getModulus().equals(publicKey.getModulus())
                && privateKey.getPublicExponent().equals(publicKey.getPublicExponent());
    }

    private static byte[] der(String pem) {
        return Base64.getMimeDecoder().decode(pem.replaceAll("-----[A-Z ]+-----", ""));
    }

    @Test
    void configured_keys_generate_nothing(@TempDir Path tmp) {
        Path dir = tmp.resolve("keys");
        keys(dir, "file:/etc/tessera/public.pem", "file:/etc/tessera/private.pem")
                .ensure();
        assertFalse(Files.exists(dir));
    }
}
