package dev.tessera.infra;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Map;

/**
 * Shows the services' JSON log lines as text a person reads ({@code ./tessera logs}): time, level, instance, logger,
 * message, the context ({@code gameId=…}) and an exception's chain with its frames. Any other line (a broker's,
 * PostgreSQL's, tail's headers) is passed on as it is. Reads standard input until it ends.
 */
public final class LogView {
    private static final ObjectMapper JSON = new ObjectMapper();

    private LogView() {}

    public static void main(String[] args) throws IOException {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            out.println(render(line));
        }
    }

    /** One line as text: a service's JSON record rendered, anything else unchanged. */
    static String render(String line) {
        if (!line.startsWith("{\"timestamp\"")) {
            return line;
        }
        JsonNode record;
        try {
            record = JSON.readTree(line);
        } catch (IOException e) {
            return line;
        }
        StringBuilder text = new StringBuilder()
                .append(record.path("timestamp").asText())
                .append(' ')
                .append(String.format("%-5s", record.path("level").asText()))
                .append(' ')
                .append(record.path("instance").asText("?"))
                .append(" [")
                .append(shortName(record.path("loggerName").asText()))
                .append("] ")
                .append(record.path("message").asText());
        JsonNode mdc = record.path("mdc");
        if (mdc.isObject() && mdc.size() > 0) {
            text.append(" {");
            Iterator<Map.Entry<String, JsonNode>> fields = mdc.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> f = fields.next();
                text.append(f.getKey()).append('=').append(f.getValue().asText());
                if (fields.hasNext()) {
                    text.append(", ");
                }
            }
            text.append('}');
        }
        String prefix = "";
        for (JsonNode e = record.path("exception");
                e.isObject();
                e = e.path("causedBy").path("exception")) {
            text.append(System.lineSeparator())
                    .append(prefix)
                    .append(e.path("exceptionType").asText())
                    .append(": ")
                    .append(e.path("message").asText());
            for (JsonNode frame : e.path("frames")) {
                text.append(System.lineSeparator())
                        .append("\tat ")
                        .append(frame.path("class").asText())
                        .append('.')
                        .append(frame.path("method").asText())
                        .append(frame.has("line") ? ":" + frame.path("line").asText() : "");
            }
            prefix = "Caused by: ";
        }
        return text.toString();
    }

    /** "dev.tessera.game.play.GameLoader" as "d.t.g.p.GameLoader". */
    static String shortName(String logger) {
        String[] parts = logger.split("\\.");
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < parts.length - 1; i++) {
            if (!parts[i].isEmpty()) {
                s.append(parts[i].charAt(0)).append('.');
            }
        }
        return s.append(parts[parts.length - 1]).toString();
    }
}
