package dev.tessera.game;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noMethods;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import dev.tessera.infra.ArchitectureRules;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the README promises about game-service's code, checked with ArchUnit on its main classes ({@link ArchitectureRules}). */
class ArchitectureTest {
    static final JavaClasses GAME_SERVICE = ArchitectureRules.mainClasses("dev.tessera.game");

    @Test
    void the_rules_engines_use_no_framework_and_not_the_play_layer() {
        noClasses()
                .that()
                .resideInAnyPackage(
                        "dev.tessera.game.rules..",
                        "dev.tessera.game.alhambra..",
                        "dev.tessera.game.carrara..",
                        "dev.tessera.game.builders..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(ArchitectureRules.FRAMEWORKS)
                .orShould()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "dev.tessera.kit..",
                        "dev.tessera.game.play..",
                        "dev.tessera.game.api..",
                        "dev.tessera.game.messaging..")
                .because("a game's rules are pure functions of its events (RulesEngine), usable without a server")
                .check(GAME_SERVICE);
    }

    @Test
    void no_title_overrides_decide_so_the_checks_every_game_needs_always_run() {
        noMethods()
                .that()
                .areDeclaredInClassesThat()
                .implement("dev.tessera.game.rules.RulesEngine")
                .should()
                .haveName("decide")
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

    private static final List<String> TITLES = List.of("alhambra", "carrara", "builders");
    private static final List<String> ROLES = List.of("Setup", "Decide", "Evolution", "LegalMoves", "View");

    @Test
    void every_title_has_the_same_role_files_and_its_engine_dispatches_to_them() {
        for (String title : TITLES) {
            String pkg = "dev.tessera.game." + title;
            JavaClass engine = GAME_SERVICE.get(
                    pkg + "." + Character.toUpperCase(title.charAt(0)) + title.substring(1) + "Engine");
            for (String role : ROLES) {
                assertTrue(GAME_SERVICE.contain(pkg + "." + role), title + " has no " + role);
                assertTrue(
                        engine.getDirectDependenciesFromSelf().stream()
                                .anyMatch(d -> d.getTargetClass().getName().equals(pkg + "." + role)),
                        engine.getSimpleName() + " does not delegate to " + role);
            }
        }
    }

    @Test
    void an_engine_holds_no_rule_of_its_own() {
        methods()
                .that()
                .areDeclaredInClassesThat()
                .implement("dev.tessera.game.rules.RulesEngine")
                .and()
                .doNotHaveModifier(JavaModifier.SYNTHETIC)
                .should()
                .bePublic()
                .because("an engine only dispatches to its title's Setup, Decide, Evolution, LegalMoves and View; "
                        + "a private helper in it is a rule in the wrong place")
                .check(GAME_SERVICE);
    }

    @Test
    void nothing_in_a_title_depends_on_its_engine() {
        for (String title : TITLES) {
            String engine = "dev.tessera.game." + title + "." + Character.toUpperCase(title.charAt(0))
                    + title.substring(1) + "Engine";
            noClasses()
                    .that()
                    .resideInAPackage("dev.tessera.game." + title)
                    .and()
                    .doNotHaveFullyQualifiedName(engine)
                    .should()
                    .dependOnClassesThat()
                    .haveFullyQualifiedName(engine)
                    .because("the engine is the title's face to the play layer; its constants and numbers live in the "
                            + "title's data")
                    .check(GAME_SERVICE);
        }
    }

    @Test
    void folding_events_and_showing_a_state_never_decide() {
        for (String title : TITLES) {
            String pkg = "dev.tessera.game." + title;
            noClasses()
                    .that()
                    .haveFullyQualifiedName(pkg + ".Evolution")
                    .or()
                    .haveFullyQualifiedName(pkg + ".View")
                    .should()
                    .dependOnClassesThat()
                    .haveFullyQualifiedName(pkg + ".Decide")
                    .orShould()
                    .dependOnClassesThat()
                    .haveFullyQualifiedName(pkg + ".LegalMoves")
                    .because("events are facts: applying or showing them checks no rule")
                    .check(GAME_SERVICE);
        }
    }
}
