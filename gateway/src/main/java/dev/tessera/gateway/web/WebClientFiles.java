package dev.tessera.gateway.web;

import io.quarkus.runtime.util.ClassPathUtils;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;

/**
 * Serves the web client (src/main/resources/web): every file read once at start, kept in memory as it is and
 * gzipped, and named by a version that is a hash of all of them.
 *
 * <ul>
 * <li>{@code /} (and {@code /index.html}) is the page, its module and style sheet addressed under
 * {@code /app/<version>/}, with every other module preloaded ({@code modulepreload}). It is revalidated on every
 * visit ({@code no-cache}, its ETag the version), so a new gateway's client is picked up on reload: a 304 when nothing
 * changed.</li>
 * <li>{@code /app/<version>/…} are the modules and the style sheet. The modules import each other by relative paths,
 * so they all stay under that version. Since the address changes whenever any file does, they are cached for a year
 * and never revalidated ({@code immutable}): a repeat visit asks for nothing but the page.</li>
 * <li>Another version's address (a page from an instance that runs another release, during a rolling upgrade) gets
 * this instance's file, not to be stored ({@code no-store}); the unversioned {@code /app/…} of earlier releases gets
 * it revalidated ({@code no-cache}).</li>
 * </ul>
 *
 * Gzipped once here rather than compressed on every request (Quarkus' {@code enable-compression}): the files are the
 * same for everyone, their 234 KB (82 KB of it the three message catalogues) shrink to 73 KB, and the work is done
 * once per start. A client that does not accept gzip gets them as they are. The page's security headers
 * (Content-Security-Policy, …) come from application.properties' {@code quarkus.http.filter.web}, as for every path
 * outside {@code /api/} and {@code /q/}.
 */
@Singleton
public class WebClientFiles {
    static final String ROOT = "web";
    private static final String IMMUTABLE = "public, max-age=31536000, immutable";

    /** A file as served: its bytes, the same gzipped, its media type. */
    record File(byte[] raw, byte[] gzipped, String type) {}

    private final TreeMap<String, File> files = new TreeMap<>();
    private String version;
    /** index.html with the version filled in. */
    private File page;

    void routes(@Observes Router router) {
        load();
        router.route("/").method(HttpMethod.GET).method(HttpMethod.HEAD).handler(this::page);
        router.route("/index.html")
                .method(HttpMethod.GET)
                .method(HttpMethod.HEAD)
                .handler(this::page);
        router.route("/favicon.svg")
                .method(HttpMethod.GET)
                .method(HttpMethod.HEAD)
                .handler(rc -> send(rc, files.get("favicon.svg"), "public, max-age=86400"));
        router.route("/app/*").method(HttpMethod.GET).method(HttpMethod.HEAD).handler(this::app);
    }

    /** The client's version: the first 16 hex digits of a SHA-256 over every file's path and bytes. */
    public String version() {
        return version;
    }

    private void page(RoutingContext rc) {
        String etag = "\"" + version + "\"";
        rc.response().putHeader(HttpHeaders.CACHE_CONTROL, "no-cache").putHeader(HttpHeaders.ETAG, etag);
        String asked = rc.request().getHeader(HttpHeaders.IF_NONE_MATCH);
        if (asked != null && (asked.contains(etag) || asked.trim().equals("*"))) {
            rc.response().setStatusCode(304).end();
            return;
        }
        write(rc, page);
    }

    private void app(RoutingContext rc) {
        String path = rc.normalizedPath().substring("/app/".length());
        int slash = path.indexOf('/');
        if (slash > 0 && path.substring(0, slash).equals(version)) {
            send(rc, files.get("app/" + path.substring(slash + 1)), IMMUTABLE);
        } else if (files.containsKey("app/" + path)) {
            send(rc, files.get("app/" + path), "no-cache");
        } else if (slash > 0 && path.substring(0, slash).matches("[0-9a-f]{16}")) {
            send(rc, files.get("app/" + path.substring(slash + 1)), "no-store");
        } else {
            rc.next();
        }
    }

    private static void send(RoutingContext rc, File file, String cacheControl) {
        if (file == null) {
            // Not ours: the usual 404 problem.
            rc.next();
            return;
        }
        rc.response().putHeader(HttpHeaders.CACHE_CONTROL, cacheControl);
        write(rc, file);
    }

    private static void write(RoutingContext rc, File file) {
        String accepted = rc.request().getHeader(HttpHeaders.ACCEPT_ENCODING);
        boolean gzip = accepted != null && accepted.toLowerCase().contains("gzip");
        byte[] body = gzip ? file.gzipped() : file.raw();
        var response = rc.response()
                .putHeader(HttpHeaders.CONTENT_TYPE, file.type())
                .putHeader(HttpHeaders.VARY, "Accept-Encoding")
                .putHeader(HttpHeaders.CONTENT_LENGTH, Integer.toString(body.length));
        if (gzip) {
            response.putHeader(HttpHeaders.CONTENT_ENCODING, "gzip");
        }
        if (rc.request().method() == HttpMethod.HEAD) {
            response.end();
        } else {
            response.end(io.vertx.core.buffer.Buffer.buffer(body));
        }
    }

    private void load() {
        try {
            ClassPathUtils.consumeAsPaths(Thread.currentThread().getContextClassLoader(), ROOT, root -> {
                try (Stream<Path> walk = Files.walk(root)) {
                    walk.filter(Files::isRegularFile).forEach(p -> {
                        String name = root.relativize(p).toString().replace('\\', '/');
                        try {
                            byte[] raw = Files.readAllBytes(p);
                            files.put(name, new File(raw, gzip(raw), typeOf(name)));
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    });
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        File index = files.remove("index.html");
        if (index == null) {
            throw new IllegalStateException("the web client's index.html is not on the class path under " + ROOT);
        }
        version = versionOf(files);
        byte[] raw = new String(index.raw(), StandardCharsets.UTF_8)
                .replace("{{preloads}}", preloads())
                .replace("{{app}}", "app/" + version)
                .getBytes(StandardCharsets.UTF_8);
        page = new File(raw, gzip(raw), index.type());
    }

    /**
     * A {@code modulepreload} link for every module but main.js (the page's script): the browser fetches them all as
     * soon as it reads the page, instead of learning of each from the module that imports it (main.js, then game.js,
     * then the boards: a waterfall three deep before the first board could be drawn).
     */
    private String preloads() {
        StringBuilder links = new StringBuilder();
        for (String name : files.keySet()) {
            if (name.startsWith("app/") && name.endsWith(".js") && !name.equals("app/main.js")) {
                links.append("<link rel=\"modulepreload\" href=\"{{app}}/")
                        .append(name.substring("app/".length()))
                        .append("\">\n  ");
            }
        }
        return links.toString().strip();
    }

    /** {@code files} in their paths' order (a TreeMap), so that the same files always give the same version. */
    static String versionOf(TreeMap<String, File> files) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (var e : files.entrySet()) {
                sha.update(e.getKey().getBytes(StandardCharsets.UTF_8));
                sha.update((byte) 0);
                sha.update(e.getValue().raw());
                sha.update((byte) 0);
            }
            return HexFormat.of().formatHex(sha.digest()).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static byte[] gzip(byte[] raw) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(raw.length / 3 + 64);
        try (GZIPOutputStream gz = new GZIPOutputStream(out) {
            {
                def.setLevel(Deflater.BEST_COMPRESSION);
            }
        }) {
            gz.write(raw);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    static String typeOf(String name) {
        if (name.endsWith(".js")) {
            return "text/javascript;charset=UTF-8";
        } else if (name.endsWith(".css")) {
            return "text/css;charset=UTF-8";
        } else if (name.endsWith(".svg")) {
            return "image/svg+xml";
        } else if (name.endsWith(".html")) {
            return "text/html;charset=UTF-8";
        } else if (name.endsWith(".json")) {
            return "application/json";
        }
        return "application/octet-stream";
    }
}
