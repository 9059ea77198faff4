package dev.tessera.gateway.auth;

import io.quarkus.security.identity.request.BaseAuthenticationRequest;

/** An API key, as a program presented it. */
public class ApiKeyAuthenticationRequest extends BaseAuthenticationRequest {
    private final String key;

    public ApiKeyAuthenticationRequest(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }
}
