package dev.tessera.kit.db;

import io.smallrye.mutiny.CompositeException;
import io.smallrye.mutiny.Uni;
import io.vertx.core.VertxException;
import io.vertx.core.impl.NoStackTraceThrowable;
import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.ClosedConnectionException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.hibernate.service.UnknownServiceException;
import org.jboss.logging.Logger;

/**
 * Tells whether a failure means that the service's database could not be reached or the connection to it was lost:
 * a request that met it may succeed a moment later (503), and a consumer should try again rather than dead-letter
 * the record. Recognised anywhere in the cause chain (Hibernate Reactive and Mutiny wrap them, in a
 * {@code CompletionException} or a {@code CompositeException} say). Seen with Vert.x's PostgreSQL client (4.5) when
 * PostgreSQL was killed, stopped, frozen or restarted under load:
 * <ul>
 * <li>the server's process gone: {@code ConnectException} "Connection refused" (Netty's
 * {@code AnnotatedConnectException}), bare, for every new connection;</li>
 * <li>a connection lost while in use: {@link ClosedConnectionException}, or {@code SocketException} "Connection reset"
 * (what a request gets from Hibernate Reactive when the rollback failed too), or "Connection is not active now" for a
 * statement given to it afterwards;</li>
 * <li>PostgreSQL ending or refusing a session: {@link PgException} 57P01 (admin shutdown: a fast shutdown,
 * {@code pg_terminate_backend}, the postmaster's death) or 57P03 (cannot connect now: shutting down, starting up,
 * in recovery);</li>
 * <li>no connection within the pool's acquire timeout (a server that accepts TCP but does not answer):
 * {@link NoStackTraceThrowable} "Timeout", bare.</li>
 * </ul>
 * And, from PostgreSQL's and Vert.x's code rather than seen: SQLStates 57P02 (crash shutdown), 53300 (too many
 * connections) and class 08 (connection exceptions); Netty's {@code ConnectTimeoutException} (a
 * {@code ConnectException}) after the connect timeout, {@code UnknownHostException}; Vert.x's "Pending requests failed
 * to be sent due to connection has been closed." for statements queued on a connection that closed, and "Timeout
 * waiting for connection" for a statement run on the pool itself.
 */
public final class StorageUnavailable {
    private static final Set<String> STATES = Set.of("57P01", "57P02", "57P03", "53300");

    /** Vert.x's own failures that have no type of their own, by their messages in Vert.x 4.5. */
    private static final List<String> VERTX_MESSAGES = List.of(
            "Pending requests failed to be sent due to connection has been closed.",
            "Timeout",
            "Timeout waiting for connection",
            // The pool of an instance that is stopping (a start that failed while PostgreSQL was down, say): what it
            // was doing belongs to another instance now, and a record it had must not go to the dead-letter topic.
            "Pool closed");

    private static final String NOT_ACTIVE = "Connection is not active now, current status: ";

    /** How a consumer waits for the database: the first retry soon, then every few seconds, without end. */
    public static final Duration RETRY_FIRST = Duration.ofMillis(100);

    public static final Duration RETRY_MAX = Duration.ofSeconds(3);

    private StorageUnavailable() {}

    /**
     * {@code work} (subscribed again for each try) retried for as long as the database cannot be reached, each failure
     * logged with {@code waiting} ("… waits for the database to …"): a consumed record waits for the database, however long, never the dead-letter
     * topic, where it would be lost to this service; the channel waits with it, so later records keep their order.
     * Any other failure is passed on.
     */
    public static <T> Uni<T> waitFor(Uni<T> work, Logger log, Supplier<String> waiting) {
        return work.onFailure(StorageUnavailable::matches)
                .invoke(failure -> log.warnf("%s: %s", waiting.get(), describe(failure)))
                .onFailure(StorageUnavailable::matches)
                .retry()
                .withBackOff(RETRY_FIRST, RETRY_MAX)
                .indefinitely();
    }

    /** Whether {@code failure} or one of its causes says that the database cannot be reached now. */
    public static boolean matches(Throwable failure) {
        for (Throwable t : chain(failure)) {
            if (t instanceof ClosedConnectionException
                    || t instanceof ConnectException
                    || t instanceof UnknownHostException
                    || t instanceof SocketException
                    || t instanceof IOException && socketMessage(t.getMessage())
                    || t instanceof PgException pg && state(pg.getSqlState())
                    || (t instanceof NoStackTraceThrowable || t.getClass() == VertxException.class)
                            && vertxMessage(t.getMessage())
                    || persistenceUnitClosed(t)) {
                return true;
            }
        }
        return false;
    }

    private static boolean state(String sqlState) {
        // 08P01 (protocol violation) is in class 08 too, but it says that a message of ours was malformed: a bug that a
        // retry would only repeat, not an outage.
        return sqlState != null
                && (sqlState.startsWith("08") && !sqlState.equals("08P01") || STATES.contains(sqlState));
    }

    /**
     * Netty's native transport reports a write to a connection PostgreSQL dropped as a bare {@code IOException}
     * "Broken pipe" (seen under chaos, first in a Mutiny {@code CompositeException} whose second cause was Vert.x's
     * "Connection is not active now"), or "Connection reset by peer".
     */
    private static boolean socketMessage(String message) {
        return message != null && (message.contains("Broken pipe") || message.contains("Connection reset by peer"));
    }

    /**
     * Hibernate's persistence unit already closed: the instance is stopping. Seen under chaos when an instance whose
     * start failed (a second process under the same name, refused the Kafka Streams state folder's lock) tore Hibernate
     * down while its consumers still ran: Arc could not create the Mutiny.SessionFactory bean ("Unable to find an
     * EntityManagerFactory for persistence unit", or the service registry's "Unknown service requested"). What the
     * instance was doing belongs to another instance now; its records must not go to the dead-letter topic.
     */
    private static boolean persistenceUnitClosed(Throwable t) {
        return t instanceof UnknownServiceException
                || t instanceof IllegalArgumentException
                        && t.getMessage() != null
                        && t.getMessage().startsWith("Unable to find an EntityManagerFactory for persistence unit");
    }

    private static boolean vertxMessage(String message) {
        return message != null && (VERTX_MESSAGES.contains(message) || message.startsWith(NOT_ACTIVE));
    }

    /** One line for the log: each link of the cause chain, its type (and SQLState) and message. */
    public static String describe(Throwable failure) {
        StringBuilder line = new StringBuilder();
        for (Throwable t : chain(failure)) {
            if (!line.isEmpty()) {
                line.append(" <- ");
            }
            line.append(t.getClass().getName());
            if (t instanceof PgException pg) {
                line.append(" [").append(pg.getSqlState()).append(']');
            }
            if (t.getMessage() != null) {
                line.append(": ").append(t.getMessage());
            }
        }
        return line.toString();
    }

    /**
     * The failure, its causes, and the causes of any Mutiny {@link CompositeException} among them (whose
     * {@code getCause()} is only its first): a rollback that failed after the statement did comes that way.
     */
    private static List<Throwable> chain(Throwable failure) {
        List<Throwable> links = new ArrayList<>();
        Map<Throwable, Boolean> seen = new IdentityHashMap<>();
        collect(failure, links, seen);
        return links;
    }

    private static void collect(Throwable failure, List<Throwable> links, Map<Throwable, Boolean> seen) {
        for (Throwable t = failure; t != null && seen.put(t, true) == null; t = t.getCause()) {
            links.add(t);
            if (t instanceof CompositeException composite) {
                for (Throwable inner : composite.getCauses()) {
                    collect(inner, links, seen);
                }
            }
        }
    }
}
