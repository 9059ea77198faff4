package dev.tessera.events;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the Javadoc of the event records from the module's sources, so the schemas carry the same
 * descriptions as the code (the Javadoc is the contract's documentation and is not kept at run time).
 * Deliberately small: the comment right before a type's declaration, its first part as the type's
 * description and its {@code @param} tags as the components' descriptions.
 */
final class Javadocs {
    private static final Pattern BETWEEN_COMMENT_AND_DECLARATION =
            Pattern.compile("(\\s|@\\w+(\\([^)]*\\))?|public|static|final|sealed|non-sealed)*");
    private static final Pattern PARAM = Pattern.compile("@param\\s+(\\w+)\\s+");

    private final Path sourceRoot;
    private final Map<Class<?>, Doc> cache = new HashMap<>();

    Javadocs(Path sourceRoot) {
        this.sourceRoot = sourceRoot;
    }

    /** The type's description, or null when it has no Javadoc. */
    String type(Class<?> type) {
        return doc(type).description;
    }

    /** The description of a record component from the record's {@code @param} tag, or null. */
    String param(Class<?> type, String component) {
        return doc(type).params.get(component);
    }

    private Doc doc(Class<?> type) {
        return cache.computeIfAbsent(type, this::read);
    }

    private Doc read(Class<?> type) {
        Class<?> top = type;
        while (top.getEnclosingClass() != null) {
            top = top.getEnclosingClass();
        }
        if (!top.getPackageName().startsWith("dev.tessera.events")) {
            return Doc.NONE;
        }
        Path file = sourceRoot.resolve(top.getName().replace('.', '/') + ".java");
        String source;
        try {
            source = Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file.toAbsolutePath() + " (run from the events module)", e);
        }
        Matcher declaration = Pattern.compile("\\b(record|interface|class|enum)\\s+" + type.getSimpleName() + "\\b")
                .matcher(source);
        if (!declaration.find()) {
            return Doc.NONE;
        }
        int end = source.lastIndexOf("*/", declaration.start());
        if (end < 0
                || !BETWEEN_COMMENT_AND_DECLARATION
                        .matcher(source.substring(end + 2, declaration.start()))
                        .matches()) {
            return Doc.NONE;
        }
        int start = source.lastIndexOf("/**", end);
        return parse(type, source.substring(start + 3, end));
    }

    private static Doc parse(Class<?> type, String comment) {
        StringBuilder text = new StringBuilder();
        for (String line : comment.split("\n")) {
            text.append(line.replaceFirst("^\\s*\\*( )?", "").strip()).append('\n');
        }
        String body = text.toString();
        int firstTag = body.indexOf("\n@");
        String description = firstTag < 0 ? body : body.substring(0, firstTag);
        Map<String, String> params = new LinkedHashMap<>();
        if (firstTag >= 0) {
            for (String tag : body.substring(firstTag + 1).split("\n(?=@)")) {
                Matcher m = PARAM.matcher(tag);
                if (m.lookingAt()) {
                    params.put(m.group(1), clean(type, tag.substring(m.end())));
                }
            }
        }
        return new Doc(clean(type, description), params);
    }

    /** CommonMark, as JSON Schema and AsyncAPI tools render descriptions: code in backticks, paragraphs kept. */
    private static String clean(Class<?> type, String text) {
        String s = text.replace("<p>", "\n\n");
        Matcher value = Pattern.compile("\\{@value #(\\w+)}").matcher(s);
        StringBuilder out = new StringBuilder();
        while (value.find()) {
            value.appendReplacement(out, Matcher.quoteReplacement("`" + constant(type, value.group(1)) + "`"));
        }
        value.appendTail(out);
        s = out.toString()
                .replaceAll("\\{@(?:code|literal)\\s+([^}]*)}", "`$1`")
                .replaceAll("\\{@link(?:plain)?\\s+#?([^}\\s]*)[^}]*}", "$1");
        StringBuilder paragraphs = new StringBuilder();
        for (String paragraph : s.split("\\n\\s*\\n")) {
            String joined = paragraph.replaceAll("\\s+", " ").strip();
            if (!joined.isEmpty()) {
                paragraphs.append(paragraphs.length() == 0 ? "" : "\n\n").append(joined);
            }
        }
        return paragraphs.length() == 0 ? null : paragraphs.toString();
    }

    private static Object constant(Class<?> type, String name) {
        try {
            Field field = type.getDeclaredField(name);
            if (!Modifier.isStatic(field.getModifiers())) {
                throw new IllegalStateException(type.getName() + "." + name + " is not a constant");
            }
            return field.get(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("{@value #" + name + "} in the Javadoc of " + type.getName(), e);
        }
    }

    private record Doc(String description, Map<String, String> params) {
        static final Doc NONE = new Doc(null, Map.of());
    }
}
