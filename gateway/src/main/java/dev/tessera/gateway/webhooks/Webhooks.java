package dev.tessera.gateway.webhooks;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tessera.kit.problem.ProblemException;
import io.quarkus.security.UnauthorizedException;
import io.smallrye.common.annotation.Identifier;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.security.SecureRandom;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * A player's webhook subscriptions and their deliveries, as the public API manages them ({@code api.WebhooksApi}).
 * Every method acts for {@code owner} only: another owner's subscription is answered as one that does not exist.
 */
@ApplicationScoped
public class Webhooks {
    /** The events a subscription may ask for ({@code ping} comes on request, whatever the list says). */
    public static final Set<String> EVENTS =
            Set.of("turn.started", "game.ended", "table.joined", "table.started", "player.timed-out", "ping");

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String COLUMNS = "id, url, events, paused, paused_reason, failures_in_a_row, created_at";

    @Inject
    Pool pool;

    @Inject
    WebhookSettings settings;

    @Inject
    Dispatcher dispatcher;

    @Inject
    @Identifier(WatchedGames.LISTENER)
    WatchedGames watched;

    @Inject
    ObjectMapper mapper;

    /** A subscription as its owner sees it (never its secret, which only the creation's answer holds). */
    public record Subscription(
            UUID id,
            String url,
            List<String> events,
            boolean paused,
            String pausedReason,
            int failuresInARow,
            OffsetDateTime createdAt) {}

    /** A new subscription and its secret. */
    public record Created(Subscription subscription, String secret) {}

    /** One attempt of a delivery. */
    public record Attempt(int attempt, OffsetDateTime at, Integer statusCode, int latencyMs, String error) {}

    /** One message to a subscription, with its attempts, first to last. */
    public record Delivery(
            String id,
            String event,
            String status,
            OffsetDateTime createdAt,
            OffsetDateTime nextAttemptAt,
            OffsetDateTime finishedAt,
            List<Attempt> attempts) {}

    /**
     * Subscribes {@code owner} to {@code events} at {@code url}: the URL must be one webhooks may go to ({@link
     * Targets}), the events known, and the owner below {@code tessera.webhooks.max-per-owner} subscriptions.
     */
    public Uni<Created> create(UUID owner, String url, List<String> events) {
        Targets.Target target;
        try {
            target = Targets.parse(url, settings.local());
        } catch (Targets.Refused refused) {
            return Uni.createFrom().failure(badUrl(refused));
        }
        List<String> wanted = events(events);
        return Uni.createFrom()
                .item(() -> {
                    try {
                        Targets.check(target, Targets.resolve(target.host()), settings.local());
                        return target;
                    } catch (Targets.Refused refused) {
                        throw badUrl(refused);
                    }
                })
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                .chain(checked -> insert(owner, url, wanted));
    }

    private Uni<Created> insert(UUID owner, String url, List<String> events) {
        UUID id = UUID.randomUUID();
        String secret = Signatures.newSecret();
        OffsetDateTime now = now();
        // The owner's row is locked first, so that two creations at once cannot both pass the limit.
        return pool.withTransaction(connection -> connection
                        .preparedQuery("SELECT 1 FROM players WHERE id = $1 FOR UPDATE")
                        .execute(Tuple.of(owner))
                        .chain(player -> {
                            if (player.size() == 0) {
                                // A token outliving its player (a wiped database) proves nothing any more.
                                throw new UnauthorizedException();
                            }
                            return connection
                                    .preparedQuery("SELECT count(*) FROM webhook_subscriptions WHERE owner = $1")
                                    .execute(Tuple.of(owner));
                        })
                        .chain(counted -> {
                            long count = counted.iterator().next().getLong(0);
                            if (count >= settings.maxPerOwner()) {
                                throw ProblemException.conflict(
                                        "too-many-webhooks",
                                        "a player may have at most " + settings.maxPerOwner()
                                                + " webhook subscriptions; delete one first");
                            }
                            return connection
                                    .preparedQuery(
                                            "INSERT INTO webhook_subscriptions (id, owner, url, events, secret, created_at)"
                                                    + " VALUES ($1, $2, $3, $4, $5, $6) RETURNING " + COLUMNS)
                                    .execute(Tuple.tuple(
                                            List.of(id, owner, url, events.toArray(String[]::new), secret, now)));
                        })
                        .map(rows -> new Created(subscription(rows.iterator().next()), secret)))
                // This instance's consumer knows of the subscriber at once; the others within WatchedGames.OWNERS_FOR.
                .invoke(() -> watched.subscribed(owner.toString()));
    }

    /** The owner's subscriptions, oldest first. */
    public Uni<List<Subscription>> list(UUID owner) {
        return pool.preparedQuery(
                        "SELECT " + COLUMNS + " FROM webhook_subscriptions WHERE owner = $1 ORDER BY created_at, id")
                .execute(Tuple.of(owner))
                .map(rows -> {
                    List<Subscription> all = new ArrayList<>();
                    rows.forEach(row -> all.add(subscription(row)));
                    return all;
                });
    }

    /** One of the owner's subscriptions; 404 when the owner has none with that id. */
    public Uni<Subscription> get(UUID owner, UUID id) {
        return pool.preparedQuery("SELECT " + COLUMNS + " FROM webhook_subscriptions WHERE id = $1 AND owner = $2")
                .execute(Tuple.of(id, owner))
                .map(rows -> subscription(one(rows, id)));
    }

    /**
     * Pauses or resumes a subscription. A paused one keeps its deliveries (they are made, not sent); resuming clears
     * the run of failures and sends what waits at once.
     */
    public Uni<Subscription> setPaused(UUID owner, UUID id, boolean paused) {
        String sql = paused
                ? "UPDATE webhook_subscriptions SET paused = true, paused_reason = 'paused by its owner'"
                        + " WHERE id = $1 AND owner = $2 RETURNING " + COLUMNS
                : "WITH s AS (UPDATE webhook_subscriptions SET paused = false, paused_reason = NULL,"
                        + " failures_in_a_row = 0, failing_since = NULL WHERE id = $1 AND owner = $2 RETURNING "
                        + COLUMNS + "),"
                        + " d AS (UPDATE webhook_deliveries SET next_attempt_at = now()"
                        + " WHERE subscription_id = (SELECT id FROM s) AND status = 'pending')"
                        + " SELECT * FROM s";
        return pool.preparedQuery(sql).execute(Tuple.of(id, owner)).map(rows -> {
            Subscription s = subscription(one(rows, id));
            if (!paused) {
                dispatcher.kick();
            }
            return s;
        });
    }

    /** A rotated secret, and until when the one it replaced still signs beside it. */
    public record Rotated(String secret, OffsetDateTime previousSecretExpiresAt) {}

    /**
     * Gives a subscription a new secret, shown in this answer only. The secret it replaces keeps signing every attempt
     * beside the new one for {@code tessera.webhooks.rotation-overlap} (24 h), so that a receiver can switch to the
     * new one without rejecting a delivery; a second rotation within it ends the first one's overlap.
     */
    public Uni<Rotated> rotateSecret(UUID owner, UUID id) {
        String secret = Signatures.newSecret();
        return pool.preparedQuery("UPDATE webhook_subscriptions SET previous_secret = secret, secret = $3,"
                        + " previous_secret_until = now() + make_interval(secs => $4)"
                        + " WHERE id = $1 AND owner = $2 RETURNING previous_secret_until")
                .execute(Tuple.of(
                        id, owner, secret, (double) settings.rotationOverlap().toSeconds()))
                .map(rows -> new Rotated(secret, one(rows, id).getOffsetDateTime(0)));
    }

    /** Deletes a subscription and its deliveries; 404 when the owner has none with that id. */
    public Uni<Void> delete(UUID owner, UUID id) {
        return pool.preparedQuery("DELETE FROM webhook_subscriptions WHERE id = $1 AND owner = $2")
                .execute(Tuple.of(id, owner))
                .map(rows -> {
                    if (rows.rowCount() == 0) {
                        throw ProblemException.notFound("webhook subscription", id.toString());
                    }
                    return null;
                });
    }

    /** Sends a {@code ping} to the subscription (also when paused: it is made now and sent once resumed). */
    public Uni<Delivery> ping(UUID owner, UUID id) {
        return get(owner, id).chain(s -> {
            ObjectNode data = mapper.createObjectNode().put("subscriptionId", id.toString());
            String deliveryId = "msg_" + HexFormat.of().formatHex(randomBytes(16));
            String body = Messages.body(mapper, "ping", now(), data);
            return pool.preparedQuery(
                            "INSERT INTO webhook_deliveries (id, subscription_id, event, body, created_at, status,"
                                    + " next_attempt_at, give_up_at) VALUES ($1, $2, 'ping', $3, now(), 'pending',"
                                    + " now(), now() + make_interval(secs => $4))")
                    .execute(Tuple.of(
                            deliveryId, id, body, (double) settings.retryFor().toSeconds()))
                    .invoke(() -> dispatcher.kick())
                    .chain(() -> delivery(id, deliveryId));
        });
    }

    /** The subscription's latest {@code limit} deliveries, newest first, each with its attempts. */
    public Uni<List<Delivery>> deliveries(UUID owner, UUID id, int limit) {
        return get(owner, id)
                .chain(s -> pool.preparedQuery("SELECT " + DELIVERY_COLUMNS
                                + " FROM (SELECT * FROM webhook_deliveries WHERE subscription_id = $1"
                                + " ORDER BY created_at DESC, id LIMIT $2) d"
                                + " LEFT JOIN webhook_attempts a ON a.delivery_id = d.id"
                                + " ORDER BY d.created_at DESC, d.id, a.attempt")
                        .execute(Tuple.of(id, limit)))
                .map(Webhooks::deliveries);
    }

    /**
     * Sends a delivery again, whatever became of it: the same message (its id and body), attempted now and retried
     * as a new one would be.
     */
    public Uni<Delivery> redeliver(UUID owner, UUID id, String deliveryId) {
        return get(owner, id)
                .chain(s -> pool.preparedQuery("UPDATE webhook_deliveries SET status = 'pending', next_attempt_at ="
                                + " now(), finished_at = NULL, give_up_at = now() + make_interval(secs => $3)"
                                + " WHERE id = $1 AND subscription_id = $2")
                        .execute(Tuple.of(
                                deliveryId, id, (double) settings.retryFor().toSeconds())))
                .chain(rows -> {
                    if (rows.rowCount() == 0) {
                        throw ProblemException.notFound("delivery of this subscription", deliveryId);
                    }
                    dispatcher.kick();
                    return delivery(id, deliveryId);
                });
    }

    private Uni<Delivery> delivery(UUID subscription, String deliveryId) {
        return pool.preparedQuery("SELECT " + DELIVERY_COLUMNS + " FROM webhook_deliveries d"
                        + " LEFT JOIN webhook_attempts a ON a.delivery_id = d.id"
                        + " WHERE d.id = $1 AND d.subscription_id = $2 ORDER BY a.attempt")
                .execute(Tuple.of(deliveryId, subscription))
                .map(rows -> deliveries(rows).get(0));
    }

    /** A delivery (d) and one of its attempts (a) per row, as {@link #deliveries(RowSet)} reads them. */
    private static final String DELIVERY_COLUMNS = "d.id, d.event, d.status, d.created_at, d.next_attempt_at,"
            + " d.finished_at, a.attempt, a.at, a.status_code, a.latency_ms, a.error";

    private static List<Delivery> deliveries(RowSet<Row> rows) {
        Map<String, Delivery> byId = new LinkedHashMap<>();
        for (Row row : rows) {
            Delivery d = byId.computeIfAbsent(
                    row.getString(0),
                    id -> new Delivery(
                            id,
                            row.getString(1),
                            row.getString(2),
                            row.getOffsetDateTime(3),
                            row.getOffsetDateTime(4),
                            row.getOffsetDateTime(5),
                            new ArrayList<>()));
            if (row.getInteger(6) != null) {
                d.attempts()
                        .add(new Attempt(
                                row.getInteger(6),
                                row.getOffsetDateTime(7),
                                row.getInteger(8),
                                row.getInteger(9),
                                row.getString(10)));
            }
        }
        return List.copyOf(byId.values());
    }

    /** The events asked for, each once, in the order given: 400 naming {@code events} unless all are known. */
    static List<String> events(List<String> events) {
        if (events == null || events.isEmpty()) {
            throw ProblemException.badField("events", "events is a list of one or more of " + known());
        }
        Set<String> wanted = new LinkedHashSet<>();
        for (String event : events) {
            if (event == null || !EVENTS.contains(event)) {
                throw ProblemException.badField("events", "unknown event " + event + "; the events are " + known())
                        .with("rule", "unknown-event");
            }
            wanted.add(event);
        }
        return List.copyOf(wanted);
    }

    private static String known() {
        return String.join(", ", EVENTS.stream().sorted().toList());
    }

    private static ProblemException badUrl(Targets.Refused refused) {
        return ProblemException.badField("url", refused.getMessage()).with("rule", refused.rule());
    }

    private static Row one(RowSet<Row> rows, UUID id) {
        if (rows.size() == 0) {
            throw ProblemException.notFound("webhook subscription", id.toString());
        }
        return rows.iterator().next();
    }

    private static Subscription subscription(Row row) {
        return new Subscription(
                row.getUUID(0),
                row.getString(1),
                List.of(row.getArrayOfStrings(2)),
                row.getBoolean(3),
                row.getString(4),
                row.getInteger(5),
                row.getOffsetDateTime(6));
    }

    static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC);
    }

    private static byte[] randomBytes(int n) {
        byte[] bytes = new byte[n];
        RANDOM.nextBytes(bytes);
        return bytes;
    }
}
