package dev.tessera.kit.observe;

import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * Logs as one JSON object per line when the output is not a terminal, and as text when a person runs a service in
 * one. Services log to a file, a container runtime or Kubernetes almost always, and there a collector reads the
 * JSON (with the instance's name and, in a request for a game, the game's id: service-kit's
 * microprofile-config.properties); someone who starts a jar by hand in a terminal reads text.
 * <p>
 * Java 17's {@link System#console()} is null unless both standard input and output are a terminal. This source has
 * the lowest say (ordinal 50): {@code QUARKUS_LOG_CONSOLE_JSON_ENABLED} or any properties file decides otherwise,
 * and the dev and test profiles write text.
 */
public class LogFormat implements ConfigSource {
    static final String KEY = "quarkus.log.console.json.enabled";

    private final Map<String, String> values;

    public LogFormat() {
        this(System.console() != null);
    }

    LogFormat(boolean terminal) {
        values = Map.of(KEY, String.valueOf(!terminal));
    }

    @Override
    public Set<String> getPropertyNames() {
        return values.keySet();
    }

    @Override
    public String getValue(String propertyName) {
        return values.get(propertyName);
    }

    @Override
    public String getName() {
        return "tessera-log-format";
    }

    @Override
    public int getOrdinal() {
        return 50;
    }
}
