package dev.tessera.gateway.auth;

import io.quarkus.runtime.Startup;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Optional;

/**
 * Makes sure there is a key pair to sign and verify tokens with. An operator configures both keys with
 * the standard smallrye-jwt properties ({@code mp.jwt.verify.publickey.location},
 * {@code smallrye.jwt.sign.key.location}). Left at their defaults, both point into
 * {@code tessera.auth.key-dir}, and a missing pair is generated there at start-up, so that local runs
 * need no setup and tokens survive a restart. Nothing here is ever committed: the folder is data.
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

    @PostConstruct
    void ensure() {
        boolean verifyDefault = verifyLocation.map(l -> l.equals(location(PUBLIC))).orElse(false);
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
        if (Files.exists(publicKey) && Files.exists(privateKey)) {
            LOG.infof("tokens: using the key pair in %s", keyDir.toAbsolutePath());
            return;
        }
        if (Files.exists(publicKey) || Files.exists(privateKey)) {
            throw new IllegalStateException("half a key pair in " + keyDir.toAbsolutePath()
                    + ": delete it to generate a new one (every token issued so far becomes invalid)");
        }
        generate(privateKey, publicKey);
        LOG.infof("tokens: generated a new key pair in %s", keyDir.toAbsolutePath());
    }

    private String location(String file) {
        return "file:" + keyDir.resolve(file);
    }

    private void generate(Path privateKey, Path publicKey) {
        KeyPair pair;
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            pair = generator.generateKeyPair();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has RSA", e);
        }
        try {
            Files.createDirectories(keyDir);
            // Private key first: a reader that sees the public key can rely on its partner being there.
            write(privateKey, pem("PRIVATE KEY", pair.getPrivate().getEncoded()), true);
            write(publicKey, pem("PUBLIC KEY", pair.getPublic().getEncoded()), false);
        } catch (IOException e) {
            throw new UncheckedIOException("could not write a key pair to " + keyDir.toAbsolutePath(), e);
        }
    }

    /** Written whole under a temporary name, then moved in place: never a half-written key. */
    private void write(Path target, String content, boolean secret) throws IOException {
        Path tmp = Files.createTempFile(keyDir, ".key", ".tmp");
        try {
            if (secret) {
                try {
                    Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-------"));
                } catch (UnsupportedOperationException e) {
                    // not a POSIX file system: the folder's own permissions protect it
                }
            }
            Files.writeString(tmp, content, StandardCharsets.US_ASCII);
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private static String pem(String type, byte[] der) {
        String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der);
        return "-----BEGIN " + type + "-----\n" + body + "\n-----END " + type + "-----\n";
    }
}
