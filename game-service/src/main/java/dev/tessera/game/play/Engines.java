package dev.tessera.game.play;

import dev.tessera.game.rules.RulesEngine;
import dev.tessera.kit.problem.ProblemException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The rules engines this service hosts, by game id. An engine is hosted by producing it as a bean. */
@ApplicationScoped
public class Engines {
    private final Map<String, RulesEngine<?, ?, ?>> byGame;

    @Inject
    public Engines(Instance<RulesEngine<?, ?, ?>> engines) {
        this.byGame = engines.stream().collect(Collectors.toUnmodifiableMap(RulesEngine::game, Function.identity()));
    }

    @SuppressWarnings("unchecked")
    public <S, M, E> RulesEngine<S, M, E> get(String game) {
        RulesEngine<?, ?, ?> engine = byGame.get(game);
        if (engine == null) {
            throw ProblemException.badField(
                    "game", "no rules engine for game '" + game + "'; hosted: " + byGame.keySet());
        }
        return (RulesEngine<S, M, E>) engine;
    }
}
