package dev.tessera.kit.db;

import io.quarkus.reactive.pg.client.PgPoolCreator;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgPool;
import io.vertx.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Creates each service's reactive PostgreSQL pool (the one Hibernate Reactive and the outbox relay use) as Quarkus
 * would, with two bounds that Quarkus has no property for, so that a request answers 503 within seconds when it
 * needs a new connection and the database cannot give one, instead of waiting for Vert.x's defaults:
 * <ul>
 * <li>{@code tessera.datasource.connect-timeout} (5 s; Vert.x waits 60 s): a TCP connection to a host that does not
 * answer (down, or a network that drops packets).</li>
 * <li>{@code tessera.datasource.acquire-timeout} (5 s; Vert.x waits 30 s): waiting for a pooled connection, the
 * start-up of a new one included (every connection busy, or a server that accepts TCP but does not answer).</li>
 * </ul>
 * A refused connection (the server's process gone, its host up) fails at once anyway, and so does every statement on
 * a connection whose server process died. Not bounded here: a statement already sent on an established connection
 * to a server that stopped answering without closing it (a frozen process, a host gone without a reset). Vert.x's
 * PostgreSQL client has no statement timeout, and it closes a connection by sending Terminate and waiting for the
 * server to close it, so an idle timeout on the socket does not fail such a statement either (tried with PostgreSQL
 * stopped by SIGSTOP: the connection stayed open, the statement waiting); it waits until TCP gives up.
 */
@ApplicationScoped
public class PoolTimeouts implements PgPoolCreator {

    @ConfigProperty(name = "tessera.datasource.connect-timeout", defaultValue = "5s")
    Duration connectTimeout;

    @ConfigProperty(name = "tessera.datasource.acquire-timeout", defaultValue = "5s")
    Duration acquireTimeout;

    @Override
    public Pool create(Input input) {
        for (PgConnectOptions options : input.pgConnectOptionsList()) {
            options.setConnectTimeout(Math.toIntExact(connectTimeout.toMillis()));
        }
        input.poolOptions()
                .setConnectionTimeout(Math.toIntExact(acquireTimeout.toMillis()))
                .setConnectionTimeoutUnit(TimeUnit.MILLISECONDS);
        // What Quarkus itself does with these options when no creator is given (PgPoolRecorder), credentials
        // providers aside: Tessera's services take their credentials from the configuration.
        return PgPool.pool(input.vertx(), input.pgConnectOptionsList(), input.poolOptions());
    }
}
