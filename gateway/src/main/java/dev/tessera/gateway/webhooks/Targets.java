package dev.tessera.gateway.webhooks;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Where webhooks may go, against server-side request forgery: a receiver is named by an absolute {@code https} URL
 * (or {@code http} to loopback when the platform runs for local development), and every address its host resolves to
 * must be a public one. The address check runs when a subscription is made and again before every delivery, on the
 * addresses the delivery then connects to, so that a name that later resolves to a private address (DNS rebinding)
 * reaches nothing. Pure but for {@link #resolve}, which asks the system's resolver (blocking).
 */
public final class Targets {
    /** The longest URL a subscription may name. */
    public static final int MAX_URL = 2000;

    private Targets() {}

    /** A receiver's URL, checked for its form: scheme, host, port, path with query. */
    public record Target(URI uri, boolean https, String host, int port, String pathAndQuery) {}

    /** Why a URL or an address is refused: the text of a problem's detail, or of a failed delivery's error. */
    public static final class Refused extends Exception {
        private final String rule;

        Refused(String rule, String message) {
            super(message, null, false, false);
            this.rule = rule;
        }

        /** The rule it breaks (url-not-absolute, url-scheme, url-refused-address, url-unresolved, ...). */
        public String rule() {
            return rule;
        }
    }

    /**
     * The URL's form: absolute, {@code https} (or {@code http} when {@code local} allows it; the address check then
     * requires loopback), a host, no user information, at most {@link #MAX_URL} characters.
     */
    public static Target parse(String url, boolean local) throws Refused {
        if (url == null || url.isBlank()) {
            throw new Refused("url-missing", "url is required: the absolute https URL deliveries are posted to");
        }
        if (url.length() > MAX_URL) {
            throw new Refused("url-too-long", "url has " + url.length() + " characters; at most " + MAX_URL);
        }
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new Refused("url-not-absolute", "url is not a URL: " + e.getReason());
        }
        if (!uri.isAbsolute() || uri.getHost() == null || uri.isOpaque()) {
            throw new Refused("url-not-absolute", "url must be absolute, with a host: https://host/path");
        }
        String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
        boolean https = scheme.equals("https");
        if (!https && !(scheme.equals("http") && local)) {
            throw new Refused(
                    "url-scheme",
                    local ? "url must be https (or http to loopback, for local development)" : "url must be https");
        }
        if (uri.getRawUserInfo() != null) {
            throw new Refused("url-user-info", "url must not carry a user name or password");
        }
        if (uri.getRawFragment() != null) {
            throw new Refused("url-fragment", "url must not have a fragment (#...): receivers never see it");
        }
        int port = uri.getPort() == -1 ? (https ? 443 : 80) : uri.getPort();
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        String pathAndQuery = uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
        String host = uri.getHost();
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        return new Target(uri, https, host, port, pathAndQuery);
    }

    /** The host's addresses, from the system's resolver; blocking. */
    public static List<InetAddress> resolve(String host) throws Refused {
        try {
            return List.of(InetAddress.getAllByName(host));
        } catch (UnknownHostException e) {
            throw new Refused("url-unresolved", "the url's host " + host + " does not resolve");
        } catch (SecurityException e) {
            throw new Refused("url-unresolved", "the url's host " + host + " cannot be resolved here");
        }
    }

    /**
     * Checks every address the target's host resolved to: all must be public, except that loopback is allowed for an
     * {@code http} target of a platform in local development (and required for it). A host with one refused address
     * among public ones is refused whole: a resolver may hand any of them out next time.
     */
    public static void check(Target target, List<InetAddress> addresses, boolean local) throws Refused {
        if (addresses.isEmpty()) {
            throw new Refused("url-unresolved", "the url's host " + target.host() + " has no address");
        }
        for (InetAddress address : addresses) {
            Optional<String> refused = refusedRange(address);
            boolean loopback = address.isLoopbackAddress();
            if (!target.https() && !loopback) {
                throw new Refused(
                        "url-scheme",
                        "http is allowed to loopback only (local development); " + target.host() + " resolves to "
                                + address.getHostAddress());
            }
            if (loopback && local) {
                continue;
            }
            if (refused.isPresent()) {
                throw new Refused(
                        "url-refused-address",
                        "the url's host " + target.host() + " resolves to " + address.getHostAddress() + ", a "
                                + refused.get() + " address: webhooks go to public addresses only");
            }
        }
    }

    /** The kind of range {@code address} is in when it is not a public unicast address; empty when it is. */
    static Optional<String> refusedRange(InetAddress address) {
        if (address.isLoopbackAddress()) {
            return Optional.of("loopback");
        }
        if (address.isAnyLocalAddress()) {
            return Optional.of("unspecified");
        }
        if (address.isLinkLocalAddress()) {
            // 169.254.0.0/16 holds the cloud metadata services (169.254.169.254).
            return Optional.of("link-local (cloud metadata)");
        }
        if (address.isSiteLocalAddress()) {
            return Optional.of("private");
        }
        if (address.isMulticastAddress()) {
            return Optional.of("multicast");
        }
        byte[] b = address.getAddress();
        if (address instanceof Inet4Address) {
            int first = b[0] & 0xff;
            int second = b[1] & 0xff;
            if (first == 0) {
                return Optional.of("\"this network\"");
            }
            if (first == 100 && second >= 64 && second < 128) {
                return Optional.of("carrier-grade NAT (shared)");
            }
            if (first == 192 && second == 0 && (b[2] & 0xff) == 0) {
                return Optional.of("IETF protocol assignment");
            }
            if (first == 198 && (second == 18 || second == 19)) {
                return Optional.of("benchmarking");
            }
            if (first >= 240) {
                return Optional.of("reserved");
            }
            return Optional.empty();
        }
        if (address instanceof Inet6Address) {
            int first = b[0] & 0xff;
            if ((first & 0xfe) == 0xfc) {
                // fc00::/7, unique local: private networks, and some clouds' metadata (fd00:ec2::254).
                return Optional.of("private (unique local)");
            }
            if (first == 0x20 && (b[1] & 0xff) == 0x02) {
                // 2002::/16 (6to4) embeds an IPv4 address the check above would not see.
                return Optional.of("6to4");
            }
            if (first == 0x00 && (b[1] & 0xff) == 0x64 && (b[2] & 0xff) == 0xff && (b[3] & 0xff) == 0x9b) {
                // 64:ff9b::/96 (NAT64) reaches any IPv4 address through a translator.
                return Optional.of("NAT64");
            }
            boolean v4Compatible = true;
            for (int i = 0; i < 12; i++) {
                v4Compatible &= b[i] == 0;
            }
            if (v4Compatible) {
                return Optional.of("IPv4-compatible");
            }
        }
        return Optional.empty();
    }
}
