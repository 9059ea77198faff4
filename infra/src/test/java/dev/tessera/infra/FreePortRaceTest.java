package dev.tessera.infra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A port chosen free is taken by another process before the server binds it. A CI run failed so: a stranger took
 * the controller port of one node of ScaleOutIT's three, that node did not start, node 1 talked to the stranger
 * (CorrelationIdMismatchException) and the cluster never formed. Here a socket of the test is the stranger; the
 * start goes on, on other ports.
 */
class FreePortRaceTest {
    @TempDir
    Path data;

    /** The strangers: each holds a port a start chose. */
    private final List<ServerSocket> squatters = new ArrayList<>();

    @AfterEach
    void release() throws IOException {
        Ports.chooseWith(null);
        for (ServerSocket squatter : squatters) {
            squatter.close();
        }
    }

    private ServerSocket squat(int port) throws IOException {
        ServerSocket squatter = new ServerSocket(port, 1, InetAddress.getLoopbackAddress());
        squatters.add(squatter);
        return squatter;
    }

    /** The next port chosen free is one a stranger holds already; those after it are free. */
    private int squatNextChoice() throws IOException {
        int taken = squat(0).getLocalPort();
        Deque<Integer> first = new ArrayDeque<>(List.of(taken));
        Ports.chooseWith(() -> first.isEmpty() ? Ports.anyFree() : first.poll());
        return taken;
    }

    @Test
    void a_broker_starts_although_the_port_chosen_for_it_was_taken() throws IOException {
        int taken = squatNextChoice();
        try (LocalKafka kafka = LocalKafka.start(0, data)) {
            assertNotEquals("127.0.0.1:" + taken, kafka.bootstrapServers());
            kafka.createTopics(List.of("raced"), 1);
            TestKafka.produce(kafka.bootstrapServers(), "raced", "k", "v");
            assertEquals(1, TestKafka.readAll(kafka.bootstrapServers(), "raced").size());
        }
    }

    /**
     * The CI run's race, in a cluster of one node run as a process, as ScaleOutIT's are: between the choice of the
     * ports and the node's start, a stranger takes the node's controller port. The node exits; the cluster is
     * started again on other ports.
     */
    @Test
    void a_cluster_whose_node_exits_for_a_port_taken_after_the_choice_starts_again_on_other_ports() throws Exception {
        List<List<Integer>> tried = new ArrayList<>();
        KafkaCluster<KafkaCluster.Node> cluster = KafkaCluster.start(1, (node, ports) -> {
            tried.add(ports);
            if (tried.size() == 1) {
                squat(ports.get(node - 1) + 1);
            }
            Path dir = data.resolve("attempt-" + tried.size());
            Files.createDirectories(dir);
            return KafkaCluster.Node.of(
                    LocalPlatform.startKafkaNode(dir.resolve("kafka." + node), node, ports, dir.resolve("kafka.log")));
        });
        try {
            assertEquals(2, tried.size(), "attempts");
            assertNotEquals(tried.get(0), cluster.brokerPorts());
            assertTrue(
                    Files.readString(data.resolve("attempt-1/kafka.log")).contains("already in use"),
                    "the first node's log says why it exited");
            LocalKafka.createTopics(cluster.bootstrapServers(), List.of("raced"), 1);
            TestKafka.produce(cluster.bootstrapServers(), "raced", "k", "v");
            assertEquals(
                    1, TestKafka.readAll(cluster.bootstrapServers(), "raced").size());
        } finally {
            cluster.nodes().forEach(KafkaCluster.Node::stop);
        }
    }

    @Test
    void postgres_starts_although_the_port_chosen_for_it_was_taken() throws IOException {
        int taken = squatNextChoice();
        try (LocalPostgres postgres = LocalPostgres.start(0, null)) {
            assertNotEquals(taken, postgres.port());
            assertEquals(1, postgres.count("postgres", "SELECT 1"));
        }
    }
}
