package dev.tessera.kit.problem;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;

/**
 * A request body is one JSON value and nothing after it: {@code {"game": "alhambra"}}} or {@code {...} {...}} is a
 * 400 problem (field {@code body}, through {@link ProblemMappers#badJson}), as any other malformed JSON. Jackson's
 * default reads the first value and silently ignores whatever follows, so a truncated or concatenated body was
 * accepted as if it were the whole request (issue 29, finding F1 of the gateway's fuzz suite).
 */
@Singleton
public class OneJsonValue implements ObjectMapperCustomizer {

    @Override
    public void customize(ObjectMapper mapper) {
        mapper.enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    }
}
