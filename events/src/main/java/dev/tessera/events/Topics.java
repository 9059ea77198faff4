package dev.tessera.events;

/** Kafka topic names. Every record is keyed by the table or game id it concerns. */
public final class Topics {
    public static final String LOBBY_EVENTS = "lobby-events";
    public static final String GAME_EVENTS = "game-events";
    public static final String SCORING_EVENTS = "scoring-events";

    private Topics() {}
}
