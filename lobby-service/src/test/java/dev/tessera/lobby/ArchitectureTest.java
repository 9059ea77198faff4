package dev.tessera.lobby;

import com.tngtech.archunit.core.domain.JavaClasses;
import dev.tessera.infra.ArchitectureRules;
import org.junit.jupiter.api.Test;

/** What the README promises about lobby-service's code, checked with ArchUnit on its main classes ({@link ArchitectureRules}). */
class ArchitectureTest {
    static final JavaClasses LOBBY_SERVICE = ArchitectureRules.mainClasses("dev.tessera.lobby");

    @Test
    void lobby_service_depends_on_service_kit_and_events_and_on_no_other_service() {
        ArchitectureRules.noOtherService("dev.tessera.lobby").check(LOBBY_SERVICE);
    }

    @Test
    void api_classes_do_not_talk_to_the_database() {
        ArchitectureRules.apiTalksToNoDatabase("tables, players, matchmaking").check(LOBBY_SERVICE);
    }
}
