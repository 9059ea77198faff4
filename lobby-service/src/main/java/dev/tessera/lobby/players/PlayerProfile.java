package dev.tessera.lobby.players;

import java.util.List;

/**
 * What the lobby knows of a player from the games' events: how many games they played (finished or
 * not), finished and abandoned, and their rating in each title they finished a game of.
 */
public record PlayerProfile(
        String id, long gamesPlayed, long gamesFinished, long abandoned, List<TitleRating> ratings) {

    /** A player's standing in one title; {@code wins} are first places among the players who stayed. */
    public record TitleRating(String game, int rating, int games, int wins, int abandoned) {}
}
