package dev.tessera.gateway.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The web client's message catalogues (web/app/messages/en.json, fr.json, ja.json; i18n.js): a reader in any language
 * sees a word for everything. They must hold the same keys, each with the same placeholders and a value that is not
 * blank, and every key the modules ask for by name ({@code t('…')}) must be in them. No browser: the files are read as
 * the gateway serves them, from the class path.
 */
class WebClientMessagesTest {
    static final List<String> LANGUAGES = List.of("en", "fr", "ja");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{(\\w+)}");
    private static final Pattern ASKED = Pattern.compile("\\bt\\('([a-z0-9.-]+)'");

    @Test
    void the_three_catalogues_have_the_same_keys_and_placeholders_and_no_empty_value() {
        Map<String, Map<String, String>> catalogues = new LinkedHashMap<>();
        for (String lang : LANGUAGES) {
            catalogues.put(lang, catalogue(read(web().resolve("app/messages/" + lang + ".json"))));
        }
        assertEquals(List.of(), differences(catalogues));
    }

    @Test
    void every_key_the_modules_ask_for_is_in_the_catalogues() throws IOException {
        Map<String, String> en = catalogue(read(web().resolve("app/messages/en.json")));
        List<String> missing = new ArrayList<>();
        try (Stream<Path> files = Files.walk(web().resolve("app"))) {
            for (Path js : files.filter(p -> p.toString().endsWith(".js")).toList()) {
                Matcher m = ASKED.matcher(read(js));
                while (m.find()) {
                    if (!en.containsKey(m.group(1))) {
                        missing.add(web().relativize(js) + ": " + m.group(1));
                    }
                }
            }
        }
        assertEquals(List.of(), missing);
    }

    @Test
    void a_catalogue_that_lost_a_key_or_a_placeholder_or_a_word_is_found_out() {
        Map<String, String> en = catalogue(read(web().resolve("app/messages/en.json")));
        Map<String, String> fr = new LinkedHashMap<>(catalogue(read(web().resolve("app/messages/fr.json"))));
        Map<String, String> ja = new LinkedHashMap<>(catalogue(read(web().resolve("app/messages/ja.json"))));
        fr.remove("game.your-turn");
        ja.put("name.bot", "ボット");
        ja.put("common.dismiss", " ");
        List<String> found = differences(Map.of("en", en, "fr", fr, "ja", ja));
        assertEquals(
                List.of(
                        "ja: common.dismiss is blank",
                        "fr lacks game.your-turn",
                        "ja: name.bot has placeholders [] where en has [game]"),
                found);
    }

    /**
     * The Builders' cards are named in the reader's language: every building and machine game-service deals (its
     * BuildersData, read from the source beside this module) has a {@code term.builders-building.*} key, spelt as
     * builders.js spells it (the name in lowercase, its words joined by "-"). A card without one would show in English.
     */
    @Test
    void every_card_of_the_builders_has_a_name_in_the_catalogues() {
        Path data = Path.of("..", "game-service/src/main/java/dev/tessera/game/builders/BuildersData.java");
        Map<String, String> en = catalogue(read(web().resolve("app/messages/en.json")));
        Matcher m =
                Pattern.compile("\\b(?:building|machine)\\(\\d+, \"([^\"]+)\"").matcher(read(data));
        List<String> cards = new ArrayList<>();
        List<String> unnamed = new ArrayList<>();
        while (m.find()) {
            cards.add(m.group(1));
            String key = "term.builders-building."
                    + m.group(1).toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
            if (!en.containsKey(key)) {
                unnamed.add(m.group(1) + " (" + key + ")");
            }
        }
        // 34 buildings and 8 machines today: fewer means the source was not read as it is written.
        assertTrue(cards.size() >= 42, "the cards read from " + data + ": " + cards);
        assertEquals(List.of(), unnamed);
    }

    /** What is wrong with the catalogues, one line each: a key missing from one, other placeholders, a blank value. */
    static List<String> differences(Map<String, Map<String, String>> catalogues) {
        TreeSet<String> keys = new TreeSet<>();
        catalogues.values().forEach(c -> keys.addAll(c.keySet()));
        List<String> problems = new ArrayList<>();
        Map<String, String> en = catalogues.get("en");
        for (String key : keys) {
            for (String lang : LANGUAGES) {
                String text = catalogues.get(lang).get(key);
                if (text == null) {
                    problems.add(lang + " lacks " + key);
                } else if (text.isBlank()) {
                    problems.add(lang + ": " + key + " is blank");
                } else if (en.containsKey(key) && !placeholders(text).equals(placeholders(en.get(key)))) {
                    problems.add(lang + ": " + key + " has placeholders " + placeholders(text) + " where en has "
                            + placeholders(en.get(key)));
                }
            }
        }
        return problems;
    }

    static TreeSet<String> placeholders(String text) {
        TreeSet<String> names = new TreeSet<>();
        Matcher m = PLACEHOLDER.matcher(text);
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    /** A catalogue: one JSON object of strings. */
    static Map<String, String> catalogue(String json) {
        try {
            return new ObjectMapper().readValue(json, new TypeReference<>() {});
        } catch (IOException e) {
            throw new UncheckedIOException("a catalogue is not a JSON object of strings", e);
        }
    }

    static Path web() {
        try {
            return Path.of(WebClientMessagesTest.class
                            .getClassLoader()
                            .getResource(WebClientFiles.ROOT + "/index.html")
                            .toURI())
                    .getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
