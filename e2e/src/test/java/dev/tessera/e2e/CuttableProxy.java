package dev.tessera.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP relay between a browser and the gateway whose cable can be pulled: {@link #cut()} closes every connection and
 * refuses new ones, {@link #restore()} listens again on the same port. A network loss as the browser sees it, while
 * the gateway and everyone else's connections go on.
 */
final class CuttableProxy implements AutoCloseable {
    private final int target;
    private final int port;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    /** The Last-Event-ID of each request for a live feed that went through, in order. */
    private final java.util.List<Long> lastEventIds = new java.util.concurrent.CopyOnWriteArrayList<>();
    private static final java.util.regex.Pattern LIVE = java.util.regex.Pattern.compile(
            "^GET /api/v1/games/[^ ]+/live[^ ]* HTTP/1\\.1\r\n(?:.*\r\n)*?last-event-id: *(\\d+)\r\n",
            java.util.regex.Pattern.CASE_INSENSITIVE);
    private volatile ServerSocket server;

    CuttableProxy(int target) {
        this.target = target;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        restore();
    }

    String url() {
        return "http://localhost:" + port;
    }

    synchronized void restore() {
        try {
            ServerSocket socket = new ServerSocket();
            socket.setReuseAddress(true);
            socket.bind(new java.net.InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            server = socket;
            Thread accept = new Thread(() -> accept(socket), "proxy-accept-" + port);
            accept.setDaemon(true);
            accept.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    synchronized void cut() {
        try {
            server.close();
        } catch (IOException ignored) {
            // closed already
        }
        for (Socket s : open) {
            close(s);
        }
    }

    private void accept(ServerSocket socket) {
        while (!socket.isClosed()) {
            try {
                Socket client = socket.accept();
                Socket upstream = new Socket(InetAddress.getLoopbackAddress(), target);
                open.add(client);
                open.add(upstream);
                pipe(client, upstream, true);
                pipe(upstream, client, false);
            } catch (IOException e) {
                // the server socket was closed by cut(), or the gateway refused: the client sees its connection drop
            }
        }
    }

    java.util.List<Long> lastEventIds() {
        return java.util.List.copyOf(lastEventIds);
    }

    private void pipe(Socket from, Socket to, boolean requests) {
        Thread t = new Thread(() -> {
            byte[] buffer = new byte[16384];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                int n;
                while ((n = in.read(buffer)) >= 0) {
                    if (requests) {
                        // A request's head comes in one piece from a browser: good enough to read a header from.
                        java.util.regex.Matcher m = LIVE.matcher(new String(buffer, 0, n, java.nio.charset.StandardCharsets.ISO_8859_1));
                        if (m.find()) {
                            lastEventIds.add(Long.parseLong(m.group(1)));
                        }
                    }
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException e) {
                // one side went away
            } finally {
                close(from);
                close(to);
            }
        }, "proxy-pipe");
        t.setDaemon(true);
        t.start();
    }

    private void close(Socket s) {
        open.remove(s);
        try {
            s.close();
        } catch (IOException ignored) {
            // closed already
        }
    }

    @Override
    public void close() {
        cut();
    }
}
