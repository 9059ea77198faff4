package dev.tessera.gateway;

import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;

/**
 * The gateway's entry point: Quarkus, with one Vert.x setting that must be a system property set before Quarkus
 * starts. Quarkus checks every request's target with {@code java.net.URI} and answers one it refuses (a malformed
 * percent-escape, {@code /games/abc%zz}) with an empty 400 that no handler of ours can change; with
 * {@code vertx.disableURIValidation} such a request goes on to the router, which refuses it too, and
 * service-kit's {@code HttpLayerProblems} answers that refusal as a problem. Nothing else is let through by it:
 * every path and query value is still checked at the edge (api/Identifiers, ParameterCheck) before anything is
 * forwarded. The tests set the same property (pom.xml, surefire).
 */
@QuarkusMain
public class GatewayMain {

    public static void main(String... args) {
        System.setProperty("vertx.disableURIValidation", System.getProperty("vertx.disableURIValidation", "true"));
        Quarkus.run(args);
    }
}
