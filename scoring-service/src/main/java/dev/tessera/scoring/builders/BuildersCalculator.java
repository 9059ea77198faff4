package dev.tessera.scoring.builders;

import static dev.tessera.scoring.standings.InputChecks.between;
import static dev.tessera.scoring.standings.InputChecks.id;
import static dev.tessera.scoring.standings.InputChecks.required;
import static dev.tessera.scoring.standings.InputChecks.sized;
import static dev.tessera.scoring.standings.InputChecks.uniqueIds;

import java.util.ArrayList;
import java.util.List;

/** The public Builders final-scoring calculator: validates, naming the field, then ranks. */
public final class BuildersCalculator {

    static final int MIN_PLAYERS = 2;
    static final int MAX_PLAYERS = 4;
    /** Far above any real game (the end triggers at 17 VP) yet far from int overflow. */
    static final int MAX_VALUE = 10_000;

    private BuildersCalculator() {}

    public static BuildersFinalResponse finalStandings(BuildersFinalRequest request) {
        required(request, "");
        List<BuildersFinalRequest.Player> players = sized(request.players(), MIN_PLAYERS, MAX_PLAYERS, "players");
        List<BuildersFinalScore> scores = new ArrayList<>();
        for (int i = 0; i < players.size(); i++) {
            BuildersFinalRequest.Player player = players.get(i);
            String path = "players[" + i + "]";
            scores.add(new BuildersFinalScore(
                    id(player.id(), path + ".id"),
                    between(player.buildingVp(), 0, MAX_VALUE, path + ".buildingVp"),
                    between(player.coins(), 0, MAX_VALUE, path + ".coins")));
        }
        uniqueIds(players, BuildersFinalRequest.Player::id, "players");
        return new BuildersFinalResponse(BuildersStandings.of(scores));
    }
}
