package dev.tessera.infra;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Lines as a service writes them (gateway 3.33.2, quarkus-logging-json), and as ./tessera logs shows them. */
class LogViewTest {
    @Test
    void a_record_is_one_line_of_text_with_its_context() {
        String line =
                "{\"timestamp\":\"2026-12-05T05:10:53.7Z\",\"loggerName\":\"dev.tessera.gateway.upstream.Forwarder\","
                        + "\"level\":\"WARN\",\"message\":\"POST /api/v1/games/g-1/moves on GAME failed: \\\"refused\\\"\","
                        + "\"threadName\":\"vert.x-eventloop-thread-1\",\"mdc\":{\"gameId\":\"g-1\"},\"processId\":24094,"
                        + "\"instance\":\"gateway.2\"}";
        assertEquals(
                "2026-12-05T05:10:53.7Z WARN  gateway.2 [d.t.g.u.Forwarder] POST /api/v1/games/g-1/moves on GAME failed:"
                        + " \"refused\" {gameId=g-1}",
                LogView.render(line));
    }

    @Test
    void an_exception_is_shown_with_its_causes_and_frames() {
        String line = "{\"timestamp\":\"2026-12-05T05:12:29.6Z\",\"loggerName\":\"io.quarkus.runtime.Application\","
                + "\"level\":\"ERROR\",\"message\":\"Failed to start application\",\"threadName\":\"main\",\"mdc\":{},"
                + "\"processId\":26891,\"exception\":{\"refId\":1,\"exceptionType\":\"java.lang.RuntimeException\","
                + "\"message\":\"Failed to start quarkus\",\"frames\":[{\"class\":\"io.quarkus.runner.ApplicationImpl\","
                + "\"method\":\"doStart\"},{\"class\":\"io.quarkus.runtime.Application\",\"method\":\"start\",\"line\":112}],"
                + "\"causedBy\":{\"exception\":{\"refId\":2,\"exceptionType\":\"java.net.ConnectException\","
                + "\"message\":\"Connection refused\",\"frames\":[]}}}}";
        String nl = System.lineSeparator();
        assertEquals(
                "2026-12-05T05:12:29.6Z ERROR ? [i.q.r.Application] Failed to start application" + nl
                        + "java.lang.RuntimeException: Failed to start quarkus" + nl
                        + "\tat io.quarkus.runner.ApplicationImpl.doStart" + nl
                        + "\tat io.quarkus.runtime.Application.start:112" + nl
                        + "Caused by: java.net.ConnectException: Connection refused",
                LogView.render(line));
    }

    @Test
    void other_lines_pass_as_they_are() {
        assertEquals("==> game-service.log <==", LogView.render("==> game-service.log <=="));
        assertEquals(
                "[2026-12-05 05:10:00,123] INFO [KafkaServer id=1] started",
                LogView.render("[2026-12-05 05:10:00,123] INFO [KafkaServer id=1] started"));
        assertEquals("{\"timestamp\": broken", LogView.render("{\"timestamp\": broken"));
    }
}
