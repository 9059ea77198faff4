package dev.tessera.e2e;

import static dev.tessera.e2e.Tables.game;
import static dev.tessera.e2e.Tables.signUp;
import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The Grafana dashboard (deploy/grafana/tessera.json) and the alerting rules (deploy/prometheus/tessera.rules.yml)
 * read metrics that the services really export: every metric name in their expressions is on a live {@code
 * /q/metrics} of the platform, after a game was played. Two come from elsewhere and are left out: {@code up}
 * (Prometheus's own) and {@code kafka_consumergroup_lag} (a Kafka exporter's, Strimzi's in Kubernetes).
 */
class MetricNamesIT {
    private static final Set<String> NOT_THE_SERVICES = Set.of("up", "kafka_consumergroup_lag");
    /** Words of PromQL that are not followed by a bracket: binary operators and modifiers. */
    private static final Set<String> KEYWORDS = Set.of("and", "or", "unless", "offset", "bool");

    private static final Path ROOT = Path.of(System.getProperty("tessera.root", ".."));

    @Test
    void the_dashboard_and_the_alerts_read_metrics_the_services_export() throws IOException {
        Platform platform = Platform.shared();
        Platform.useGateway();
        // Moves, so that the meters made at a move's first sight exist (tessera_moves_total, the moves' buckets).
        List<Account> players = signUp("metrics-a", "metrics-b");
        new Bot(7).playUntil(game("builders", players), players, types -> types.size() >= 12, 200);

        TreeMap<String, List<String>> read = new TreeMap<>();
        JsonNode dashboard = new ObjectMapper()
                .readTree(ROOT.resolve("deploy/grafana/tessera.json").toFile());
        for (JsonNode panel : dashboard.path("panels")) {
            for (JsonNode target : panel.path("targets")) {
                names(target.path("expr").asText())
                        .forEach(n -> read.computeIfAbsent(n, k -> new ArrayList<>())
                                .add("dashboard: " + panel.path("title").asText()));
            }
        }
        String rules = Files.readString(ROOT.resolve("deploy/prometheus/tessera.rules.yml"));
        Matcher alert = Pattern.compile("- alert: (\\w+)\\n\\s+expr: (?:>-\\n)?((?:.|\\n)*?)\\n\\s+(?:for|labels):")
                .matcher(rules);
        int alerts = 0;
        while (alert.find()) {
            alerts++;
            String name = alert.group(1);
            names(alert.group(2))
                    .forEach(
                            n -> read.computeIfAbsent(n, k -> new ArrayList<>()).add("alert " + name));
        }
        assertEquals(6, alerts, "the alerting rules' expressions were read");
        assertTrue(read.size() > 10, "the dashboard's metric names were read: " + read.keySet());

        // The Kafka clients' metrics of a partition are bound to Micrometer when its binder next looks (every minute).
        TreeMap<String, List<String>> missing = await().atMost(Duration.ofSeconds(150))
                .pollInterval(Duration.ofSeconds(10))
                .until(() -> missing(read, exported(platform)), Map::isEmpty);
        assertEquals(new TreeMap<>(), missing, "metrics read but exported by no service");
    }

    private static TreeMap<String, List<String>> missing(Map<String, List<String>> read, Set<String> exported) {
        TreeMap<String, List<String>> missing = new TreeMap<>(read);
        missing.keySet().removeAll(exported);
        missing.keySet().removeAll(NOT_THE_SERVICES);
        return missing;
    }

    /** The names of the metrics on /q/metrics of the first instance of every service. */
    private static Set<String> exported(Platform platform) {
        Set<String> exported = new TreeSet<>();
        for (Platform.Service service : Platform.Service.values()) {
            given().get(platform.url(service) + "/q/metrics")
                    .then()
                    .statusCode(200)
                    .extract()
                    .asString()
                    .lines()
                    .filter(l -> !l.isBlank() && !l.startsWith("#"))
                    .map(l -> l.split("[{ ]", 2)[0])
                    .forEach(exported::add);
        }
        return exported;
    }

    /** The metric names of a PromQL expression (Grafana's variables in it are fine). */
    static Set<String> names(String expr) {
        String bare = expr.replaceAll("\"(?:[^\"\\\\]|\\\\.)*\"", "") // strings
                .replaceAll("\\{[^}]*}", "") // label matchers
                .replaceAll("\\[[^]]*]", "") // ranges
                .replaceAll("\\boffset\\s+\\w+", "") // offsets
                .replaceAll("\\b(?:by|without|on|ignoring|group_left|group_right)\\s*\\([^)]*\\)", ""); // label lists
        Set<String> names = new TreeSet<>();
        Matcher token = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*(\\s*\\()?").matcher(bare);
        while (token.find()) {
            String word = token.group().replaceAll("[\\s(]", "");
            boolean function = token.group(1) != null;
            if (!function && !KEYWORDS.contains(word)) {
                names.add(word);
            }
        }
        return names;
    }
}
