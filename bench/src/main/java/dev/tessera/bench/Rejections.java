package dev.tessera.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;

/**
 * What an invalid move costs the platform: a game of each title is started, then only invalid moves are sent to
 * them (alternately a legal move sent by a player who is not at the table, and a move of no known type), and the
 * counters command runs before and after them ({@code ./tessera counters}: PostgreSQL's statements, transactions,
 * WAL flushes and rows). The records the topics gained in between are counted here, from their end offsets.
 *
 * <pre>Rejections [gateway-url] [moves] [titles] [bootstrap] [counters command]</pre>
 */
final class Rejections {
    private Rejections() {}

    private record Target(GamePlay game, long version, JsonNode move, Api.Player mover) {}

    public static void main(String[] args) throws Exception {
        String gateway = args[0];
        int moves = Integer.parseInt(args[1]);
        List<String> titles = List.of(args[2].split(","));
        String bootstrap = args[3];
        String counters = args[4];
        Api api = new Api(gateway);
        String run = Long.toString(System.currentTimeMillis(), 36);
        List<Target> targets = new ArrayList<>();
        Api.Player outsider = api.signUp("rejections-" + run + "-outsider");
        for (String title : titles) {
            List<Api.Player> players = new ArrayList<>();
            for (int i = 0; i < GamePlay.seats(title); i++) {
                players.add(api.signUp("rejections-" + run + "-" + title + "-" + i));
            }
            GamePlay game = new GamePlay(
                            api,
                            Bots.RANDOM,
                            title,
                            players,
                            new Random(1),
                            Duration.ofSeconds(30),
                            Duration.ofSeconds(10))
                    .withInvalidMoves(1, outsider);
            game.start();
            targets.add(target(api, game, players));
        }
        Map<String, AtomicLong> refused = new ConcurrentSkipListMap<>();
        AtomicLong unexpected = new AtomicLong();
        GamePlay.Listener listener = new GamePlay.Listener() {
            @Override
            public void refused(Api.Answer answer) {
                refused.computeIfAbsent(Rejections.reason(answer), k -> new AtomicLong())
                        .incrementAndGet();
            }

            @Override
            public void unexpected(String what, Api.Answer answer) {
                unexpected.incrementAndGet();
                System.err.println(what + ": " + answer.status() + " " + answer.excerpt());
            }
        };
        // Whatever the starts set going (the lobby's and scoring's share of them) has settled before the count.
        Thread.sleep(3000);
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            long recordsBefore = records(admin);
            run(counters, "before");
            long start = System.nanoTime();
            for (int i = 0; i < moves; i++) {
                Target t = targets.get(i % targets.size());
                t.game().sendInvalid(t.version(), t.move(), t.mover(), listener);
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            run(counters, "after");
            long recordsAfter = records(admin);
            System.out.printf("| measure | value |%n|---|---|%n");
            System.out.printf(
                    "| invalid moves sent (%s; one game of each title, in progress) | %d in %.1f s |%n",
                    String.join(", ", titles), moves, seconds);
            System.out.printf("| refused (status and rule: count) | %s |%n", describe(refused));
            System.out.printf("| answered otherwise (errors) | %d |%n", unexpected.get());
            System.out.printf("| records the topics gained meanwhile | %d |%n", recordsAfter - recordsBefore);
        }
    }

    /** The move its player would make now, read from the game's legal moves (following whose turn it is). */
    private static Target target(Api api, GamePlay game, List<Api.Player> players) {
        Map<String, Api.Player> byId = new HashMap<>();
        players.forEach(p -> byId.put(p.id(), p));
        Api.Player asked = players.get(0);
        for (int tries = 0; tries < 50; tries++) {
            Api.Answer read = api.get("/api/v1/games/" + game.gameId() + "/legal-moves", asked.token());
            JsonNode legal = read.body();
            if (read.status() == 200 && legal.path("moves").size() > 0) {
                return new Target(
                        game, legal.get("version").asLong(), legal.path("moves").get(0), asked);
            }
            asked = byId.getOrDefault(legal.path("toAct").asText(""), asked);
            pause();
        }
        throw new IllegalStateException("game " + game.gameId() + ": nobody to move after its start");
    }

    /** Every record ever written to the platform's topics: the sum of their partitions' end offsets. */
    private static long records(Admin admin) throws Exception {
        var topics = admin.listTopics().names().get(30, TimeUnit.SECONDS);
        Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
        admin.describeTopics(topics)
                .allTopicNames()
                .get(30, TimeUnit.SECONDS)
                .forEach((topic, d) -> d.partitions()
                        .forEach(p -> latest.put(new TopicPartition(topic, p.partition()), OffsetSpec.latest())));
        return admin.listOffsets(latest).all().get(30, TimeUnit.SECONDS).values().stream()
                .mapToLong(info -> info.offset())
                .sum();
    }

    private static void run(String command, String when) throws Exception {
        List<String> words = new ArrayList<>(List.of(command.trim().split("\\s+")));
        words.add(when);
        Process p = new ProcessBuilder(words)
                .inheritIO()
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        if (p.waitFor() != 0) {
            throw new IllegalStateException(command + " " + when + " failed");
        }
    }

    private static void pause() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A refusal's status and the rule it names, or the field ("400 field move"). */
    static String reason(Api.Answer answer) {
        JsonNode body = answer.body();
        return answer.status() + " "
                + (body.hasNonNull("rule")
                        ? body.get("rule").asText()
                        : body.hasNonNull("field")
                                ? "field " + body.get("field").asText()
                                : "?");
    }

    /** "422 not-a-player: 12, 400 field move: 3", or "none". */
    static String describe(Map<String, AtomicLong> counts) {
        return counts.isEmpty()
                ? "none"
                : counts.entrySet().stream()
                        .map(e -> e.getKey() + ": " + e.getValue().get())
                        .collect(Collectors.joining(", "));
    }
}
