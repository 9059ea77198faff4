package dev.tessera.bench.chaos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/** Check w on a made-up game: what a subscriber is due, from the topic's toact, against what the receiver wrote down. */
class WebhookChecksTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String GAME = "g1";
    private static final String ANA = "11111111-1111-1111-1111-111111111111";
    private static final String BOB = "22222222-2222-2222-2222-222222222222";
    private static final String SECRET =
            "whsec_" + Base64.getEncoder().encodeToString("0123456789abcdef0123456789abcdef".getBytes());
    private static final ChaosLoad.Results.Subscription ANAS =
            new ChaosLoad.Results.Subscription(ANA, "s1", "/ana/x", SECRET);

    @Test
    void a_turn_starts_when_the_game_waits_for_another_player_or_for_anyone_after_a_turn_ended() {
        List<Facts.Published> records = List.of(
                published(1, "tessera.game.GameStarted", ANA),
                published(2, "tessera.carrara.StonesBought", ANA), // the same player, mid-turn
                published(3, "tessera.carrara.TurnEnded", null),
                published(4, "tessera.carrara.ValuationScored", ANA), // after a turn's end: a new turn
                published(5, "tessera.carrara.StonesBought", BOB),
                published(6, "tessera.game.GameEnded", BOB));

        assertEquals(List.of("1 " + ANA, "4 " + ANA, "5 " + BOB), WebhookChecks.turns(records));
    }

    @Test
    void deliveries_due_and_made_once_hold_even_after_a_refused_attempt() {
        Facts facts = game();
        List<WebhookReceiver.Receipt> receipts = new ArrayList<>();
        receipts.add(receipt("msg_1", turn(1), 503)); // refused on purpose, then sent again
        receipts.add(receipt("msg_1", turn(1), 204));
        receipts.add(receipt("msg_2", turn(4), 204));
        receipts.add(receipt("msg_3", ended(), 204));

        Report report = check(facts, receipts);

        assertTrue(report.holds(), report.toMarkdown());
        assertEquals(3, report.check("w").checked() - receipts.size());
    }

    @Test
    void a_turn_never_accepted_is_lost_and_one_sent_twice_under_two_ids_is_duplicated() {
        Facts facts = game();
        List<WebhookReceiver.Receipt> receipts = new ArrayList<>();
        receipts.add(receipt("msg_1", turn(1), 204));
        receipts.add(receipt("msg_9", turn(1), 204)); // the same turn under a second id
        receipts.add(receipt("msg_2", turn(4), 503)); // never accepted
        receipts.add(receipt("msg_3", ended(), 204));

        Report report = check(facts, receipts);

        assertEquals(1, report.lost().size(), report.lost().toString());
        assertTrue(
                report.lost().get(0).contains("turn.started of g1 4"),
                report.lost().toString());
        assertEquals(1, report.duplicated().size(), report.duplicated().toString());
    }

    @Test
    void a_bad_signature_an_id_with_two_bodies_and_a_delivery_not_due_are_wrong() {
        Facts facts = game();
        List<WebhookReceiver.Receipt> receipts = new ArrayList<>();
        receipts.add(receipt("msg_1", turn(1), 204));
        receipts.add(receipt("msg_2", turn(4), 204));
        receipts.add(receipt("msg_2", turn(4).replace("\"version\":4", "\"version\":4,\"x\":1"), 204));
        receipts.add(receipt("msg_3", ended(), 204));
        receipts.add(receipt("msg_5", turn(2), 204)); // no turn started at 2
        WebhookReceiver.Receipt good = receipt("msg_6", ended(), 204);
        receipts.add(new WebhookReceiver.Receipt(
                good.at(), good.path(), good.id(), good.timestamp(), "v1,AAAA", good.body(), 204));

        Report report = check(facts, receipts);

        Report.Check w = report.check("w");
        assertFalse(w.holds());
        assertEquals(3, w.failed(), w.failures().toString());
        assertTrue(
                w.failures().stream().anyMatch(s -> s.contains("not signed")),
                w.failures().toString());
        assertTrue(
                w.failures().stream().anyMatch(s -> s.contains("2 different bodies")),
                w.failures().toString());
        assertTrue(
                w.failures().stream().anyMatch(s -> s.contains("not due")),
                w.failures().toString());
    }

    @Test
    void the_signature_is_the_standard_webhooks_one() throws Exception {
        WebhookReceiver.Receipt r = receipt("msg_1", ended(), 204);
        assertTrue(WebhookChecks.signed(SECRET, r));
        String another = "whsec_" + Base64.getEncoder().encodeToString("another secret of thirty-two b.".getBytes());
        assertFalse(WebhookChecks.signed(another, r));
        assertFalse(WebhookChecks.signed(
                SECRET,
                new WebhookReceiver.Receipt(
                        r.at(), r.path(), r.id(), r.timestamp(), r.signature(), r.body() + " ", 204)));
    }

    private static Report check(Facts facts, List<WebhookReceiver.Receipt> receipts) {
        ChaosLoad.Results load = new ChaosLoad.Results(
                List.of("http://gateway"),
                1,
                List.of("carrara"),
                "random",
                Instant.now(),
                Instant.now(),
                4,
                0,
                List.of(new ChaosLoad.Results.Game(GAME, "t1", "carrara")),
                List.of(new ChaosLoad.Results.Game(GAME, "t1", "carrara")),
                List.of(ANAS),
                Map.of(),
                0,
                List.of());
        Report report = new Report();
        WebhookChecks.check(report, facts, load, receipts);
        return report;
    }

    /** Ana (subscribed) and Bob play; Ana's turns start at 1 and 4, Bob's at 5; the game ends at 6. */
    private static Facts game() {
        Facts facts = new Facts();
        ObjectNode started = JSON.createObjectNode();
        started.putArray("players").add(ANA).add(BOB);
        facts.games.put(
                GAME,
                List.of(
                        new Facts.Stored(GAME, 1, "e1", Facts.GAME_STARTED, started),
                        new Facts.Stored(GAME, 6, "e6", Facts.GAME_ENDED, null)));
        facts.gameTopic.addAll(List.of(
                published(1, Facts.GAME_STARTED, ANA),
                published(2, "tessera.carrara.StonesBought", ANA),
                published(3, "tessera.carrara.TurnEnded", null),
                published(4, "tessera.carrara.ValuationScored", ANA),
                published(4, "tessera.carrara.ValuationScored", ANA), // published again (at least once)
                published(5, "tessera.carrara.StonesBought", BOB),
                published(6, Facts.GAME_ENDED, null)));
        return facts;
    }

    private static Facts.Published published(long version, String type, String toact) {
        return new Facts.Published(GAME, "e" + version, GAME, version, type, null, toact, null);
    }

    private static String turn(long version) {
        return "{\"type\":\"turn.started\",\"data\":{\"gameId\":\"g1\",\"player\":\"" + ANA + "\",\"version\":"
                + version + "}}";
    }

    private static String ended() {
        return "{\"type\":\"game.ended\",\"data\":{\"gameId\":\"g1\"}}";
    }

    private static WebhookReceiver.Receipt receipt(String id, String body, int answered) {
        try {
            String timestamp = "1700000000";
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(Base64.getDecoder().decode(SECRET.substring(6)), "HmacSHA256"));
            String signature = "v1,"
                    + Base64.getEncoder()
                            .encodeToString(
                                    mac.doFinal((id + "." + timestamp + "." + body).getBytes(StandardCharsets.UTF_8)));
            return new WebhookReceiver.Receipt(Instant.now(), ANAS.path(), id, timestamp, signature, body, answered);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
