package dev.tessera.game;

import static io.restassured.RestAssured.given;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.events.EventCodec;
import java.util.List;
import java.util.Map;

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

    /**
     * Plays the first legal move of whichever of {@code seats} is to act at {@code version}, as that player; answers the
     * game's version after it.
     */
    public static int playFirst(String gameId, int version, String... seats) {
        for (String seat : seats) {
            List<JsonNode> moves = of(gameId, seat);
            if (!moves.isEmpty()) {
                return given().header("X-Tessera-Player", seat)
                        .contentType("application/json")
                        .body(Map.of("expectedVersion", version, "move", moves.get(0)))
                        .post("/api/v1/games/" + gameId + "/moves")
                        .then()
                        .statusCode(200)
                        .extract()
                        .path("version");
            }
        }
        throw new AssertionError("none of " + List.of(seats) + " may move in " + gameId);
    }
}
