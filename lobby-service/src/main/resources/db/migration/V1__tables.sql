CREATE TABLE game_tables (
    id            TEXT        PRIMARY KEY,
    game          TEXT        NOT NULL,
    seats         INT         NOT NULL,
    host          TEXT        NOT NULL,
    players       TEXT[]      NOT NULL,
    options       JSONB       NOT NULL,
    status        TEXT        NOT NULL,
    game_id       TEXT,
    event_version BIGINT      NOT NULL,
    row_version   BIGINT      NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL,
    updated_at    TIMESTAMPTZ NOT NULL
);
CREATE INDEX game_tables_open ON game_tables (game, status);
