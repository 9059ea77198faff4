package dev.tessera.gateway.api;

import io.quarkus.smallrye.openapi.OpenApiFilter;
import java.util.Map;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.eclipse.microprofile.openapi.models.responses.APIResponses;

/**
 * The answers any operation may give for how it was asked rather than what it asked, declared once under
 * components/responses and referred to from every operation: 405 (another method than the path's), 406 (an
 * Accept the operation cannot answer), 414 (a path and query too long) and 431 (headers too large), and for
 * operations with a body 413 (too large) and 415 (not JSON). Each is a problem like every other error (service-kit's
 * ProblemMappers, limits.RequestHeadLimit).
 */
@OpenApiFilter(OpenApiFilter.RunStage.BUILD)
public class SharedAnswers implements OASFilter {
    static final String METHOD_NOT_ALLOWED = "MethodNotAllowed";
    static final String NOT_ACCEPTABLE = "NotAcceptable";
    static final String UNSUPPORTED_MEDIA_TYPE = "UnsupportedMediaType";
    static final String URI_TOO_LONG = "UriTooLong";
    static final String HEADERS_TOO_LARGE = "HeadersTooLarge";
    private static final String PROBLEM_SCHEMA = "#/components/schemas/Problem";

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        if (openAPI.getComponents() == null) {
            openAPI.setComponents(OASFactory.createComponents());
        }
        openAPI.getComponents()
                .addResponse(
                        METHOD_NOT_ALLOWED, problem("The path does not take this method; `Allow` lists those it takes"))
                .addResponse(
                        NOT_ACCEPTABLE,
                        problem("The operation cannot answer in a media type the request's `Accept` allows"))
                .addResponse(UNSUPPORTED_MEDIA_TYPE, problem("The request body is not `application/json`"))
                .addResponse(
                        URI_TOO_LONG,
                        problem("The path and query are longer than the gateway reads (`maxLength`, 8,192 by default)"))
                .addResponse(
                        HEADERS_TOO_LARGE,
                        problem("The headers are larger than the gateway reads (`maxBytes`, 20,480 by default)"));
        if (openAPI.getPaths() == null || openAPI.getPaths().getPathItems() == null) {
            return;
        }
        openAPI.getPaths()
                .getPathItems()
                .values()
                .forEach(item -> item.getOperations().values().forEach(SharedAnswers::declare));
    }

    private static void declare(Operation operation) {
        if (operation.getResponses() == null) {
            operation.setResponses(OASFactory.createAPIResponses());
        }
        APIResponses responses = operation.getResponses();
        Map<String, String> shared = new java.util.TreeMap<>(Map.of(
                "405", METHOD_NOT_ALLOWED, "406", NOT_ACCEPTABLE, "414", URI_TOO_LONG, "431", HEADERS_TOO_LARGE));
        if (operation.getRequestBody() != null) {
            shared.putAll(Map.of("413", ApiDocument.PAYLOAD_TOO_LARGE, "415", UNSUPPORTED_MEDIA_TYPE));
        }
        shared.forEach((code, name) -> {
            if (responses.getAPIResponse(code) == null) {
                responses.addAPIResponse(code, OASFactory.createAPIResponse().ref("#/components/responses/" + name));
            }
        });
    }

    private static APIResponse problem(String description) {
        return OASFactory.createAPIResponse()
                .description(description)
                .content(OASFactory.createContent()
                        .addMediaType(
                                ApiDocument.PROBLEM,
                                OASFactory.createMediaType()
                                        .schema(OASFactory.createSchema().ref(PROBLEM_SCHEMA))));
    }
}
