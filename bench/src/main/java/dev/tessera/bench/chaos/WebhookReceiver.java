package dev.tessera.bench.chaos;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.tessera.events.EventCodec;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Executors;

/**
 * A webhook receiver on loopback for the chaos run: it writes down every request it gets, as one JSON line per request
 * ({@link Receipt}), and answers 204, or 503 to a share of them so that deliveries are retried through the kills too.
 * It checks nothing itself: the invariants check the receipts against what the platform stored (check w), with the
 * secrets the load was given.
 *
 * <pre>WebhookReceiver --out FILE.ndjson --port-file FILE [--fail-share 0.05]</pre>
 * listens on 127.0.0.1 on a free port, written to --port-file once it listens, until killed.
 */
public final class WebhookReceiver {
    private static final ObjectMapper JSON = EventCodec.newMapper();
    /** More than any delivery's body (a game's end with its standings); the rest of a larger one is not read. */
    private static final int MAX_BODY = 256 * 1024;

    /**
     * One request as it came: when, to which path (a subscription's), its Standard Webhooks headers, its body, and the
     * status answered.
     */
    public record Receipt(
            Instant at, String path, String id, String timestamp, String signature, String body, int answered) {}

    private final HttpServer server;
    private final BufferedWriter writer;

    private WebhookReceiver(HttpServer server, BufferedWriter writer) {
        this.server = server;
        this.writer = writer;
    }

    /** Starts a receiver that appends its receipts to {@code out} and answers 503 to {@code failShare} of requests. */
    public static WebhookReceiver start(Path out, double failShare) throws IOException {
        BufferedWriter writer = Files.newBufferedWriter(
                out, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        Random random = new Random(7);
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 128);
        server.setExecutor(Executors.newFixedThreadPool(8, r -> {
            Thread t = new Thread(r, "webhook-receiver");
            t.setDaemon(true);
            return t;
        }));
        server.createContext("/", exchange -> {
            try (exchange) {
                int status;
                synchronized (random) {
                    status = random.nextDouble() < failShare ? 503 : 204;
                }
                Receipt receipt = new Receipt(
                        Instant.now(),
                        exchange.getRequestURI().getPath(),
                        exchange.getRequestHeaders().getFirst("webhook-id"),
                        exchange.getRequestHeaders().getFirst("webhook-timestamp"),
                        exchange.getRequestHeaders().getFirst("webhook-signature"),
                        body(exchange),
                        status);
                String line = JSON.writeValueAsString(receipt);
                // Written before it is answered: a delivery the platform counts as made is on file.
                synchronized (writer) {
                    writer.write(line);
                    writer.newLine();
                    writer.flush();
                }
                exchange.sendResponseHeaders(status, -1);
            }
        });
        server.start();
        return new WebhookReceiver(server, writer);
    }

    /** Where it listens: {@code http://127.0.0.1:port}. */
    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** Stops listening; the receipts written stay. */
    public void stop() throws IOException {
        server.stop(0);
        synchronized (writer) {
            writer.close();
        }
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> opts = Options.parse(args, List.of("out", "port-file"));
        Path out = Path.of(opts.get("out"));
        WebhookReceiver receiver = start(out, Double.parseDouble(opts.getOrDefault("fail-share", "0.05")));
        Files.writeString(
                Path.of(opts.get("port-file")),
                Integer.toString(receiver.server.getAddress().getPort()));
        System.out.println("webhook receiver on " + receiver.url() + ", receipts in " + out);
        Thread.currentThread().join(); // until killed
    }

    private static String body(HttpExchange exchange) throws IOException {
        try (InputStream in = exchange.getRequestBody()) {
            return new String(in.readNBytes(MAX_BODY), StandardCharsets.UTF_8);
        }
    }

    /** The receipts of a file the receiver wrote; a last line cut short by a kill is left out. */
    public static List<Receipt> read(Path file) {
        List<Receipt> receipts = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(file)) {
                if (line.isBlank()) {
                    continue;
                }
                try {
                    receipts.add(JSON.readValue(line, Receipt.class));
                } catch (IOException cutShort) {
                    // only the last line can be: the receiver writes whole lines
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return receipts;
    }
}
