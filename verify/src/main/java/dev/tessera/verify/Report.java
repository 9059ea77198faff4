package dev.tessera.verify;

import java.util.List;

/**
 * What the verifier found in one export.
 *
 * @param games   one verdict per game met, in the order of their first lines
 * @param badLine null for an export; else why the file is not one, naming its first line that is not an event of an
 *                export (no game is verified then)
 */
public record Report(List<Verdict> games, String badLine) {

    public Report {
        games = List.copyOf(games);
    }

    /** Whether the file is an export and no game of it differs. */
    public boolean passed() {
        return badLine == null && count(Verdict.Outcome.DIFFERS) == 0;
    }

    public long count(Verdict.Outcome outcome) {
        return games.stream().filter(v -> v.outcome() == outcome).count();
    }

    /** The summary line: how many games, how many verified, not verifiable, differing. */
    public String summary() {
        if (badLine != null) {
            return "not an export: " + badLine;
        }
        return games.size() + " games: " + count(Verdict.Outcome.VERIFIED) + " verified, "
                + count(Verdict.Outcome.NOT_VERIFIABLE) + " not verifiable, " + count(Verdict.Outcome.DIFFERS)
                + " differ";
    }
}
