package dev.tessera.events;

/**
 * An event that another service answers, and whose answer players wait for: scoring-service scores an Alhambra
 * scoring round, values a Carrara valuation and ranks a finished game, and the game shows nothing of it until the
 * answer is back in its stream. The outbox relay publishes such an event at once instead of lingering to batch it
 * with others (service-kit's {@code OutboxRelay.kickNowFor}). A marker only: it changes nothing in the published JSON.
 */
public interface AwaitsAnswer {}
