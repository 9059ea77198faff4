package dev.tessera.gateway;

import static io.restassured.RestAssured.given;

import java.util.Arrays;

/** A value of the gateway's own /q/metrics, as Prometheus scrapes it. */
public final class Scraped {
    private Scraped() {}

    /**
     * The value of the series {@code name} whose labels include every {@code label="value"} given. It fails when there
     * is no such series: the metrics read here are registered at the start, so a missing one is a renamed or lost
     * metric, never a zero.
     */
    public static double value(String name, String... labels) {
        String scrape =
                given().get("/q/metrics").then().statusCode(200).extract().asString();
        return scrape.lines()
                .filter(line -> line.startsWith(name + "{") || line.startsWith(name + " "))
                .filter(line -> Arrays.stream(labels).allMatch(line::contains))
                .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
                .findFirst()
                .orElseThrow(() -> new AssertionError(
                        name + " " + Arrays.toString(labels) + " is not among the gateway's metrics"));
    }
}
