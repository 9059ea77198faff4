CREATE TABLE scored_games (
    game_id      TEXT        PRIMARY KEY,
    game         TEXT        NOT NULL,
    players      TEXT[]      NOT NULL,
    last_version BIGINT      NOT NULL,
    finished     BOOLEAN     NOT NULL DEFAULT false,
    updated_at   TIMESTAMPTZ NOT NULL
);
