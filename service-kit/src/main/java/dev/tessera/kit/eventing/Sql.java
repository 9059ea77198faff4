package dev.tessera.kit.eventing;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/** Small conversions of values that native queries return. */
public final class Sql {
    private Sql() {}

    /** A timestamp column as the driver returns it (with or without zone), in UTC. */
    public static OffsetDateTime time(Object value) {
        if (value instanceof OffsetDateTime t) {
            return t;
        }
        if (value instanceof Instant t) {
            return t.atOffset(ZoneOffset.UTC);
        }
        if (value instanceof LocalDateTime t) {
            return t.atOffset(ZoneOffset.UTC);
        }
        if (value instanceof java.sql.Timestamp t) {
            return t.toInstant().atOffset(ZoneOffset.UTC);
        }
        if (value instanceof java.time.ZonedDateTime t) {
            return t.toOffsetDateTime();
        }
        throw new IllegalArgumentException("not a time: " + value);
    }

    static long number(Object value) {
        return ((Number) value).longValue();
    }

    /** True when {@code error} or one of its causes is a PostgreSQL unique violation (SQLSTATE 23505). */
    static boolean isUniqueViolation(Throwable error) {
        for (Throwable t = error; t != null; t = t.getCause()) {
            if (t instanceof io.vertx.pgclient.PgException pg && "23505".equals(pg.getSqlState())) {
                return true;
            }
            if (t instanceof org.hibernate.exception.ConstraintViolationException c
                    && (c.getKind() == org.hibernate.exception.ConstraintViolationException.ConstraintKind.UNIQUE
                            || "23505".equals(c.getSQLState())
                            || String.valueOf(c.getMessage()).contains("(23505)"))) {
                return true;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return false;
    }
}
