package dev.tessera.gateway.api;

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
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.net.URI;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

/** Players: signing up (which hands out the first token), public profiles, the caller, API keys. */
@Path("/api/v1/players")
@Tag(name = "Players", description = "Sign up, who a player is, tokens and API keys")
@Produces({MediaType.APPLICATION_JSON, "application/problem+json"})
public class PlayersApi {

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

    public record SignUp(String name) {
    }

    public record SignedUp(UUID id, String name, String token, Instant expiresAt) {
    }

    public record PlayerView(UUID id, String name) {
        static PlayerView of(Player p) {
            return new PlayerView(p.id, p.name);
        }
    }

    public record TokenView(String token, Instant expiresAt) {
    }

    public record NewApiKey(UUID id, String key, OffsetDateTime createdAt) {
    }

    public record ApiKeyView(UUID id, OffsetDateTime createdAt) {
        static ApiKeyView of(ApiKey k) {
            return new ApiKeyView(k.id, k.createdAt);
        }
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Sign up", description = "Body: {\"name\": \"ana\"}. Names are 1 to 40 letters, digits, '.', '_' or '-', unique regardless of case (409 rule name-taken). Answers the player's id and a signed token to send as Authorization: Bearer.")
    @APIResponse(responseCode = "201", description = "The player, with a token")
    @APIResponse(responseCode = "400", description = "The name is missing or not allowed (field: name)")
    @APIResponse(responseCode = "409", description = "The name is taken (rule: name-taken)")
    public Uni<Response> signUp(SignUp body) {
        return players.signUp(body == null ? null : body.name()).map(p -> {
            Tokens.Issued token = tokens.issue(p.id, p.name);
            return Response.created(URI.create("/api/v1/players/" + p.id))
                    .entity(new SignedUp(p.id, p.name, token.token(), token.expiresAt())).build();
        });
    }

    @GET
    @Path("me")
    @Authenticated
    @Operation(summary = "The caller")
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
    @Operation(summary = "A fresh token for the caller", description = "For a client whose token nears its expiry, or a program that holds an API key and wants a token.")
    public Uni<Response> token() {
        return me().map(p -> {
            Tokens.Issued token = tokens.issue(p.id(), p.name());
            return Response.status(201).entity(new TokenView(token.token(), token.expiresAt())).build();
        });
    }

    /** A player's public profile: who they are (the gateway) and what they did (the lobby). */
    public record Profile(UUID id, String name, int gamesPlayed, int gamesFinished, int abandoned, List<GameRating> ratings) {
    }

    /** A player's standing in one game: Elo rating (starting at 1500), games rated, wins, games abandoned. */
    public record GameRating(String game, int rating, int games, int wins, int abandoned) {
    }

    /** What the lobby answers for a player. */
    record LobbyProfile(int gamesPlayed, int gamesFinished, int abandoned, List<GameRating> ratings) {
    }

    @GET
    @Path("{id}")
    @Operation(summary = "A player's public profile", description = "Name, games played, finished and abandoned, and the Elo rating per game (everyone starts at 1500; lobby-service/README.md has the formula).")
    @APIResponse(responseCode = "200", description = "The profile", content = @Content(schema = @Schema(implementation = Profile.class)))
    @APIResponse(responseCode = "404", description = "No such player", content = @Content(mediaType = "application/problem+json"))
    public Uni<Response> get(@PathParam("id") String id) {
        UUID uuid = uuid(id, "player");
        return players.byId(uuid).chain(p -> {
            if (p == null) {
                throw ProblemException.notFound("player", id);
            }
            return forwarder.get(Upstream.LOBBY, "/api/v1/players/" + uuid, null).map(answer -> {
                if (answer.getStatus() != 200) {
                    return answer;
                }
                LobbyProfile lobby = Json.read(mapper, answer, LobbyProfile.class);
                return Response.ok(new Profile(p.id, p.name, lobby.gamesPlayed(), lobby.gamesFinished(), lobby.abandoned(),
                        lobby.ratings() == null ? List.of() : lobby.ratings())).type(MediaType.APPLICATION_JSON).build();
            });
        });
    }

    @GET
    @Path("{id}/games")
    @Operation(summary = "A player's games, newest first", description = "Each with its players, status (playing, finished), rank and score, whether the player abandoned it, and their rating before and after. limit: 1 to 100, default 20.")
    public Uni<Response> games(@PathParam("id") String id, @QueryParam("limit") String limit) {
        UUID uuid = uuid(id, "player");
        String query = Uris.query("limit", limit);
        return forwarder.get(Upstream.LOBBY, "/api/v1/players/" + uuid + "/games" + (query.isEmpty() ? "" : "?" + query), null);
    }

    @POST
    @Path("me/api-keys")
    @Authenticated
    @Operation(summary = "Create an API key", description = "The key is in this answer only: the gateway keeps just its hash. A program sends it as X-Api-Key or as Authorization: Bearer, and acts as the caller until the key is revoked.")
    public Uni<Response> createKey() {
        return callers.requiredId().chain(players::createKey)
                .map(k -> Response.status(201).entity(new NewApiKey(k.id(), k.key(), k.createdAt())).build());
    }

    @GET
    @Path("me/api-keys")
    @Authenticated
    @Operation(summary = "The caller's API keys (their ids and creation times; never the keys)")
    public Uni<List<ApiKeyView>> keys() {
        return callers.requiredId().chain(players::keys).map(l -> l.stream().map(ApiKeyView::of).toList());
    }

    @DELETE
    @Path("me/api-keys/{keyId}")
    @Authenticated
    @Operation(summary = "Revoke an API key", description = "It stops working at once.")
    public Uni<Response> revokeKey(@PathParam("keyId") String keyId) {
        UUID key = uuid(keyId, "API key");
        return callers.requiredId().chain(player -> players.revokeKey(player, key)).map(v -> Response.noContent().build());
    }

    private static UUID uuid(String id, String what) {
        try {
            return UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            throw ProblemException.notFound(what, id);
        }
    }
}
