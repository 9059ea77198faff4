package dev.tessera.game.alhambra;

/** A card of the money deck: a money card or one of the two scoring cards shuffled into it. */
public sealed interface DeckCard permits MoneyCard, ScoringCard {
}
