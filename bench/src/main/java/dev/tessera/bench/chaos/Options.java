package dev.tessera.bench.chaos;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The {@code --name value} arguments of the chaos tools' mains. */
final class Options {
    private Options() {}

    /** The options by name (without the dashes); a usage error names what is missing or malformed. */
    static Map<String, String> parse(String[] args, List<String> required) {
        Map<String, String> opts = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--") || i + 1 == args.length) {
                throw new IllegalArgumentException("expected --name value pairs, found " + args[i]);
            }
            opts.put(args[i].substring(2), args[++i]);
        }
        for (String name : required) {
            if (!opts.containsKey(name)) {
                throw new IllegalArgumentException("missing --" + name);
            }
        }
        return opts;
    }
}
