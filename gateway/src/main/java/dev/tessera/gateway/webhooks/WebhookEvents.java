package dev.tessera.gateway.webhooks;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventTypes;
import dev.tessera.events.TesseraEvent;
import dev.tessera.events.Topics;
import dev.tessera.events.game.GameEnded;
import dev.tessera.events.game.GameStarted;
import dev.tessera.events.game.PlayerTimedOut;
import dev.tessera.events.lobby.PlayerLeft;
import dev.tessera.events.lobby.PlayerSeated;
import dev.tessera.events.lobby.SeatRemoved;
import dev.tessera.events.lobby.TableOpened;
import dev.tessera.events.lobby.TableStarted;
import dev.tessera.kit.eventing.EventBatches;
import dev.tessera.kit.eventing.IdempotentConsumer;
import dev.tessera.kit.eventing.SessionSql;
import io.smallrye.common.annotation.Identifier;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.KafkaRecord;
import io.smallrye.reactive.messaging.kafka.KafkaRecordBatch;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * Makes the webhooks' deliveries from the topics (ADR 0007), once per event: each record is applied in one transaction
 * with the mark that it was ({@link IdempotentConsumer}), and each delivery's id derives from the subscription, the
 * event's id and the webhook's name, so that a record applied twice could not make a second one either. The
 * dispatcher sends them once the transaction has committed.
 *
 * <ul>
 *   <li>{@code table.joined}: a player sat down at a table; to the players already at it.
 *   <li>{@code table.started}: to every player of the table.
 *   <li>{@code turn.started}: to the player a game now waits for, once per turn: when the game waits for another
 *       player than before (the envelope's {@code toact}), or for anyone after a turn ended ({@code *.TurnEnded}), as
 *       when a game waited for a scoring between two turns. A game that waits for the same player again in the middle
 *       of their turn (after Carrara's valuation, say) starts no turn.
 *   <li>{@code player.timed-out} and {@code game.ended} (with the standings): to every player of the game.
 * </ul>
 *
 * <p>Games and tables are followed when a subscriber is at them, from their start or opening ({@code webhook_games},
 * {@code webhook_tables}; a sandbox never): the records of every other game are passed over by their key, those of
 * other tables after a look-up of their players among the subscribers ({@link WatchedGames}), and a watched game's
 * moves but the last of each append by their envelope; nothing else opens a transaction. A platform without
 * subscribers pays a look-up per record. A subscription therefore hears of the games that start after it is made.
 * Every payload says only what the game's players and spectators all see.
 */
@ApplicationScoped
public class WebhookEvents {
    static final String CONSUMER = "gateway.webhooks";
    private static final Set<String> LOBBY =
            names(TableOpened.class, PlayerSeated.class, PlayerLeft.class, SeatRemoved.class, TableStarted.class);
    private static final Set<String> GAME_LIFECYCLE = names(GameStarted.class, GameEnded.class, PlayerTimedOut.class);
    private static final String TURN_ENDED = ".TurnEnded";

    @Inject
    IdempotentConsumer consumer;

    @Inject
    ObjectMapper mapper;

    @Inject
    Dispatcher dispatcher;

    @Inject
    @Identifier(WatchedGames.LISTENER)
    WatchedGames watched;

    @Inject
    WebhookSettings settings;

    @SafeVarargs
    private static Set<String> names(Class<? extends TesseraEvent>... types) {
        return Stream.of(types).map(t -> EventTypes.of(t).value()).collect(Collectors.toUnmodifiableSet());
    }

    /** What applying one record changed beyond its transaction: told once it has committed. */
    private static final class Effects {
        /** False when the record had been applied already (by another instance, during a rebalance). */
        boolean applied;

        int deliveries;
        String watchGame;
        String unwatchGame;
        String watchTable;
        String unwatchTable;
    }

    @Incoming("webhook-events")
    public Uni<Void> consume(KafkaRecordBatch<String, String> batch) {
        // What is followed is asked of each record only when its turn comes: after the refresh (the games an
        // assignment brought, which another instance was following), and after the records before it in the batch
        // (a game's start followed by its first moves).
        Uni<Void> applied = watched.refresh();
        for (KafkaRecord<String, String> message : batch.getRecords()) {
            ConsumerRecord<String, String> record = EventBatches.consumerRecord(message);
            applied = applied.chain(() -> {
                if (!wanted(record)) {
                    return Uni.createFrom().voidItem();
                }
                IdempotentConsumer.Delivery delivery;
                try {
                    delivery = consumer.read(record);
                } catch (RuntimeException unreadable) {
                    return EventBatches.deadLetter(batch, message, unreadable);
                }
                return relevant(delivery, record.timestamp())
                        .chain(relevant -> {
                            if (!relevant) {
                                return Uni.createFrom().voidItem();
                            }
                            Effects effects = new Effects();
                            return consumer.once(CONSUMER, delivery, e -> true, (envelope, event) -> {
                                        effects.applied = true;
                                        return apply(envelope, event, effects);
                                    })
                                    .chain(() ->
                                            effects.applied ? Uni.createFrom().voidItem() : passedOver(delivery))
                                    .invoke(() -> committed(effects));
                        })
                        .onFailure()
                        .recoverWithUni(failure -> EventBatches.deadLetter(batch, message, failure));
            });
        }
        return EventBatches.acknowledge(batch, applied);
    }

    /** Whether a record may concern a webhook, by its topic, type header and key, before it is read. */
    private boolean wanted(ConsumerRecord<String, String> record) {
        String type = EventBatches.type(record);
        if (Topics.LOBBY_EVENTS.equals(record.topic())) {
            return type == null || LOBBY.contains(type);
        }
        return type == null || EventTypes.of(GameStarted.class).value().equals(type) || watched.game(record.key());
    }

    /**
     * Whether a record read concerns a webhook, without a transaction: a table or a game some subscriber is at, or one
     * a subscriber opens, joins or starts (asked of the database when the subscribers known in memory may be older
     * than the record, {@link WatchedGames#subscribed(List, long)}); a watched game's turn (the last event of an
     * append, a turn's end), timeout or end. Anything else is passed over.
     */
    private Uni<Boolean> relevant(IdempotentConsumer.Delivery delivery, long recordTime) {
        CloudEvent envelope = delivery.envelope();
        TesseraEvent event = delivery.event();
        if (event instanceof TableOpened t) {
            return watched.subscribed(List.of(t.host()), recordTime);
        }
        if (event instanceof PlayerSeated p) {
            return watched.table(p.tableId()) ? yes() : watched.subscribed(List.of(p.player()), recordTime);
        }
        if (event instanceof PlayerLeft || event instanceof SeatRemoved) {
            return Uni.createFrom().item(watched.table(envelope.subject()));
        }
        if (event instanceof TableStarted t) {
            return watched.table(t.tableId()) ? yes() : watched.subscribed(t.players(), recordTime);
        }
        if (event instanceof GameStarted s) {
            return s.sandbox() ? Uni.createFrom().item(false) : watched.subscribed(s.players(), recordTime);
        }
        if (event == null || !watched.game(envelope.subject())) {
            return Uni.createFrom().item(false);
        }
        String type = envelope.type();
        return Uni.createFrom()
                .item(GAME_LIFECYCLE.contains(type) || envelope.toact() != null || type.endsWith(TURN_ENDED));
    }

    private static Uni<Boolean> yes() {
        return Uni.createFrom().item(true);
    }

    /**
     * A record another instance applied: while a partition moves, the instance it leaves may still apply records the
     * new one reads again, a game's start among them, after the new one loaded what is followed. Whether that game or
     * table is followed is read again from the database, so that its next records are not passed over. Rare: only
     * records applied twice.
     */
    private Uni<Void> passedOver(IdempotentConsumer.Delivery delivery) {
        TesseraEvent event = delivery.event();
        String subject = delivery.envelope().subject();
        if (event instanceof GameStarted || event instanceof GameEnded) {
            return watched.sync(subject, true);
        }
        if (event instanceof TableOpened
                || event instanceof PlayerSeated
                || event instanceof TableStarted
                || event instanceof PlayerLeft
                || event instanceof SeatRemoved) {
            return watched.sync(subject, false);
        }
        return Uni.createFrom().voidItem();
    }

    private void committed(Effects effects) {
        if (effects.watchGame != null) {
            watched.watchGame(effects.watchGame);
        }
        if (effects.unwatchGame != null) {
            watched.unwatchGame(effects.unwatchGame);
        }
        if (effects.watchTable != null) {
            watched.watchTable(effects.watchTable);
        }
        if (effects.unwatchTable != null) {
            watched.unwatchTable(effects.unwatchTable);
        }
        if (effects.deliveries > 0) {
            dispatcher.kick();
        }
    }

    private Uni<Void> apply(CloudEvent envelope, TesseraEvent event, Effects effects) {
        if (event instanceof TableOpened t) {
            effects.watchTable = t.tableId();
            return SessionSql.update(
                            "INSERT INTO webhook_tables (table_id, game, players) VALUES ($1, $2, ARRAY[$3])"
                                    + " ON CONFLICT DO NOTHING",
                            t.tableId(),
                            t.game(),
                            t.host())
                    .replaceWithVoid();
        }
        if (event instanceof PlayerSeated p) {
            return joined(envelope, p, effects);
        }
        if (event instanceof PlayerLeft p) {
            return leave(p.tableId(), p.player());
        }
        if (event instanceof SeatRemoved s) {
            return leave(s.tableId(), s.player());
        }
        if (event instanceof TableStarted t) {
            ObjectNode data =
                    mapper.createObjectNode().put("tableId", t.tableId()).put("game", t.game());
            data.set("players", strings(t.players()));
            effects.unwatchTable = t.tableId();
            return deliver("table.started", t.players(), envelope, data, effects)
                    .chain(() -> SessionSql.update("DELETE FROM webhook_tables WHERE table_id = $1", t.tableId()))
                    .replaceWithVoid();
        }
        if (event instanceof GameStarted started) {
            return started(envelope, started, effects);
        }
        return SessionSql.select(
                        "SELECT game, array_to_json(players)::text, last_actor, turn_ended FROM webhook_games"
                                + " WHERE game_id = $1 FOR UPDATE",
                        envelope.subject())
                .chain(rows -> rows.isEmpty()
                        ? Uni.createFrom().voidItem()
                        : game(envelope, event, new Game(envelope.subject(), rows.get(0)), effects));
    }

    /** A watched game's row. */
    private final class Game {
        final String id;
        final String title;
        final List<String> players;
        final String lastActor;
        final boolean turnEnded;

        Game(String id, Object[] row) {
            this.id = id;
            this.title = (String) row[0];
            this.players = strings((String) row[1]);
            this.lastActor = (String) row[2];
            this.turnEnded = (Boolean) row[3];
        }
    }

    private Uni<Void> started(CloudEvent envelope, GameStarted started, Effects effects) {
        if (started.sandbox()) {
            return Uni.createFrom().voidItem();
        }
        return SessionSql.select(
                        "SELECT 1 FROM webhook_subscriptions WHERE owner::text = ANY(CAST($1 AS text[])) LIMIT 1",
                        (Object) started.players().toArray(String[]::new))
                .chain(subscribers -> {
                    if (subscribers.isEmpty()) {
                        return Uni.createFrom().voidItem();
                    }
                    effects.watchGame = started.gameId();
                    return SessionSql.update(
                                    "INSERT INTO webhook_games (game_id, game, players, last_actor)"
                                            + " VALUES ($1, $2, CAST($3 AS text[]), $4) ON CONFLICT DO NOTHING",
                                    started.gameId(),
                                    started.game(),
                                    started.players().toArray(String[]::new),
                                    envelope.toact())
                            .chain(() -> envelope.toact() == null
                                    ? Uni.createFrom().voidItem()
                                    : turnStarted(envelope, started.gameId(), started.game(), effects));
                });
    }

    private Uni<Void> game(CloudEvent envelope, TesseraEvent event, Game game, Effects effects) {
        if (event instanceof GameEnded ended) {
            ObjectNode data = mapper.createObjectNode().put("gameId", game.id).put("game", game.title);
            ArrayNode standings = data.putArray("standings");
            ended.standings()
                    .forEach(s -> standings
                            .addObject()
                            .put("player", s.player())
                            .put("score", s.score())
                            .put("rank", s.rank()));
            effects.unwatchGame = game.id;
            return deliver("game.ended", game.players, envelope, data, effects)
                    .chain(() -> SessionSql.update("DELETE FROM webhook_games WHERE game_id = $1", game.id))
                    .replaceWithVoid();
        }
        if (event instanceof PlayerTimedOut timedOut) {
            ObjectNode data = mapper.createObjectNode()
                    .put("gameId", game.id)
                    .put("game", game.title)
                    .put("player", timedOut.player())
                    .put("graceEnds", timedOut.graceEnds().toString());
            // A timeout may be its append's last event, with the player the game now waits for.
            return deliver("player.timed-out", game.players, envelope, data, effects)
                    .chain(() -> turn(envelope, game, effects));
        }
        return turn(envelope, game, effects);
    }

    /** Whether this record starts a turn: the game waits for another player than before, or anyone after a turn's end. */
    private Uni<Void> turn(CloudEvent envelope, Game game, Effects effects) {
        boolean turnEnded = game.turnEnded || envelope.type().endsWith(TURN_ENDED);
        String actor = envelope.toact();
        if (actor != null && (!actor.equals(game.lastActor) || turnEnded)) {
            return SessionSql.update(
                            "UPDATE webhook_games SET last_actor = $2, turn_ended = false WHERE game_id = $1",
                            game.id,
                            actor)
                    .chain(() -> turnStarted(envelope, game.id, game.title, effects));
        }
        if (turnEnded && !game.turnEnded) {
            return SessionSql.update("UPDATE webhook_games SET turn_ended = true WHERE game_id = $1", game.id)
                    .replaceWithVoid();
        }
        return Uni.createFrom().voidItem();
    }

    private Uni<Void> turnStarted(CloudEvent envelope, String gameId, String title, Effects effects) {
        ObjectNode data = mapper.createObjectNode()
                .put("gameId", gameId)
                .put("game", title)
                .put("player", envelope.toact())
                .put("version", envelope.streamversion());
        OffsetDateTime deadline = envelope.deadline();
        if (deadline == null) {
            data.putNull("deadline");
        } else {
            data.put("deadline", deadline.toString());
        }
        return deliver("turn.started", List.of(envelope.toact()), envelope, data, effects);
    }

    private Uni<Void> joined(CloudEvent envelope, PlayerSeated seated, Effects effects) {
        return SessionSql.select(
                        "SELECT game, array_to_json(players)::text FROM webhook_tables WHERE table_id = $1 FOR UPDATE",
                        seated.tableId())
                .chain(rows -> {
                    if (rows.isEmpty()) {
                        // A subscriber sat down at a table no subscriber was at: followed from now on (whoever sat
                        // before has no subscription, so nobody is to be told of this).
                        effects.watchTable = seated.tableId();
                        return SessionSql.update(
                                        "INSERT INTO webhook_tables (table_id, game, players)"
                                                + " VALUES ($1, '', ARRAY[$2]) ON CONFLICT DO NOTHING",
                                        seated.tableId(),
                                        seated.player())
                                .replaceWithVoid();
                    }
                    String title = (String) rows.get(0)[0];
                    List<String> others = new ArrayList<>(strings((String) rows.get(0)[1]));
                    others.remove(seated.player());
                    ObjectNode data = mapper.createObjectNode()
                            .put("tableId", seated.tableId())
                            // Unknown for a table followed from a subscriber's joining rather than its opening.
                            .put("game", title.isEmpty() ? null : title)
                            .put("player", seated.player())
                            .put("seat", seated.seat());
                    return deliver("table.joined", others, envelope, data, effects)
                            .chain(() -> SessionSql.update(
                                    "UPDATE webhook_tables SET players = array_append(array_remove(players, $2), $2)"
                                            + " WHERE table_id = $1",
                                    seated.tableId(),
                                    seated.player()))
                            .replaceWithVoid();
                });
    }

    private Uni<Void> leave(String tableId, String player) {
        return SessionSql.update(
                        "UPDATE webhook_tables SET players = array_remove(players, $2) WHERE table_id = $1",
                        tableId,
                        player)
                .replaceWithVoid();
    }

    /**
     * Makes one delivery of {@code webhook} to every subscription of {@code players} that asked for it, paused ones
     * included (they are sent once resumed); its id derives from the subscription, the event and the webhook.
     */
    private Uni<Void> deliver(
            String webhook, List<String> players, CloudEvent envelope, ObjectNode data, Effects effects) {
        if (players.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        String body = Messages.body(mapper, webhook, envelope.time(), data);
        return SessionSql.update("""
                        INSERT INTO webhook_deliveries (id, subscription_id, event, body, created_at, status,
                                                        next_attempt_at, give_up_at)
                        SELECT 'msg_' || substr(encode(sha256(convert_to(s.id::text || '/' || $2 || '/' || $1, 'UTF8')),
                                                       'hex'), 1, 32),
                               s.id, $1, $3, now(), 'pending', now(), now() + make_interval(secs => $5)
                        FROM webhook_subscriptions s
                        WHERE s.owner::text = ANY(CAST($4 AS text[])) AND $1 = ANY(s.events)
                        ON CONFLICT (id) DO NOTHING""", webhook, envelope.id(), body, players.toArray(String[]::new), (double)
                        settings.retryFor().toSeconds())
                .invoke(count -> effects.deliveries += count)
                .replaceWithVoid();
    }

    private ArrayNode strings(List<String> values) {
        ArrayNode array = mapper.createArrayNode();
        values.forEach(array::add);
        return array;
    }

    private List<String> strings(String json) {
        try {
            return List.of(mapper.readValue(json, String[].class));
        } catch (java.io.IOException e) {
            throw new IllegalStateException("a text[] read as JSON: " + json, e);
        }
    }
}
