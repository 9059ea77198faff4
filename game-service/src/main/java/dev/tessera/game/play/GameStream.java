package dev.tessera.game.play;

import dev.tessera.events.game.GameStarted;
import dev.tessera.game.rules.RulesEngine;

/**
 * A game folded from its stream: how it started, its current state and the stream version that state
 * reflects (the version a move must expect).
 */
public record GameStream<S, M, E>(GameStarted started, RulesEngine<S, M, E> engine, S state, long version) {}
