package dev.tessera.gateway;

import dev.tessera.infra.TestInfrastructure;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;

/** Every Quarkus test of this module runs against a real PostgreSQL (database tessera_gateway) and a real Kafka broker. */
@QuarkusTestResource(
        value = TestInfrastructure.class,
        initArgs = @ResourceArg(name = "database", value = "tessera_gateway"))
public class GatewayInfrastructure {}
