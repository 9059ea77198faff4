package dev.tessera.gateway.webhooks;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Where webhooks may go: the URL's form, and the addresses its host resolves to (server-side request forgery). */
class TargetsTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "127.0.0.1",
                "127.8.9.10",
                "::1", // loopback
                "10.0.0.1",
                "172.16.5.4",
                "172.31.255.255",
                "192.168.1.1", // private
                "169.254.169.254",
                "169.254.0.1",
                "fe80::1", // link-local, the cloud metadata service among them
                "fd00:ec2::254",
                "fc00::1", // unique local (AWS's IPv6 metadata address)
                "0.0.0.0",
                "::",
                "0.1.2.3", // unspecified, "this network"
                "100.64.0.1",
                "100.127.255.254", // carrier-grade NAT
                "224.0.0.1",
                "ff02::1", // multicast
                "240.0.0.1",
                "255.255.255.255", // reserved, broadcast
                "198.18.0.1",
                "192.0.0.8", // benchmarking, IETF assignments
                "::ffff:10.0.0.1",
                "::ffff:169.254.169.254", // IPv4-mapped
                "::10.0.0.1", // IPv4-compatible
                "64:ff9b::a00:1",
                "2002:a00:1::1" // NAT64, 6to4
            })
    void addresses_that_are_not_public_are_refused(String literal) throws Exception {
        InetAddress address = InetAddress.getByName(literal);
        assertTrue(Targets.refusedRange(address).isPresent(), literal + " must be refused");
        Targets.Target target = Targets.parse("https://receiver.example/hook", false);
        Targets.Refused refused =
                assertThrows(Targets.Refused.class, () -> Targets.check(target, List.of(address), false));
        assertEquals("url-refused-address", refused.rule());
    }

    @ParameterizedTest
    @ValueSource(strings = {"93.184.215.14", "8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "172.32.0.1", "100.128.0.1"})
    void public_addresses_are_allowed(String literal) throws Exception {
        InetAddress address = InetAddress.getByName(literal);
        assertEquals(java.util.Optional.empty(), Targets.refusedRange(address));
        Targets.Target target = Targets.parse("https://receiver.example/hook", false);
        assertDoesNotThrow(() -> Targets.check(target, List.of(address), false));
    }

    @Test
    void a_host_with_one_private_address_among_public_ones_is_refused_whole() throws Exception {
        // A resolver may hand out any of them next time (DNS rebinding with several records).
        Targets.Target target = Targets.parse("https://rebind.example/hook", false);
        Targets.Refused refused = assertThrows(
                Targets.Refused.class,
                () -> Targets.check(
                        target,
                        List.of(InetAddress.getByName("93.184.215.14"), InetAddress.getByName("169.254.169.254")),
                        false));
        assertEquals("url-refused-address", refused.rule());
        assertTrue(refused.getMessage().contains("169.254.169.254"), refused.getMessage());
    }

    @Test
    void loopback_is_allowed_only_in_local_development_and_http_only_to_loopback() throws Exception {
        InetAddress loopback = InetAddress.getByName("127.0.0.1");
        Targets.Target http = Targets.parse("http://localhost:9999/hook", true);
        assertDoesNotThrow(() -> Targets.check(http, List.of(loopback), true));
        assertEquals(
                "url-scheme",
                assertThrows(Targets.Refused.class, () -> Targets.parse("http://localhost:9999/hook", false))
                        .rule());
        Targets.Target https = Targets.parse("https://localhost/hook", false);
        assertEquals(
                "url-refused-address",
                assertThrows(Targets.Refused.class, () -> Targets.check(https, List.of(loopback), false))
                        .rule());
        // http to a public address is not local development.
        assertEquals(
                "url-scheme",
                assertThrows(
                                Targets.Refused.class,
                                () -> Targets.check(http, List.of(InetAddress.getByName("8.8.8.8")), true))
                        .rule());
    }

    @Test
    void the_url_must_be_absolute_https_without_credentials_and_short_enough() {
        assertEquals("url-missing", rule(null));
        assertEquals("url-missing", rule(" "));
        assertEquals("url-not-absolute", rule("/hooks"));
        assertEquals("url-not-absolute", rule("receiver.example/hook"));
        assertEquals("url-not-absolute", rule("https://exa mple.com/"));
        assertEquals("url-scheme", rule("ftp://receiver.example/hook"));
        assertEquals("url-scheme", rule("http://receiver.example/hook"));
        assertEquals("url-not-absolute", rule("file:///etc/passwd"));
        assertEquals("url-user-info", rule("https://user:secret@receiver.example/hook"));
        assertEquals("url-fragment", rule("https://receiver.example/hook#x"));
        assertEquals("url-too-long", rule("https://receiver.example/" + "a".repeat(Targets.MAX_URL)));
    }

    @Test
    void the_target_keeps_the_host_port_path_and_query() throws Exception {
        Targets.Target t = Targets.parse("https://Receiver.example:8443/hooks/tessera?token=a%20b", false);
        assertEquals("Receiver.example", t.host());
        assertEquals(8443, t.port());
        assertEquals("/hooks/tessera?token=a%20b", t.pathAndQuery());
        assertEquals(443, Targets.parse("https://receiver.example", false).port());
        assertEquals("/", Targets.parse("https://receiver.example", false).pathAndQuery());
        assertEquals("::1", Targets.parse("https://[::1]:8443/", false).host());
    }

    private static String rule(String url) {
        return assertThrows(Targets.Refused.class, () -> Targets.parse(url, false))
                .rule();
    }
}
