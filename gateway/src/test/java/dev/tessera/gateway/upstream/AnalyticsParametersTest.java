package dev.tessera.gateway.upstream;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tessera.gateway.TestPlayer;
import dev.tessera.infra.TestInfrastructure;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The statistics' and exports' query parameters reach scoring-service (a {@link FakeInstance} that answers what it
 * received) as they came, {@code sandbox} included, and scoring-service's 400 problem for a bad one comes back
 * unchanged: the gateway checks none of them itself, scoring-service does.
 */
@QuarkusTest
@TestProfile(AnalyticsParametersTest.LiveScoring.class)
class AnalyticsParametersTest {

    /** One live scoring-service instance instead of the global FakeUpstreams' unreachable one. */
    public static class LiveScoring implements QuarkusTestProfile {
        @Override
        public boolean disableGlobalTestResources() {
            return true;
        }

        @Override
        public List<TestResourceEntry> testResources() {
            return List.of(
                    new TestResourceEntry(TestInfrastructure.class, Map.of("database", "tessera_gateway")),
                    new TestResourceEntry(Scoring.class));
        }
    }

    public static class Scoring implements QuarkusTestResourceLifecycleManager {
        static FakeInstance scoring;

        @Override
        public Map<String, String> start() {
            scoring = new FakeInstance("scoring");
            return Map.of("tessera.upstream.scoring", scoring.url());
        }

        @Override
        public void stop() {
            scoring.stop();
        }
    }

    @Test
    void sandbox_is_forwarded_to_the_statistics_and_the_exports_as_it_came() {
        String bearer = TestPlayer.signUp("sandbox-sal").bearer();
        given().header("Authorization", bearer)
                .get("/api/v1/stats/alhambra?sandbox=include")
                .then()
                .statusCode(200)
                .body("uri", equalTo("/api/v1/stats/alhambra?sandbox=include"));
        given().header("Authorization", bearer)
                .get("/api/v1/stats/carrara")
                .then()
                .statusCode(200)
                .body("uri", equalTo("/api/v1/stats/carrara"));
        String lines = given().header("Authorization", bearer)
                .get("/api/v1/exports/events?game=builders&from=2026-03-01T00:00:00Z&sandbox=exclude")
                .then()
                .statusCode(200)
                .contentType(containsString("ndjson"))
                .extract()
                .asString();
        assertEquals(
                "/api/v1/exports/events?game=builders&from=2026-03-01T00%3A00%3A00Z&sandbox=exclude",
                JsonPath.from(lines.lines().findFirst().orElseThrow()).getString("uri"));
    }

    @Test
    void sandbox_is_documented_on_both_operations_with_its_values() {
        JsonPath document = given().get("/q/openapi?format=json")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        for (String operation : List.of("'/api/v1/stats/{game}'.get", "'/api/v1/exports/events'.get")) {
            Map<String, Object> sandbox =
                    document.getMap("paths." + operation + ".parameters.find { it.name == 'sandbox' }");
            assertEquals("query", sandbox.get("in"), operation);
            assertEquals(
                    Map.of("type", "string", "enum", List.of("exclude", "include"), "default", "exclude"),
                    sandbox.get("schema"),
                    operation);
            assertEquals(true, ((String) sandbox.get("description")).contains("400"), operation);
        }
        assertEquals(
                "#/components/responses/InvalidField",
                document.getString("paths.'/api/v1/stats/{game}'.get.responses.'400'.$ref"));
    }

    @Test
    void a_bad_sandbox_is_scoring_services_400_problem_naming_it() {
        String bearer = TestPlayer.signUp("sandbox-sid").bearer();
        for (String path : List.of(
                "/api/v1/stats/alhambra?sandbox=invalid", "/api/v1/exports/events?game=alhambra&sandbox=invalid")) {
            given().header("Authorization", bearer)
                    .get(path)
                    .then()
                    .statusCode(400)
                    .contentType("application/problem+json")
                    .body("field", equalTo("sandbox"))
                    .body("status", equalTo(400));
        }
    }
}
