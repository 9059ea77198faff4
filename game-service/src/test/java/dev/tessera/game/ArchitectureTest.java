package dev.tessera.game;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackages;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noMethods;

/**
 * What the README promises about game-service's code, checked with ArchUnit on its main classes (tests not imported).
 * The service boundary and the API rule stand in each service's own ArchitectureTest. Plain JUnit tests: ArchUnit's
 * own test engine is not run by this Surefire on JUnit 6 (root pom).
 */
class ArchitectureTest {
    static final JavaClasses GAME_SERVICE = new ClassFileImporter()
            .withImportOption(new ImportOption.DoNotIncludeTests()).importPackages("dev.tessera.game");

    /** Frameworks and infrastructure: the rules engines use none (RulesEngine's Javadoc). */
    static final String[] FRAMEWORKS = {"jakarta..", "javax..", "io.quarkus..", "io.smallrye..", "io.vertx..",
            "io.mutiny..", "org.hibernate..", "org.eclipse.microprofile..", "org.apache.kafka..", "io.micrometer..",
            "org.jboss.."};

    /** The types through which code reads or writes a database itself. */
    static final String[] DATABASE = {"io.vertx.sqlclient..", "io.vertx.mutiny.sqlclient..", "io.vertx.pgclient..",
            "io.vertx.mutiny.pgclient..", "org.hibernate..", "io.quarkus.hibernate..", "jakarta.persistence..",
            "java.sql..", "javax.sql.."};

    /**
     * A method Panache gives an entity (find, persist, list…: a query), called on the entity: declared by Panache, not
     * by the entity class itself. Reading an entity's fields or calling its own methods is not talking to the database.
     */
    static final DescribedPredicate<JavaCall<?>> ON_AN_ENTITY = DescribedPredicate.describe("a Panache entity's query",
            call -> (call.getTargetOwner().isAssignableTo("io.quarkus.hibernate.reactive.panache.PanacheEntityBase")
                    || call.getTargetOwner().isAssignableTo("io.quarkus.hibernate.orm.panache.PanacheEntityBase"))
                    && call.getTargetOwner().getMethods().stream().noneMatch(m -> m.getName().equals(call.getName())));

    @Test
    void the_rules_engines_use_no_framework_and_not_the_play_layer() {
        noClasses().that().resideInAnyPackage("dev.tessera.game.rules..", "dev.tessera.game.alhambra..",
                        "dev.tessera.game.carrara..", "dev.tessera.game.builders..")
                .should().dependOnClassesThat().resideInAnyPackage(FRAMEWORKS)
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
        noClasses().should().dependOnClassesThat(resideInAPackage("dev.tessera..")
                        .and(resideOutsideOfPackages("dev.tessera.game..", "dev.tessera.kit..", "dev.tessera.events..")))
                .because("services meet only through Kafka topics and HTTP")
                .check(GAME_SERVICE);
    }

    @Test
    void api_classes_do_not_talk_to_the_database() {
        noClasses().that().resideInAPackage("..api..")
                .should().dependOnClassesThat().resideInAnyPackage(DATABASE)
                .orShould().callMethodWhere(ON_AN_ENTITY)
                .because("the REST resources go through the services (play.GameService), which own the reads and writes")
                .check(GAME_SERVICE);
    }
}
