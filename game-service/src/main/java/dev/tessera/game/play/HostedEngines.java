package dev.tessera.game.play;

import dev.tessera.game.alhambra.AlhambraEngine;
import dev.tessera.game.builders.BuildersEngine;
import dev.tessera.game.carrara.CarraraEngine;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;

/** The games this service hosts: the rules packages hold no framework code, so they are made beans here. */
public class HostedEngines {
    @Produces
    @ApplicationScoped
    AlhambraEngine alhambra() {
        return new AlhambraEngine();
    }

    @Produces
    @ApplicationScoped
    CarraraEngine carrara() {
        return new CarraraEngine();
    }

    @Produces
    @ApplicationScoped
    BuildersEngine builders() {
        return new BuildersEngine();
    }
}
