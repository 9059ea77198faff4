package dev.tessera.e2e;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import java.util.Map;

/** A registered player as a client holds it: the id the services know, the name, the signed token. */
record Account(String id, String name, String token) {

    /** Signs up through the gateway. Every test uses names of its own: the run shares one database. */
    static Account signUp(String name) {
        JsonPath body = given().contentType(ContentType.JSON)
                .body(Map.of("name", name))
                .post("/api/v1/players")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath();
        return new Account(body.getString("id"), body.getString("name"), body.getString("token"));
    }

    /** A request made as this player. */
    RequestSpecification as() {
        return given().header("Authorization", "Bearer " + token);
    }
}
