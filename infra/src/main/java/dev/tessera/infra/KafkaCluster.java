package dev.tessera.infra;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A local KRaft cluster started on ports chosen free ({@link Ports#free}), each node's controller one port above
 * its broker. A port is free when chosen, not necessarily when the node binds it a moment later: another process of
 * the machine may take it in between. A CI run lost that race: a stranger took a node's controller port, the node
 * did not start, and node 1, calling the controller's address, talked to the stranger ({@code
 * CorrelationIdMismatchException}); the cluster never formed. Every node's configuration names every controller's
 * port (the quorum's voters), so when a node does not start, exits while the cluster forms, or the cluster does
 * not form within {@link #FORM_WITHIN}, every node is stopped and the whole cluster started again on newly chosen
 * ports, {@link #ATTEMPTS} times at most, each failure logged with its reason.
 */
public final class KafkaCluster<N extends KafkaCluster.Node> {
    static final int ATTEMPTS = 3;
    static final Duration FORM_WITHIN = Duration.ofSeconds(60);

    /** One node of the cluster, as its {@link Launcher} started it. */
    public interface Node {
        /** False once the node has stopped by itself (a process that exited): it will not join. */
        boolean alive();

        /** Stops the node if it still runs, and waits until it has. */
        void stop();

        /** A node running as a process of its own: alive while the process is, stopped by SIGTERM (SIGKILL after 20 s). */
        static Node of(Process process) {
            return new Node() {
                @Override
                public boolean alive() {
                    return process.isAlive();
                }

                @Override
                public void stop() {
                    process.destroy();
                    try {
                        if (!process.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) {
                            process.destroyForcibly().waitFor();
                        }
                    } catch (InterruptedException e) {
                        process.destroyForcibly();
                        Thread.currentThread().interrupt();
                    }
                }

                @Override
                public String toString() {
                    return "process " + process.pid()
                            + (process.isAlive() ? "" : ", exited with " + process.exitValue());
                }
            };
        }
    }

    /** Starts one node of a cluster. */
    @FunctionalInterface
    public interface Launcher<N extends Node> {
        /**
         * Starts node {@code nodeId} (1-based) of the cluster whose brokers listen on {@code brokerPorts}, in order,
         * each node's controller one port above its broker; throws if the node cannot start (a port taken, say).
         * Called again with other ports when an attempt fails: a node that keeps data should start afresh then.
         */
        N start(int nodeId, List<Integer> brokerPorts) throws Exception;
    }

    private final List<Integer> brokerPorts;
    private final List<N> nodes;

    private KafkaCluster(List<Integer> brokerPorts, List<N> nodes) {
        this.brokerPorts = List.copyOf(brokerPorts);
        this.nodes = List.copyOf(nodes);
    }

    /**
     * Starts a cluster of {@code size} nodes with {@code launcher} on ports chosen free, and returns once all of its
     * brokers are up; on other ports if need be (see the class comment). Throws, every node stopped, after {@link
     * #ATTEMPTS} failed attempts.
     */
    public static <N extends Node> KafkaCluster<N> start(int size, Launcher<N> launcher) {
        List<String> failures = new ArrayList<>();
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            List<Integer> ports = brokerPorts(size);
            List<N> started = new ArrayList<>();
            String failure;
            try {
                while (started.size() < size) {
                    started.add(launcher.start(started.size() + 1, ports));
                }
                failure = LocalKafka.awaitBrokers(bootstrapServers(ports), size, FORM_WITHIN, () -> exited(started));
            } catch (InterruptedException e) {
                stopAll(started);
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while starting Kafka", e);
            } catch (Exception e) {
                failure = (started.size() < size ? "node " + (started.size() + 1) + " did not start: " : "") + e;
            }
            if (failure == null) {
                return new KafkaCluster<>(ports, started);
            }
            stopAll(started);
            failures.add("on " + ports + ": " + failure);
            warn("Kafka cluster of " + size + " node(s) on broker ports " + ports + " (controllers one above), attempt "
                    + attempt + " of " + ATTEMPTS + ": " + failure
                    + (attempt < ATTEMPTS ? "; starting it again on other ports" : ""));
        }
        throw new IllegalStateException("Kafka cluster of " + size + " node(s) did not start in " + ATTEMPTS
                + " attempts, each on other ports: " + String.join("; ", failures));
    }

    /**
     * {@code size} broker ports chosen free, each with the port above it free for its controller, no two of them
     * next to each other.
     */
    static List<Integer> brokerPorts(int size) {
        List<Integer> chosen = new ArrayList<>();
        while (chosen.size() < size) {
            int port = Ports.free();
            if (port < 65535
                    && !chosen.contains(port)
                    && !chosen.contains(port - 1)
                    && !chosen.contains(port + 1)
                    && !Ports.inUse(port + 1)) {
                chosen.add(port);
            }
        }
        return chosen;
    }

    private static String bootstrapServers(List<Integer> brokerPorts) {
        return brokerPorts.stream().map(p -> "127.0.0.1:" + p).collect(Collectors.joining(","));
    }

    /** Why the cluster cannot form: the nodes that stopped by themselves; null while every node runs. */
    private static String exited(List<? extends Node> nodes) {
        List<String> exited = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            if (!nodes.get(i).alive()) {
                exited.add("node " + (i + 1) + " (" + nodes.get(i) + ")");
            }
        }
        return exited.isEmpty() ? null : String.join(", ", exited) + " stopped while the cluster formed";
    }

    private static void stopAll(List<? extends Node> nodes) {
        for (Node node : nodes) {
            try {
                node.stop();
            } catch (RuntimeException e) {
                warn("could not stop a Kafka node: " + e);
            }
        }
    }

    /**
     * Printed to standard error, as the platform's components print theirs: the JBoss log manager of the tests'
     * JVMs has no handler until a Quarkus application configures one, and a warning logged there would be lost.
     */
    static void warn(String message) {
        System.err.println("[tessera infra] " + message);
    }

    /** The brokers' ports, node 1's first. */
    public List<Integer> brokerPorts() {
        return brokerPorts;
    }

    /** The nodes, node 1's first. */
    public List<N> nodes() {
        return nodes;
    }

    public String bootstrapServers() {
        return bootstrapServers(brokerPorts);
    }
}
