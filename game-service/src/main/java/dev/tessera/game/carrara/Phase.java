package dev.tessera.game.carrara;

/** Where the current turn stands. */
public enum Phase {
    /** The player chooses their action (or declares the end first). */
    ACTION,
    /** The wheel has turned; the player buys stones from one section. */
    BUYING_STONES,
    /** Expansion: a cost-8 building was built; the player takes an upgrade tile. */
    CHOOSING_UPGRADE,
    /** A valuation was requested; nothing moves until the scoring service answers. */
    AWAITING_VALUATION,
    /** The action is done; the player may buy one object, then the turn ends. */
    AFTER_ACTION,
    OVER
}
