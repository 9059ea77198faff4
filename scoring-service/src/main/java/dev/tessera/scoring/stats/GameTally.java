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
import dev.tessera.events.game.MovesTakenBack;
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
 * counters, the seats, one entry per player at the end, and the current turn's counted moves
 * ({@link #sinceTurnEnded}). Each {@code (game, streamversion)} is applied once, so a redelivered record changes
 * nothing.
 *
 * <p>Taken-back moves do not count: a {@code MovesTakenBack} says that the events after its {@code toVersion}, up to
 * itself, no longer count, so what they added is subtracted again. game-service never takes back a turn's end, the
 * start or end of a game, a seat taken by a bot, a valuation or anything else the statistics count but a purchase
 * ({@code TileBought}) and a completed building ({@code BuildingCompleted}), nor goes back past the start of the
 * player's turn: so only what those two added since the game's last {@code TurnEnded} can ever be taken back, and
 * that is all this keeps of the moves.
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

    /**
     * What the counted moves since the game's last {@code TurnEnded} added (purchases, completed buildings), each with
     * its stream version, in order: what a {@code MovesTakenBack} may subtract again. Emptied at every turn's end and at
     * the game's end (nothing before them can be taken back), so it holds one turn's moves at most. Absent from a tally
     * stored before undos were counted, and then empty.
     */
    public List<Move> sinceTurnEnded = new ArrayList<>();

    /** A player's final result; {@code seat} is 1-based, 0 when the player is not one of the seats. */
    public record Result(String player, int seat, int score, int rank) {}

    /** A player's end of The Builders: building VP, final VP (building VP + 1 per full 10 coins), buildings completed. */
    public record BuildersResult(int buildingVp, int finalVp, int buildingsCompleted) {}

    /**
     * What one counted move added to the tally, to subtract it if the move is taken back: a purchase ({@code
     * boughtType} its tile's type, null when it had none; {@code exact} whether paid exactly) or a completed building.
     */
    public record Move(long version, boolean purchase, boolean exact, String boughtType, boolean buildingCompleted) {
        static Move bought(long version, boolean exact, String type) {
            return new Move(version, true, exact, type, false);
        }

        static Move completed(long version) {
            return new Move(version, false, false, null, true);
        }
    }

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
            BuildersEvent.GameFinished.class,
            MovesTakenBack.class);
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
        if (event instanceof MovesTakenBack e) {
            takeBack(e.toVersion(), version);
        } else if (event instanceof GameStarted e) {
            title = e.game();
            sandbox = e.sandbox();
            players = e.players() == null ? new ArrayList<>() : new ArrayList<>(e.players());
            startedAt = time;
        } else if (event instanceof GameEnded e) {
            sinceTurnEnded.clear();
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
            sinceTurnEnded.clear();
        } else if (event instanceof AlhambraEvent.TileBought e) {
            String type = e.tile() == null ? null : e.tile().type();
            purchases++;
            if (e.exactAmount()) {
                exactPurchases++;
            }
            if (type != null) {
                boughtByType.merge(type, 1, Integer::sum);
            }
            moved(Move.bought(version == null ? 0 : version, e.exactAmount(), type));
        } else if (event instanceof ValuationRequested e) {
            valuations.computeIfAbsent(String.valueOf(e.kind()), k -> new Valuations()).requested++;
        } else if (event instanceof ValuationScored e) {
            Valuations v = valuations.computeIfAbsent(String.valueOf(e.kind()), k -> new Valuations());
            v.scored++;
            v.vp += e.vp();
            v.coins += e.coins();
        } else if (event instanceof BuildersEvent.BuildingCompleted) {
            buildingsCompleted++;
            moved(Move.completed(version == null ? 0 : version));
        } else if (event instanceof BuildersEvent.GameFinished e) {
            sinceTurnEnded.clear();
            buildersResults = new ArrayList<>();
            for (PlayerTally t : e.tallies()) {
                buildersResults.add(new BuildersResult(t.buildingVictoryPoints(), finalVp(t), t.buildingsCompleted()));
            }
        }
        return true;
    }

    /** Remembers a counted move until its turn ends; one without a stream version can never be taken back. */
    private void moved(Move move) {
        if (move.version() > 0) {
            sinceTurnEnded.add(move);
        }
    }

    /**
     * Subtracts what the moves after {@code toVersion} and before the {@code MovesTakenBack} at {@code undoVersion}
     * added (all of them after it when the undo has no version), and forgets them: taken back once, never again (a
     * later undo going back further finds them gone).
     */
    private void takeBack(long toVersion, Long undoVersion) {
        for (var it = sinceTurnEnded.iterator(); it.hasNext(); ) {
            Move m = it.next();
            if (m.version() <= toVersion || (undoVersion != null && m.version() >= undoVersion)) {
                continue;
            }
            it.remove();
            if (m.purchase()) {
                purchases--;
                if (m.exact()) {
                    exactPurchases--;
                }
                if (m.boughtType() != null) {
                    boughtByType.computeIfPresent(m.boughtType(), (type, n) -> n > 1 ? n - 1 : null);
                }
            }
            if (m.buildingCompleted()) {
                buildingsCompleted--;
            }
        }
    }

    /** The Builders' final VP: building VP plus 1 VP per full 10 coins, as scoring-service scores it. */
    static int finalVp(PlayerTally t) {
        return new BuildersFinalScore(t.player(), Math.max(0, t.buildingVictoryPoints()), Math.max(0, t.coins()))
                .total();
    }
}
