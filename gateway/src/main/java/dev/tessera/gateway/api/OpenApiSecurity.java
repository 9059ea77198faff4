package dev.tessera.gateway.api;

import io.quarkus.smallrye.openapi.OpenApiFilter;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.eclipse.microprofile.openapi.models.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.models.security.SecurityScheme;

/**
 * Quarkus documents the bearer scheme and marks every {@code @Authenticated} operation with it
 * (quarkus.smallrye-openapi.security-scheme*); this adds the other way in, the X-Api-Key header, as an
 * alternative wherever a bearer token is required. Quarkus also adds a bare "403" answer to each such
 * operation; the gateway never answers 403 for a missing role (a player has every right a player has), so
 * that one is dropped where the operation does not document a 403 problem of its own (the lobby's not-host).
 */
@OpenApiFilter(OpenApiFilter.RunStage.BUILD)
public class OpenApiSecurity implements OASFilter {
    static final String BEARER = "bearer";
    static final String API_KEY = "apiKey";

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        if (openAPI.getComponents() == null) {
            openAPI.setComponents(OASFactory.createComponents());
        }
        openAPI.getComponents()
                .addSecurityScheme(
                        API_KEY,
                        OASFactory.createSecurityScheme()
                                .type(SecurityScheme.Type.APIKEY)
                                .in(SecurityScheme.In.HEADER)
                                .name("X-Api-Key")
                                .description(
                                        "A key from POST /api/v1/players/me/api-keys, for a program acting as a player. "
                                                + "Also accepted as Authorization: Bearer <key>."));
        if (openAPI.getPaths() == null || openAPI.getPaths().getPathItems() == null) {
            return;
        }
        openAPI.getPaths()
                .getPathItems()
                .values()
                .forEach(item -> item.getOperations().values().forEach(OpenApiSecurity::orApiKey));
    }

    private static void orApiKey(Operation operation) {
        List<SecurityRequirement> security = operation.getSecurity();
        if (security == null || security.stream().noneMatch(r -> r.hasScheme(BEARER))) {
            return;
        }
        List<SecurityRequirement> alternatives = new ArrayList<>(security);
        alternatives.add(OASFactory.createSecurityRequirement().addScheme(API_KEY));
        operation.setSecurity(alternatives);
        APIResponse forbidden = operation.getResponses() == null
                ? null
                : operation.getResponses().getAPIResponse("403");
        if (forbidden != null && forbidden.getRef() == null && forbidden.getContent() == null) {
            operation.getResponses().removeAPIResponse("403");
        }
    }
}
