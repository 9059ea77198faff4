package dev.tessera.kit.problem;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Thrown by resources and services for any answer that is not a success; mapped to
 * {@code application/problem+json} with the status and stable type given here.
 */
public class ProblemException extends RuntimeException {
    private final int status;
    private final String slug;
    private final String title;
    private final Map<String, Object> extensions;

    public ProblemException(int status, String slug, String title, String detail, Map<String, Object> extensions) {
        super(detail);
        this.status = status;
        this.slug = slug;
        this.title = title;
        this.extensions = new LinkedHashMap<>(extensions);
    }

    /** 400: a field of the request is missing or wrong. */
    public static ProblemException badField(String field, String detail) {
        return new ProblemException(400, "invalid-field", "Invalid request field", detail, Map.of("field", field));
    }

    /** 404: no such resource. */
    public static ProblemException notFound(String what, String id) {
        return new ProblemException(404, "not-found", "Not found", "no " + what + " with id " + id, Map.of());
    }

    /** 409: the request is valid but breaks a rule in the current state (a full table, a started game…). */
    public static ProblemException conflict(String rule, String detail) {
        return new ProblemException(409, rule, "Conflict with the current state", detail, Map.of("rule", rule));
    }

    /** 422: a game move the rules do not allow. */
    public static ProblemException illegalMove(String rule, String detail) {
        return new ProblemException(422, "illegal-move", "Illegal move", detail, Map.of("rule", rule));
    }

    public ProblemException with(String key, Object value) {
        extensions.put(key, value);
        return this;
    }

    public Problem toProblem(String instance) {
        return new Problem(Problem.TYPE_BASE + slug, title, status, getMessage(), instance, extensions);
    }

    public int status() {
        return status;
    }
}
