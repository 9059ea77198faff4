package dev.tessera.scoring.carrara;

/**
 * One player's final result.
 *
 * @param rank         1 for the winner(s); players tied on total and stones share a rank, the next one skips (1, 2, 2, 4)
 * @param total        {@code vp + coinVp + objectVp + buildingVp}
 * @param vp           VP scored during play
 * @param coinVp       coins converted, rounded down
 * @param shared       true when another player has the same rank
 */
public record FinalStanding(String player, int rank, int total, int vp, int coinVp, int objectVp, int buildingVp,
                            int stones, boolean shared) {
}
