package dev.tessera.game;

import dev.tessera.infra.TestInfrastructure;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;

/** Every Quarkus test of this module runs against a real PostgreSQL (database tessera_game) and a real Kafka broker. */
@QuarkusTestResource(
        value = TestInfrastructure.class,
        initArgs = @ResourceArg(name = "database", value = "tessera_game"))
public class GameInfrastructure {}
