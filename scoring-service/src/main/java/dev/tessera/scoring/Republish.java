package dev.tessera.scoring;

import dev.tessera.kit.rebuild.Republication;

/**
 * After Kafka lost its data, before scoring-service starts: its projection is rebuilt anew, so that its replay of
 * {@code game-events} (published again by game-service's {@code Republish}) publishes every scoring round, valuation
 * and final standing to {@code scoring-events} again. {@code ./tessera up} runs it when it finds the brokers' data
 * gone (docs/adr/0009-kafka-data-lost.md).
 */
public final class Republish {
    public static final Republication REPUBLICATION =
            new Republication("scoring-service", "SCORING_DB", "tessera_scoring", null, Rebuild.PROJECTION);

    private Republish() {}

    public static void main(String[] args) {
        Republication.main(REPUBLICATION);
    }
}
