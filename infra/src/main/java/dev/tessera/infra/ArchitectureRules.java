package dev.tessera.infra;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackages;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The architecture rules every service's {@code ArchitectureTest} checks with ArchUnit, written once. Plain JUnit tests
 * call them: ArchUnit's own test engine is not run by this Surefire on JUnit 6 (root pom).
 */
public final class ArchitectureRules {
    private ArchitectureRules() {}

    /** Frameworks and infrastructure: the rules engines and the scoring calculators use none. */
    public static final String[] FRAMEWORKS = {
        "jakarta..",
        "javax..",
        "io.quarkus..",
        "io.smallrye..",
        "io.vertx..",
        "io.mutiny..",
        "org.hibernate..",
        "org.eclipse.microprofile..",
        "org.apache.kafka..",
        "io.micrometer..",
        "org.jboss.."
    };

    /** The types through which code reads or writes a database itself. */
    static final String[] DATABASE = {
        "io.vertx.sqlclient..",
        "io.vertx.mutiny.sqlclient..",
        "io.vertx.pgclient..",
        "io.vertx.mutiny.pgclient..",
        "org.hibernate..",
        "io.quarkus.hibernate..",
        "jakarta.persistence..",
        "java.sql..",
        "javax.sql.."
    };

    /**
     * A method Panache gives an entity (find, persist, list…: a query), called on the entity: declared by Panache, not
     * by the entity class itself. Reading an entity's fields or calling its own methods is not talking to the database.
     */
    static final DescribedPredicate<JavaCall<?>> ON_AN_ENTITY = DescribedPredicate.describe(
            "a Panache entity's query",
            call -> (call.getTargetOwner().isAssignableTo("io.quarkus.hibernate.reactive.panache.PanacheEntityBase")
                            || call.getTargetOwner()
                                    .isAssignableTo("io.quarkus.hibernate.orm.panache.PanacheEntityBase"))
                    && call.getTargetOwner().getMethods().stream()
                            .noneMatch(m -> m.getName().equals(call.getName())));

    /** A service's main classes (its tests not imported), from its root package such as {@code dev.tessera.game}. */
    public static JavaClasses mainClasses(String servicePackage) {
        return new ClassFileImporter()
                .withImportOption(new ImportOption.DoNotIncludeTests())
                .importPackages(servicePackage);
    }

    /** The service in {@code servicePackage} depends only on its own packages, service-kit and events. */
    public static ArchRule noOtherService(String servicePackage) {
        return noClasses()
                .should()
                .dependOnClassesThat(resideInAPackage("dev.tessera..")
                        .and(resideOutsideOfPackages(
                                servicePackage + "..", "dev.tessera.kit..", "dev.tessera.events..")))
                .because("services meet only through Kafka topics and HTTP");
    }

    /** No class in an {@code api} package reads or writes the database itself; {@code owners} name who does. */
    public static ArchRule apiTalksToNoDatabase(String owners) {
        return noClasses()
                .that()
                .resideInAPackage("..api..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(DATABASE)
                .orShould()
                .callMethodWhere(ON_AN_ENTITY)
                .because("the REST resources go through the services (" + owners + "), which own the reads and writes");
    }
}
