package dev.tessera.scoring;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackages;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * What the README promises about scoring-service's code, checked with ArchUnit on its main classes (tests not
 * imported). Plain JUnit tests: ArchUnit's own test engine is not run by this Surefire on JUnit 6 (root pom).
 */
class ArchitectureTest {
    static final JavaClasses SCORING_SERVICE = new ClassFileImporter()
            .withImportOption(new ImportOption.DoNotIncludeTests()).importPackages("dev.tessera.scoring");

    /** Frameworks and infrastructure: the scoring calculators use none. */
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
    void the_scoring_calculators_use_no_framework() {
        noClasses().that().resideInAnyPackage("dev.tessera.scoring.alhambra..", "dev.tessera.scoring.carrara..",
                        "dev.tessera.scoring.builders..", "dev.tessera.scoring.standings..")
                .should().dependOnClassesThat().resideInAnyPackage(FRAMEWORKS)
                .orShould().dependOnClassesThat().resideInAnyPackage("dev.tessera.kit..", "dev.tessera.scoring.api..",
                        "dev.tessera.scoring.games..", "dev.tessera.scoring.messaging..", "dev.tessera.scoring.stats..",
                        "dev.tessera.scoring.exports..")
                .because("the scoring rules are pure Java (README), the same for the public calculators and the games")
                .check(SCORING_SERVICE);
    }

    @Test
    void scoring_service_depends_on_service_kit_and_events_and_on_no_other_service() {
        noClasses().should().dependOnClassesThat(resideInAPackage("dev.tessera..")
                        .and(resideOutsideOfPackages("dev.tessera.scoring..", "dev.tessera.kit..", "dev.tessera.events..")))
                .because("services meet only through Kafka topics and HTTP")
                .check(SCORING_SERVICE);
    }

    @Test
    void api_classes_do_not_talk_to_the_database() {
        apiTalksToNoDatabase(noClasses().that().resideInAPackage("..api..")).check(SCORING_SERVICE);
    }

    private static ArchRule apiTalksToNoDatabase(
            com.tngtech.archunit.lang.syntax.elements.GivenClassesConjunction apiClasses) {
        return apiClasses.should().dependOnClassesThat().resideInAnyPackage(DATABASE)
                .orShould().callMethodWhere(ON_AN_ENTITY)
                .because("the REST resources go through the services, which own the reads and writes");
    }
}
