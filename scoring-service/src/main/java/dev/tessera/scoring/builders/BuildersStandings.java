package dev.tessera.scoring.builders;

import dev.tessera.scoring.standings.Standing;
import dev.tessera.scoring.standings.Standings;
import java.util.List;

/** Final standings of The Builders: a full tie after both tie-breakers shares the rank. */
public final class BuildersStandings {

    private BuildersStandings() {}

    public static List<Standing> of(List<BuildersFinalScore> players) {
        return Standings.rank(
                players.stream().map(BuildersFinalScore::contender).toList());
    }
}
