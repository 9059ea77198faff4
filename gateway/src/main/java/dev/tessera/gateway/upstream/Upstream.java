package dev.tessera.gateway.upstream;

/** The services the gateway fronts. */
public enum Upstream {
    LOBBY("lobby"),
    GAME("game"),
    SCORING("scoring");

    final String configName;

    Upstream(String configName) {
        this.configName = configName;
    }
}
