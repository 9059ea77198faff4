package dev.tessera.lobby.tables;

import dev.tessera.events.CloudEvent;
import dev.tessera.events.Games;
import dev.tessera.events.Topics;
import dev.tessera.events.lobby.LobbyEvent;
import dev.tessera.events.lobby.PlayBegan;
import dev.tessera.events.lobby.PlayerLeft;
import dev.tessera.events.lobby.PlayerSeated;
import dev.tessera.events.lobby.SeatRemoved;
import dev.tessera.events.lobby.TableFinished;
import dev.tessera.events.lobby.TableOpened;
import dev.tessera.events.lobby.TableStarted;
import dev.tessera.kit.eventing.Outbox;
import dev.tessera.kit.eventing.OutboxRelay;
import dev.tessera.kit.problem.ProblemException;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;

/**
 * The life of a table: open, join, leave, remove a seat, start, then its game's start and end as game-service and
 * scoring-service publish them. Each change and the lobby event announcing it are written in one transaction (the event
 * through the outbox).
 */
@ApplicationScoped
public class TableService {

    @Inject
    Outbox outbox;

    @Inject
    OutboxRelay relay;

    /** The title a request names in its field {@code game}; a 400 naming that field when there is none such. */
    public static Games.Title title(String game) {
        return Games.byId(game)
                .orElseThrow(() -> ProblemException.badField(
                        "game",
                        "unknown game '" + game + "'; known: "
                                + Games.ALL.stream().map(Games.Title::id).toList()));
    }

    public Uni<GameTable> open(String player, String game, Integer seats, Map<String, String> options) {
        Games.Title title = title(game);
        if (seats == null) {
            throw ProblemException.badField("seats", "seats is required");
        }
        if (seats < title.minPlayers() || seats > title.maxPlayers()) {
            throw ProblemException.badField(
                    "seats",
                    title.name() + " is for " + title.minPlayers() + " to " + title.maxPlayers() + " players, not "
                            + seats);
        }
        GameTable table = newTable(game, seats, List.of(player), TableOptions.normalise(title, options));
        return committed(Panache.withTransaction(() -> table.<GameTable>persist()
                .chain(t -> publish(t, new TableOpened(t.id, t.game, t.seats, t.host, t.options)))
                .chain(t -> publish(t, new PlayerSeated(t.id, player, 0)))));
    }

    /**
     * Opens a table for a group that matchmaking formed, seats everyone in the order given (the first
     * hosts), and starts it, with the options they asked for ({@link TableOptions#normalise normalised}
     * already): the same events as doing it by hand. Runs in the caller's transaction; the caller kicks
     * the relay after the commit.
     */
    public Uni<GameTable> openStarted(String game, List<String> players, Map<String, String> options) {
        GameTable table = newTable(game, players.size(), players, options);
        table.status = TableStatus.STARTING;
        Uni<GameTable> chain = table.<GameTable>persist()
                .chain(t -> publish(t, new TableOpened(t.id, t.game, t.seats, t.host, t.options)));
        for (int seat = 0; seat < players.size(); seat++) {
            PlayerSeated seated = new PlayerSeated(table.id, players.get(seat), seat);
            chain = chain.chain(t -> publish(t, seated));
        }
        return chain.chain(t -> publish(t, new TableStarted(t.id, t.game, t.seated(), t.options)));
    }

    public Uni<GameTable> join(String tableId, String player) {
        return change(tableId, table -> {
            if (table.seated().contains(player)) {
                throw ProblemException.conflict("already-seated", player + " already sits at this table");
            }
            requireOpen(table);
            if (table.players.length >= table.seats) {
                throw ProblemException.conflict("table-full", "all " + table.seats + " seats are taken");
            }
            table.seat(player);
            return publish(table, new PlayerSeated(table.id, player, table.players.length - 1));
        });
    }

    /** The caller gets up; a leaving host hands over to the next player, and a table left empty closes. */
    public Uni<GameTable> leave(String tableId, String player) {
        return change(tableId, table -> {
            requireSeated(table, player);
            requireOpen(table);
            table.unseat(player);
            if (table.players.length == 0) {
                table.status = TableStatus.CLOSED;
            }
            return publish(table, new PlayerLeft(table.id, player));
        });
    }

    /** The host sends {@code player} away from the table before the start. */
    public Uni<GameTable> removeSeat(String tableId, String caller, String player) {
        return change(tableId, table -> {
            requireHost(table, caller, "remove a player from");
            if (player.equals(caller)) {
                throw ProblemException.conflict(
                        "host-cannot-remove-self",
                        "the host leaves the table with " + "POST /api/v1/tables/" + table.id
                                + "/leave, not by removing their own seat");
            }
            requireSeated(table, player);
            requireOpen(table);
            table.unseat(player);
            return publish(table, new SeatRemoved(table.id, player, caller));
        });
    }

    public Uni<GameTable> start(String tableId, String player) {
        return change(tableId, table -> {
            requireHost(table, player, "start");
            requireOpen(table);
            int min = Games.byId(table.game).orElseThrow().minPlayers();
            if (table.players.length < min) {
                throw ProblemException.conflict(
                        "too-few-players",
                        "at least " + min + " players are needed, " + table.players.length + " seated");
            }
            table.status = TableStatus.STARTING;
            return publish(table, new TableStarted(table.id, table.game, table.seated(), table.options));
        });
    }

    /**
     * Records that the table's game exists (from game-service's GameStarted, {@code cause}), in the consumer's
     * transaction: the table plays it, and {@link PlayBegan} says so, once, when the status changes. A game no table
     * started (a sandbox game, whose {@code tableId} is null) concerns no table: nothing to do.
     */
    public Uni<Void> gameStarted(String tableId, String gameId, CloudEvent cause) {
        if (tableId == null) {
            return Uni.createFrom().voidItem();
        }
        return GameTable.<GameTable>findById(tableId).chain(table -> {
            if (table == null) {
                return Uni.createFrom().voidItem();
            }
            table.gameId = gameId;
            table.updatedAt = OffsetDateTime.now(ZoneOffset.UTC);
            if (table.status != TableStatus.OPEN && table.status != TableStatus.STARTING) {
                return Uni.createFrom().voidItem();
            }
            table.status = TableStatus.PLAYING;
            return following(table, new PlayBegan(table.id, gameId), cause);
        });
    }

    /**
     * Records that the game at a table is over, in the consumer's transaction, and publishes {@link TableFinished}.
     * Both GameEnded and the final standings say so ({@code cause}); whichever comes second finds the table finished
     * and leaves it, finish time included, as it is, and publishes nothing. A game no table started (a sandbox game) is
     * no table's game: no table is found, and nothing changes.
     */
    public Uni<Void> gameEnded(String gameId, CloudEvent cause) {
        return GameTable.<GameTable>find("gameId", gameId).firstResult().chain(table -> {
            if (table == null || table.status == TableStatus.FINISHED) {
                return Uni.createFrom().voidItem();
            }
            table.status = TableStatus.FINISHED;
            table.updatedAt = OffsetDateTime.now(ZoneOffset.UTC);
            return following(table, new TableFinished(table.id, gameId), cause);
        });
    }

    public Uni<GameTable> get(String tableId) {
        return Panache.withSession(() -> GameTable.<GameTable>findById(tableId))
                .onItem()
                .ifNull()
                .failWith(() -> ProblemException.notFound("table", tableId));
    }

    public Uni<List<GameTable>> list(String game, TableStatus status) {
        StringBuilder query = new StringBuilder("1 = 1");
        Map<String, Object> params = new java.util.HashMap<>();
        if (game != null) {
            query.append(" and game = :game");
            params.put("game", game);
        }
        if (status != null) {
            query.append(" and status = :status");
            params.put("status", status);
        }
        return Panache.withSession(() -> GameTable.<GameTable>find(query + " order by createdAt desc", params)
                .page(0, 100)
                .list());
    }

    private static void requireOpen(GameTable table) {
        if (table.status == TableStatus.CLOSED) {
            throw ProblemException.conflict("table-closed", "everyone left this table; it is closed");
        }
        if (table.status != TableStatus.OPEN) {
            throw ProblemException.conflict(
                    "table-started", "the table is " + table.status.name().toLowerCase() + " and no longer open");
        }
    }

    private static void requireSeated(GameTable table, String player) {
        if (!table.seated().contains(player)) {
            throw ProblemException.conflict("not-seated", player + " does not sit at this table")
                    .with("player", player);
        }
    }

    private static void requireHost(GameTable table, String player, String what) {
        if (!table.host.equals(player)) {
            throw new ProblemException(
                    403,
                    "not-host",
                    "Forbidden",
                    "only the host, " + table.host + ", can " + what + " this table",
                    Map.of("rule", "not-host"));
        }
    }

    private static GameTable newTable(String game, int seats, List<String> players, Map<String, String> options) {
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        GameTable table = new GameTable();
        table.id = UUID.randomUUID().toString();
        table.game = game;
        table.seats = seats;
        table.host = players.get(0);
        table.players = players.toArray(String[]::new);
        table.options = options;
        table.status = TableStatus.OPEN;
        table.createdAt = now;
        table.updatedAt = now;
        return table;
    }

    private Uni<GameTable> change(String tableId, Function<GameTable, Uni<GameTable>> change) {
        return committed(Panache.withTransaction(() -> GameTable.<GameTable>findById(tableId)
                .onItem()
                .ifNull()
                .failWith(() -> ProblemException.notFound("table", tableId))
                .chain(table -> {
                    table.updatedAt = OffsetDateTime.now(ZoneOffset.UTC);
                    return change.apply(table);
                })));
    }

    private Uni<GameTable> publish(GameTable table, LobbyEvent event) {
        table.eventVersion++;
        return outbox.publish(Topics.LOBBY_EVENTS, table.id, table.eventVersion, event)
                .replaceWith(table);
    }

    /**
     * As {@link #publish}, for a change a consumed event made: stamped with its time, and with an id derived from its
     * id (Outbox#publishFollowing), as scoring-service's results are.
     */
    private Uni<Void> following(GameTable table, LobbyEvent event, CloudEvent cause) {
        table.eventVersion++;
        return outbox.publishFollowing(Topics.LOBBY_EVENTS, table.id, table.eventVersion, event, cause)
                .replaceWithVoid();
    }

    private Uni<GameTable> committed(Uni<GameTable> transaction) {
        return transaction.invoke(relay::kick);
    }
}
