package dev.tessera.gateway.limits;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** The buckets themselves, without Quarkus. */
class RateLimiterTest {

    private static RateLimiter limiter(boolean enabled, long perSecond, long burst) {
        RateLimiter limiter = new RateLimiter();
        limiter.enabled = enabled;
        limiter.requestsPerSecond = perSecond;
        limiter.burst = burst;
        limiter.maxCallers = 1000;
        limiter.init();
        return limiter;
    }

    @Test
    void a_caller_gets_the_burst_then_waits_for_the_refill_and_others_do_not() {
        RateLimiter limiter = limiter(true, 1, 3);
        for (int i = 0; i < 3; i++) {
            assertTrue(limiter.acquire("player:a").isEmpty(), "request " + i);
        }
        OptionalLong wait = limiter.acquire("player:a");
        assertTrue(wait.isPresent());
        assertEquals(1, wait.getAsLong());
        assertTrue(limiter.acquire("player:b").isEmpty());
        assertTrue(limiter.acquire("ip:127.0.0.1").isEmpty());
    }

    @Test
    void a_fast_refill_still_says_to_wait_a_whole_second() {
        // 1000 a second: the next token comes within a millisecond, but Retry-After is in whole seconds, never 0.
        RateLimiter limiter = limiter(true, 1000, 1);
        long wait = 0;
        for (int i = 0; i < 100 && wait == 0; i++) {
            wait = limiter.acquire("x").orElse(0);
        }
        assertEquals(1, wait);
    }

    @Test
    void turned_off_it_never_limits() {
        RateLimiter limiter = limiter(false, 1, 1);
        for (int i = 0; i < 100; i++) {
            assertTrue(limiter.acquire("player:a").isEmpty());
        }
    }

    @Test
    void a_limit_below_one_stops_the_start() {
        assertThrows(IllegalStateException.class, () -> limiter(true, 0, 10));
        assertThrows(IllegalStateException.class, () -> limiter(true, 10, 0));
    }
}
