package dev.tessera.scoring.stats;

import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventTypes;
import dev.tessera.events.TesseraEvent;
import dev.tessera.events.alhambra.AlhambraEvent;
import dev.tessera.events.builders.BuildersEvent;
import dev.tessera.events.builders.PlayerTally;
import dev.tessera.events.carrara.ValuationRequested;
import dev.tessera.events.carrara.ValuationScored;
import dev.tessera.events.game.GameEnded;
import dev.tessera.events.game.GameStarted;
import dev.tessera.events.game.SeatTakenByBot;
import dev.tessera.scoring.builders.BuildersFinalScore;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * What the statistics need of one game, folded from its {@code game-events} records (the value of the
 * {@code stats-games} store, keyed by game id). Small and of bounded size whatever the game's length:
 * counters, the seats, and one entry per player at the end. Each {@code (game, streamversion)} is
 * applied once, so a redelivered record changes nothing.
 */
public class GameTally {
    /** The game's title ({@code alhambra}, {@code carrara}, {@code builders}); null until its GameStarted. */
    public String title;
    /**
     * From GameStarted: a sandbox game (a practice game, such as a fork of a finished one), whose totals are kept apart
     * from the others' and counted only when asked for ({@link StatsTopology#key}).
     */
    public boolean sandbox;
    /** Players in seat order (seat 1 first, the start player). */
    public List<String> players = new ArrayList<>();

    public Instant startedAt;
    public Instant endedAt;
    public Instant latestEventTime;
    /** The highest {@code streamversion} applied. */
    public long lastVersion;
    /** Moves: the {@code TurnEnded} events of the game's rules. */
    public int moves;
    /** A {@code SeatTakenByBot} was seen: a player abandoned the game. */
    public boolean abandoned;
    /** A {@code GameEnded} was seen. */
    public boolean finished;
    /** From GameEnded, in the order of its standings. */
    public List<Result> results = new ArrayList<>();

    // Alhambra
    public int purchases;
    public int exactPurchases;
    public TreeMap<String, Integer> boughtByType = new TreeMap<>();

    // Carrara, by valuation kind ("type", "city", and with the expansion "category")
    public TreeMap<String, Valuations> valuations = new TreeMap<>();

    // The Builders
    public int buildingsCompleted;
    /** From GameFinished, in seat order. */
    public List<BuildersResult> buildersResults = new ArrayList<>();

    /** A player's final result; {@code seat} is 1-based, 0 when the player is not one of the seats. */
    public record Result(String player, int seat, int score, int rank) {}

    /** A player's end of The Builders: building VP, final VP (building VP + 1 per full 10 coins), buildings completed. */
    public record BuildersResult(int buildingVp, int finalVp, int buildingsCompleted) {}

    /** Valuations of one kind: requested ({@code ValuationRequested}), answered ({@code ValuationScored}) and what they paid. */
    public static class Valuations {
        public long requested;
        public long scored;
        public long vp;
        public long coins;
    }

    /**
     * The events the statistics count: the only ones folded in, so that the topology can pass the others over by their
     * type header without reading them ({@link StatsTopology}). {@link #latestEventTime} is the latest of these.
     */
    public static final Set<Class<? extends TesseraEvent>> COUNTED = Set.of(
            GameStarted.class,
            GameEnded.class,
            SeatTakenByBot.class,
            AlhambraEvent.TurnEnded.class,
            dev.tessera.events.carrara.TurnEnded.class,
            BuildersEvent.TurnEnded.class,
            AlhambraEvent.TileBought.class,
            ValuationRequested.class,
            ValuationScored.class,
            BuildersEvent.BuildingCompleted.class,
            BuildersEvent.GameFinished.class);
    /** {@link #COUNTED}, by type name. */
    public static final Set<String> COUNTED_TYPES =
            COUNTED.stream().map(type -> EventTypes.of(type).value()).collect(Collectors.toUnmodifiableSet());

    /**
     * Folds one record in. {@code event} is the envelope's event read by the codec, or null for a type this
     * service does not know. Returns false, changing nothing, for an event the statistics do not count
     * ({@link #COUNTED}) and for an event already applied (a {@code streamversion} not above the last one).
     */
    public boolean apply(CloudEvent envelope, TesseraEvent event) {
        if (event == null || !COUNTED.contains(event.getClass())) {
            return false;
        }
        Long version = envelope.streamversion();
        if (version != null) {
            if (version <= lastVersion) {
                return false;
            }
            lastVersion = version;
        }
        Instant time = envelope.time() == null ? null : envelope.time().toInstant();
        if (time != null && (latestEventTime == null || time.isAfter(latestEventTime))) {
            latestEventTime = time;
        }
        if (event instanceof GameStarted e) {
            title = e.game();
            sandbox = e.sandbox();
            players = e.players() == null ? new ArrayList<>() : new ArrayList<>(e.players());
            startedAt = time;
        } else if (event instanceof GameEnded e) {
            finished = true;
            endedAt = time;
            results = new ArrayList<>();
            for (GameEnded.Standing s : e.standings() == null ? List.<GameEnded.Standing>of() : e.standings()) {
                results.add(new Result(s.player(), players.indexOf(s.player()) + 1, s.score(), s.rank()));
            }
        } else if (event instanceof SeatTakenByBot) {
            abandoned = true;
        } else if (event instanceof AlhambraEvent.TurnEnded
                || event instanceof dev.tessera.events.carrara.TurnEnded
                || event instanceof BuildersEvent.TurnEnded) {
            moves++;
        } else if (event instanceof AlhambraEvent.TileBought e) {
            purchases++;
            if (e.exactAmount()) {
                exactPurchases++;
            }
            if (e.tile() != null && e.tile().type() != null) {
                boughtByType.merge(e.tile().type(), 1, Integer::sum);
            }
        } else if (event instanceof ValuationRequested e) {
            valuations.computeIfAbsent(String.valueOf(e.kind()), k -> new Valuations()).requested++;
        } else if (event instanceof ValuationScored e) {
            Valuations v = valuations.computeIfAbsent(String.valueOf(e.kind()), k -> new Valuations());
            v.scored++;
            v.vp += e.vp();
            v.coins += e.coins();
        } else if (event instanceof BuildersEvent.BuildingCompleted) {
            buildingsCompleted++;
        } else if (event instanceof BuildersEvent.GameFinished e) {
            buildersResults = new ArrayList<>();
            for (PlayerTally t : e.tallies()) {
                buildersResults.add(new BuildersResult(t.buildingVictoryPoints(), finalVp(t), t.buildingsCompleted()));
            }
        }
        return true;
    }

    /** The Builders' final VP: building VP plus 1 VP per full 10 coins, as scoring-service scores it. */
    static int finalVp(PlayerTally t) {
        return new BuildersFinalScore(t.player(), Math.max(0, t.buildingVictoryPoints()), Math.max(0, t.coins()))
                .total();
    }
}
