package dev.tessera.game.alhambra;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * A card of the money deck: a money card or one of the two scoring cards shuffled into it. The type
 * name lets a stored snapshot of the deck be read back as the cards it held.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "card")
@JsonSubTypes({
    @JsonSubTypes.Type(value = MoneyCard.class, name = "money"),
    @JsonSubTypes.Type(value = ScoringCard.class, name = "scoring")
})
public sealed interface DeckCard permits MoneyCard, ScoringCard {}
