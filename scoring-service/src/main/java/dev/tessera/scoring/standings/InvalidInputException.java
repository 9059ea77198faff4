package dev.tessera.scoring.standings;

/**
 * Calculator input that cannot be scored. {@code field} is a JSON-pointer-like path to the offending
 * value, e.g. {@code players[1].alhambra[0].walls}, so an API can point the client at it.
 *
 * <p>Lives with {@link Standings} because it is the one package shared by every game's calculator.
 */
public final class InvalidInputException extends RuntimeException {

    private final String field;
    private final String detail;

    public InvalidInputException(String field, String detail) {
        super(field + ": " + detail);
        this.field = field;
        this.detail = detail;
    }

    public String field() {
        return field;
    }

    public String detail() {
        return detail;
    }
}
