package dev.tessera.events.lobby;

import dev.tessera.events.TesseraEvent;

/** Facts about tables, published by lobby-service on {@code lobby-events}, keyed by table id. */
public sealed interface LobbyEvent extends TesseraEvent
        permits TableOpened, PlayerSeated, PlayerLeft, SeatRemoved, TableStarted, PlayBegan, TableFinished {
    String tableId();
}
