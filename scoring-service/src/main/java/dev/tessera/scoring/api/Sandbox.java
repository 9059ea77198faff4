package dev.tessera.scoring.api;

import dev.tessera.kit.problem.ProblemException;

/**
 * The {@code sandbox} query parameter of the statistics and the exports: whether sandbox games (practice games, such
 * as forks of finished games; {@code GameStarted.sandbox}) are included. {@code exclude}, the default, leaves them out;
 * {@code include} counts or exports them with the others; absent or empty is the default. Anything else is a 400
 * problem naming {@code sandbox}.
 */
final class Sandbox {
    static final String PARAMETER = "sandbox";
    static final String INCLUDE = "include";
    static final String EXCLUDE = "exclude";
    static final String DESCRIPTION = "`exclude` (the default) leaves sandbox games (practice games, such as forks of "
            + "finished games) out; `include` includes them. Another value is a 400 problem naming `sandbox`.";

    private Sandbox() {}

    /** Whether sandbox games are included: false when the parameter is absent or empty, as other absent parameters. */
    static boolean included(String value) {
        if (value == null || value.isEmpty() || EXCLUDE.equals(value)) {
            return false;
        }
        if (INCLUDE.equals(value)) {
            return true;
        }
        throw ProblemException.badField(
                PARAMETER, "sandbox is " + INCLUDE + " or " + EXCLUDE + " (the default), not '" + value + "'");
    }
}
