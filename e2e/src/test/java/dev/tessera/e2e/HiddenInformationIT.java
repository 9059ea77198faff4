package dev.tessera.e2e;

import static dev.tessera.e2e.Tables.game;
import static dev.tessera.e2e.Tables.signUp;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Nobody sees a hidden card: in an Alhambra game, Ana's money cards that no event ever showed (her
 * starting hand) appear in no answer to another player or to a spectator, on any endpoint that shows a
 * game (its view, the legal moves, its events, the live feed); the seed is in none of them.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HiddenInformationIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @BeforeAll
    void start() {
        Platform.useGateway();
    }

    @Test
    void another_player_and_a_spectator_find_no_hidden_card_and_no_seed_anywhere() {
        List<Account> seated = signUp("secret-ana", "secret-bob");
        Account ana = seated.get(0);
        Account bob = seated.get(1);
        Account cyd = Account.signUp("secret-cyd"); // sits at no table: a spectator of this game
        String gameId = game("alhambra", seated);
        // At the start Ana's hand is her dealt cards, which no event shows; later ones may have been shown
        // (taken from the display, paid out), so the check runs at the start and again after some moves.
        Set<Integer> dealt = secretCards(gameId, ana);
        assertFalse(dealt.isEmpty(), "Ana's dealt cards are in no event");
        findNothingHidden(gameId, ana, List.of(bob, cyd), dealt);
        new Bot(51).playUntil(gameId, seated, types -> types.size() >= 8, 200);
        findNothingHidden(gameId, ana, List.of(bob, cyd), secretCards(gameId, ana));
    }

    /** Ana's money cards that no event of the game has shown. */
    private static Set<Integer> secretCards(String gameId, Account ana) {
        String path = "/api/v1/games/" + gameId;
        Set<Integer> secret = moneyCardIds(
                read(ana.as().get(path).then().statusCode(200).extract().asString())
                        .path("state")
                        .path("players")
                        .findValues("hand")
                        .stream()
                        .filter(JsonNode::isArray)
                        .findFirst()
                        .orElseThrow());
        list(read(ana.as()
                        .get(path + "/events?from=0")
                        .then()
                        .statusCode(200)
                        .extract()
                        .asString()))
                .forEach(e -> secret.removeAll(moneyCardIds(e)));
        return secret;
    }

    private static void findNothingHidden(String gameId, Account ana, List<Account> viewers, Set<Integer> secret) {
        String path = "/api/v1/games/" + gameId;
        int handSize = read(ana.as().get(path).then().statusCode(200).extract().asString())
                .path("state")
                .path("players")
                .findValues("hand")
                .stream()
                .filter(JsonNode::isArray)
                .findFirst()
                .orElseThrow()
                .size();
        List<JsonNode> events = list(read(ana.as()
                .get(path + "/events?from=0")
                .then()
                .statusCode(200)
                .extract()
                .asString()));
        for (Account viewer : viewers) {
            String who = viewer.name();
            JsonNode view =
                    read(viewer.as().get(path).then().statusCode(200).extract().asString());
            assertNoSecret(secret, view, who + "'s view");
            for (JsonNode p : view.path("state").path("players")) {
                if (p.path("id").asText().equals(ana.id())) {
                    assertTrue(p.path("hand").isNull() || p.path("hand").isMissingNode(), who + " sees Ana's hand");
                    assertEquals(handSize, p.path("handSize").asInt(), who + " sees how many cards Ana holds");
                }
            }
            assertNoSecret(
                    secret,
                    read(viewer.as()
                            .get(path + "/legal-moves")
                            .then()
                            .statusCode(200)
                            .extract()
                            .asString()),
                    who + "'s legal moves");
            List<JsonNode> seen = list(read(viewer.as()
                    .get(path + "/events?from=0")
                    .then()
                    .statusCode(200)
                    .extract()
                    .asString()));
            assertEquals(events, seen, "every viewer reads the same stream");
            seen.forEach(e -> assertNoSecret(secret, e, who + "'s events"));
            assertEquals(events, live(gameId, viewer, events.size()), who + "'s live feed replays the same events");
        }
        for (JsonNode e : events) {
            assertFalse(e.path("data").has("seed"), "the seed is never published");
            assertFalse(e.path("data").has("salt"), "nor the salt of its commitment, while the game runs");
        }
    }

    private static void assertNoSecret(Set<Integer> secret, JsonNode json, String where) {
        Set<Integer> found = moneyCardIds(json);
        found.retainAll(secret);
        assertTrue(found.isEmpty(), where + " shows Ana's hidden cards " + found);
        assertTrue(json.findValues("seed").isEmpty(), where + " shows the seed");
        assertTrue(json.findValues("salt").isEmpty(), where + " shows the salt of the seed's commitment");
    }

    /** The ids of every money card (an object with id, currency and value) anywhere in {@code json}. */
    private static Set<Integer> moneyCardIds(JsonNode json) {
        Set<Integer> ids = new HashSet<>();
        if (json.isObject() && json.has("id") && json.has("currency") && json.has("value")) {
            ids.add(json.path("id").asInt());
        }
        json.forEach(child -> ids.addAll(moneyCardIds(child)));
        return ids;
    }

    /** The first {@code count} events of the live feed from version 0, as {@code viewer}. */
    private static List<JsonNode> live(String gameId, Account viewer, int count) {
        HttpRequest request = HttpRequest.newBuilder(
                        URI.create(Platform.shared().gateway() + "/api/v1/games/" + gameId + "/live?from=0"))
                .header("Accept", "text/event-stream")
                .header("Authorization", "Bearer " + viewer.token())
                .timeout(Duration.ofSeconds(30))
                .build();
        List<JsonNode> events = new ArrayList<>();
        try {
            HttpResponse<InputStream> answer =
                    HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofInputStream());
            assertEquals(200, answer.statusCode());
            try (BufferedReader lines =
                    new BufferedReader(new InputStreamReader(answer.body(), StandardCharsets.UTF_8))) {
                for (String line; events.size() < count && (line = lines.readLine()) != null; ) {
                    if (line.startsWith("data:")) {
                        events.add(read(line.substring(5).trim()));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return events;
    }

    private static List<JsonNode> list(JsonNode array) {
        List<JsonNode> items = new ArrayList<>();
        array.forEach(items::add);
        return items;
    }

    private static JsonNode read(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
