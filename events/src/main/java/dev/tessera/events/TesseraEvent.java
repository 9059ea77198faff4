package dev.tessera.events;

/**
 * A published fact. Every implementation is a record annotated with {@link EventType}; the sealed
 * sub-interfaces (one per source: lobby, game, scoring, and one per game's own events) list them all,
 * so {@link EventTypes} finds every type without a hand-kept registry.
 */
public interface TesseraEvent {}
