package dev.tessera.infra;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.function.IntSupplier;

/**
 * Free ports on loopback. A port is free when it is chosen, not when a server binds it a moment later: another
 * process of the machine may take it in between (a CI run's other tests, say). Whoever starts a server on a port
 * from {@link #free} must therefore be ready to start it again on another ({@link KafkaCluster}, {@link
 * LocalPostgres}).
 */
final class Ports {
    /** How {@link #free} chooses: the system's choice unless a test hands out ports of its own. */
    private static volatile IntSupplier chooser = Ports::anyFree;

    private Ports() {}

    static int free() {
        return chooser.getAsInt();
    }

    /**
     * For tests: {@link #free} answers from {@code chooser} (a port another socket holds, to reproduce a lost
     * race), or as before when it is null.
     */
    static void chooseWith(IntSupplier chooser) {
        Ports.chooser = chooser == null ? Ports::anyFree : chooser;
    }

    /** A port the system has just found free, on loopback. */
    static int anyFree() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static boolean inUse(int port) {
        try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            return false;
        } catch (IOException e) {
            return true;
        }
    }
}
