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
 * components/responses and referred to from every operation that does not declare its own: 400 (a path, query or
 * header that cannot be read or breaks its rule), 401 (a credential that does not verify, sent even where none is
 * needed), 405 (another method than the path's), 406 (an Accept the operation cannot answer), 413 (a body too large,
 * sent even where none is read), 414 (a path and query too long), 429 (over the caller's rate), 431 (headers too
 * large) and 503 (a service that cannot answer now), and for operations with a body 415 (not JSON). Each is a problem
 * like every other error (service-kit's ProblemMappers, limits.RequestHeadLimit, limits.RateLimitFilter, the
 * upstream Forwarder). A client generated from the document is told of every status it can meet (issue 38, item 6;
 * e2e FuzzIT checks each answer it gets against the operation's list).
 */
@OpenApiFilter(OpenApiFilter.RunStage.BUILD)
public class SharedAnswers implements OASFilter {
    static final String METHOD_NOT_ALLOWED = "MethodNotAllowed";
    static final String NOT_ACCEPTABLE = "NotAcceptable";
    static final String UNSUPPORTED_MEDIA_TYPE = "UnsupportedMediaType";
    static final String URI_TOO_LONG = "UriTooLong";
    static final String HEADERS_TOO_LARGE = "HeadersTooLarge";
    static final String BAD_REQUEST = "BadRequest";
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
                        BAD_REQUEST,
                        problem("The request cannot be read (`malformed-request`: a path that does not decode), or a "
                                + "path parameter, query parameter or header breaks its rule (`invalid-field`, "
                                + "naming it in `field`)"))
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
                "400", BAD_REQUEST,
                "401", ApiDocument.BAD_CREDENTIAL,
                "405", METHOD_NOT_ALLOWED,
                "406", NOT_ACCEPTABLE,
                "413", ApiDocument.PAYLOAD_TOO_LARGE,
                "414", URI_TOO_LONG,
                "429", ApiDocument.RATE_LIMITED,
                "431", HEADERS_TOO_LARGE,
                "503", ApiDocument.SERVICE_UNAVAILABLE));
        if (operation.getRequestBody() != null) {
            shared.put("415", UNSUPPORTED_MEDIA_TYPE);
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
