package dev.tessera.game.play;

import dev.tessera.game.builders.BuildersEngine;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;

/** The games this service hosts: the rules packages hold no framework code, so they are made beans here. */
public class HostedEngines {
    @Produces
    @ApplicationScoped
    BuildersEngine builders() {
        return new BuildersEngine();
    }
}
