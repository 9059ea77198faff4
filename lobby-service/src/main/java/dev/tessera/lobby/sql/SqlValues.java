package dev.tessera.lobby.sql;

import dev.tessera.kit.eventing.Sql;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/**
 * Values of native query rows, whichever Java type the driver chose for them, and times as PostgreSQL
 * stores them (microseconds), so that what an answer shows is what a later read finds.
 */
public final class SqlValues {
    private SqlValues() {}

    /** A TIMESTAMPTZ column, in UTC; null stays null. */
    public static OffsetDateTime time(Object value) {
        return value == null ? null : Sql.time(value).withOffsetSameInstant(ZoneOffset.UTC);
    }

    /** An integer column of any width; null stays null. */
    public static Integer integer(Object value) {
        return value == null ? null : ((Number) value).intValue();
    }

    /** A count or other BIGINT column; null is 0. */
    public static long count(Object value) {
        return value == null ? 0 : ((Number) value).longValue();
    }

    /** A time at the precision PostgreSQL keeps, in UTC. */
    public static OffsetDateTime stored(OffsetDateTime time) {
        return time.withOffsetSameInstant(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
    }

    /** Now, at the precision PostgreSQL keeps. */
    public static OffsetDateTime now() {
        return stored(OffsetDateTime.now(ZoneOffset.UTC));
    }
}
