package dev.tessera.scoring;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Map;

/**
 * A free HTTP port for the service under test, chosen before it starts: the statistics advertise their
 * address ({@code application.server}) to the other instances when Kafka Streams starts, and a port of 0
 * would advertise nothing reachable.
 */
@QuarkusTestResource(HttpTestPort.class)
public class HttpTestPort implements QuarkusTestResourceLifecycleManager {
    @Override
    public Map<String, String> start() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return Map.of("quarkus.http.test-port", String.valueOf(socket.getLocalPort()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void stop() {}
}
