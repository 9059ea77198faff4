package dev.tessera.gateway;

import com.tngtech.archunit.core.domain.JavaClasses;
import dev.tessera.infra.ArchitectureRules;
import org.junit.jupiter.api.Test;

/** What the README promises about the gateway's code, checked with ArchUnit on its main classes ({@link ArchitectureRules}). */
class ArchitectureTest {
    static final JavaClasses GATEWAY = ArchitectureRules.mainClasses("dev.tessera.gateway");

    @Test
    void gateway_depends_on_service_kit_and_events_and_on_no_other_service() {
        ArchitectureRules.noOtherService("dev.tessera.gateway").check(GATEWAY);
    }

    @Test
    void api_classes_do_not_talk_to_the_database() {
        ArchitectureRules.apiTalksToNoDatabase("players, upstream").check(GATEWAY);
    }
}
