package dev.tessera.lobby;

import dev.tessera.kit.rebuild.Republication;

/**
 * After Kafka lost its data, before lobby-service starts: the table events its outbox still keeps (the last
 * hour's) are published again by its relay, and its replay marks are forgotten. Its tables and players are in
 * PostgreSQL and stay as they are. {@code ./tessera up} runs it when it finds the brokers' data gone
 * (docs/adr/0009-kafka-data-lost.md).
 */
public final class Republish {
    public static final Republication REPUBLICATION =
            new Republication("lobby-service", "LOBBY_DB", "tessera_lobby", null, null);

    private Republish() {}

    public static void main(String[] args) {
        Republication.main(REPUBLICATION);
    }
}
