package dev.tessera.events.lobby;

/**
 * The options a table of one title takes beside its clock ({@link ClockOptions}), as {@code TableOpened},
 * {@code TableStarted} and {@code GameStarted} carry them. lobby-service checks them and writes them explicitly on
 * every table of that title; game-service's rules engine reads them.
 */
public final class TitleOptions {
    /**
     * Carrara: {@code "true"} puts the expansion in play, {@code "false"} is the basic game. Games created before the
     * option existed have no such key and are basic games.
     */
    public static final String EXPANSION = "expansion";

    private TitleOptions() {}
}
