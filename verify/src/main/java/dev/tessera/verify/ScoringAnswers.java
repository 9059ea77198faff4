package dev.tessera.verify;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tessera.events.TesseraEvent;
import dev.tessera.events.alhambra.AlhambraEvent;
import dev.tessera.events.builders.BuildersEvent;
import dev.tessera.events.carrara.GameFinished;
import dev.tessera.events.carrara.ValuationRequested;
import dev.tessera.events.carrara.ValuationScored;
import dev.tessera.events.game.GameEnded;
import dev.tessera.game.alhambra.AlhambraState;
import dev.tessera.game.alhambra.PlacedTile;
import dev.tessera.game.alhambra.PlayerState;
import dev.tessera.game.alhambra.Tile;
import dev.tessera.scoring.alhambra.AlhambraLayout;
import dev.tessera.scoring.alhambra.BuildingType;
import dev.tessera.scoring.alhambra.PlayerHoldings;
import dev.tessera.scoring.alhambra.PlayerRoundScore;
import dev.tessera.scoring.alhambra.RoundScoring;
import dev.tessera.scoring.alhambra.Side;
import dev.tessera.scoring.alhambra.Square;
import dev.tessera.scoring.builders.BuildersFinalScore;
import dev.tessera.scoring.builders.BuildersStandings;
import dev.tessera.scoring.carrara.CarraraFinalScoring;
import dev.tessera.scoring.carrara.CarraraValuation;
import dev.tessera.scoring.carrara.FinalScoringInput;
import dev.tessera.scoring.carrara.ValuationInput;
import dev.tessera.scoring.carrara.ValuationResult;
import dev.tessera.scoring.standings.Contender;
import dev.tessera.scoring.standings.Standing;
import dev.tessera.scoring.standings.Standings;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What scoring-service answers a game's events with, computed again by its own calculators (the same public
 * functions its handlers call), as the facts game-service records from those answers: Alhambra's round points and
 * final standings, a Carrara valuation's reward and its final standings, The Builders' final standings. A game's
 * stream holds these facts without a move; the verifier checks each against what is computed here, by a key (the
 * round, the valuation, the end).
 */
abstract class ScoringAnswers {
    /** The key of the final standings, recorded as {@link GameEnded}. */
    static final String END = "end";

    final ObjectMapper mapper;
    final String gameId;

    ScoringAnswers(ObjectMapper mapper, String gameId) {
        this.mapper = mapper;
        this.gameId = gameId;
    }

    /** A title's answers, for one game. */
    static ScoringAnswers of(String title, ObjectMapper mapper, String gameId) {
        return switch (title) {
            case "alhambra" -> new Alhambra(mapper, gameId);
            case "carrara" -> new Carrara(mapper, gameId);
            case "builders" -> new Builders(mapper, gameId);
            default -> throw new IllegalArgumentException("no scoring known for " + title);
        };
    }

    /**
     * The facts scoring-service answers {@code event} with, by key, once it has moved the game to {@code state}
     * (scoring-service sees the game's events in their order, so it scores what the game was right after it).
     */
    abstract Map<String, TesseraEvent> answersTo(Object event, Object state);

    /** The key of a fact recorded without a move, whose expected value {@link #answersTo} gave; null if none is. */
    abstract String keyOf(TesseraEvent fact);

    GameEnded ended(List<Standing> standings) {
        return new GameEnded(
                gameId,
                standings.stream()
                        .map(s -> new GameEnded.Standing(s.player(), s.total(), s.rank()))
                        .toList());
    }

    /** Alhambra: a triggered round is scored from the players' Alhambras and Dirk's tiles; round 3 ends the game. */
    static final class Alhambra extends ScoringAnswers {
        private final Map<String, Integer> totals = new LinkedHashMap<>();

        Alhambra(ObjectMapper mapper, String gameId) {
            super(mapper, gameId);
        }

        @Override
        Map<String, TesseraEvent> answersTo(Object event, Object state) {
            if (!(event instanceof AlhambraEvent.ScoringRoundTriggered triggered)) {
                return Map.of();
            }
            AlhambraState game = (AlhambraState) state;
            List<PlayerHoldings> holdings = new ArrayList<>();
            for (PlayerState player : game.players()) {
                AlhambraLayout layout = AlhambraLayout.fountainOnly();
                for (PlacedTile placed : player.alhambra()) {
                    layout = layout.place(
                            new Square(placed.x(), placed.y()),
                            type(placed.tile()),
                            Side.fromLetters(placed.tile().walls().code()));
                }
                holdings.add(layout.holdings(player.id()));
            }
            Map<BuildingType, Integer> dirk = new EnumMap<>(BuildingType.class);
            game.dirk().forEach(tile -> dirk.merge(type(tile), 1, Integer::sum));
            Map<String, Integer> points = new LinkedHashMap<>();
            for (PlayerRoundScore score : RoundScoring.score(triggered.round(), holdings, dirk)) {
                points.put(score.player(), score.total());
            }
            Map<String, TesseraEvent> answers = new LinkedHashMap<>();
            answers.put("round " + triggered.round(), new AlhambraEvent.PointsAwarded(triggered.round(), points));
            game.seats().forEach(seat -> totals.merge(seat, points.getOrDefault(seat, 0), Integer::sum));
            if (triggered.round() == 3) {
                answers.put(
                        END,
                        ended(Standings.rank(totals.entrySet().stream()
                                .map(e -> Contender.withoutTieBreakers(e.getKey(), e.getValue()))
                                .toList())));
            }
            return answers;
        }

        @Override
        String keyOf(TesseraEvent fact) {
            if (fact instanceof AlhambraEvent.PointsAwarded points) {
                return "round " + points.round();
            }
            return fact instanceof GameEnded ? END : null;
        }

        private static BuildingType type(Tile tile) {
            return BuildingType.fromJsonName(tile.type().code())
                    .orElseThrow(() -> new IllegalStateException("unknown building type " + tile.type()));
        }
    }

    /** Carrara: a valuation asked for is valued; the game's finish is ranked. */
    static final class Carrara extends ScoringAnswers {
        Carrara(ObjectMapper mapper, String gameId) {
            super(mapper, gameId);
        }

        @Override
        Map<String, TesseraEvent> answersTo(Object event, Object state) {
            if (event instanceof ValuationRequested requested) {
                ValuationResult result = CarraraValuation.value(mapper.convertValue(requested, ValuationInput.class));
                return Map.of(
                        "valuation " + requested.valuation(),
                        new ValuationScored(
                                requested.valuation(),
                                requested.player(),
                                requested.kind(),
                                requested.target(),
                                result.vp(),
                                result.coins(),
                                result.objectsTaken()));
            }
            if (event instanceof GameFinished finished) {
                return Map.of(
                        END,
                        ended(CarraraFinalScoring.score(mapper.convertValue(finished, FinalScoringInput.class)).stream()
                                .map(s -> new Standing(s.player(), s.total(), s.rank()))
                                .toList()));
            }
            return Map.of();
        }

        @Override
        String keyOf(TesseraEvent fact) {
            if (fact instanceof ValuationScored scored) {
                return "valuation " + scored.valuation();
            }
            return fact instanceof GameEnded ? END : null;
        }
    }

    /** The Builders: the game's finish, with each player's tally, is ranked. */
    static final class Builders extends ScoringAnswers {
        Builders(ObjectMapper mapper, String gameId) {
            super(mapper, gameId);
        }

        @Override
        Map<String, TesseraEvent> answersTo(Object event, Object state) {
            if (!(event instanceof BuildersEvent.GameFinished finished)) {
                return Map.of();
            }
            return Map.of(
                    END,
                    ended(BuildersStandings.of(finished.tallies().stream()
                            .map(t -> new BuildersFinalScore(t.player(), t.buildingVictoryPoints(), t.coins()))
                            .toList())));
        }

        @Override
        String keyOf(TesseraEvent fact) {
            return fact instanceof GameEnded ? END : null;
        }
    }
}
