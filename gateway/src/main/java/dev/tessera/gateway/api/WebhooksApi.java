package dev.tessera.gateway.api;

import static dev.tessera.gateway.api.ApiDocument.JSON;
import static dev.tessera.gateway.api.ApiDocument.PROBLEM;
import static dev.tessera.gateway.api.ApiDocument.UNAUTHENTICATED;

import dev.tessera.gateway.api.model.Examples;
import dev.tessera.gateway.api.model.Problem;
import dev.tessera.gateway.auth.Callers;
import dev.tessera.gateway.webhooks.Webhooks;
import dev.tessera.kit.problem.ProblemException;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
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

/**
 * Webhook subscriptions: the caller's (a player, or the player an API key acts for), signed by the Standard Webhooks
 * scheme (gateway/README.md, "Webhooks"). Another player's subscription is answered as one that does not exist.
 */
@Path("/api/v1/webhooks")
@Tag(name = "Webhooks")
@Authenticated
@Produces({MediaType.APPLICATION_JSON, "application/problem+json"})
public class WebhooksApi {
    private static final String EVENTS = "turn.started (a game of yours waits for your move, with its deadline), "
            + "game.ended (with the standings), table.joined (a player sat down at your table), table.started, "
            + "player.timed-out (a player of your game ran out of time), ping (POST /api/v1/webhooks/{id}/ping)";
    private static final String SUBSCRIPTION_ID = "The subscription's id (from createWebhook or listWebhooks)";

    @Inject
    Webhooks webhooks;

    @Inject
    Callers callers;

    @Schema(name = "CreateWebhookRequest", examples = Examples.CREATE_WEBHOOK)
    public record CreateRequest(
            @Schema(
                    required = true,
                    maxLength = 2000,
                    description = "Where deliveries are posted: an absolute https URL whose host resolves to public"
                            + " addresses only (http to loopback too, on a platform run for local development)")
            String url,

            @Schema(required = true, minItems = 1, description = "The events to deliver: " + EVENTS)
            List<String> events) {}

    @Schema(name = "UpdateWebhookRequest", examples = "{\"paused\": true}")
    public record UpdateRequest(
            @Schema(
                    required = true,
                    description = "true pauses the subscription (deliveries are kept, not sent); false resumes it"
                            + " and sends what waits")
            Boolean paused) {}

    @Schema(name = "Webhook", description = "A subscription (never its secret)", examples = Examples.WEBHOOK)
    public record WebhookView(
            @Schema(required = true) UUID id,
            @Schema(required = true) String url,
            @Schema(required = true) List<String> events,
            @Schema(required = true) boolean paused,

            @Schema(
                    description =
                            "Why it is paused: by its owner, or after its attempts all failed for 12 hours, with the last"
                                    + " error; absent when it is not")
            String pausedReason,

            @Schema(required = true, description = "Failed attempts since the last that succeeded")
            int failuresInARow,

            @Schema(required = true) OffsetDateTime createdAt) {
        static WebhookView of(Webhooks.Subscription s) {
            return new WebhookView(
                    s.id(), s.url(), s.events(), s.paused(), s.pausedReason(), s.failuresInARow(), s.createdAt());
        }
    }

    @Schema(
            name = "NewWebhook",
            description = "A new subscription; `secret` is in this answer only",
            examples = Examples.NEW_WEBHOOK)
    public record NewWebhook(
            @Schema(required = true) UUID id,
            @Schema(required = true) String url,
            @Schema(required = true) List<String> events,

            @Schema(
                    required = true,
                    description = "The signing secret (whsec_ and the base64 of the key): verify each delivery's"
                            + " webhook-signature with it")
            String secret,

            @Schema(required = true) OffsetDateTime createdAt) {}

    @Schema(name = "WebhookAttempt")
    public record AttemptView(
            @Schema(required = true, description = "1 for the first attempt")
            int attempt,

            @Schema(required = true) OffsetDateTime at,

            @Schema(description = "The receiver's HTTP status; absent when it did not answer")
            Integer statusCode,

            @Schema(required = true) int latencyMs,

            @Schema(description = "Why the attempt failed; absent when it delivered")
            String error) {}

    @Schema(name = "WebhookDelivery", examples = Examples.WEBHOOK_DELIVERY)
    public record DeliveryView(
            @Schema(required = true, description = "The webhook-id every attempt of this message sends")
            String id,

            @Schema(required = true) String event,

            @Schema(
                    required = true,
                    description = "pending (to be attempted), delivered (a 2xx answer), failed (given up after the"
                            + " retries)")
            String status,

            @Schema(required = true) OffsetDateTime createdAt,

            @Schema(description = "When a pending delivery is attempted next")
            OffsetDateTime nextAttemptAt,

            @Schema(description = "When it was delivered or given up")
            OffsetDateTime finishedAt,

            @Schema(required = true) List<AttemptView> attempts) {
        static DeliveryView of(Webhooks.Delivery d) {
            return new DeliveryView(
                    d.id(),
                    d.event(),
                    d.status(),
                    d.createdAt(),
                    d.nextAttemptAt(),
                    d.finishedAt(),
                    d.attempts().stream()
                            .map(a -> new AttemptView(a.attempt(), a.at(), a.statusCode(), a.latencyMs(), a.error()))
                            .toList());
        }
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(
            operationId = "createWebhook",
            summary = "Subscribe to webhooks",
            description = "Deliveries are POSTed to `url` with the Standard Webhooks headers (webhook-id,"
                    + " webhook-timestamp, webhook-signature: HMAC-SHA256 with the secret this answer holds), retried"
                    + " with backoff for up to 24 hours, each attempt at most 5 s, never following a redirect. Game"
                    + " events concern the games that start after the subscription. At most 20 per player.")
    @RequestBody(
            required = true,
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(implementation = CreateRequest.class),
                            examples = @ExampleObject(name = "turns", value = Examples.CREATE_WEBHOOK)))
    @APIResponse(
            responseCode = "201",
            description = "The subscription, with its secret",
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(implementation = NewWebhook.class),
                            examples = @ExampleObject(name = "turns", value = Examples.NEW_WEBHOOK)))
    @APIResponse(
            responseCode = "400",
            description = "`field` url (`rule`: url-missing, url-too-long, url-not-absolute, url-scheme,"
                    + " url-user-info, url-fragment, url-unresolved, url-refused-address) or events (`rule`:"
                    + " unknown-event)",
            content =
                    @Content(
                            mediaType = PROBLEM,
                            schema = @Schema(implementation = Problem.class),
                            examples =
                                    @ExampleObject(
                                            name = "url-refused-address",
                                            value = Examples.PROBLEM_WEBHOOK_ADDRESS)))
    @APIResponse(responseCode = "401", ref = UNAUTHENTICATED)
    @APIResponse(
            responseCode = "409",
            description = "The caller has 20 subscriptions already (`rule`: too-many-webhooks)",
            content = @Content(mediaType = PROBLEM, schema = @Schema(implementation = Problem.class)))
    public Uni<Response> create(CreateRequest body) {
        if (body == null) {
            throw ProblemException.badField("url", "a JSON object with url and events is required");
        }
        return callers.requiredId()
                .chain(owner -> webhooks.create(owner, body.url(), body.events()))
                .map(created -> {
                    Webhooks.Subscription s = created.subscription();
                    return Response.created(URI.create("/api/v1/webhooks/" + s.id()))
                            .entity(new NewWebhook(s.id(), s.url(), s.events(), created.secret(), s.createdAt()))
                            .build();
                });
    }

    @GET
    @Operation(operationId = "listWebhooks", summary = "The caller's subscriptions, oldest first")
    @APIResponse(
            responseCode = "200",
            description = "The subscriptions",
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(type = SchemaType.ARRAY, implementation = WebhookView.class),
                            examples = @ExampleObject(name = "one", value = "[" + Examples.WEBHOOK + "]")))
    @APIResponse(responseCode = "401", ref = UNAUTHENTICATED)
    public Uni<List<WebhookView>> list() {
        return callers.requiredId()
                .chain(webhooks::list)
                .map(all -> all.stream().map(WebhookView::of).toList());
    }

    @GET
    @Path("{id}")
    @Operation(
            operationId = "getWebhook",
            summary = "One subscription",
            description =
                    "With whether it is paused and why: a subscription whose attempts all fail for 12 hours is paused.")
    @APIResponse(
            responseCode = "200",
            description = "The subscription",
            content = @Content(mediaType = JSON, schema = @Schema(implementation = WebhookView.class)))
    @APIResponse(responseCode = "401", ref = UNAUTHENTICATED)
    @APIResponse(
            responseCode = "404",
            description = "The caller has no subscription with this id",
            content = @Content(mediaType = PROBLEM, schema = @Schema(implementation = Problem.class)))
    public Uni<WebhookView> get(@Parameter(description = SUBSCRIPTION_ID) @PathParam("id") String id) {
        UUID subscription = uuid(id);
        return callers.requiredId()
                .chain(owner -> webhooks.get(owner, subscription))
                .map(WebhookView::of);
    }

    @PATCH
    @Path("{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(
            operationId = "updateWebhook",
            summary = "Pause or resume a subscription",
            description = "Paused, its deliveries are kept and not sent; resumed, they are sent at once and the run"
                    + " of failures starts again from zero.")
    @RequestBody(
            required = true,
            content = @Content(mediaType = JSON, schema = @Schema(implementation = UpdateRequest.class)))
    @APIResponse(
            responseCode = "200",
            description = "The subscription now",
            content = @Content(mediaType = JSON, schema = @Schema(implementation = WebhookView.class)))
    @APIResponse(
            responseCode = "400",
            description = "`field` paused: missing or not a boolean",
            content = @Content(mediaType = PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "401", ref = UNAUTHENTICATED)
    @APIResponse(
            responseCode = "404",
            description = "The caller has no subscription with this id",
            content = @Content(mediaType = PROBLEM, schema = @Schema(implementation = Problem.class)))
    public Uni<WebhookView> update(
            @Parameter(description = SUBSCRIPTION_ID) @PathParam("id") String id, UpdateRequest body) {
        if (body == null || body.paused() == null) {
            throw ProblemException.badField("paused", "paused is required: true to pause, false to resume");
        }
        UUID subscription = uuid(id);
        return callers.requiredId()
                .chain(owner -> webhooks.setPaused(owner, subscription, body.paused()))
                .map(WebhookView::of);
    }

    @DELETE
    @Path("{id}")
    @Operation(
            operationId = "deleteWebhook",
            summary = "Delete a subscription",
            description = "With its deliveries: nothing more is sent.")
    @APIResponse(responseCode = "204", description = "Deleted")
    @APIResponse(responseCode = "401", ref = UNAUTHENTICATED)
    @APIResponse(
            responseCode = "404",
            description = "The caller has no subscription with this id",
            content = @Content(mediaType = PROBLEM, schema = @Schema(implementation = Problem.class)))
    public Uni<Response> delete(@Parameter(description = SUBSCRIPTION_ID) @PathParam("id") String id) {
        UUID subscription = uuid(id);
        return callers.requiredId()
                .chain(owner -> webhooks.delete(owner, subscription))
                .map(v -> Response.noContent().build());
    }

    @POST
    @Path("{id}/ping")
    @Operation(
            operationId = "pingWebhook",
            summary = "Send a ping",
            description = "A delivery of the event ping, to try a receiver and its signature check.")
    @APIResponse(
            responseCode = "202",
            description = "The ping's delivery, to be attempted at once",
            content = @Content(mediaType = JSON, schema = @Schema(implementation = DeliveryView.class)))
    @APIResponse(responseCode = "401", ref = UNAUTHENTICATED)
    @APIResponse(
            responseCode = "404",
            description = "The caller has no subscription with this id",
            content = @Content(mediaType = PROBLEM, schema = @Schema(implementation = Problem.class)))
    public Uni<Response> ping(@Parameter(description = SUBSCRIPTION_ID) @PathParam("id") String id) {
        UUID subscription = uuid(id);
        return callers.requiredId()
                .chain(owner -> webhooks.ping(owner, subscription))
                .map(d -> Response.accepted(DeliveryView.of(d)).build());
    }

    @Schema(name = "WebhookSecret", description = "A subscription's new secret", examples = Examples.WEBHOOK_SECRET)
    public record SecretView(
            @Schema(
                    required = true,
                    description = "The new signing secret (whsec_ and the base64 of the key); in this answer only")
            String secret,

            @Schema(
                    required = true,
                    description = "Until then each delivery is signed with the previous secret too (a second"
                            + " v1 entry in webhook-signature), so that a receiver can switch without"
                            + " rejecting one")
            OffsetDateTime previousSecretExpiresAt) {}

    @POST
    @Path("{id}/secret")
    @Operation(
            operationId = "rotateWebhookSecret",
            summary = "Rotate a subscription's secret",
            description = "A new secret, shown in this answer only. For 24 hours every delivery is signed with both the"
                    + " new and the previous secret (webhook-signature holds two v1 entries, the new one first): a"
                    + " receiver that checks any of them, as Standard Webhooks libraries do, switches when it likes.")
    @APIResponse(
            responseCode = "200",
            description = "The new secret",
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(implementation = SecretView.class),
                            examples = @ExampleObject(name = "rotated", value = Examples.WEBHOOK_SECRET)))
    @APIResponse(responseCode = "401", ref = UNAUTHENTICATED)
    @APIResponse(
            responseCode = "404",
            description = "The caller has no subscription with this id",
            content = @Content(mediaType = PROBLEM, schema = @Schema(implementation = Problem.class)))
    public Uni<SecretView> rotateSecret(@Parameter(description = SUBSCRIPTION_ID) @PathParam("id") String id) {
        UUID subscription = uuid(id);
        return callers.requiredId()
                .chain(owner -> webhooks.rotateSecret(owner, subscription))
                .map(r -> new SecretView(r.secret(), r.previousSecretExpiresAt()));
    }

    /** At most this many deliveries in one answer. */
    static final int MAX_DELIVERIES = 100;

    @GET
    @Path("{id}/deliveries")
    @Operation(
            operationId = "listWebhookDeliveries",
            summary = "A subscription's deliveries, newest first",
            description = "Each with its attempts: when, the receiver's status, the latency, the error.")
    @APIResponse(
            responseCode = "200",
            description = "The deliveries",
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(type = SchemaType.ARRAY, implementation = DeliveryView.class),
                            examples = @ExampleObject(name = "one", value = "[" + Examples.WEBHOOK_DELIVERY + "]")))
    @APIResponse(
            responseCode = "400",
            description = "`field` limit: not a number from 1 to " + MAX_DELIVERIES,
            content = @Content(mediaType = PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "401", ref = UNAUTHENTICATED)
    @APIResponse(
            responseCode = "404",
            description = "The caller has no subscription with this id",
            content = @Content(mediaType = PROBLEM, schema = @Schema(implementation = Problem.class)))
    public Uni<List<DeliveryView>> deliveries(
            @Parameter(description = SUBSCRIPTION_ID) @PathParam("id") String id,
            @Parameter(
                            description = "How many deliveries at most, 1 to " + MAX_DELIVERIES + " (default 20)",
                            schema =
                                    @Schema(
                                            type = SchemaType.INTEGER,
                                            minimum = "1",
                                            maximum = "100",
                                            defaultValue = "20"))
                    @QueryParam("limit")
                    String limit) {
        int n = limit(limit);
        UUID subscription = uuid(id);
        return callers.requiredId()
                .chain(owner -> webhooks.deliveries(owner, subscription, n))
                .map(all -> all.stream().map(DeliveryView::of).toList());
    }

    @POST
    @Path("{id}/deliveries/{deliveryId}/redeliver")
    @Operation(
            operationId = "redeliverWebhook",
            summary = "Send a delivery again",
            description = "The same message (its webhook-id and body), attempted at once and retried as a new one"
                    + " would be, whatever became of it before.")
    @APIResponse(
            responseCode = "202",
            description = "The delivery, to be attempted at once",
            content = @Content(mediaType = JSON, schema = @Schema(implementation = DeliveryView.class)))
    @APIResponse(responseCode = "401", ref = UNAUTHENTICATED)
    @APIResponse(
            responseCode = "404",
            description = "The caller has no subscription with this id, or it has no such delivery",
            content = @Content(mediaType = PROBLEM, schema = @Schema(implementation = Problem.class)))
    public Uni<Response> redeliver(
            @Parameter(description = SUBSCRIPTION_ID) @PathParam("id") String id,
            @Parameter(description = "The delivery's id (its webhook-id)") @PathParam("deliveryId") String deliveryId) {
        UUID subscription = uuid(id);
        return callers.requiredId()
                .chain(owner -> webhooks.redeliver(owner, subscription, deliveryId))
                .map(d -> Response.accepted(DeliveryView.of(d)).build());
    }

    private static int limit(String limit) {
        if (limit == null) {
            return 20;
        }
        try {
            int n = Integer.parseInt(limit);
            if (n >= 1 && n <= MAX_DELIVERIES) {
                return n;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw ProblemException.badField("limit", "limit is a number from 1 to " + MAX_DELIVERIES);
    }

    private static UUID uuid(String id) {
        try {
            return UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            throw ProblemException.notFound("webhook subscription", id);
        }
    }
}
