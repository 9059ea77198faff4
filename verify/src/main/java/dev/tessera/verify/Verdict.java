package dev.tessera.verify;

/**
 * What the verifier found for one game of an export.
 *
 * @param gameId  the game (the events' {@code subject})
 * @param game    its title, such as {@code alhambra}; null when the export does not hold its GameStarted
 * @param events  how many of its events the export holds
 * @param outcome verified, not verifiable, or differs
 * @param detail  why it is not verifiable, or what differs (what the rules give, what the export has); null when
 *                verified
 * @param line    the export's line (from 1) of the first event that differs; 0 unless it differs
 * @param version that event's {@code streamversion}; 0 unless it differs
 */
public record Verdict(String gameId, String game, int events, Outcome outcome, String detail, long line, long version) {

    public enum Outcome {
        /** Every event, the final standings included, is what the revealed seed and the recorded moves give. */
        VERIFIED,
        /**
         * The export cannot show either way: the game published no commitment (it started before commitments
         * existed), has not ended (its seed is still secret), is a fork (its first events are copies of another
         * game's), or the export does not hold its start.
         */
        NOT_VERIFIABLE,
        /** An event is not what the rules, the seed and the moves give: the first such is named. */
        DIFFERS
    }

    static Verdict verified(String gameId, String game, int events) {
        return new Verdict(gameId, game, events, Outcome.VERIFIED, null, 0, 0);
    }

    static Verdict notVerifiable(String gameId, String game, int events, String why) {
        return new Verdict(gameId, game, events, Outcome.NOT_VERIFIABLE, why, 0, 0);
    }

    static Verdict differs(String gameId, String game, int events, Line at, String what) {
        return new Verdict(
                gameId,
                game,
                events,
                Outcome.DIFFERS,
                what,
                at.number(),
                at.envelope().streamversion());
    }

    /** One line for a person: the game, and "verified", "not verifiable (…)" or where it differs. */
    public String describe() {
        String head = "game " + gameId + " (" + (game == null ? "title unknown" : game) + ", " + events + " events): ";
        return switch (outcome) {
            case VERIFIED -> head + "verified";
            case NOT_VERIFIABLE -> head + "not verifiable (" + detail + ")";
            case DIFFERS -> head + "DIFFERS at line " + line + " (version " + version + "): " + detail;
        };
    }
}
