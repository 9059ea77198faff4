package dev.tessera.game;

import static io.restassured.RestAssured.given;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.events.EventCodec;
import java.util.List;

/** A player's legal moves, as GET legal-moves lists them: what the tests that play games through the API ask first. */
public final class LegalMoves {
    private static final EventCodec CODEC = new EventCodec();

    private LegalMoves() {}

    /** The moves {@code player} may send now in game {@code gameId} (none when it is not their turn). */
    public static List<JsonNode> of(String gameId, String player) {
        return List.of(CODEC.mapper()
                .convertValue(
                        given().header("X-Tessera-Player", player)
                                .get("/api/v1/games/" + gameId + "/legal-moves")
                                .then()
                                .statusCode(200)
                                .extract()
                                .jsonPath()
                                .getList("moves"),
                        JsonNode[].class));
    }
}
