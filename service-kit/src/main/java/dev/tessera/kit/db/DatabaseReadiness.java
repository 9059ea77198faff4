package dev.tessera.kit.db;

import io.smallrye.health.api.AsyncHealthCheck;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Readiness of the service's database: a {@code SELECT 1} on the reactive pool, the only way the service reaches
 * PostgreSQL once it runs. It stands in for Quarkus's datasource checks, which every service turns off
 * ({@code quarkus.datasource.health.enabled=false}) because they also check the JDBC pool that only Flyway uses, at
 * start. After a PostgreSQL restart that met an instance's start, that pool kept failing its check ("Sorry,
 * acquisition timeout!") for a minute in a reproduction and for six in a chaos run, while the reactive pool served:
 * an instance kept out of the load balancer by a pool it no longer used (bench/results/journal.md, thirty-first and
 * thirty-second sessions).
 */
@Readiness
@ApplicationScoped
public class DatabaseReadiness implements AsyncHealthCheck {
    static final String NAME = "PostgreSQL (reactive pool)";

    /** Past the pool's own bounds (connect and acquire, 5 s each: {@link PoolTimeouts}), the check says DOWN. */
    private static final Duration WAIT = Duration.ofSeconds(10);

    @Inject
    Pool pool;

    @Override
    public Uni<HealthCheckResponse> call() {
        // Through a connection taken first, not pool.query(): Vert.x 4.5's shortcut leaves its acquire timer armed
        // when no connection can be had, and the timer fails the failed query again ("Result is already complete",
        // uncaught; eclipse-vertx/vertx-sql-client#1706; DatabaseOutageTest saw it).
        return pool.withConnection(connection -> connection.query("SELECT 1").execute())
                .replaceWith(() -> HealthCheckResponse.up(NAME))
                .ifNoItem()
                .after(WAIT)
                .failWith(() -> new IllegalStateException("no answer within " + WAIT.toSeconds() + " s"))
                .onFailure()
                .recoverWithItem(failure -> HealthCheckResponse.named(NAME)
                        .down()
                        .withData("reason", String.valueOf(failure.getMessage()))
                        .build());
    }
}
