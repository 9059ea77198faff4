package dev.tessera.infra;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * A TCP proxy on localhost for tests that take a server away from its clients while it keeps running for everyone
 * else: a service's PostgreSQL (game-service's DatabaseOutageTest), a browser's gateway (e2e's WebClientIT).
 * {@link #cut()} does to the clients what a killed server or a pulled cable does: every open connection is reset
 * and new ones are refused. {@link #stall()} leaves connections open but passes nothing on: a server that accepts
 * TCP and does not answer (frozen, or its host overloaded). {@link #restore()} passes connections on again, on the
 * same port.
 */
public final class TcpProxy implements AutoCloseable {
    private final int targetPort;
    private final int port;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    /** Connections accepted while stalled: nothing passed on yet. */
    private final List<Socket> waiting = new ArrayList<>();

    private volatile ServerSocket server;
    private boolean stalled;
    /** Sees each chunk a client sends, as read (ISO-8859-1), before it is passed on. */
    private final Consumer<String> sent;

    private TcpProxy(int targetPort, int port, Consumer<String> sent) {
        this.targetPort = targetPort;
        this.port = port;
        this.sent = sent;
    }

    /** A proxy on a free port of localhost to {@code targetPort} on localhost. */
    public static TcpProxy to(int targetPort) {
        return to(targetPort, chunk -> {});
    }

    /**
     * The same, handing {@code sent} each chunk a client sends before passing it on: a browser sends a request's head
     * in one piece, so a header can be read from it.
     */
    public static TcpProxy to(int targetPort, Consumer<String> sent) {
        try (ServerSocket probe = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            TcpProxy proxy = new TcpProxy(targetPort, probe.getLocalPort(), sent);
            probe.close();
            proxy.restore();
            return proxy;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public int port() {
        return port;
    }

    /** Resets every connection and refuses new ones, as a killed server's host does. */
    public synchronized void cut() {
        closeServer();
        resetAll();
    }

    /** Resets every connection, then accepts new ones but never answers them. */
    public synchronized void stall() {
        stalled = true;
        resetAll();
        if (server == null) {
            listen();
        }
    }

    /** Passes connections on to the server again, those that waited while stalled too (what they sent included). */
    public synchronized void restore() {
        stalled = false;
        for (Socket client : waiting) {
            forward(client);
        }
        waiting.clear();
        if (server == null) {
            listen();
        }
    }

    private void listen() {
        try {
            ServerSocket socket = new ServerSocket();
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            server = socket;
            Thread acceptor = new Thread(() -> accept(socket), "tcp-proxy-accept-" + port);
            acceptor.setDaemon(true);
            acceptor.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void accept(ServerSocket socket) {
        while (!socket.isClosed()) {
            Socket client;
            try {
                client = socket.accept();
            } catch (IOException closed) {
                return;
            }
            // Registered under the lock that cut() takes, so that a connection accepted just before a cut is either
            // reset by it or seen here as cut, never passed on behind it.
            synchronized (this) {
                if (server != socket) {
                    reset(client);
                    continue;
                }
                open.add(client);
                if (stalled) {
                    waiting.add(client);
                    continue;
                }
            }
            forward(client);
        }
    }

    private void forward(Socket client) {
        try {
            Socket upstream = new Socket(InetAddress.getLoopbackAddress(), targetPort);
            open.add(upstream);
            pump(client, upstream, sent);
            pump(upstream, client, chunk -> {});
        } catch (IOException e) {
            reset(client);
        }
    }

    private void pump(Socket from, Socket to, Consumer<String> seen) {
        Thread thread = new Thread(
                () -> {
                    byte[] buffer = new byte[16 * 1024];
                    try (InputStream in = from.getInputStream();
                            OutputStream out = to.getOutputStream()) {
                        for (int n; (n = in.read(buffer)) >= 0; ) {
                            seen.accept(new String(buffer, 0, n, StandardCharsets.ISO_8859_1));
                            out.write(buffer, 0, n);
                            out.flush();
                        }
                    } catch (IOException ignored) {
                        // One side went away: the other goes too.
                    }
                    reset(from);
                    reset(to);
                },
                "tcp-proxy-pump");
        thread.setDaemon(true);
        thread.start();
    }

    private void resetAll() {
        for (Socket socket : open) {
            reset(socket);
        }
        waiting.clear();
    }

    /** Closes with a reset (linger 0), as the kernel does for the sockets of a process that was killed. */
    private void reset(Socket socket) {
        open.remove(socket);
        try {
            socket.setSoLinger(true, 0);
        } catch (SocketException ignored) {
            // Closed already.
        }
        try {
            socket.close();
        } catch (IOException ignored) {
            // Closed already.
        }
    }

    private void closeServer() {
        ServerSocket socket = server;
        server = null;
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // Closed already.
            }
        }
    }

    @Override
    public synchronized void close() {
        closeServer();
        resetAll();
    }
}
