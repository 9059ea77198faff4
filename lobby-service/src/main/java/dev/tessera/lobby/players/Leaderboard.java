package dev.tessera.lobby.players;

import java.util.List;

/** A title's best ratings, best first; equal ratings share a rank (1, 2, 2, 4). */
public record Leaderboard(String game, List<Entry> entries) {

    public record Entry(long rank, String player, int rating, int games) {}
}
