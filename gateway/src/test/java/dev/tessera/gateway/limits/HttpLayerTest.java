package dev.tessera.gateway.limits;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Requests the HTTP layer refuses before any resource sees them, sent byte for byte over a socket (an HTTP client
 * would refuse to send most of them): each answer is a problem with a stable type, like every other error.
 */
@QuarkusTest
class HttpLayerTest {

    @Test
    void a_malformed_percent_escape_is_a_400_problem() throws IOException {
        Raw answer = send("GET /api/v1/games/abc%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        answer.isProblem(400, "https://tessera.dev/problems/malformed-request");
        send("GET /api/v1/tables HTTP/1.1\r\nConnection: close\r\n\r\n")
                .isProblem(400, "https://tessera.dev/problems/malformed-request");
    }

    /**
     * With URI validation off (GatewayMain), what {@code java.net.URI} refuses reaches the router. In a path it cannot
     * be an id: a 4xx problem, never forwarded (the services here echo every request with a 200). In a query value it
     * is the service's to judge: forwarded percent-encoded, never as it came.
     */
    @Test
    void targets_java_net_uri_refuses_are_refused_or_forwarded_encoded() throws IOException {
        String bearer = dev.tessera.gateway.TestPlayer.signUp(
                        "raw-" + java.util.UUID.randomUUID().toString().substring(0, 8))
                .bearer();
        String[] paths = {
            "/api/v1/tables/a|b",
            "/api/v1/tables/{x}",
            "/api/v1/tables/a\"b",
            "/api/v1/tables/<x>",
            "/api/v1/tables/a\\b",
            "/api/v1/tables/a^b",
            "/api/v1/tables/a`b",
            "/api/v1/players/%",
            "/api/v1/games/%G0"
        };
        for (String target : paths) {
            Raw answer = get(target, bearer);
            assertTrue(
                    answer.status() >= 400 && answer.status() < 500,
                    target + " -> " + answer.head() + "\n" + answer.body());
            assertTrue(
                    answer.head().toLowerCase().contains("content-type: application/problem+json"),
                    target + " -> " + answer.head());
        }
        Raw forwarded = get("/api/v1/tables?game=a|b<c>", bearer);
        assertEquals(200, forwarded.status(), forwarded.body());
        assertTrue(forwarded.body().contains("\"uri\": \"/api/v1/tables?game=a%7Cb%3Cc%3E\""), forwarded.body());
        Raw refused = get("/api/v1/games/g/events?from=1|2", bearer);
        assertEquals(400, refused.status(), refused.body());
        assertTrue(refused.body().contains("\"field\":\"from\""), refused.body());
    }

    private static Raw get(String target, String bearer) throws IOException {
        return send(
                "GET " + target + " HTTP/1.1\r\nHost: x\r\nAuthorization: " + bearer + "\r\nConnection: close\r\n\r\n");
    }

    @Test
    void a_request_line_over_the_limit_is_a_414_problem() throws IOException {
        Raw answer =
                send("GET /api/v1/games/" + "a".repeat(10_000) + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        answer.isProblem(414, "https://tessera.dev/problems/uri-too-long");
    }

    @Test
    void headers_over_the_limit_are_a_431_problem() throws IOException {
        Raw answer = send("GET /api/v1/tables HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + "a".repeat(30_000)
                + "\r\nConnection: close\r\n\r\n");
        answer.isProblem(431, "https://tessera.dev/problems/headers-too-large");
    }

    /**
     * What Netty's HTTP decoder refuses before there is a request to route: a body whose end cannot be known, a control
     * character in a header, a request line or headers past the decoder's own limits (64 KiB, application.properties).
     * Vert.x answers these through the HTTP server's {@code invalidRequestHandler}, which Quarkus 3.33 sets no hook for
     * and which cannot be set once the server listens (gateway/README.md, "What the API refuses"). What a client can
     * rely on: the status, the connection closed, no body that is not a problem, and nothing done (the sign-up inside
     * none of them was read).
     */
    @Test
    void what_the_decoder_refuses_is_refused_closed_and_changes_nothing() throws IOException {
        String name = "frame-" + java.util.UUID.randomUUID().toString().substring(0, 8);
        String body = "{\"name\": \"" + name + "\"}";
        String signUp = "POST /api/v1/players HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n";
        String[] requests = {
            signUp + "Content-Length: abc\r\n\r\n" + body,
            signUp + "Content-Length: " + body.length() + "\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + Integer.toHexString(body.length()) + "\r\n" + body + "\r\n0\r\n\r\n",
            signUp.replace("application/json", "application/\u0001json") + "Content-Length: " + body.length()
                    + "\r\n\r\n" + body,
            signUp.replace("/api/v1/players", "/api/v1/players?pad=" + "a".repeat(70_000)) + "Content-Length: "
                    + body.length() + "\r\n\r\n" + body,
            signUp + "X-Pad: " + "a".repeat(70_000) + "\r\nContent-Length: " + body.length() + "\r\n\r\n" + body,
        };
        int[] statuses = {400, 400, 400, 414, 431};
        for (int i = 0; i < requests.length; i++) {
            Raw answer = send(requests[i]);
            String which = "request " + i + ": " + answer.head();
            assertEquals(statuses[i], answer.status(), which);
            assertTrue(answer.closed(), which + " (the connection stayed open)");
            assertTrue(
                    answer.body().isEmpty()
                            || answer.head().toLowerCase().contains("content-type: application/problem+json"),
                    which + "\n" + answer.body());
        }
        // The name is still free: none of them signed anyone up.
        given().contentType(ContentType.JSON)
                .body(body)
                .post("/api/v1/players")
                .then()
                .statusCode(201);
    }

    /** {@code closed}: the server ended the connection (rather than the read timing out). */
    private record Raw(int status, String head, String body, boolean closed) {
        void isProblem(int expected, String type) {
            assertEquals(expected, status, head + "\n" + body);
            assertTrue(head.toLowerCase().contains("content-type: application/problem+json"), head);
            assertTrue(body.contains("\"type\":\"" + type + "\""), body);
            assertTrue(body.contains("\"status\":" + expected), body);
        }
    }

    private static Raw send(String request) throws IOException {
        URI base = URI.create(RestAssured.baseURI);
        try (Socket socket = new Socket(base.getHost(), RestAssured.port)) {
            socket.setSoTimeout(5_000);
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream read = new ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            boolean closed = false;
            try {
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    read.write(buffer, 0, n);
                }
                closed = true;
            } catch (SocketTimeoutException e) {
                // what arrived is the answer; the connection is still open
            } catch (java.net.SocketException e) {
                closed = true; // reset: the server closed with the rest of the request unread
            }
            String text = read.toString(StandardCharsets.UTF_8);
            int end = text.indexOf("\r\n\r\n");
            String head = end < 0 ? text : text.substring(0, end);
            String body = end < 0 ? "" : text.substring(end + 4);
            // Vert.x answers a request line it could not read as HTTP/1.0
            int status = head.matches("(?s)HTTP/1\\.[01] \\d{3}.*") ? Integer.parseInt(head.substring(9, 12)) : -1;
            return new Raw(status, head, body, closed);
        }
    }
}
