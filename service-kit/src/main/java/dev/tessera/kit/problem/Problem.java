package dev.tessera.kit.problem;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/**
 * An RFC 9457 problem detail. {@code type} is a stable URI a client can switch on; extension members
 * name what was wrong: {@code rule} for a broken game or lobby rule, {@code field} for bad input.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Problem(
        String type,
        String title,
        int status,
        String detail,
        String instance,
        @com.fasterxml.jackson.annotation.JsonIgnore Map<String, Object> extensions) {
    public static final String MEDIA_TYPE = "application/problem+json";
    public static final String TYPE_BASE = "https://tessera.dev/problems/";

    @JsonAnyGetter
    public Map<String, Object> any() {
        return extensions == null ? Map.of() : extensions;
    }
}
