package dev.tessera.scoring.games;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A player's points in one scoring round of one game; its key makes a round score once. */
@Entity
@Table(name = "round_points")
public class RoundPoints extends PanacheEntityBase {
    @Id
    public String id;

    @jakarta.persistence.Column(name = "game_id")
    public String gameId;

    public int round;
    public String player;
    public int points;
}
