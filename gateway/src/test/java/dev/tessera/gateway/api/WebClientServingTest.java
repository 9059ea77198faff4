package dev.tessera.gateway.api;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.emptyString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.config.DecoderConfig;
import io.restassured.config.RestAssuredConfig;
import java.io.ByteArrayInputStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/**
 * The web client is static files at / (src/main/resources/web, WebClientFiles): served with a strict
 * Content-Security-Policy and cached by their version, while the
 * API under /api/v1 and /q/* answer exactly as before, problems included. The browser tests in e2e (WebClientIT)
 * play whole games through it.
 */
@QuarkusTest
class WebClientServingTest {

    private static final String CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            + "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    @Test
    void the_page_and_its_modules_are_served_at_the_root_with_a_policy_that_allows_only_this_origin() {
        String page = given().get("/")
                .then()
                .statusCode(200)
                .contentType(startsWith("text/html"))
                .header("Content-Security-Policy", CSP)
                .header("X-Content-Type-Options", "nosniff")
                .header("Cache-Control", "no-cache")
                .extract()
                .asString();
        String app = app(page);
        assertTrue(page.contains("<link rel=\"stylesheet\" href=\"" + app + "/style.css\">"), page);
        for (String module : MODULES) {
            // A module script is refused by the browser unless it comes as JavaScript.
            given().get("/" + app + "/" + module)
                    .then()
                    .statusCode(200)
                    .contentType(startsWith("text/javascript"))
                    .header("Content-Security-Policy", CSP);
        }
        given().get("/" + app + "/style.css").then().statusCode(200).contentType(startsWith("text/css"));
        given().get("/favicon.svg").then().statusCode(200).contentType(startsWith("image/svg+xml"));
    }

    /**
     * The page names every module it imports, however deep, for the browser to fetch at once with the page's own
     * (a cold load waited for main.js, then game.js, then the boards before it could draw one).
     */
    @Test
    void the_page_preloads_every_module_its_module_imports() {
        String page = given().get("/").then().statusCode(200).extract().asString();
        String app = app(page);
        Matcher link = Pattern.compile("<link rel=\"modulepreload\" href=\"" + app + "/([^\"]+)\">")
                .matcher(page);
        java.util.Set<String> preloaded = new java.util.TreeSet<>();
        while (link.find()) {
            preloaded.add(link.group(1));
        }
        java.util.Set<String> imported = new java.util.TreeSet<>(java.util.Arrays.asList(MODULES));
        imported.addAll(java.util.List.of("i18n.js", "log.js"));
        imported.remove("main.js");
        assertEquals(imported, preloaded, page);
        for (String module : preloaded) {
            given().get("/" + app + "/" + module).then().statusCode(200).contentType(startsWith("text/javascript"));
        }
    }

    private static final String[] MODULES = {
        "main.js",
        "api.js",
        "live.js",
        "game.js",
        "lobby.js",
        "replay.js",
        "dom.js",
        "boards/alhambra.js",
        "boards/carrara.js",
        "boards/builders.js",
        "boards/generic.js"
    };

    /** Bodies as the server sent them: REST Assured neither asks for gzip nor decodes it. */
    private static final RestAssuredConfig AS_SENT = RestAssuredConfig.config()
            .decoderConfig(DecoderConfig.decoderConfig().noContentDecoders());

    /** Where the page takes its modules from: app/ and the client's version. */
    private static String app(String page) {
        Matcher m = Pattern.compile("<script type=\"module\" src=\"(app/[0-9a-f]{16})/main.js\"></script>")
                .matcher(page);
        assertTrue(m.find(), "the page's module: " + page);
        return m.group(1);
    }

    /**
     * A repeat visit asks for the page only: it answers 304 to its ETag, and the files under its version are cached
     * for a year without revalidation (their address changes with any file). Every file comes gzipped to a browser
     * that takes it, and as it is otherwise.
     */
    @Test
    void a_repeat_visit_revalidates_the_page_only_and_every_file_comes_gzipped() throws Exception {
        var first = given().get("/").then().statusCode(200).extract();
        String etag = first.header("ETag");
        assertNotNull(etag, "the page has no ETag");
        given().header("If-None-Match", etag).get("/").then().statusCode(304).body(emptyString());
        given().header("If-None-Match", "\"0000000000000000\"").get("/").then().statusCode(200);
        String app = app(first.asString());
        for (String module : MODULES) {
            byte[] plain = given().config(AS_SENT)
                    .header("Accept-Encoding", "identity")
                    .get("/" + app + "/" + module)
                    .then()
                    .statusCode(200)
                    .header("Cache-Control", "public, max-age=31536000, immutable")
                    .header("Content-Encoding", nullValue())
                    .extract()
                    .asByteArray();
            var zipped = given().config(AS_SENT)
                    .header("Accept-Encoding", "gzip, deflate, br")
                    .get("/" + app + "/" + module)
                    .then()
                    .statusCode(200)
                    .header("Content-Encoding", "gzip")
                    .header("Vary", containsString("Accept-Encoding"))
                    .header("Cache-Control", "public, max-age=31536000, immutable")
                    .extract()
                    .asByteArray();
            assertTrue(
                    zipped.length < plain.length,
                    module + ": " + zipped.length + " bytes gzipped, " + plain.length + " plain");
            try (var in = new GZIPInputStream(new ByteArrayInputStream(zipped))) {
                assertArrayEquals(plain, in.readAllBytes(), module + " gzipped is not the same file");
            }
        }
    }

    /**
     * During a rolling upgrade a page from another release asks for its own version: it gets this release's file,
     * never to be stored under that address. The unversioned addresses of earlier releases still answer, revalidated.
     */
    @Test
    void another_versions_address_gets_this_releases_file_not_stored_and_the_old_addresses_still_answer() {
        given().get("/app/0123456789abcdef/main.js")
                .then()
                .statusCode(200)
                .contentType(startsWith("text/javascript"))
                .header("Cache-Control", "no-store");
        given().get("/app/main.js")
                .then()
                .statusCode(200)
                .contentType(startsWith("text/javascript"))
                .header("Cache-Control", "no-cache");
        given().get("/app/0123456789abcdef/nothing-here.js")
                .then()
                .statusCode(404)
                .contentType("application/problem+json");
    }

    @Test
    void a_file_that_does_not_exist_is_the_usual_404_problem() {
        given().get("/app/nothing-here.js")
                .then()
                .statusCode(404)
                .contentType("application/problem+json")
                .body("type", equalTo("https://tessera.dev/problems/not-found"));
    }

    @Test
    void the_api_and_q_answer_as_before_without_the_pages_headers() {
        given().get("/api/v1/players/me")
                .then()
                .statusCode(401)
                .contentType("application/problem+json")
                .header("Content-Security-Policy", nullValue());
        given().get("/api/v1/nothing-here")
                .then()
                .statusCode(404)
                .contentType("application/problem+json")
                .header("Content-Security-Policy", nullValue());
        // Swagger UI runs inline scripts: the page's policy would break it.
        given().get("/q/openapi").then().statusCode(200).header("Content-Security-Policy", nullValue());
    }

    @Test
    void a_credential_that_does_not_verify_is_still_refused_at_the_root_as_everywhere() {
        given().header("Authorization", "Bearer not-a-token")
                .get("/")
                .then()
                .statusCode(401)
                .contentType("application/problem+json");
    }
}
