package dev.tessera.game;

import dev.tessera.events.Topics;
import dev.tessera.kit.rebuild.Republication;

/**
 * After Kafka lost its data, before game-service starts: every game's events go to {@code game-events} again, from
 * the event store, in order and as they were published. {@code ./tessera up} runs it when it finds the brokers' data
 * gone (docs/adr/0009-kafka-data-lost.md).
 */
public final class Republish {
    public static final Republication REPUBLICATION =
            new Republication("game-service", "GAME_DB", "tessera_game", Topics.GAME_EVENTS, null);

    private Republish() {}

    public static void main(String[] args) {
        Republication.main(REPUBLICATION);
    }
}
