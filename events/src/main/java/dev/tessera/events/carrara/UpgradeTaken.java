package dev.tessera.events.carrara;

import dev.tessera.events.EventType;

/**
 * Expansion: with a cost-8 building the player took one of the eight upgrade tiles, which raises the value of
 * a city, or of a category of buildings, in that player's valuations from now on.
 *
 * @param upgrade a city ("Livorno" … "Lerici") or a building category ("city" for the orange buildings, "land"
 *                for the green ones)
 * @param bonus   what the tile adds to the value of each of the player's buildings it covers
 */
@EventType("tessera.carrara.UpgradeTaken")
public record UpgradeTaken(String player, String upgrade, int bonus) implements CarraraEvent {}
