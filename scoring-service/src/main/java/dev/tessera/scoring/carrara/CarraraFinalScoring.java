package dev.tessera.scoring.carrara;

import static dev.tessera.scoring.standings.InputChecks.between;
import static dev.tessera.scoring.standings.InputChecks.id;
import static dev.tessera.scoring.standings.InputChecks.required;

import dev.tessera.scoring.standings.Contender;
import dev.tessera.scoring.standings.InvalidInputException;
import dev.tessera.scoring.standings.Standing;
import dev.tessera.scoring.standings.Standings;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Carrara's final scoring: VP from play, plus coins converted (rounded down), plus objects and buildings
 * at the game's rates, plus (expansion) leftover objects and the bonus card. Most VP wins; a tie goes to most
 * stones; still tied, the win is shared. A pure function.
 */
public final class CarraraFinalScoring {

    /** Bound of every number and rate: far above any real game yet far from int overflow. */
    static final int MAX_VALUE = 10_000;

    private CarraraFinalScoring() {}

    /** Standings best first. @throws InvalidInputException naming the offending field */
    public static List<FinalStanding> score(FinalScoringInput input) {
        required(input, "(input)");
        int coinsPerVp = between(input.coinsPerVp(), 1, MAX_VALUE, "coinsPerVp");
        int vpPerObject = between(input.vpPerObject(), 0, MAX_VALUE, "vpPerObject");
        int vpPerLeftover = input.vpPerLeftoverObject() == null
                ? 0
                : between(input.vpPerLeftoverObject(), 0, MAX_VALUE, "vpPerLeftoverObject");
        int vpPerBuilding = between(input.vpPerBuilding(), 0, MAX_VALUE, "vpPerBuilding");
        List<FinalScoringInput.Tally> tallies = required(input.players(), "players");
        if (tallies.isEmpty()) {
            throw new InvalidInputException("players", "must not be empty");
        }
        Map<String, FinalStanding> unranked = new HashMap<>();
        List<Contender> contenders = new ArrayList<>();
        for (int i = 0; i < tallies.size(); i++) {
            String field = "players[" + i + "]";
            FinalScoringInput.Tally t = required(tallies.get(i), field);
            String player = id(t.player(), field + ".player");
            if (unranked.containsKey(player)) {
                throw new InvalidInputException(field + ".player", "\"" + player + "\" appears twice");
            }
            int vp = between(t.vp(), 0, MAX_VALUE, field + ".vp");
            int coinVp = between(t.coins(), 0, MAX_VALUE, field + ".coins") / coinsPerVp;
            int objects = between(t.objects(), 0, MAX_VALUE, field + ".objects");
            int counted = t.objectsCounted() == null
                    ? objects
                    : between(t.objectsCounted(), 0, objects, field + ".objectsCounted");
            int objectVp = counted * vpPerObject + (objects - counted) * vpPerLeftover;
            int buildingVp = between(t.buildings(), 0, MAX_VALUE, field + ".buildings") * vpPerBuilding;
            int bonusVp = t.bonusVp() == null ? 0 : between(t.bonusVp(), 0, MAX_VALUE, field + ".bonusVp");
            int stones = between(t.stones(), 0, MAX_VALUE, field + ".stones");
            int total = vp + coinVp + objectVp + buildingVp + bonusVp;
            unranked.put(
                    player,
                    new FinalStanding(player, 0, total, vp, coinVp, objectVp, buildingVp, bonusVp, stones, false));
            contenders.add(new Contender(player, total, List.of(stones)));
        }
        List<Standing> standings = Standings.rank(contenders);
        Map<Integer, Long> playersPerRank =
                standings.stream().collect(Collectors.groupingBy(Standing::rank, Collectors.counting()));
        return standings.stream()
                .map(st -> {
                    FinalStanding s = unranked.get(st.player());
                    return new FinalStanding(
                            s.player(),
                            st.rank(),
                            s.total(),
                            s.vp(),
                            s.coinVp(),
                            s.objectVp(),
                            s.buildingVp(),
                            s.bonusVp(),
                            s.stones(),
                            playersPerRank.get(st.rank()) > 1);
                })
                .toList();
    }
}
