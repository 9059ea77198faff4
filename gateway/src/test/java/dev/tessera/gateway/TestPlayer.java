package dev.tessera.gateway;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import java.util.Map;

/** Test helper: signs a player up and keeps what a client keeps, the id and the token. */
public record TestPlayer(String id, String name, String token) {

    public static TestPlayer signUp(String name) {
        var body = given().contentType(ContentType.JSON)
                .body(Map.of("name", name))
                .post("/api/v1/players")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath();
        return new TestPlayer(body.getString("id"), body.getString("name"), body.getString("token"));
    }

    public String bearer() {
        return "Bearer " + token;
    }
}
