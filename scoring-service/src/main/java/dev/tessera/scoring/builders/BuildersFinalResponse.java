package dev.tessera.scoring.builders;

import dev.tessera.scoring.standings.Standing;
import java.util.List;

/** Answer of the final-scoring calculator: best first, players sharing a rank in request order. */
public record BuildersFinalResponse(List<Standing> standings) {

    public BuildersFinalResponse {
        standings = List.copyOf(standings);
    }
}
