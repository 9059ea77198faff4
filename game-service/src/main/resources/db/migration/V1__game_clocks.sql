-- Turn clocks and bot seats (game-service's own tables, after the shared eventing ones of V0_1).
-- One row per game that has a deadline now or seats a bot has taken; written in the same transaction as
-- every append to the game's stream. stream_version is the version the row was computed at: a worker that
-- finds the stream at another version recomputes the row instead of acting on it.
--   phase turn:  player must move before deadline, else PlayerTimedOut
--   phase grace: player timed out; unless they move before deadline, a bot takes their seat (SeatTakenByBot)
--   phase bot:   a bot plays player's seat; deadline is when it became due (at once)
--   phase idle:  nobody to act (game over, waiting for another service); kept only for its bots
CREATE TABLE game_clocks (
    game_id        TEXT        PRIMARY KEY,
    player         TEXT,
    phase          TEXT        NOT NULL CHECK (phase IN ('turn', 'grace', 'bot', 'idle')),
    deadline       TIMESTAMPTZ,
    stream_version BIGINT      NOT NULL,
    bots           TEXT[]      NOT NULL DEFAULT '{}',
    updated_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX game_clocks_due ON game_clocks (deadline) WHERE deadline IS NOT NULL;
