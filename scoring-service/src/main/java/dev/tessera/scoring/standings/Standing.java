package dev.tessera.scoring.standings;

/** One line of the final standings: players with equal totals and tie-breakers share a rank. */
public record Standing(String player, int total, int rank) {}
