package dev.tessera.scoring;

import dev.tessera.kit.problem.ProblemException;
import java.util.Map;

/**
 * A retryable 503: the answer exists but cannot be given right now (a rebalance, an instance that just
 * died, too many exports at once). Answered as the {@code service-unavailable} problem, the same type the
 * gateway uses for a service it cannot reach, with a {@code Retry-After} header (api.RetryAfterMapper).
 */
public class ServiceUnavailable extends ProblemException {
    private final int retryAfterSeconds;

    public ServiceUnavailable(String detail, int retryAfterSeconds, Map<String, Object> extensions) {
        super(503, "service-unavailable", "Service unavailable", detail, extensions);
        this.retryAfterSeconds = retryAfterSeconds;
    }

    public int retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
