package dev.tessera.scoring.stats;

import dev.tessera.events.CloudEvent;
import dev.tessera.events.scoring.ScoringRoundScored;
import java.time.Instant;
import java.util.TreeMap;

/**
 * One Alhambra game's scoring rounds as scoring-service scored them on {@code scoring-events}: per round,
 * the sum of the players' longest outer walls and the number of players (the value of the
 * {@code stats-rounds} store, keyed by game id). A round scored again replaces the earlier answer.
 */
public class RoundWalls {
    public TreeMap<Integer, Wall> rounds = new TreeMap<>();
    public Instant latestEventTime;
    /**
     * Whether the game is a sandbox game: not known on scoring-events, it is joined in from game-events' GameStarted
     * ({@link StatsTopology}); false in the {@code stats-rounds} store itself.
     */
    public boolean sandbox;

    /** The walls of one round: their sum over the players, and how many players. */
    public record Wall(long sum, long players) {}

    /** A copy of these rounds, of a sandbox game or not. */
    public RoundWalls inSandbox(boolean sandbox) {
        RoundWalls copy = new RoundWalls();
        copy.rounds = new TreeMap<>(rounds);
        copy.latestEventTime = latestEventTime;
        copy.sandbox = sandbox;
        return copy;
    }

    public void apply(CloudEvent envelope, ScoringRoundScored scored) {
        long sum = 0;
        for (ScoringRoundScored.PlayerScore p : scored.scores()) {
            sum += p.wall();
        }
        rounds.put(scored.round(), new Wall(sum, scored.scores().size()));
        Instant time = envelope.time() == null ? null : envelope.time().toInstant();
        if (time != null && (latestEventTime == null || time.isAfter(latestEventTime))) {
            latestEventTime = time;
        }
    }
}
