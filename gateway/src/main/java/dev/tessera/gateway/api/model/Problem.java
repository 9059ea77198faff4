package dev.tessera.gateway.api.model;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Every error of the API, as {@code application/problem+json} (RFC 9457). Mirrors
 * {@code dev.tessera.kit.problem.Problem}: the standard members plus extension members naming what was
 * wrong. For the document only; the services and the gateway write it.
 */
@Schema(
        name = "Problem",
        additionalProperties = Schema.True.class,
        description =
                "An RFC 9457 problem detail. `type` is a stable URI to switch on; extension members say what was wrong: "
                        + "`rule` for a broken game or lobby rule (409, 422), `field` for bad input (400), `currentVersion` for a stale "
                        + "`expectedVersion` (409), `retryAfter` for a rate limit (429), `maxBytes` for a body (413) or headers (431) too large, `maxLength` for a path and query too long (414). "
                        + "Other extension members may be added; clients should ignore those they do not know.",
        examples = Examples.PROBLEM_ILLEGAL_MOVE)
public record Problem(
        @Schema(
                required = true,
                description = "A stable URI naming the kind of problem, under https://tessera.dev/problems/",
                examples = "https://tessera.dev/problems/illegal-move")
        String type,

        @Schema(required = true, description = "A short summary of the kind of problem", examples = "Illegal move")
        String title,

        @Schema(required = true, description = "The HTTP status code", examples = "422")
        int status,

        @Schema(description = "What went wrong this time, for a person to read")
        String detail,

        @Schema(
                description = "The path of the request that failed",
                examples = "/api/v1/games/9c1d0d3e-2f0e-4e6b-a0f3-5a7c2b8d9e10/moves")
        String instance,

        @Schema(
                description =
                        "The game or lobby rule the request breaks (409, 422), e.g. not-your-turn, table-full, name-taken, version-conflict")
        String rule,

        @Schema(
                description =
                        "The request field that is missing or wrong (400), as a path such as `name`, `options.clock`, `players[1].coins`, `from`")
        String field,

        @Schema(
                description =
                        "409 version-conflict: the game's current version, to send as expectedVersion after reloading")
        Long currentVersion,

        @Schema(description = "409 version-conflict: the expectedVersion the request sent")
        Long expectedVersion,

        @Schema(description = "429: seconds to wait before retrying (also in the Retry-After header)")
        Long retryAfter,

        @Schema(
                description =
                        "413: the largest request body accepted, in bytes; 431: the largest headers accepted, in bytes")
        Long maxBytes,

        @Schema(description = "414: the longest path and query accepted, in characters")
        Long maxLength) {}
