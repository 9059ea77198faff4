/**
 * The public API under /api/v1: resources that authenticate the caller and forward to the services. The
 * annotation here is the part of the API document that is not one operation's: its description, the tags, and
 * the error answers many operations share (named in {@link dev.tessera.gateway.api.ApiDocument}), and the schema of the
 * tables' live feed's events.
 */
@OpenAPIDefinition(
        info = @Info(title = "Tessera gateway", version = "1", description = """
                        The public API of Tessera, an online board-game platform (Alhambra, Carrara, The Builders: Middle Ages).

                        **Credentials.** `POST /api/v1/players` signs a player up and answers a signed token; send it as \
                        `Authorization: Bearer <token>`. Programs may use an API key instead (`X-Api-Key: tsk_…`). Every operation \
                        but sign-up and the calculators needs one, reading tables, games and events included: what a game \
                        shows depends on who asks (a seated player sees their own hand, anyone else the spectator's view), and \
                        limits apply per player. A spectator or a reader is any signed-up player or key. A credential that does \
                        not verify is a 401 everywhere, also on sign-up and the calculators.

                        **Errors** are `application/problem+json` (the `Problem` schema) with a stable `type`: a rejected move \
                        names the `rule` it breaks (422), a stale `expectedVersion` is a 409 with `currentVersion`, bad input \
                        names the `field` (400). Every caller is rate limited (429 with Retry-After); request bodies are \
                        limited to 64 KiB (413), the path and query to 8,192 characters (414), the headers to 20 KiB (431).

                        **Playing.** Open a table, let others join, start it, wait for the table's `gameId`, then ask \
                        `legal-moves` and send one of them back with its `version` as `expectedVersion`. Follow a game with \
                        `GET /api/v1/games/{id}/live` (server-sent events) or read its events with `GET /api/v1/games/{id}/events`."""),
        tags = {
            @Tag(name = "Players", description = "Sign up, who a player is, tokens and API keys"),
            @Tag(name = "Tables", description = "Open a table, take a seat, start the game"),
            @Tag(name = "Matchmaking", description = "Quick play: queue for a game, learn your table"),
            @Tag(
                    name = "Games",
                    description = "A game's state for the caller, its event stream, legal moves and moves"),
            @Tag(name = "Leaderboards", description = "The best players of each game by Elo rating"),
            @Tag(name = "Calculators", description = "Stateless rules and scoring checks for companion apps")
        },
        components =
                @Components(
                        responses = {
                            @APIResponse(
                                    name = ApiDocument.INVALID_FIELD,
                                    description = "Bad input: the problem's `field` names what is missing or wrong",
                                    content =
                                            @Content(
                                                    mediaType = ApiDocument.PROBLEM,
                                                    schema = @Schema(implementation = Problem.class),
                                                    examples =
                                                            @ExampleObject(
                                                                    name = "invalid-field",
                                                                    value = Examples.PROBLEM_INVALID_FIELD))),
                            @APIResponse(
                                    name = ApiDocument.UNAUTHENTICATED,
                                    description = "No credential, or one that does not verify (missing, "
                                            + "malformed, expired or wrongly signed token; unknown or revoked API key)",
                                    headers =
                                            @Header(
                                                    name = "WWW-Authenticate",
                                                    description = "Bearer",
                                                    schema = @Schema(type = SchemaType.STRING)),
                                    content =
                                            @Content(
                                                    mediaType = ApiDocument.PROBLEM,
                                                    schema = @Schema(implementation = Problem.class),
                                                    examples =
                                                            @ExampleObject(
                                                                    name = "unauthenticated",
                                                                    value = Examples.PROBLEM_UNAUTHENTICATED))),
                            @APIResponse(
                                    name = ApiDocument.BAD_CREDENTIAL,
                                    description = "A credential was sent and does not verify (no credential "
                                            + "is needed here, but a broken one is never ignored)",
                                    headers =
                                            @Header(
                                                    name = "WWW-Authenticate",
                                                    description = "Bearer",
                                                    schema = @Schema(type = SchemaType.STRING)),
                                    content =
                                            @Content(
                                                    mediaType = ApiDocument.PROBLEM,
                                                    schema = @Schema(implementation = Problem.class),
                                                    examples =
                                                            @ExampleObject(
                                                                    name = "unauthenticated",
                                                                    value = Examples.PROBLEM_UNAUTHENTICATED))),
                            @APIResponse(
                                    name = ApiDocument.NOT_FOUND,
                                    description = "No such resource",
                                    content =
                                            @Content(
                                                    mediaType = ApiDocument.PROBLEM,
                                                    schema = @Schema(implementation = Problem.class),
                                                    examples =
                                                            @ExampleObject(
                                                                    name = "not-found",
                                                                    value = Examples.PROBLEM_NOT_FOUND))),
                            @APIResponse(
                                    name = ApiDocument.PAYLOAD_TOO_LARGE,
                                    description = "The request body is larger than the limit (64 KiB by "
                                            + "default); `maxBytes` says how large it may be",
                                    content =
                                            @Content(
                                                    mediaType = ApiDocument.PROBLEM,
                                                    schema = @Schema(implementation = Problem.class),
                                                    examples =
                                                            @ExampleObject(
                                                                    name = "payload-too-large",
                                                                    value = Examples.PROBLEM_PAYLOAD_TOO_LARGE))),
                            @APIResponse(
                                    name = ApiDocument.RATE_LIMITED,
                                    description = "Too many requests from this caller; retry after "
                                            + "`Retry-After` seconds",
                                    headers =
                                            @Header(
                                                    name = "Retry-After",
                                                    description = "Seconds to wait",
                                                    schema = @Schema(type = SchemaType.INTEGER)),
                                    content =
                                            @Content(
                                                    mediaType = ApiDocument.PROBLEM,
                                                    schema = @Schema(implementation = Problem.class),
                                                    examples =
                                                            @ExampleObject(
                                                                    name = "rate-limited",
                                                                    value = Examples.PROBLEM_RATE_LIMITED))),
                            @APIResponse(
                                    name = ApiDocument.SERVICE_UNAVAILABLE,
                                    description = "The service behind the gateway did not answer; " + "retry shortly",
                                    headers =
                                            @Header(
                                                    name = "Retry-After",
                                                    description =
                                                            "Seconds to wait (on every forwarded request; the live "
                                                                    + "feed's own 503 has none)",
                                                    schema = @Schema(type = SchemaType.INTEGER)),
                                    content =
                                            @Content(
                                                    mediaType = ApiDocument.PROBLEM,
                                                    schema = @Schema(implementation = Problem.class),
                                                    examples =
                                                            @ExampleObject(
                                                                    name = "service-unavailable",
                                                                    value = Examples.PROBLEM_SERVICE_UNAVAILABLE)))
                        },
                        // What a stream's events carry, which no operation's JSON answer names: a client generator
                        // makes a model of it all the same (the TypeScript SDK's TableChange).
                        schemas = @Schema(name = "TableChange", implementation = TableChange.class)))
package dev.tessera.gateway.api;

import dev.tessera.gateway.api.model.Examples;
import dev.tessera.gateway.api.model.Problem;
import dev.tessera.gateway.live.TableChange;
import org.eclipse.microprofile.openapi.annotations.Components;
import org.eclipse.microprofile.openapi.annotations.OpenAPIDefinition;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.info.Info;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
