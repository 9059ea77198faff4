package dev.tessera.scoring.games;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;

/** scoring-service's own record of a game, built only from game-events. */
@Entity
@Table(name = "scored_games")
public class ScoredGame extends PanacheEntityBase {
    @Id
    @Column(name = "game_id")
    public String gameId;

    public String game;
    public String[] players;
    /** The last stream version applied: events arrive in order per game, so this is how far the projection is. */
    @Column(name = "last_version")
    public long lastVersion;

    public boolean finished;
    /** Scoring events published for this game: the version of its stream on scoring-events. */
    @Column(name = "scoring_version")
    public long scoringVersion;

    @Column(name = "updated_at")
    public OffsetDateTime updatedAt;
}
