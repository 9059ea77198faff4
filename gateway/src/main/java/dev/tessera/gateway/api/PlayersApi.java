package dev.tessera.gateway.api;

import static dev.tessera.gateway.api.ApiDocument.BAD_CREDENTIAL;
import static dev.tessera.gateway.api.ApiDocument.INVALID_FIELD;
import static dev.tessera.gateway.api.ApiDocument.JSON;
import static dev.tessera.gateway.api.ApiDocument.NOT_FOUND;
import static dev.tessera.gateway.api.ApiDocument.PROBLEM;
import static dev.tessera.gateway.api.ApiDocument.UNAUTHENTICATED;

import dev.tessera.gateway.api.model.Examples;
import dev.tessera.gateway.api.model.PlayedGame;
import dev.tessera.gateway.api.model.Problem;
import dev.tessera.gateway.auth.Callers;
import dev.tessera.gateway.auth.Tokens;
import dev.tessera.gateway.players.ApiKey;
import dev.tessera.gateway.players.Player;
import dev.tessera.gateway.players.PlayerService;
import dev.tessera.gateway.upstream.Forwarder;
import dev.tessera.gateway.upstream.Upstream;
import dev.tessera.kit.problem.ProblemException;
import io.quarkus.security.Authenticated;
import io.quarkus.security.UnauthorizedException;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Players: signing up (which hands out the first token), public profiles, the caller, API keys. */
@Path("/api/v1/players")
@Tag(name = "Players")
@Produces({MediaType.APPLICATION_JSON, "application/problem+json"})
public class PlayersApi {
    private static final String PLAYER_ID = "The player's id (a UUID)";

    @Inject
    PlayerService players;

    @Inject
    Tokens tokens;

    @Inject
    Callers callers;

    @Inject
    Forwarder forwarder;

    @Inject
    com.fasterxml.jackson.databind.ObjectMapper mapper;

    @Schema(name = "SignUpRequest", examples = Examples.SIGN_UP)
    public record SignUp(
            @Schema(
                    required = true,
                    description = "1 to 40 letters, digits, '.', '_' or '-'; unique regardless of case",
                    pattern = "[A-Za-z0-9_.-]{1,40}")
            String name) {}

    @Schema(
            name = "SignedUp",
            description = "The new player, with a signed token to send as Authorization: Bearer",
            examples = Examples.SIGNED_UP)
    public record SignedUp(
            @Schema(required = true, description = "The player's id: what tables and games know the player by")
            UUID id,

            @Schema(required = true) String name,

            @Schema(required = true, description = "An RS256 JWT")
            String token,

            @Schema(
                    required = true,
                    description =
                            "When the token expires (7 days by default); renew it with POST /api/v1/players/me/tokens")
            Instant expiresAt) {}

    @Schema(name = "Player", examples = Examples.PLAYER)
    public record PlayerView(
            @Schema(required = true) UUID id,
            @Schema(required = true) String name) {
        static PlayerView of(Player p) {
            return new PlayerView(p.id, p.name);
        }
    }

    @Schema(name = "Token", examples = Examples.TOKEN)
    public record TokenView(
            @Schema(required = true, description = "An RS256 JWT")
            String token,

            @Schema(required = true) Instant expiresAt) {}

    @Schema(
            name = "NewApiKey",
            description = "A new API key; `key` is in this answer only",
            examples = Examples.NEW_API_KEY)
    public record NewApiKey(
            @Schema(required = true, description = "The key's id, to revoke it")
            UUID id,

            @Schema(required = true, description = "The key: send it as X-Api-Key (or Authorization: Bearer)")
            String key,

            @Schema(required = true) OffsetDateTime createdAt) {}

    @Schema(name = "ApiKeyInfo", description = "An API key's id and creation time (never the key)")
    public record ApiKeyView(
            @Schema(required = true) UUID id,
            @Schema(required = true) OffsetDateTime createdAt) {
        static ApiKeyView of(ApiKey k) {
            return new ApiKeyView(k.id, k.createdAt);
        }
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(
            operationId = "signUp",
            summary = "Sign up",
            description =
                    "Names are 1 to 40 letters, digits, '.', '_' or '-', unique regardless of case (409 rule name-taken). Answers the player's id and a signed token to send as Authorization: Bearer.")
    @RequestBody(
            required = true,
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(implementation = SignUp.class),
                            examples = @ExampleObject(name = "ana", value = Examples.SIGN_UP)))
    @APIResponse(
            responseCode = "201",
            description = "The player, with a token",
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(implementation = SignedUp.class),
                            examples = @ExampleObject(name = "ana", value = Examples.SIGNED_UP)))
    @APIResponse(
            responseCode = "400",
            description = "The name is missing or not allowed (`field`: name)",
            content = @Content(mediaType = PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "401", ref = BAD_CREDENTIAL)
    @APIResponse(
            responseCode = "409",
            description = "The name is taken (`rule`: name-taken)",
            content =
                    @Content(
                            mediaType = PROBLEM,
                            schema = @Schema(implementation = Problem.class),
                            examples = @ExampleObject(name = "name-taken", value = Examples.PROBLEM_NAME_TAKEN)))
    public Uni<Response> signUp(SignUp body) {
        return players.signUp(body == null ? null : body.name()).map(p -> {
            Tokens.Issued token = tokens.issue(p.id, p.name);
            return Response.created(URI.create("/api/v1/players/" + p.id))
                    .entity(new SignedUp(p.id, p.name, token.token(), token.expiresAt()))
                    .build();
        });
    }

    /** At most this many ids in one names request. */
    static final int MAX_IDS = 100;

    @GET
    @Authenticated
    @Operation(
            operationId = "getPlayerNames",
            summary = "Several players' names at once",
            description = "The id and name of each player among `ids` (a comma-separated list of up to "
                    + MAX_IDS + " ids), in the order asked. An id that is no player's (a bot's seat, an unknown or "
                    + "malformed id) is left out, as GET /api/v1/players/{id} would answer it 404: a client that "
                    + "shows a game's or a lobby's players asks once for all of them.")
    @APIResponse(
            responseCode = "200",
            description = "The players found",
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(type = SchemaType.ARRAY, implementation = PlayerView.class),
                            examples = @ExampleObject(name = "names", value = Examples.PLAYER_NAMES)))
    @APIResponse(
            responseCode = "400",
            description = "`field` ids: missing, empty or more than " + MAX_IDS + " ids",
            content = @Content(mediaType = PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "401", ref = BAD_CREDENTIAL)
    public Uni<List<PlayerView>> names(
            @Parameter(description = "Player ids, comma-separated, at most " + MAX_IDS) @QueryParam("ids") String ids) {
        List<String> asked = ids == null
                ? List.of()
                : java.util.Arrays.stream(ids.split(","))
                        .map(String::trim)
                        .filter(id -> !id.isEmpty())
                        .distinct()
                        .toList();
        if (asked.isEmpty() || asked.size() > MAX_IDS) {
            throw ProblemException.badField("ids", "ids is a comma-separated list of 1 to " + MAX_IDS + " player ids");
        }
        List<UUID> uuids = asked.stream()
                .map(PlayersApi::uuidOrNull)
                .filter(java.util.Objects::nonNull)
                .toList();
        return players.names(uuids)
                .map(found -> uuids.stream()
                        .filter(found::containsKey)
                        .map(id -> new PlayerView(id, found.get(id)))
                        .toList());
    }

    private static UUID uuidOrNull(String id) {
        try {
            return UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    @GET
    @Path("me")
    @Authenticated
    @Operation(operationId = "getMe", summary = "The caller")
    @APIResponse(
            responseCode = "200",
            description = "The calling player",
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(implementation = PlayerView.class),
                            examples = @ExampleObject(name = "ana", value = Examples.PLAYER)))
    @APIResponse(responseCode = "401", ref = UNAUTHENTICATED)
    public Uni<PlayerView> me() {
        return callers.requiredId().chain(players::byId).map(p -> {
            if (p == null) {
                // A token outliving its player (a wiped database) proves nothing any more.
                throw new UnauthorizedException();
            }
            return PlayerView.of(p);
        });
    }

    @POST
    @Path("me/tokens")
    @Authenticated
    @Operation(
            operationId = "renewToken",
            summary = "A fresh token for the caller",
            description =
                    "For a client whose token nears its expiry, or a program that holds an API key and wants a token.")
    @APIResponse(
            responseCode = "201",
            description = "A new token",
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(implementation = TokenView.class),
                            examples = @ExampleObject(name = "token", value = Examples.TOKEN)))
    @APIResponse(responseCode = "401", ref = UNAUTHENTICATED)
    public Uni<Response> token() {
        return me().map(p -> {
            Tokens.Issued token = tokens.issue(p.id(), p.name());
            return Response.status(201)
                    .entity(new TokenView(token.token(), token.expiresAt()))
                    .build();
        });
    }

    /** A player's public profile: who they are (the gateway) and what they did (the lobby). */
    @Schema(name = "PlayerProfile", examples = Examples.PROFILE)
    public record Profile(
            @Schema(required = true) UUID id,
            @Schema(required = true) String name,

            @Schema(required = true, description = "Games played, finished or not")
            int gamesPlayed,

            @Schema(required = true) int gamesFinished,

            @Schema(required = true, description = "Games a bot finished for the player after a timeout")
            int abandoned,

            @Schema(required = true, description = "The rating per game the player finished a game of")
            List<GameRating> ratings) {}

    /** A player's standing in one game: Elo rating (starting at 1500), games rated, wins, games abandoned. */
    @Schema(name = "GameRating")
    public record GameRating(
            @Schema(required = true) String game,

            @Schema(required = true, description = "Elo rating; everyone starts at 1500")
            int rating,

            @Schema(required = true) int games,
            @Schema(required = true) int wins,
            @Schema(required = true) int abandoned) {}

    /** What the lobby answers for a player. */
    record LobbyProfile(int gamesPlayed, int gamesFinished, int abandoned, List<GameRating> ratings) {}

    @GET
    @Authenticated
    @Path("{id}")
    @Operation(
            operationId = "getPlayer",
            summary = "A player's public profile",
            description =
                    "Name, games played, finished and abandoned, and the Elo rating per game (everyone starts at 1500; lobby-service/README.md has the formula).")
    @APIResponse(
            responseCode = "200",
            description = "The profile",
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(implementation = Profile.class),
                            examples = @ExampleObject(name = "ana", value = Examples.PROFILE)))
    @APIResponse(responseCode = "401", ref = BAD_CREDENTIAL)
    @APIResponse(responseCode = "404", ref = NOT_FOUND)
    public Uni<Response> get(@Parameter(description = PLAYER_ID) @PathParam("id") String id) {
        UUID uuid = uuid(id, "player");
        return players.byId(uuid).chain(p -> {
            if (p == null) {
                throw ProblemException.notFound("player", id);
            }
            return forwarder
                    .get(Upstream.LOBBY, "/api/v1/players/" + uuid, null)
                    .map(answer -> {
                        if (answer.getStatus() != 200) {
                            return answer;
                        }
                        LobbyProfile lobby = Json.read(mapper, answer, LobbyProfile.class);
                        return Response.ok(new Profile(
                                        p.id,
                                        p.name,
                                        lobby.gamesPlayed(),
                                        lobby.gamesFinished(),
                                        lobby.abandoned(),
                                        lobby.ratings() == null ? List.of() : lobby.ratings()))
                                .type(MediaType.APPLICATION_JSON)
                                .build();
                    });
        });
    }

    @GET
    @Authenticated
    @Path("{id}/games")
    @Operation(
            operationId = "getPlayerGames",
            summary = "A player's games, newest first",
            description =
                    "Each with its players, status (playing, finished), rank and score, whether the player abandoned it, and their rating before and after.")
    @APIResponse(
            responseCode = "200",
            description = "The games, newest first",
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(type = SchemaType.ARRAY, implementation = PlayedGame.class),
                            examples = @ExampleObject(name = "one-game", value = Examples.PLAYED_GAMES)))
    @APIResponse(responseCode = "400", ref = INVALID_FIELD)
    @APIResponse(responseCode = "401", ref = BAD_CREDENTIAL)
    @APIResponse(responseCode = "404", ref = NOT_FOUND)
    public Uni<Response> games(
            @Parameter(description = PLAYER_ID) @PathParam("id") String id,
            @Parameter(
                            description = "How many games at most, 1 to 100 (default 20)",
                            schema =
                                    @Schema(
                                            type = SchemaType.INTEGER,
                                            minimum = "1",
                                            maximum = "100",
                                            defaultValue = "20"))
                    @QueryParam("limit")
                    String limit) {
        UUID uuid = uuid(id, "player");
        return forwarder.get(
                Upstream.LOBBY, Uris.withQuery("/api/v1/players/" + uuid + "/games", Uris.query("limit", limit)), null);
    }

    @POST
    @Path("me/api-keys")
    @Authenticated
    @Operation(
            operationId = "createApiKey",
            summary = "Create an API key",
            description =
                    "The key is in this answer only: the gateway keeps just its hash. A program sends it as X-Api-Key or as Authorization: Bearer, and acts as the caller until the key is revoked.")
    @APIResponse(
            responseCode = "201",
            description = "The new key",
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(implementation = NewApiKey.class),
                            examples = @ExampleObject(name = "key", value = Examples.NEW_API_KEY)))
    @APIResponse(responseCode = "401", ref = UNAUTHENTICATED)
    public Uni<Response> createKey() {
        return callers.requiredId()
                .chain(players::createKey)
                .map(k -> Response.status(201)
                        .entity(new NewApiKey(k.id(), k.key(), k.createdAt()))
                        .build());
    }

    @GET
    @Path("me/api-keys")
    @Authenticated
    @Operation(
            operationId = "listApiKeys",
            summary = "The caller's API keys (their ids and creation times; never the keys)")
    @APIResponse(
            responseCode = "200",
            description = "The keys, oldest first",
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(type = SchemaType.ARRAY, implementation = ApiKeyView.class),
                            examples = @ExampleObject(name = "one-key", value = Examples.API_KEYS)))
    @APIResponse(responseCode = "401", ref = UNAUTHENTICATED)
    public Uni<List<ApiKeyView>> keys() {
        return callers.requiredId()
                .chain(players::keys)
                .map(l -> l.stream().map(ApiKeyView::of).toList());
    }

    @DELETE
    @Path("me/api-keys/{keyId}")
    @Authenticated
    @Operation(operationId = "revokeApiKey", summary = "Revoke an API key", description = "It stops working at once.")
    @APIResponse(responseCode = "204", description = "Revoked")
    @APIResponse(responseCode = "401", ref = UNAUTHENTICATED)
    @APIResponse(
            responseCode = "404",
            description = "The caller has no key with this id",
            content = @Content(mediaType = PROBLEM, schema = @Schema(implementation = Problem.class)))
    public Uni<Response> revokeKey(
            @Parameter(description = "The key's id (from createApiKey or listApiKeys)") @PathParam("keyId")
                    String keyId) {
        UUID key = uuid(keyId, "API key");
        return callers.requiredId()
                .chain(player -> players.revokeKey(player, key))
                .map(v -> Response.noContent().build());
    }

    private static UUID uuid(String id, String what) {
        try {
            return UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            throw ProblemException.notFound(what, id);
        }
    }
}
