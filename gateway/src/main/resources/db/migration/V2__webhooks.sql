-- Webhooks (webhooks package; ADR 0007). A subscription belongs to a player (or to the player an API key acts for).
CREATE TABLE webhook_subscriptions (
    id                UUID        PRIMARY KEY,
    owner             UUID        NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    url               TEXT        NOT NULL,
    events            TEXT[]      NOT NULL,
    -- The signing secret (whsec_...): shown to the owner once, kept to sign every delivery.
    secret            TEXT        NOT NULL,
    paused            BOOLEAN     NOT NULL DEFAULT false,
    -- Why it was paused: by its owner, or after a run of failed attempts (with the last error).
    paused_reason     TEXT,
    failures_in_a_row INT         NOT NULL DEFAULT 0,
    -- The first failed attempt since the last that succeeded (null when the last succeeded).
    failing_since     TIMESTAMPTZ,
    created_at        TIMESTAMPTZ NOT NULL
);
CREATE INDEX webhook_subscriptions_owner ON webhook_subscriptions (owner);

-- The games a subscriber plays in (from GameStarted to GameEnded), with what turn.started needs to know of their
-- turns: who the game last waited for, and whether a turn has ended since.
CREATE TABLE webhook_games (
    game_id    TEXT        PRIMARY KEY,
    game       TEXT        NOT NULL,
    players    TEXT[]      NOT NULL,
    last_actor TEXT,
    turn_ended BOOLEAN     NOT NULL DEFAULT false,
    started_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- The tables still being filled (TableOpened to TableStarted or closed): who sits at them, for table.joined.
CREATE TABLE webhook_tables (
    table_id TEXT   PRIMARY KEY,
    game     TEXT   NOT NULL,
    players  TEXT[] NOT NULL
);

-- One message to one subscription. Its id is the webhook-id every attempt sends, and its body is fixed when it is
-- made, so that a retry or a redelivery is the same message.
CREATE TABLE webhook_deliveries (
    id              TEXT        PRIMARY KEY,
    subscription_id UUID        NOT NULL REFERENCES webhook_subscriptions (id) ON DELETE CASCADE,
    event           TEXT        NOT NULL,
    body            TEXT        NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL,
    -- pending (to be attempted at next_attempt_at), delivered, or failed (given up).
    status          TEXT        NOT NULL,
    attempts        INT         NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMPTZ,
    -- After this, a failed attempt gives the delivery up (tessera.webhooks.retry-for after it was made or redelivered).
    give_up_at      TIMESTAMPTZ NOT NULL,
    finished_at     TIMESTAMPTZ
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_subscription ON webhook_deliveries (subscription_id, created_at DESC);

-- Every attempt of a delivery: what the receiver answered (or why nothing), and how long it took.
CREATE TABLE webhook_attempts (
    delivery_id TEXT        NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
    attempt     INT         NOT NULL,
    at          TIMESTAMPTZ NOT NULL,
    status_code INT,
    latency_ms  INT         NOT NULL,
    error       TEXT,
    PRIMARY KEY (delivery_id, attempt)
);
