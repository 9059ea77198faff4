package dev.tessera.scoring.carrara;

/**
 * One player's final result.
 *
 * @param rank         1 for the winner(s); players tied on total and stones share a rank, the next one skips (1, 2, 2, 4)
 * @param total        {@code vp + coinVp + objectVp + buildingVp + bonusVp}
 * @param vp           VP scored during play
 * @param coinVp       coins converted, rounded down
 * @param objectVp     the objects the object card counts, and (expansion) the leftover objects
 * @param bonusVp      the bonus card's VP (expansion)
 * @param shared       true when another player has the same rank
 */
public record FinalStanding(
        String player,
        int rank,
        int total,
        int vp,
        int coinVp,
        int objectVp,
        int buildingVp,
        int bonusVp,
        int stones,
        boolean shared) {}
