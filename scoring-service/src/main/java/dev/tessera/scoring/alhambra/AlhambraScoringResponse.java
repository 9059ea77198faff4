package dev.tessera.scoring.alhambra;

import java.util.List;

/** Answer of the scoring calculator: one score per player, in request order (Dirk is not listed). */
public record AlhambraScoringResponse(int round, List<PlayerRoundScore> scores) {

    public AlhambraScoringResponse {
        scores = List.copyOf(scores);
    }
}
