package dev.tessera.bench.chaos;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Check w: the webhooks the load's players subscribed to came through the kills, each once, signed, from the data
 * itself. What each subscription should have been sent is worked out from the topics, by the rule the API document
 * gives (gateway/README.md, "Webhooks"); what it was sent is what the {@link WebhookReceiver} wrote down.
 *
 * <ul>
 *   <li>Every request carries a Standard Webhooks signature that the subscription's secret verifies, computed here
 *       with the JDK's HMAC, not the gateway's code.
 *   <li>No {@code webhook-id} comes with two different bodies (a retry is the same message).
 *   <li>{@code game.ended}: one accepted id per subscriber and ended game of the load; none for a game that has not
 *       ended.
 *   <li>{@code turn.started}: one accepted id per turn a subscriber's game started for them: the first event of
 *       game-events (by id) whose {@code toact} names another player than the one before, or anyone after a
 *       {@code *.TurnEnded}; and none for anything else.
 * </ul>
 * A delivery is accepted when the receiver answered 2xx to it once; one the receiver only ever answered 503 is lost.
 */
final class WebhookChecks {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TURN_ENDED = ".TurnEnded";

    private WebhookChecks() {}

    static void check(Report report, Facts facts, ChaosLoad.Results load, List<WebhookReceiver.Receipt> receipts) {
        Report.Findings f = report.start(
                "w",
                "webhooks delivered once, signed",
                "every request the receiver got is signed with its subscription's secret; no webhook-id with two bodies; each"
                        + " subscriber got one game.ended per ended game and one turn.started per turn of theirs (worked out from"
                        + " game-events' toact), under one webhook-id each, and nothing else");
        Map<String, ChaosLoad.Results.Subscription> byPath = new HashMap<>();
        Map<String, ChaosLoad.Results.Subscription> byPlayer = new HashMap<>();
        for (ChaosLoad.Results.Subscription s : load.webhooks()) {
            byPath.put(s.path(), s);
            byPlayer.put(s.player(), s);
        }

        // What each subscription was sent: its accepted ids by what they say, and every body each id came with.
        Map<String, Set<String>> bodies = new HashMap<>();
        Map<String, Set<String>> accepted = new LinkedHashMap<>(); // "path game.ended gameId" -> ids
        int unknown = 0;
        int refused = 0;
        for (WebhookReceiver.Receipt r : receipts) {
            ChaosLoad.Results.Subscription s = byPath.get(r.path());
            if (s == null) {
                unknown++;
                continue;
            }
            f.checked();
            if (r.id() == null || !signed(s.secret(), r)) {
                f.wrong("a request to " + s.id() + " (" + r.id() + ") is not signed with its secret");
                continue;
            }
            bodies.computeIfAbsent(r.id(), k -> new HashSet<>()).add(r.body());
            if (r.answered() / 100 != 2) {
                refused++;
                accepted.computeIfAbsent(key(s, r.body()), k -> new TreeSet<>());
                continue;
            }
            accepted.computeIfAbsent(key(s, r.body()), k -> new TreeSet<>()).add(r.id());
        }
        bodies.forEach((id, b) -> {
            if (b.size() > 1) {
                f.wrong("webhook-id " + id + " came with " + b.size() + " different bodies");
            }
        });

        // What each should have been sent.
        // Every game in the store but sandbox games (which send no webhook), not only those whose start the load was
        // told
        // of: a join answered by a gateway killed before its answer left starts a game the load never hears of, and its
        // subscribed players are sent its turns all the same.
        Set<String> loadGames = new HashSet<>();
        facts.games.forEach((gameId, stream) -> {
            if (!stream.isEmpty()
                    && stream.get(0).type().equals(Facts.GAME_STARTED)
                    && !stream.get(0).data().path("sandbox").asBoolean(false)) {
                loadGames.add(gameId);
            }
        });
        load.gamesStarted().forEach(g -> loadGames.add(g.gameId()));
        Map<String, List<Facts.Published>> topic = new HashMap<>();
        Set<String> seen = new HashSet<>();
        for (Facts.Published p : facts.gameTopic) {
            if (p.id() != null && loadGames.contains(p.subject()) && seen.add(p.id())) {
                topic.computeIfAbsent(p.subject(), k -> new java.util.ArrayList<>())
                        .add(p);
            }
        }
        Set<String> expected = new HashSet<>();
        for (String gameId : loadGames) {
            List<Facts.Stored> stream = facts.games.get(gameId);
            if (stream == null || !stream.get(0).type().equals(Facts.GAME_STARTED)) {
                continue; // checks a and d say what is wrong with it
            }
            List<String> subscribers = new java.util.ArrayList<>();
            stream.get(0).data().path("players").forEach(p -> {
                if (byPlayer.containsKey(p.asText())) {
                    subscribers.add(p.asText());
                }
            });
            if (!Facts.of(stream, Facts.GAME_ENDED).isEmpty()) {
                subscribers.forEach(p -> expected.add(byPlayer.get(p).path() + " game.ended " + gameId));
            }
            for (String turn : turns(topic.getOrDefault(gameId, List.of()))) {
                String player = turn.substring(turn.indexOf(' ') + 1);
                if (subscribers.contains(player)) {
                    expected.add(byPlayer.get(player).path() + " turn.started " + gameId + " " + turn);
                }
            }
        }
        int deliveries = 0;
        for (String want : expected) {
            f.checked();
            Set<String> ids = accepted.get(want);
            if (ids == null || ids.isEmpty()) {
                f.lost("never accepted: " + describe(want));
            } else if (ids.size() > 1) {
                f.duplicated(describe(want) + " under " + ids.size() + " webhook-ids " + ids);
            } else {
                deliveries++;
            }
        }
        for (String got : accepted.keySet()) {
            if (!expected.contains(got)) {
                f.wrong("sent but not due: " + describe(got));
            }
        }
        f.note(load.webhooks().size() + " subscriptions; " + receipts.size() + " requests received (" + refused
                + " answered 503 on purpose, then retried; " + unknown
                + " to subscriptions whose answer the load never got); " + deliveries
                + " deliveries due and made once");
        f.done();
    }

    /**
     * The turns a game's records start, as "version player": a record with {@code toact} starts one when the game
     * waited for another player before it, or when a turn ended since; a game's start counts, its end stops it.
     */
    static List<String> turns(List<Facts.Published> records) {
        List<Facts.Published> ordered = new java.util.ArrayList<>(records);
        ordered.sort(java.util.Comparator.comparingLong(Facts.Published::version));
        List<String> turns = new java.util.ArrayList<>();
        String last = null;
        boolean turnEnded = false;
        for (Facts.Published p : ordered) {
            if (Facts.GAME_ENDED.equals(p.type())) {
                break;
            }
            turnEnded |= p.type() != null && p.type().endsWith(TURN_ENDED);
            if (p.toact() != null && (!p.toact().equals(last) || turnEnded)) {
                turns.add(p.version() + " " + p.toact());
                last = p.toact();
                turnEnded = false;
            }
        }
        return turns;
    }

    /** What a body is about, keyed by the subscription's path: "path game.ended gameId" or "path turn.started gameId version player". */
    private static String key(ChaosLoad.Results.Subscription s, String body) {
        try {
            JsonNode b = JSON.readTree(body);
            JsonNode data = b.path("data");
            String type = b.path("type").asText();
            String key = s.path() + " " + type + " " + data.path("gameId").asText();
            return type.equals("turn.started")
                    ? key + " " + data.path("version").asLong() + " "
                            + data.path("player").asText()
                    : key;
        } catch (IOException e) {
            return s.path() + " unreadable " + body;
        }
    }

    private static String describe(String key) {
        String[] parts = key.split(" ", 3);
        return parts[1] + " of " + parts[2] + " to " + parts[0];
    }

    /** Standard Webhooks: base64 HMAC-SHA256 of "id.timestamp.body" with the secret's bytes, among "v1,…" entries. */
    static boolean signed(String secret, WebhookReceiver.Receipt r) {
        if (secret == null || !secret.startsWith("whsec_") || r.signature() == null) {
            return false;
        }
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(Base64.getDecoder().decode(secret.substring("whsec_".length())), "HmacSHA256"));
            byte[] want = mac.doFinal((r.id() + "." + r.timestamp() + "." + r.body()).getBytes(StandardCharsets.UTF_8));
            for (String entry : r.signature().split(" ")) {
                if (entry.startsWith("v1,")
                        && MessageDigest.isEqual(want, Base64.getDecoder().decode(entry.substring(3)))) {
                    return true;
                }
            }
            return false;
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            return false;
        }
    }
}
