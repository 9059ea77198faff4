package dev.tessera.gateway.auth;

import io.quarkus.runtime.Startup;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Base64;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Makes sure there is a key pair to sign and verify tokens with. An operator configures both keys with
 * the standard smallrye-jwt properties ({@code mp.jwt.verify.publickey.location},
 * {@code smallrye.jwt.sign.key.location}). Left at their defaults, both point into
 * {@code tessera.auth.key-dir}, and a missing pair is generated there at start-up, so that local runs
 * need no setup and tokens survive a restart. Several gateways may share the folder and start together:
 * they end with one pair. Nothing here is ever committed: the folder is data.
 */
@Startup
@ApplicationScoped
public class SigningKeys {
    static final String PUBLIC = "public.pem";
    static final String PRIVATE = "private.pem";
    private static final Logger LOG = Logger.getLogger(SigningKeys.class);

    @ConfigProperty(name = "tessera.auth.key-dir")
    Path keyDir;

    @ConfigProperty(name = "mp.jwt.verify.publickey.location")
    Optional<String> verifyLocation;

    @ConfigProperty(name = "smallrye.jwt.sign.key.location")
    Optional<String> signLocation;

    /** How long a private key without its public key is taken for another gateway's pair being put in place. */
    Duration partnerWait = Duration.ofSeconds(10);

    @PostConstruct
    void ensure() {
        boolean verifyDefault =
                verifyLocation.map(l -> l.equals(location(PUBLIC))).orElse(false);
        boolean signDefault = signLocation.map(l -> l.equals(location(PRIVATE))).orElse(false);
        if (verifyDefault != signDefault) {
            // One key from the operator, the other generated here, could never match.
            throw new IllegalStateException("configure both mp.jwt.verify.publickey.location and "
                    + "smallrye.jwt.sign.key.location, or neither (then a key pair is kept in " + keyDir + ")");
        }
        if (!verifyDefault) {
            LOG.infof("tokens: signed with %s, verified with %s", signLocation.orElse("?"), verifyLocation.orElse("?"));
            return;
        }
        Path publicKey = keyDir.resolve(PUBLIC);
        Path privateKey = keyDir.resolve(PRIVATE);
        if (Files.exists(privateKey) && !Files.exists(publicKey)) {
            // Another gateway may be between its two links (see generate): its public key follows at once.
            awaitPublicKey(publicKey);
        }
        if (Files.exists(publicKey) && Files.exists(privateKey)) {
            LOG.infof("tokens: using the key pair in %s", keyDir.toAbsolutePath());
            return;
        }
        if (Files.exists(publicKey) || Files.exists(privateKey)) {
            throw halfPair();
        }
        if (generate()) {
            LOG.infof("tokens: generated a new key pair in %s", keyDir.toAbsolutePath());
        } else {
            LOG.infof(
                    "tokens: using the key pair another gateway generated in %s at the same moment",
                    keyDir.toAbsolutePath());
        }
    }

    private String location(String file) {
        return "file:" + keyDir.resolve(file);
    }

    /**
     * Generates a pair and puts it in place, unless another gateway sharing the folder does so at the same moment:
     * then exactly one pair is kept and every gateway uses it. Both files are written whole in a private folder of
     * this gateway first; then each gets its final name by a hard link, which fails if the name exists. The private
     * key's link decides who wins; the winner's public key follows it, so a complete pair is one with a public key.
     *
     * @return whether this gateway's pair was kept (false: another gateway's was)
     */
    boolean generate() {
        Path privateKey = keyDir.resolve(PRIVATE);
        Path publicKey = keyDir.resolve(PUBLIC);
        KeyPair pair;
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            pair = generator.generateKeyPair();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has RSA", e);
        }
        Path staging = null;
        try {
            Files.createDirectories(keyDir);
            staging = Files.createTempDirectory(keyDir, ".pair-");
            Path stagedPrivate = write(
                    staging.resolve(PRIVATE),
                    pem("PRIVATE KEY", pair.getPrivate().getEncoded()),
                    true);
            Path stagedPublic = write(
                    staging.resolve(PUBLIC), pem("PUBLIC KEY", pair.getPublic().getEncoded()), false);
            try {
                Files.createLink(privateKey, stagedPrivate);
            } catch (FileAlreadyExistsException e) {
                awaitPublicKey(publicKey);
                if (!Files.exists(publicKey)) {
                    throw halfPair();
                }
                return false;
            }
            Files.createLink(publicKey, stagedPublic);
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException("could not write a key pair to " + keyDir.toAbsolutePath(), e);
        } finally {
            deleteQuietly(staging);
        }
    }

    private IllegalStateException halfPair() {
        return new IllegalStateException("half a key pair in " + keyDir.toAbsolutePath()
                + ": delete it to generate a new one (every token issued so far becomes invalid)");
    }

    private void awaitPublicKey(Path publicKey) {
        long deadline = System.nanoTime() + partnerWait.toNanos();
        while (!Files.exists(publicKey) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static Path write(Path file, String content, boolean secret) throws IOException {
        Files.createFile(file);
        if (secret) {
            try {
                Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
            } catch (UnsupportedOperationException e) {
                // not a POSIX file system: the folder's own permissions protect it
            }
        }
        Files.writeString(file, content, StandardCharsets.US_ASCII);
        return file;
    }

    private static void deleteQuietly(Path staging) {
        if (staging == null) {
            return;
        }
        try {
            Files.deleteIfExists(staging.resolve(PRIVATE));
            Files.deleteIfExists(staging.resolve(PUBLIC));
            Files.deleteIfExists(staging);
        } catch (IOException e) {
            LOG.warnf("could not delete %s: %s", staging, e.getMessage());
        }
    }

    private static String pem(String type, byte[] der) {
        String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(der);
        return "-----BEGIN " + type + "-----\n" + body + "\n-----END " + type + "-----\n";
    }
}
