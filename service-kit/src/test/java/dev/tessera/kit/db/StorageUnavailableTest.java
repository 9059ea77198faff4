package dev.tessera.kit.db;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.ConnectTimeoutException;
import io.smallrye.mutiny.CompositeException;
import io.vertx.core.VertxException;
import io.vertx.core.impl.NoStackTraceThrowable;
import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.ClosedConnectionException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketException;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/** Which failures make a request a 503 (and a consumer wait for the database), and which stay a 500 (or dead-letter). */
class StorageUnavailableTest {

    private static PgException pg(String sqlState) {
        return new PgException("FATAL: " + sqlState, "FATAL", sqlState, null);
    }

    @Test
    void a_database_out_of_reach_or_a_lost_connection_is_an_outage_however_deeply_wrapped() {
        assertTrue(StorageUnavailable.matches(new ConnectException("Connection refused")));
        assertTrue(StorageUnavailable.matches(new ConnectTimeoutException("connection timed out after 5000 ms")));
        assertTrue(StorageUnavailable.matches(ClosedConnectionException.INSTANCE));
        assertTrue(StorageUnavailable.matches(new SocketException("Connection reset")));
        assertTrue(StorageUnavailable.matches(new NoStackTraceThrowable("Timeout")));
        // Seen under chaos: a record consumed while its instance stopped was dead-lettered.
        assertTrue(StorageUnavailable.matches(new NoStackTraceThrowable("Pool closed")));
        // Seen under chaos: an instance whose start failed closed Hibernate while its consumers ran.
        assertTrue(StorageUnavailable.matches(new RuntimeException(
                "Error creating synthetic bean",
                new IllegalArgumentException(
                        "Unable to find an EntityManagerFactory for persistence unit '<default>'."))));
        assertTrue(StorageUnavailable.matches(new RuntimeException(
                "Error creating synthetic bean",
                new org.hibernate.service.UnknownServiceException(org.hibernate.reactive.context.Context.class))));
        assertFalse(StorageUnavailable.matches(new IllegalArgumentException("unknown title: chess")));
        assertTrue(StorageUnavailable.matches(
                new NoStackTraceThrowable("Connection is not active now, current status: CLOSED")));
        assertTrue(StorageUnavailable.matches(new VertxException(
                "Pending requests failed to be sent due to connection has been closed.",
                new SocketException("Connection reset"))));
        assertTrue(StorageUnavailable.matches(new CompletionException(
                new IllegalStateException("wrapped", new ConnectException("Connection refused")))));
    }

    @Test
    void a_write_to_a_dropped_connection_is_an_outage_also_as_a_later_cause_of_a_composite() {
        // As seen under chaos: the statement's write failed, then the rollback on the closed connection.
        assertTrue(StorageUnavailable.matches(new CompositeException(
                new IOException("Broken pipe"),
                new NoStackTraceThrowable("Connection is not active now, current status: CLOSED"))));
        assertTrue(StorageUnavailable.matches(new CompositeException(
                new IllegalStateException("first"), new CompletionException(ClosedConnectionException.INSTANCE))));
        assertTrue(StorageUnavailable.matches(new IOException("writevAddresses(..) failed: Connection reset by peer")));
        assertFalse(StorageUnavailable.matches(new IOException("No space left on device")));
        assertFalse(StorageUnavailable.matches(
                new CompositeException(new IllegalStateException("one"), new RuntimeException("two"))));
    }

    @Test
    void postgresql_ending_or_refusing_sessions_is_an_outage_but_not_a_malformed_message() {
        for (String state : new String[] {"57P01", "57P02", "57P03", "53300", "08006", "08001", "08003"}) {
            assertTrue(StorageUnavailable.matches(pg(state)), state);
        }
        assertFalse(StorageUnavailable.matches(pg("08P01")), "protocol violation: a bug of ours");
        assertFalse(StorageUnavailable.matches(pg("23505")), "unique violation");
        assertFalse(StorageUnavailable.matches(pg("40001")), "serialization failure");
    }

    @Test
    void other_failures_are_not_an_outage() {
        assertFalse(StorageUnavailable.matches(new IllegalStateException("Result is already complete")));
        assertFalse(StorageUnavailable.matches(new NoStackTraceThrowable("something else")));
        assertFalse(StorageUnavailable.matches(new VertxException("Timeout, of something else")));
        assertFalse(StorageUnavailable.matches(new RuntimeException("no cause")));
    }
}
