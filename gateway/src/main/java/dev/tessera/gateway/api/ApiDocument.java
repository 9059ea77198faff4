package dev.tessera.gateway.api;

/**
 * Names used across the API document's annotations: the media types, and the error answers many operations
 * share, declared once in {@code package-info.java} under components/responses and referenced from the
 * operations as {@code @APIResponse(responseCode = "404", ref = NOT_FOUND)}. Every error is
 * {@code application/problem+json} with the {@link dev.tessera.gateway.api.model.Problem} schema. Nothing here runs.
 */
public final class ApiDocument {
    /** The media type of every error. */
    public static final String PROBLEM = "application/problem+json";

    public static final String JSON = "application/json";

    /** Names of the shared error answers under components/responses. */
    public static final String INVALID_FIELD = "InvalidField";

    public static final String UNAUTHENTICATED = "Unauthenticated";
    public static final String BAD_CREDENTIAL = "BadCredential";
    public static final String NOT_FOUND = "NotFound";
    public static final String PAYLOAD_TOO_LARGE = "PayloadTooLarge";
    public static final String RATE_LIMITED = "RateLimited";
    public static final String SERVICE_UNAVAILABLE = "ServiceUnavailable";

    private ApiDocument() {}
}
