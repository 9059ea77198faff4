-- Quick play: one entry per player, waiting (table_id null) or matched to the table it got.
-- A player who queues again after a match replaces their matched entry.
CREATE TABLE matchmaking_entries (
    player     TEXT        PRIMARY KEY,
    game       TEXT        NOT NULL,
    players    INT         NOT NULL,
    queued_at  TIMESTAMPTZ NOT NULL,
    table_id   TEXT,
    matched_at TIMESTAMPTZ
);
-- The lines: who waits for each game and player count, oldest first.
CREATE INDEX matchmaking_waiting ON matchmaking_entries (game, players, queued_at, player) WHERE table_id IS NULL;
