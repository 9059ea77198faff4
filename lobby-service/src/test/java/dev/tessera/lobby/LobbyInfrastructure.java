package dev.tessera.lobby;

import dev.tessera.infra.TestInfrastructure;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;

/** Every test of this module runs against a real PostgreSQL (database tessera_lobby) and a real Kafka broker. */
@QuarkusTestResource(
        value = TestInfrastructure.class,
        initArgs = @ResourceArg(name = "database", value = "tessera_lobby"))
public class LobbyInfrastructure {}
