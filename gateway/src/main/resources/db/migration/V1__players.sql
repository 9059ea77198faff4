-- Registered players. The id is what every other service knows a player by; the name is for people.
CREATE TABLE players (
    id         UUID        PRIMARY KEY,
    name       TEXT        NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
-- "Ana" and "ana" would be indistinguishable at a table: names are unique regardless of case.
CREATE UNIQUE INDEX players_name_unique ON players (lower(name));

-- API keys for programs acting as a player. Only the SHA-256 of a key is kept, never the key.
CREATE TABLE api_keys (
    id         UUID        PRIMARY KEY,
    player_id  UUID        NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    key_hash   TEXT        NOT NULL UNIQUE,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX api_keys_player ON api_keys (player_id);
