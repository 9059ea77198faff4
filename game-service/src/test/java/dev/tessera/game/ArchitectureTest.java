package dev.tessera.game;

import com.tngtech.archunit.core.domain.JavaClasses;
import dev.tessera.infra.ArchitectureRules;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noMethods;

/** What the README promises about game-service's code, checked with ArchUnit on its main classes ({@link ArchitectureRules}). */
class ArchitectureTest {
    static final JavaClasses GAME_SERVICE = ArchitectureRules.mainClasses("dev.tessera.game");

    @Test
    void the_rules_engines_use_no_framework_and_not_the_play_layer() {
        noClasses().that().resideInAnyPackage("dev.tessera.game.rules..", "dev.tessera.game.alhambra..",
                        "dev.tessera.game.carrara..", "dev.tessera.game.builders..")
                .should().dependOnClassesThat().resideInAnyPackage(ArchitectureRules.FRAMEWORKS)
                .orShould().dependOnClassesThat().resideInAnyPackage("dev.tessera.kit..", "dev.tessera.game.play..",
                        "dev.tessera.game.api..", "dev.tessera.game.messaging..")
                .because("a game's rules are pure functions of its events (RulesEngine), usable without a server")
                .check(GAME_SERVICE);
    }

    @Test
    void no_title_overrides_decide_so_the_checks_every_game_needs_always_run() {
        noMethods().that().areDeclaredInClassesThat().implement("dev.tessera.game.rules.RulesEngine")
                .should().haveName("decide")
                .because("RulesEngine.decide runs MoveChecks before the title's own decideMove")
                .check(GAME_SERVICE);
    }

    @Test
    void game_service_depends_on_service_kit_and_events_and_on_no_other_service() {
        ArchitectureRules.noOtherService("dev.tessera.game").check(GAME_SERVICE);
    }

    @Test
    void api_classes_do_not_talk_to_the_database() {
        ArchitectureRules.apiTalksToNoDatabase("play.GameService").check(GAME_SERVICE);
    }
}
