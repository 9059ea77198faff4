package dev.tessera.scoring.games;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** Where one Alhambra building tile of one game is, as far as scoring is concerned. */
@Entity
@Table(name = "alhambra_tiles")
public class AlhambraTile extends PanacheEntityBase {
    public static final String DIRK = "@dirk";

    @Id
    public String id;

    @Column(name = "game_id")
    public String gameId;

    @Column(name = "tile_id")
    public int tileId;
    /** A player's id, or {@link #DIRK}. */
    public String owner;

    public String type;
    public String walls;
    /** In the Alhambra (it counts); false in the reserve or with Dirk. */
    @Column(name = "in_alhambra")
    public boolean inAlhambra;

    public Integer x;
    public Integer y;

    static String key(String gameId, int tileId) {
        return gameId + ":" + tileId;
    }
}
