package dev.tessera.gateway.upstream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.smallrye.stork.api.ServiceInstance;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The order in which a game's requests try a service's instances ({@link Affinity}), without a gateway. */
class AffinityTest {
    private static final List<String> THREE = List.of("10.89.0.7:8082", "10.89.0.8:8082", "10.89.0.9:8082");

    /** 3000 game ids as clients send them: UUIDs (from a fixed seed, so that every run sees the same ones). */
    private static List<String> gameIds() {
        Random random = new Random(20260301);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            ids.add(new UUID(random.nextLong(), random.nextLong()).toString());
        }
        return ids;
    }

    @Test
    void the_order_depends_on_the_key_and_the_addresses_only_not_on_the_order_they_come_in() {
        for (String key : gameIds().subList(0, 200)) {
            List<String> order = Affinity.rank(key, THREE);
            assertEquals(3, order.size());
            List<String> shuffled = new ArrayList<>(THREE);
            Collections.reverse(shuffled);
            assertEquals(order, Affinity.rank(key, shuffled), key);
            Collections.swap(shuffled, 0, 1);
            assertEquals(order, Affinity.rank(key, shuffled), key);
        }
        // Pinned (and checked against an implementation of its own in Python): every gateway, of every release,
        // must compute the same weights; a change would move most games to another instance.
        assertEquals(0xd730982b1c836fd1L, Affinity.weight("9c1f0e1a-0000-4000-8000-000000000001", "10.89.0.7:8082"));
        assertEquals(0xd33c7e5a3846697cL, Affinity.weight("game", "localhost:8082"));
    }

    @Test
    void the_games_spread_evenly_over_the_instances() {
        List<List<String>> platforms = List.of(
                THREE,
                List.of("game-service-1:8082", "game-service-2:8082", "game-service-3:8082"),
                List.of("127.0.0.1:8082", "127.0.0.1:8092", "127.0.0.1:8102"));
        for (List<String> instances : platforms) {
            for (List<String> keys : List.of(gameIds(), sequential())) {
                Map<String, Integer> first = new HashMap<>();
                for (String key : keys) {
                    first.merge(Affinity.rank(key, instances).get(0), 1, Integer::sum);
                }
                for (String instance : instances) {
                    int n = first.getOrDefault(instance, 0);
                    assertTrue(n >= 750 && n <= 1260, instance + " is the first choice of " + n + " of 3000: " + first);
                }
            }
        }
    }

    /** Ids one character apart, the case a weak hash spreads worst. */
    private static List<String> sequential() {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            ids.add("game-" + i);
        }
        return ids;
    }

    @Test
    void an_instance_that_leaves_takes_only_its_own_games_each_to_its_second_choice() {
        for (String gone : THREE) {
            List<String> left = THREE.stream().filter(a -> !a.equals(gone)).toList();
            int moved = 0;
            for (String key : gameIds()) {
                List<String> before = Affinity.rank(key, THREE);
                String after = Affinity.rank(key, left).get(0);
                if (before.get(0).equals(gone)) {
                    assertEquals(before.get(1), after, key);
                    moved++;
                } else {
                    assertEquals(before.get(0), after, key);
                }
                // and back when it returns
                assertEquals(before, Affinity.rank(key, THREE));
            }
            assertTrue(moved > 0);
        }
    }

    @Test
    void an_instance_that_failed_comes_after_the_others_for_a_while_then_first_again() {
        AtomicLong now = new AtomicLong(1_000_000_000L);
        Affinity affinity = new Affinity(now::get);
        List<ServiceInstance> instances = new ArrayList<>();
        for (int i = 0; i < THREE.size(); i++) {
            String[] hostPort = THREE.get(i).split(":");
            instances.add(new Instance(i, hostPort[0], Integer.parseInt(hostPort[1])));
        }
        String key = gameIds().get(0);
        List<String> order = Affinity.rank(key, THREE);
        assertEquals(order.get(0), Affinity.address(affinity.first(key, instances)));
        List<ServiceInstance> reversed = new ArrayList<>(instances);
        Collections.reverse(reversed);
        assertEquals(order.get(0), Affinity.address(affinity.first(key, reversed)));

        ServiceInstance preferred = affinity.first(key, instances);
        affinity.failed(preferred);
        assertEquals(order.get(1), Affinity.address(affinity.first(key, instances)));
        // Among the untried ones only, the failed one is still tried last rather than not at all.
        assertEquals(order.get(0), Affinity.address(affinity.first(key, List.of(preferred))));
        now.addAndGet(Affinity.PASS_OVER.toNanos() - 1);
        assertEquals(order.get(1), Affinity.address(affinity.first(key, instances)));
        now.addAndGet(1);
        assertEquals(order.get(0), Affinity.address(affinity.first(key, instances)));
        // Another game, whose first choice did not fail, is not moved.
        String other = gameIds().stream()
                .filter(k -> !Affinity.rank(k, THREE).get(0).equals(order.get(0)))
                .findFirst()
                .orElseThrow();
        affinity.failed(preferred);
        assertNotEquals(order.get(0), Affinity.address(affinity.first(other, instances)));
        assertEquals(Affinity.rank(other, THREE).get(0), Affinity.address(affinity.first(other, instances)));
    }

    private record Instance(long id, String host, int port) implements ServiceInstance {
        @Override
        public long getId() {
            return id;
        }

        @Override
        public String getHost() {
            return host;
        }

        @Override
        public int getPort() {
            return port;
        }

        @Override
        public Optional<String> getPath() {
            return Optional.empty();
        }

        @Override
        public boolean isSecure() {
            return false;
        }
    }
}
