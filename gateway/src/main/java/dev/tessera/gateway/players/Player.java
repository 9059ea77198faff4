package dev.tessera.gateway.players;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;
import java.util.UUID;

/** A registered player: the id the services know them by, and the unique name people see. */
@Entity
@Table(name = "players")
public class Player extends PanacheEntityBase {
    @Id
    public UUID id;

    public String name;

    @Column(name = "created_at")
    public OffsetDateTime createdAt;
}
