package dev.tessera.events.game;

import dev.tessera.events.EventType;

/**
 * The game has ended, and its seed, secret while it ran, is published with the salt of its commitment: the SHA-256
 * of both ({@link SeedCommitment}) equals the {@code commitment} its {@link GameStarted} published at the start. Every
 * random draw of the game derives from the seed and the moves, which the envelopes of the game's events record
 * ({@code movedby} and {@code move}), so anyone can decide the whole game again and find the same events
 * ({@code ./tessera verify}). Follows the game's {@link GameEnded}.
 *
 * @param seed the seed every draw of the game derived from
 * @param salt the salt of the commitment; null for a game started before commitments existed, which is then not
 *             verifiable (its seed was never committed to)
 */
@EventType("tessera.game.SeedRevealed")
public record SeedRevealed(String gameId, long seed, String salt) implements GameLifecycleEvent {}
