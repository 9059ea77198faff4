package dev.tessera.events;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The stable name and schema version of a published event. The name never changes once published;
 * a change of shape raises the version and adds an upcaster for the older one.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface EventType {
    /** Stable type name, e.g. {@code tessera.game.GameStarted}. */
    String value();

    /** Schema version of the record's current shape. */
    int version() default 1;
}
