package dev.tessera.bench.chaos;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.tessera.bench.Api;
import dev.tessera.events.Topics;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The read models as their users see them, written one fact per line, sorted, so that two moments of the platform
 * compare with {@code diff} field for field ({@code ./tessera drill kafka-loss}):
 * <ul>
 *   <li>the statistics of every title, sandbox games left out and included ({@code GET /api/v1/stats/{title}});</li>
 *   <li>the leaderboards ({@code GET /api/v1/leaderboards/{title}?limit=100});</li>
 *   <li>every row of the lobby's players read model and of scoring-service's projection, every column but the time at
 *       which scoring-service last wrote a game's row (when it was processed, not what it says).</li>
 * </ul>
 *
 * <pre>ReadModels --db-host H --db-port P --db-user U [--db-password X] --gateway URL --out FILE
 * ReadModels --count-topics BOOTSTRAP</pre>
 */
public final class ReadModels {
    /** The read models' tables, by database; lobby-service's and scoring-service's Rebuild list the same. */
    static final Map<String, List<String>> TABLES = Map.of(
            "tessera_lobby", List.of("player_games", "player_game_results", "player_ratings", "sandbox_games"),
            "tessera_scoring", List.of("scored_games", "alhambra_tiles", "alhambra_tile_changes", "round_points"));
    /** Columns that say when a row was written, not what it holds. */
    static final Set<String> WRITTEN_AT = Set.of("tessera_scoring.scored_games.updated_at");

    private ReadModels() {}

    public static void main(String[] args) throws Exception {
        if (args.length == 2 && args[0].equals("--count-topics")) {
            countTopics(args[1]);
            return;
        }
        Map<String, String> o = Options.parse(args, List.of("gateway", "out"));
        Invariants.Target target = Invariants.Target.of(
                o.getOrDefault("db-host", "localhost"),
                Integer.parseInt(o.getOrDefault("db-port", "5432")),
                o.getOrDefault("db-user", "postgres"),
                o.getOrDefault("db-password", ""),
                "unused",
                List.of(o.get("gateway").split(",")));
        List<String> lines = new ArrayList<>();
        ObjectMapper canonical = new ObjectMapper().enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);
        Api api = new Api(target.gateways(), Duration.ofSeconds(60));
        String token = api.signUp("read-models-" + Long.toString(System.currentTimeMillis(), 36))
                .token();
        for (String title : Invariants.TITLES) {
            for (String sandbox : List.of("exclude", "include")) {
                lines.add(answer(api, canonical, "/api/v1/stats/" + title + "?sandbox=" + sandbox, token));
            }
            lines.add(answer(api, canonical, "/api/v1/leaderboards/" + title + "?limit=100", token));
        }
        for (Map.Entry<String, List<String>> db : TABLES.entrySet()) {
            try (Connection connection = target.connect(db.getKey());
                    Statement statement = connection.createStatement()) {
                for (String table : db.getValue()) {
                    try (ResultSet rows = statement.executeQuery("SELECT * FROM " + table)) {
                        ResultSetMetaData meta = rows.getMetaData();
                        while (rows.next()) {
                            StringBuilder line = new StringBuilder(db.getKey() + "." + table + ":");
                            for (int c = 1; c <= meta.getColumnCount(); c++) {
                                String column = meta.getColumnName(c);
                                if (!WRITTEN_AT.contains(db.getKey() + "." + table + "." + column)) {
                                    line.append(' ').append(column).append('=').append(rows.getString(c));
                                }
                            }
                            lines.add(line.toString());
                        }
                    }
                }
            }
        }
        Collections.sort(lines);
        Files.write(Path.of(o.get("out")), lines, StandardCharsets.UTF_8);
        System.out.println(lines.size() + " facts of the read models written to " + o.get("out"));
    }

    /** Per event topic, one line "topic|N records (M events)": its committed records, and their distinct event ids. */
    private static void countTopics(String bootstrap) {
        ObjectMapper mapper = new ObjectMapper();
        for (String topic : List.of(Topics.GAME_EVENTS, Topics.LOBBY_EVENTS, Topics.SCORING_EVENTS)) {
            long[] records = {0};
            Set<String> ids = new HashSet<>();
            TopicReader.readAll(bootstrap, topic, r -> {
                records[0]++;
                try {
                    ids.add(mapper.readTree(r.value()).path("id").asText());
                } catch (Exception e) {
                    ids.add("unreadable at " + r.partition() + "/" + r.offset());
                }
            });
            System.out.println(topic + "|" + records[0] + " records (" + ids.size() + " events)");
        }
    }

    /** A GET's answer as one line: the path, the status and the body, its objects' members in name order. */
    private static String answer(Api api, ObjectMapper canonical, String path, String token) throws Exception {
        Api.Answer answer = api.get(path, token);
        Object body = answer.body() == null ? null : canonical.treeToValue(answer.body(), Object.class);
        return "GET " + path + " " + answer.status() + " " + canonical.writeValueAsString(body);
    }
}
