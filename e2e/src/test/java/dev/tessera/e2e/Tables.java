package dev.tessera.e2e;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.notNullValue;

import io.restassured.http.ContentType;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** Players and tables as a client makes them through the gateway. */
final class Tables {
    private Tables() {}

    static List<Account> signUp(String... names) {
        return Arrays.stream(names).map(Account::signUp).toList();
    }

    /** Opens a table for everyone in {@code players} (the first hosts), seats them and starts it; its game id. */
    static String game(String title, List<Account> players) {
        return gameOf(table(title, players, Map.of()));
    }

    static String table(String title, List<Account> players, Map<String, String> options) {
        String tableId = players.get(0)
                .as()
                .contentType(ContentType.JSON)
                .body(Map.of("game", title, "seats", players.size(), "options", options))
                .post("/api/v1/tables")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
        for (Account p : players.subList(1, players.size())) {
            p.as().post("/api/v1/tables/" + tableId + "/join").then().statusCode(200);
        }
        players.get(0).as().post("/api/v1/tables/" + tableId + "/start").then().statusCode(200);
        return tableId;
    }

    /** The game of a started table, once game-service has created it. */
    static String gameOf(String tableId) {
        await().atMost(Duration.ofSeconds(60))
                .untilAsserted(() -> given().get("/api/v1/tables/" + tableId)
                        .then()
                        .statusCode(200)
                        .body("gameId", notNullValue()));
        return given().get("/api/v1/tables/" + tableId).then().extract().path("gameId");
    }
}
