package dev.tessera.scoring;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import dev.tessera.infra.ArchitectureRules;
import org.junit.jupiter.api.Test;

/** What the README promises about scoring-service's code, checked with ArchUnit on its main classes ({@link ArchitectureRules}). */
class ArchitectureTest {
    static final JavaClasses SCORING_SERVICE = ArchitectureRules.mainClasses("dev.tessera.scoring");

    @Test
    void the_scoring_calculators_use_no_framework() {
        noClasses()
                .that()
                .resideInAnyPackage(
                        "dev.tessera.scoring.alhambra..",
                        "dev.tessera.scoring.carrara..",
                        "dev.tessera.scoring.builders..",
                        "dev.tessera.scoring.standings..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(ArchitectureRules.FRAMEWORKS)
                .orShould()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "dev.tessera.kit..",
                        "dev.tessera.scoring.api..",
                        "dev.tessera.scoring.games..",
                        "dev.tessera.scoring.messaging..",
                        "dev.tessera.scoring.stats..",
                        "dev.tessera.scoring.exports..")
                .because("the scoring rules are pure Java (README), the same for the public calculators and the games")
                .check(SCORING_SERVICE);
    }

    @Test
    void scoring_service_depends_on_service_kit_and_events_and_on_no_other_service() {
        ArchitectureRules.noOtherService("dev.tessera.scoring").check(SCORING_SERVICE);
    }

    @Test
    void api_classes_do_not_talk_to_the_database() {
        ArchitectureRules.apiTalksToNoDatabase("games.ScoredGames, games.GameScoring")
                .check(SCORING_SERVICE);
    }
}
