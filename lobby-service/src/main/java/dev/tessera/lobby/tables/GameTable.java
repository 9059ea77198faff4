package dev.tessera.lobby.tables;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** A table in the lobby: its game, seats and who sits in them, and where its game stands. */
@Entity
@Table(name = "game_tables")
public class GameTable extends PanacheEntityBase {
    @Id
    public String id;

    public String game;
    public int seats;
    public String host;
    /** Seated players in seat order. */
    public String[] players = new String[0];

    @JdbcTypeCode(SqlTypes.JSON)
    public Map<String, String> options = Map.of();

    @Enumerated(EnumType.STRING)
    public TableStatus status;

    @Column(name = "game_id")
    public String gameId;
    /** Number of lobby events published for this table: the version of its stream. */
    @Column(name = "event_version")
    public long eventVersion;
    /** Optimistic lock: two joins racing for the last seat cannot both commit. */
    @Version
    @Column(name = "row_version")
    public long rowVersion;

    @Column(name = "created_at")
    public OffsetDateTime createdAt;

    @Column(name = "updated_at")
    public OffsetDateTime updatedAt;

    public List<String> seated() {
        return List.of(players);
    }

    public void seat(String player) {
        players = Arrays.copyOf(players, players.length + 1);
        players[players.length - 1] = player;
    }

    /**
     * Takes {@code player}'s seat away; everyone after them moves up one seat, so seats stay numbered
     * 0..n-1 in order. When the host goes, the next player in seat order (wrapping round) hosts; an empty
     * table keeps its last host.
     */
    public void unseat(String player) {
        int index = seated().indexOf(player);
        if (index < 0) {
            return;
        }
        String[] rest = new String[players.length - 1];
        System.arraycopy(players, 0, rest, 0, index);
        System.arraycopy(players, index + 1, rest, index, rest.length - index);
        players = rest;
        if (player.equals(host) && rest.length > 0) {
            host = rest[index < rest.length ? index : 0];
        }
    }
}
