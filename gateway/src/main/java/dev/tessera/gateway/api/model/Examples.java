package dev.tessera.gateway.api.model;

/**
 * Example JSON for the API document: requests and answers as the services really write them (shortened where
 * a list is long). Players: ana 5b0f3c9e-…, bob c2d4e6f8-…; table 3f9a1c2e-…; game 9c1d0d3e-….
 */
public final class Examples {
    private Examples() {}

    // --- problems -------------------------------------------------------------------------------------

    public static final String PROBLEM_INVALID_FIELD = """
            {"type": "https://tessera.dev/problems/invalid-field", "title": "Invalid request field", "status": 400,
             "detail": "seats is required", "instance": "/api/v1/tables", "field": "seats"}""";

    public static final String PROBLEM_UNAUTHENTICATED = """
            {"type": "https://tessera.dev/problems/unauthenticated", "title": "Unauthenticated", "status": 401,
             "detail": "this needs a registered player: send Authorization: Bearer <token> (from POST /api/v1/players) or an X-Api-Key header",
             "instance": "/api/v1/tables"}""";

    public static final String PROBLEM_NOT_HOST = """
            {"type": "https://tessera.dev/problems/not-host", "title": "Forbidden", "status": 403,
             "detail": "only the host, 5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10, can start this table",
             "instance": "/api/v1/tables/3f9a1c2e-6b7d-4e8f-a0b1-c2d3e4f5a6b7/start", "rule": "not-host"}""";

    public static final String PROBLEM_NOT_FOUND = """
            {"type": "https://tessera.dev/problems/not-found", "title": "Not found", "status": 404,
             "detail": "no game with id 9c1d0d3e-2f0e-4e6b-a0f3-5a7c2b8d9e10",
             "instance": "/api/v1/games/9c1d0d3e-2f0e-4e6b-a0f3-5a7c2b8d9e10"}""";

    public static final String PROBLEM_TABLE_FULL = """
            {"type": "https://tessera.dev/problems/table-full", "title": "Conflict with the current state", "status": 409,
             "detail": "all 3 seats are taken", "instance": "/api/v1/tables/3f9a1c2e-6b7d-4e8f-a0b1-c2d3e4f5a6b7/join",
             "rule": "table-full"}""";

    public static final String PROBLEM_NAME_TAKEN = """
            {"type": "https://tessera.dev/problems/name-taken", "title": "Conflict with the current state", "status": 409,
             "detail": "the name 'ana' is taken; choose another", "instance": "/api/v1/players", "rule": "name-taken"}""";

    public static final String PROBLEM_VERSION_CONFLICT = """
            {"type": "https://tessera.dev/problems/version-conflict", "title": "Version conflict", "status": 409,
             "detail": "the stream moved on: reload and retry with the current version",
             "instance": "/api/v1/games/9c1d0d3e-2f0e-4e6b-a0f3-5a7c2b8d9e10/moves",
             "rule": "version-conflict", "expectedVersion": 7, "currentVersion": 9}""";

    public static final String PROBLEM_PAYLOAD_TOO_LARGE = """
            {"type": "https://tessera.dev/problems/payload-too-large", "title": "Payload too large", "status": 413,
             "detail": "the request body is larger than 65536 bytes", "instance": "/api/v1/tables", "maxBytes": 65536}""";

    public static final String PROBLEM_ILLEGAL_MOVE = """
            {"type": "https://tessera.dev/problems/illegal-move", "title": "Illegal move", "status": 422,
             "detail": "It is c2d4e6f8-1a3b-4c5d-8e9f-0a1b2c3d4e5f's turn.",
             "instance": "/api/v1/games/9c1d0d3e-2f0e-4e6b-a0f3-5a7c2b8d9e10/moves", "rule": "not-your-turn"}""";

    public static final String PROBLEM_RATE_LIMITED = """
            {"type": "https://tessera.dev/problems/rate-limited", "title": "Too many requests", "status": 429,
             "detail": "more than 50 requests a second (or 100 at once) from this caller; retry in 1 second",
             "instance": "/api/v1/players/me", "retryAfter": 1}""";

    public static final String PROBLEM_SERVICE_UNAVAILABLE = """
            {"type": "https://tessera.dev/problems/service-unavailable", "title": "Service unavailable", "status": 503,
             "detail": "the game service did not answer; retry shortly",
             "instance": "/api/v1/games/9c1d0d3e-2f0e-4e6b-a0f3-5a7c2b8d9e10"}""";

    // --- players --------------------------------------------------------------------------------------

    public static final String SIGN_UP = """
            {"name": "ana"}""";

    public static final String SIGNED_UP = """
            {"id": "5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10", "name": "ana",
             "token": "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.eyJzdWIiOiI1YjBmM2M5ZS04YTFkLTRlNTItOWQwYi0yZjZjMWE3ZTRiMTAifQ.c2lnbmF0dXJl",
             "expiresAt": "2026-06-08T10:15:30Z"}""";

    public static final String PLAYER = """
            {"id": "5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10", "name": "ana"}""";

    public static final String PLAYER_NAMES = """
            [{"id": "5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10", "name": "ana"},
             {"id": "c2d4e6f8-1a3b-4c5d-8e9f-0a1b2c3d4e5f", "name": "bob"}]""";

    public static final String TOKEN = """
            {"token": "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.eyJzdWIiOiI1YjBmM2M5ZS04YTFkLTRlNTItOWQwYi0yZjZjMWE3ZTRiMTAifQ.c2lnbmF0dXJl",
             "expiresAt": "2026-06-08T10:15:30Z"}""";

    public static final String NEW_API_KEY = """
            {"id": "0d6f1b2a-9c8e-4f7d-b6a5-4e3d2c1b0a98", "key": "tsk_q3Jk9vXz0bY8c1Lm2Nn3Oo4Pp5Qq6Rr7Ss8Tt9Uu0V",
             "createdAt": "2026-06-01T10:15:30.123Z"}""";

    public static final String API_KEYS = """
            [{"id": "0d6f1b2a-9c8e-4f7d-b6a5-4e3d2c1b0a98", "createdAt": "2026-06-01T10:15:30.123Z"}]""";

    public static final String PROFILE = """
            {"id": "5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10", "name": "ana", "gamesPlayed": 3, "gamesFinished": 2, "abandoned": 1,
             "ratings": [{"game": "alhambra", "rating": 1516, "games": 2, "wins": 1, "abandoned": 1}]}""";

    public static final String PLAYED_GAMES = """
            [{"gameId": "9c1d0d3e-2f0e-4e6b-a0f3-5a7c2b8d9e10", "tableId": "3f9a1c2e-6b7d-4e8f-a0b1-c2d3e4f5a6b7",
              "game": "alhambra", "players": ["5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10", "c2d4e6f8-1a3b-4c5d-8e9f-0a1b2c3d4e5f"],
              "status": "finished", "startedAt": "2026-06-01T10:15:30Z", "endedAt": "2026-06-01T11:02:11Z",
              "rank": 1, "score": 112, "abandoned": false, "ratingBefore": 1500, "ratingAfter": 1516}]""";

    public static final String LEADERBOARD = """
            {"game": "carrara", "entries": [
              {"rank": 1, "player": "5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10", "name": "ana", "rating": 1540, "games": 4},
              {"rank": 2, "player": "c2d4e6f8-1a3b-4c5d-8e9f-0a1b2c3d4e5f", "name": "bob", "rating": 1490, "games": 1}]}""";

    // --- tables and matchmaking -----------------------------------------------------------------------

    public static final String OPEN_TABLE = """
            {"game": "alhambra", "seats": 3}""";

    public static final String OPEN_TABLE_REALTIME = """
            {"game": "carrara", "seats": 2, "options": {"clock": "realtime", "turnSeconds": "60"}}""";

    public static final String OPEN_TABLE_CARRARA_EXPANSION = """
            {"game": "carrara", "seats": 3, "options": {"expansion": "true"}}""";

    public static final String TABLE_OPEN_CARRARA_EXPANSION = """
            {"id": "3f9a1c2e-6b7d-4e8f-a0b1-c2d3e4f5a6b7", "game": "carrara", "seats": 3,
             "host": "5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10", "players": ["5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10"],
             "options": {"clock": "turn-based", "expansion": "true", "moveHours": "72"}, "status": "open", "gameId": null}""";

    public static final String TABLE_OPEN = """
            {"id": "3f9a1c2e-6b7d-4e8f-a0b1-c2d3e4f5a6b7", "game": "alhambra", "seats": 3,
             "host": "5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10", "players": ["5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10"],
             "options": {"clock": "turn-based", "moveHours": "72"}, "status": "open", "gameId": null}""";

    public static final String TABLE_PLAYING = """
            {"id": "3f9a1c2e-6b7d-4e8f-a0b1-c2d3e4f5a6b7", "game": "alhambra", "seats": 2,
             "host": "5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10",
             "players": ["5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10", "c2d4e6f8-1a3b-4c5d-8e9f-0a1b2c3d4e5f"],
             "options": {"clock": "turn-based", "moveHours": "72"}, "status": "playing",
             "gameId": "9c1d0d3e-2f0e-4e6b-a0f3-5a7c2b8d9e10"}""";

    public static final String TABLES = "[" + TABLE_PLAYING + "]";

    public static final String QUEUE = """
            {"game": "alhambra", "players": 3}""";

    public static final String QUEUE_CARRARA_EXPANSION = """
            {"game": "carrara", "players": 3, "options": {"expansion": "true"}}""";

    public static final String QUEUED = """
            {"status": "queued", "game": "alhambra", "players": 3, "options": {"clock": "turn-based", "moveHours": "72"},
             "queuedAt": "2026-06-01T10:15:30.123Z", "position": 1, "waiting": 2}""";

    public static final String QUEUED_CARRARA_EXPANSION = """
            {"status": "queued", "game": "carrara", "players": 3,
             "options": {"clock": "turn-based", "expansion": "true", "moveHours": "72"},
             "queuedAt": "2026-06-01T10:15:30.123Z", "position": 2, "waiting": 2}""";

    public static final String MATCHED = """
            {"status": "matched", "game": "alhambra", "players": 3, "options": {"clock": "turn-based", "moveHours": "72"},
             "queuedAt": "2026-06-01T10:15:30.123Z", "tableId": "3f9a1c2e-6b7d-4e8f-a0b1-c2d3e4f5a6b7",
             "matchedAt": "2026-06-01T10:16:02.456Z"}""";

    public static final String NOT_QUEUED = """
            {"status": "not-queued"}""";

    // --- moves ----------------------------------------------------------------------------------------

    public static final String MOVE_ALHAMBRA = """
            {"type": "buy-tile", "tile": 7, "cards": [33]}""";
    public static final String MOVE_CARRARA = """
            {"type": "build", "building": "Palazzo", "cost": 3, "city": "Pisa", "stones": ["white", "yellow", "yellow"]}""";
    public static final String MOVE_CARRARA_RENOVATE = """
            {"type": "renovate", "building": "Palazzo", "cost": 4, "replaces": {"building": "Porta", "cost": 2},
             "stones": ["white", "yellow"]}""";
    public static final String MOVE_BUILDERS = """
            {"type": "send-worker", "worker": 7, "building": 12}""";

    public static final String MOVE_REQUEST_ALHAMBRA_TAKE_MONEY = """
            {"expectedVersion": 7, "move": {"type": "take-money", "cards": [3, 88]}}""";
    public static final String MOVE_REQUEST_ALHAMBRA_BUY_TILE = """
            {"expectedVersion": 7, "move": {"type": "buy-tile", "tile": 7, "cards": [33]}}""";
    public static final String MOVE_REQUEST_ALHAMBRA_PLACE_TILE = """
            {"expectedVersion": 9, "move": {"type": "place-tile", "tile": 7, "x": -1, "y": 0}}""";
    public static final String MOVE_REQUEST_CARRARA = """
            {"expectedVersion": 14, "move": {"type": "build", "building": "Palazzo", "cost": 3, "city": "Pisa",
             "stones": ["white", "yellow", "yellow"]}}""";
    public static final String UNDO_REQUEST = """
            {"expectedVersion": 9}""";
    public static final String UNDO_RESULT = """
            {"gameId": "9c1d0d3e-2f0e-4e6b-a0f3-5a7c2b8d9e10", "version": 10, "events": [
              {"specversion": "1.0", "id": "6d7e8f90-a1b2-4c3d-8e4f-5a6b7c8d9e0f", "source": "/tessera/game-service",
               "type": "tessera.game.MovesTakenBack", "subject": "9c1d0d3e-2f0e-4e6b-a0f3-5a7c2b8d9e10",
               "time": "2026-06-01T10:21:07.500Z", "datacontenttype": "application/json",
               "dataschema": "https://tessera.dev/schemas/events/tessera.game.MovesTakenBack/v1.json", "streamversion": 10,
               "data": {"gameId": "9c1d0d3e-2f0e-4e6b-a0f3-5a7c2b8d9e10", "player": "5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10",
                        "toVersion": 7, "moves": 2},
               "toact": "5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10", "deadline": "2026-06-04T10:21:07.500Z"}],
             "toAct": "5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10",
             "legalMoves": [{"type": "take-coins", "actionPoints": 1}, {"type": "end-turn"}]}""";
    public static final String PROBLEM_INFORMATION_REVEALED = """
            {"type": "https://tessera.dev/problems/illegal-move", "title": "Illegal move", "status": 422,
             "detail": "your last move showed something that was hidden or random, so it cannot be taken back",
             "instance": "/api/v1/games/9c1d0d3e-2f0e-4e6b-a0f3-5a7c2b8d9e10/undo", "rule": "information-revealed"}""";
    public static final String FORK_REQUEST = """
            {"at": 5}""";
    public static final String MOVE_REQUEST_BUILDERS = """
            {"expectedVersion": 5, "move": {"type": "send-worker", "worker": 7, "building": 12}}""";

    public static final String LEGAL_MOVES_ALHAMBRA = """
            {"version": 7, "moves": [
              {"type": "take-money", "cards": [3]}, {"type": "take-money", "cards": [40]}, {"type": "take-money", "cards": [3, 88]},
              {"type": "buy-tile", "tile": 7, "cards": [33]}, {"type": "redesign-remove", "tile": 12}],
             "toAct": "5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10", "undo": false, "revealing": []}""";
    public static final String LEGAL_MOVES_CARRARA = """
            {"version": 14, "moves": [
              {"type": "rotate-wheel"},
              {"type": "build", "building": "Palazzo", "cost": 3, "city": "Pisa", "stones": ["white", "yellow", "yellow"]},
              {"type": "value-type", "building": "Villa"}, {"type": "value-city", "city": "Lerici"}],
             "toAct": "5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10", "undo": false, "revealing": [0]}""";
    public static final String LEGAL_MOVES_BUILDERS = """
            {"version": 5, "moves": [
              {"type": "start-construction", "building": 12}, {"type": "recruit-worker", "worker": 7},
              {"type": "send-worker", "worker": 7, "building": 12}, {"type": "take-coins", "actionPoints": 3},
              {"type": "buy-action-point"}, {"type": "end-turn"}],
             "toAct": "5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10", "undo": true, "revealing": [0, 1]}""";
    public static final String LEGAL_MOVES_NONE = """
            {"version": 7, "moves": [], "toAct": "c2d4e6f8-1a3b-4c5d-8e9f-0a1b2c3d4e5f", "undo": false, "revealing": []}""";

    public static final String MOVE_RESULT = """
            {"gameId": "9c1d0d3e-2f0e-4e6b-a0f3-5a7c2b8d9e10", "version": 8, "events": [
              {"specversion": "1.0", "id": "1b2c3d4e-5f60-4718-89a0-b1c2d3e4f506", "source": "/tessera/game-service",
               "type": "tessera.alhambra.MoneyTaken", "subject": "9c1d0d3e-2f0e-4e6b-a0f3-5a7c2b8d9e10",
               "time": "2026-06-01T10:20:01.234Z", "datacontenttype": "application/json",
               "dataschema": "https://tessera.dev/schemas/events/tessera.alhambra.MoneyTaken/v1.json", "streamversion": 8,
               "data": {"player": "5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10",
                        "cards": [{"id": 3, "currency": "yellow", "value": 2}, {"id": 88, "currency": "orange", "value": 3}],
                        "total": 5},
               "movedby": "5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10", "move": "{\\"type\\":\\"take-money\\",\\"cards\\":[3,88]}",
               "toact": "c2d4e6f8-1a3b-4c5d-8e9f-0a1b2c3d4e5f", "deadline": "2026-06-04T10:20:01.234Z"}],
             "toAct": "c2d4e6f8-1a3b-4c5d-8e9f-0a1b2c3d4e5f", "legalMoves": null}""";

    // --- events ---------------------------------------------------------------------------------------

    public static final String EVENT_GAME_STARTED = """
            {"specversion": "1.0", "id": "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", "source": "/tessera/game-service",
             "type": "tessera.game.GameStarted", "subject": "9c1d0d3e-2f0e-4e6b-a0f3-5a7c2b8d9e10",
             "time": "2026-06-01T10:15:31.002Z", "datacontenttype": "application/json",
             "dataschema": "https://tessera.dev/schemas/events/tessera.game.GameStarted/v3.json", "streamversion": 1,
             "data": {"gameId": "9c1d0d3e-2f0e-4e6b-a0f3-5a7c2b8d9e10", "tableId": "3f9a1c2e-6b7d-4e8f-a0b1-c2d3e4f5a6b7",
                      "game": "alhambra", "players": ["5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10", "c2d4e6f8-1a3b-4c5d-8e9f-0a1b2c3d4e5f"],
                      "options": {"clock": "turn-based", "moveHours": "72"}, "initialState": {"phase": "action"},
                      "sandbox": false, "fork": null,
                      "commitment": "9ec10b62df38c51326b34bbc7cc8872f5f560ce25f584745055465a7100cff58"}}""";

    public static final String EVENT_GAME_ENDED = """
            {"specversion": "1.0", "id": "6f5e4d3c-2b1a-4098-8765-43210fedcba9", "source": "/tessera/game-service",
             "type": "tessera.game.GameEnded", "subject": "9c1d0d3e-2f0e-4e6b-a0f3-5a7c2b8d9e10",
             "time": "2026-06-01T11:02:11.500Z", "datacontenttype": "application/json",
             "dataschema": "https://tessera.dev/schemas/events/tessera.game.GameEnded/v1.json", "streamversion": 412,
             "data": {"gameId": "9c1d0d3e-2f0e-4e6b-a0f3-5a7c2b8d9e10", "standings": [
                        {"player": "5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10", "score": 112, "rank": 1},
                        {"player": "c2d4e6f8-1a3b-4c5d-8e9f-0a1b2c3d4e5f", "score": 97, "rank": 2}]}}""";

    public static final String EVENTS = "[" + EVENT_GAME_STARTED + "]";

    public static final String HISTORY = """
            [{"version": 1, "type": "tessera.game.GameStarted", "actor": null, "actorName": null,
              "at": "2026-06-01T10:15:31.002Z", "text": "game started"},
             {"version": 2, "type": "tessera.alhambra.MoneyTaken", "actor": "5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10",
              "actorName": "ana", "at": "2026-06-01T10:20:01.234Z", "text": "ana took yellow 2"}]""";

    public static final String TABLE_CHANGES = """
            content-type: application/json
            event: tessera.lobby.PlayerSeated
            data: {"tableId":"3f9a1c2e-6b7d-4e8f-a0b1-c2d3e4f5a6b7","type":"tessera.lobby.PlayerSeated","gameId":null,"players":null}

            content-type: application/json
            event: tessera.lobby.TableStarted
            data: {"tableId":"3f9a1c2e-6b7d-4e8f-a0b1-c2d3e4f5a6b7","type":"tessera.lobby.TableStarted","gameId":null,"players":["5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10","c2d4e6f8-1a3b-4c5d-8e9f-0a1b2c3d4e5f"]}

            content-type: application/json
            event: tessera.lobby.PlayBegan
            data: {"tableId":"3f9a1c2e-6b7d-4e8f-a0b1-c2d3e4f5a6b7","type":"tessera.lobby.PlayBegan","gameId":"9c1d0d3e-2f0e-4e6b-a0f3-5a7c2b8d9e10","players":null}

            """;

    public static final String LIVE_FEED = """
            content-type: application/json
            id: 1
            event: tessera.game.GameStarted
            data: {"specversion":"1.0","id":"0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d","source":"/tessera/game-service","type":"tessera.game.GameStarted","subject":"9c1d0d3e-2f0e-4e6b-a0f3-5a7c2b8d9e10","time":"2026-06-01T10:15:31.002Z","datacontenttype":"application/json","dataschema":"https://tessera.dev/schemas/events/tessera.game.GameStarted/v3.json","streamversion":1,"data":{"gameId":"9c1d0d3e-2f0e-4e6b-a0f3-5a7c2b8d9e10","tableId":"3f9a1c2e-6b7d-4e8f-a0b1-c2d3e4f5a6b7","game":"alhambra","players":["5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10","c2d4e6f8-1a3b-4c5d-8e9f-0a1b2c3d4e5f"],"options":{"clock":"turn-based","moveHours":"72"},"initialState":{"phase":"action"},"sandbox":false,"fork":null,"commitment":"9ec10b62df38c51326b34bbc7cc8872f5f560ce25f584745055465a7100cff58"}}

            content-type: application/json
            id: 2
            event: tessera.alhambra.MoneyTaken
            data: {"specversion":"1.0","id":"1b2c3d4e-5f60-4718-89a0-b1c2d3e4f506","source":"/tessera/game-service","type":"tessera.alhambra.MoneyTaken","subject":"9c1d0d3e-2f0e-4e6b-a0f3-5a7c2b8d9e10","time":"2026-06-01T10:20:01.234Z","datacontenttype":"application/json","dataschema":"https://tessera.dev/schemas/events/tessera.alhambra.MoneyTaken/v1.json","streamversion":2,"data":{"player":"5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10","cards":[{"id":3,"currency":"yellow","value":2}],"total":2},"movedby":"5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10","move":"{\\"type\\":\\"take-money\\",\\"cards\\":[3]}"}

            """;

    // --- game views -----------------------------------------------------------------------------------

    public static final String VIEW_ALHAMBRA = """
            {"gameId": "9c1d0d3e-2f0e-4e6b-a0f3-5a7c2b8d9e10", "tableId": "3f9a1c2e-6b7d-4e8f-a0b1-c2d3e4f5a6b7",
             "game": "alhambra", "players": ["5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10", "c2d4e6f8-1a3b-4c5d-8e9f-0a1b2c3d4e5f"],
             "version": 7, "over": false, "bots": [],
             "clock": {"player": "5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10", "phase": "turn", "deadline": "2026-06-04T10:20:01.234Z"},
             "toAct": "5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10",
             "sandbox": false, "fork": null,
             "state": {
               "players": [
                 {"id": "5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10", "hand": [{"card": "money", "id": 21, "currency": "yellow", "value": 8},
                   {"card": "money", "id": 33, "currency": "green", "value": 3}, {"card": "money", "id": 66, "currency": "blue", "value": 5}], "handSize": 3,
                  "money": [{"currency": "yellow", "cards": 1, "total": 8}, {"currency": "green", "cards": 1, "total": 3},
                            {"currency": "blue", "cards": 1, "total": 5}, {"currency": "orange", "cards": 0, "total": 0}],
                  "alhambra": [{"x": 1, "y": 0, "tile": {"id": 12, "type": "pavilion", "cost": 8, "walls": ""}}],
                  "reserve": [], "pending": [], "roundPoints": [0, 0, 0], "score": 0},
                 {"id": "c2d4e6f8-1a3b-4c5d-8e9f-0a1b2c3d4e5f", "hand": null, "handSize": 4,
                  "money": [{"currency": "yellow", "cards": 2, "total": 11}, {"currency": "green", "cards": 0, "total": 0},
                            {"currency": "blue", "cards": 1, "total": 6}, {"currency": "orange", "cards": 1, "total": 4}],
                  "alhambra": [], "reserve": [], "pending": [], "roundPoints": [0, 0, 0], "score": 0}],
               "currentPlayer": "5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10", "phase": "action", "extraAction": false,
               "waitingFor": ["5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10"],
               "market": [{"currency": "yellow", "tile": {"id": 30, "type": "chambers", "cost": 6, "walls": "ES"}},
                          {"currency": "green", "tile": {"id": 7, "type": "pavilion", "cost": 3, "walls": "SW"}},
                          {"currency": "blue", "tile": {"id": 41, "type": "garden", "cost": 8, "walls": "NE"}},
                          {"currency": "orange", "tile": {"id": 19, "type": "seraglio", "cost": 9, "walls": ""}}],
               "moneyDisplay": [{"card": "money", "id": 3, "currency": "yellow", "value": 2}, {"card": "money", "id": 40, "currency": "green", "value": 5},
                                {"card": "money", "id": 88, "currency": "orange", "value": 3}, {"card": "money", "id": 60, "currency": "blue", "value": 3}],
               "deckSize": 58, "discardSize": 0, "supplySize": 38,
               "dirk": [{"id": 25, "type": "arcades", "cost": 8, "walls": "N"}], "unclaimed": [], "scoringRound": 0}}""";

    public static final String VIEW_CARRARA = """
            {"gameId": "9c1d0d3e-2f0e-4e6b-a0f3-5a7c2b8d9e10", "tableId": "3f9a1c2e-6b7d-4e8f-a0b1-c2d3e4f5a6b7",
             "game": "carrara", "players": ["5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10", "c2d4e6f8-1a3b-4c5d-8e9f-0a1b2c3d4e5f"],
             "version": 14, "over": false, "bots": [],
             "clock": {"player": "5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10", "phase": "turn", "deadline": "2026-06-04T10:20:01.234Z"},
             "toAct": "5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10",
             "sandbox": false, "fork": null,
             "state": {
               "phase": "ACTION", "current": "5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10",
               "wheel": [{"white": 1, "yellow": 0, "red": 1, "green": 0, "blue": 0, "black": 0},
                         {"white": 0, "yellow": 2, "red": 0, "green": 0, "blue": 0, "black": 1}],
               "bag": 61,
               "display": [{"building": "Palazzo", "cost": 3, "category": "city", "object": "crown"},
                           {"building": "Villa", "cost": 2, "category": "land", "object": "flag"}],
               "pile": 24, "supply": {"book": 5, "coat-of-arms": 5, "crown": 4, "cup": 5, "flag": 5, "gate": 5},
               "market": ["book", "cup"], "citiesValued": {}, "declaredBy": null, "endTriggered": false, "pending": null,
               "players": [
                 {"name": "5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10", "coins": 12, "vp": 0,
                  "stones": {"white": 2, "yellow": 1, "red": 0, "green": 0, "blue": 0, "black": 0},
                  "buildings": [{"type": "Palazzo", "cost": 3, "city": "Pisa"}], "objects": {"crown": 1},
                  "typesValued": [], "valuationMarkersLeft": 6},
                 {"name": "c2d4e6f8-1a3b-4c5d-8e9f-0a1b2c3d4e5f", "coins": null, "vp": 0,
                  "stones": {"white": 1, "yellow": 0, "red": 2, "green": 0, "blue": 0, "black": 0},
                  "buildings": [], "objects": {}, "typesValued": [], "valuationMarkersLeft": 6}],
               "prices": [{"white": 6, "yellow": 5, "red": 4, "green": 3, "blue": 2, "black": 1},
                          {"white": 5, "yellow": 4, "red": 3, "green": 2, "blue": 1, "black": 0},
                          {"white": 4, "yellow": 3, "red": 2, "green": 1, "blue": 0, "black": 0},
                          {"white": 3, "yellow": 2, "red": 1, "green": 0, "blue": 0, "black": 0},
                          {"white": 2, "yellow": 1, "red": 0, "green": 0, "blue": 0, "black": 0},
                          {"white": 1, "yellow": 0, "red": 0, "green": 0, "blue": 0, "black": 0}]}}""";

    public static final String VIEW_BUILDERS = """
            {"gameId": "9c1d0d3e-2f0e-4e6b-a0f3-5a7c2b8d9e10", "tableId": "3f9a1c2e-6b7d-4e8f-a0b1-c2d3e4f5a6b7",
             "game": "builders", "players": ["5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10", "c2d4e6f8-1a3b-4c5d-8e9f-0a1b2c3d4e5f"],
             "version": 5, "over": false, "bots": [],
             "clock": {"player": "5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10", "phase": "turn", "deadline": "2026-06-04T10:20:01.234Z"},
             "toAct": "5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10",
             "sandbox": false, "fork": null,
             "state": {
               "players": [
                 {"name": "5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10", "coins": 10, "buildingVictoryPoints": 0,
                  "freeWorkers": [{"id": 7, "type": "APPRENTICE", "supplies": {"stone": 1, "wood": 0, "knowledge": 0, "tile": 1}}],
                  "freeMachines": [],
                  "sites": [{"building": {"id": 12, "name": "Church", "requires": {"stone": 4, "wood": 0, "knowledge": 2, "tile": 4},
                                          "victoryPoints": 5, "coins": 18, "supplies": null},
                             "workers": [], "machines": [], "supplied": {"stone": 0, "wood": 0, "knowledge": 0, "tile": 0}}],
                  "completed": []},
                 {"name": "c2d4e6f8-1a3b-4c5d-8e9f-0a1b2c3d4e5f", "coins": 10, "buildingVictoryPoints": 0,
                  "freeWorkers": [], "freeMachines": [], "sites": [], "completed": []}],
               "buildingDisplay": [{"id": 2, "name": "Wooden Shack", "requires": {"stone": 0, "wood": 1, "knowledge": 1, "tile": 0},
                                    "victoryPoints": 0, "coins": 8, "supplies": null}],
               "buildingDeckTop": {"id": 13, "name": "Inn", "requires": {"stone": 2, "wood": 1, "knowledge": 1, "tile": 2},
                                   "victoryPoints": 3, "coins": 12, "supplies": null},
               "buildingDeckSize": 28,
               "workerDisplay": [{"id": 15, "type": "CRAFTSMAN", "supplies": {"stone": 2, "wood": 1, "knowledge": 0, "tile": 1}}],
               "workerDeckTop": {"id": 30, "type": "MASTER", "supplies": {"stone": 2, "wood": 2, "knowledge": 1, "tile": 1}},
               "workerDeckSize": 34, "currentPlayer": "5b0f3c9e-8a1d-4e52-9d0b-2f6c1a7e4b10", "round": 1, "actionPoints": 2,
               "sentThisTurn": {}, "endTriggeredBy": null, "finished": false,
               "wages": {"APPRENTICE": 2, "LABOURER": 3, "CRAFTSMAN": 4, "MASTER": 5}}}""";

    // --- calculators ----------------------------------------------------------------------------------

    public static final String ALHAMBRA_SCORING_REQUEST = """
            {"round": 1,
             "players": [{"id": "A", "alhambra": [{"x": 1, "y": 0, "type": "tower", "walls": "NE"}]},
                         {"id": "B", "buildings": {"pavilion": 2, "tower": 1}, "wall": 5}]}""";
    public static final String ALHAMBRA_SCORING_RESULT = """
            {"round": 1, "scores": [
              {"player": "A", "byType": {"tower": 3}, "buildings": 3, "wall": 2, "total": 5},
              {"player": "B", "byType": {"pavilion": 1, "tower": 3}, "buildings": 4, "wall": 5, "total": 9}]}""";
    public static final String ALHAMBRA_WALL_REQUEST = """
            {"alhambra": [{"x": 0, "y": 1, "walls": "ESW"}]}""";
    public static final String ALHAMBRA_WALL_RESULT = """
            {"longestWall": 3}""";
    public static final String ALHAMBRA_PLACEMENT_REQUEST = """
            {"alhambra": [{"x": 1, "y": 0, "walls": "E"}], "action": "place", "at": {"x": 2, "y": 0}, "tile": {"walls": "W"}}""";
    public static final String ALHAMBRA_PLACEMENT_RESULT = """
            {"legal": false, "rule": "unreachable"}""";
    public static final String BUILDERS_FINAL_REQUEST = """
            {"players": [{"id": "A", "buildingVp": 17, "coins": 25}, {"id": "C", "buildingVp": 18, "coins": 12}]}""";
    public static final String BUILDERS_FINAL_RESULT = """
            {"standings": [{"player": "C", "total": 19, "rank": 1}, {"player": "A", "total": 19, "rank": 2}]}""";
    public static final String CARRARA_VALUATION_REQUEST = """
            {"kind": "type", "target": "Palazzo", "buildings": [
               {"city": "Livorno", "type": "Palazzo", "cost": 3}, {"city": "Pisa", "type": "Palazzo", "cost": 3},
               {"city": "Viareggio", "type": "Palazzo", "cost": 1}]}""";
    public static final String CARRARA_VALUATION_REQUEST_CATEGORY = """
            {"kind": "category", "target": "land", "buildings": [
               {"city": "Massa", "type": "Villa", "cost": 8, "bonus": 1}, {"city": "Pisa", "type": "Castello", "cost": 2},
               {"city": "Pisa", "type": "Palazzo", "cost": 4}]}""";
    public static final String CARRARA_VALUATION_RESULT = """
            {"vp": 9, "coins": 11, "objects": 3}""";
    public static final String CREATE_WEBHOOK = """
            {"url": "https://bot.example.com/tessera/webhooks", "events": ["turn.started", "game.ended"]}""";

    public static final String NEW_WEBHOOK = """
            {"id": "3f9a7c1e-2b4d-4e8f-9a0b-1c2d3e4f5a6b", "url": "https://bot.example.com/tessera/webhooks",
             "events": ["turn.started", "game.ended"], "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw6yZk9X0UG2E=",
             "createdAt": "2026-06-01T10:15:30.123Z"}""";

    public static final String WEBHOOK_SECRET = """
            {"secret": "whsec_q3Zp0c8xJm5VtR1yK7bN2wE9uHs4aLdF6gTiXoPe0Ck=",
             "previousSecretExpiresAt": "2026-06-02T11:00:00.000Z"}""";

    public static final String WEBHOOK = """
            {"id": "3f9a7c1e-2b4d-4e8f-9a0b-1c2d3e4f5a6b", "url": "https://bot.example.com/tessera/webhooks",
             "events": ["turn.started", "game.ended"], "paused": false, "pausedReason": null, "failuresInARow": 0,
             "createdAt": "2026-06-01T10:15:30.123Z"}""";

    public static final String WEBHOOK_DELIVERY = """
            {"id": "msg_6f1c0b9e2d4a4c8f9e0d1b2a3c4d5e6f", "event": "turn.started", "status": "delivered",
             "createdAt": "2026-06-01T10:20:01.240Z", "nextAttemptAt": null, "finishedAt": "2026-06-01T10:20:01.305Z",
             "attempts": [{"attempt": 1, "at": "2026-06-01T10:20:01.305Z", "statusCode": 204, "latencyMs": 61, "error": null}]}""";

    public static final String PROBLEM_WEBHOOK_ADDRESS = """
            {"type": "https://tessera.dev/problems/invalid-field", "title": "Invalid request field", "status": 400,
             "detail": "the url's host metadata.internal resolves to 169.254.169.254, a link-local (cloud metadata) address: webhooks go to public addresses only",
             "instance": "/api/v1/webhooks", "field": "url", "rule": "url-refused-address"}""";
}
