-- Tables every service that sources or exchanges events has (migrated before the service's own, V1+).

-- The event store: append-only, one stream per aggregate (a game, a table). (stream_id, version) is the
-- optimistic-concurrency guard: two appends at the same expected version cannot both commit.
CREATE TABLE events (
    stream_id      TEXT        NOT NULL,
    version        BIGINT      NOT NULL,
    event_id       UUID        NOT NULL UNIQUE,
    type           TEXT        NOT NULL,
    schema_version INT         NOT NULL,
    payload        JSONB       NOT NULL,
    metadata       JSONB       NOT NULL DEFAULT '{}',
    recorded_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (stream_id, version)
);

CREATE TABLE snapshots (
    stream_id  TEXT        PRIMARY KEY,
    version    BIGINT      NOT NULL,
    state      JSONB       NOT NULL,
    taken_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- The transactional outbox: written in the same transaction as the events, published by the relay.
-- slot = hash of the key, so relays on several instances each own whole keys and keep their order.
CREATE TABLE outbox (
    id           BIGSERIAL   PRIMARY KEY,
    topic        TEXT        NOT NULL,
    record_key   TEXT        NOT NULL,
    slot         SMALLINT    NOT NULL,
    payload      TEXT        NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    published_at TIMESTAMPTZ
);
CREATE INDEX outbox_pending ON outbox (slot, id) WHERE published_at IS NULL;

-- Idempotent consumption: an event id is recorded in the same transaction as its effect.
CREATE TABLE processed_events (
    consumer     TEXT        NOT NULL,
    event_id     TEXT        NOT NULL,
    processed_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, event_id)
);
