package dev.tessera.gateway.players;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;
import java.util.UUID;

/** A key a program uses to act as a player. Only its hash is stored: the key itself is shown once. */
@Entity
@Table(name = "api_keys")
public class ApiKey extends PanacheEntityBase {
    @Id
    public UUID id;

    @Column(name = "player_id")
    public UUID playerId;

    @Column(name = "key_hash")
    public String keyHash;

    @Column(name = "created_at")
    public OffsetDateTime createdAt;
}
