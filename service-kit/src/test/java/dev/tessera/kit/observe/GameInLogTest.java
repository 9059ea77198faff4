package dev.tessera.kit.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class GameInLogTest {
    @Test
    void a_request_about_a_game_names_it() {
        assertEquals("g-1", GameInLog.gameOf("/api/v1/games/g-1/moves"));
        assertEquals("g-1", GameInLog.gameOf("/api/v1/games/g-1"));
        assertEquals("g-2", GameInLog.gameOf("/api/v1/scoring/games/g-2"));
    }

    @Test
    void other_requests_name_no_game() {
        assertNull(GameInLog.gameOf("/api/v1/tables/t-1"));
        assertNull(GameInLog.gameOf("/api/v1/players/ana/games"));
        assertNull(GameInLog.gameOf("/api/v1/games/"));
        assertNull(GameInLog.gameOf("/api/v1/stats/alhambra"));
        assertNull(GameInLog.gameOf(null));
    }

    @Test
    void json_unless_a_person_watches_a_terminal() {
        assertEquals("true", new LogFormat(false).getValue(LogFormat.KEY));
        assertEquals("false", new LogFormat(true).getValue(LogFormat.KEY));
    }
}
