-- Part of the players read model (PlayersReadModel.TABLES, truncated by a rebuild): the sandbox games seen, from
-- their GameStarted (sandbox: true). A sandbox game is never rated and appears in nobody's history, so it has no
-- row in player_games; this is how its GameEnded is recognised as a sandbox game's, rather than as the end of a
-- game whose GameStarted was never seen.
CREATE TABLE sandbox_games (
    game_id    TEXT        PRIMARY KEY,
    game       TEXT        NOT NULL,
    started_at TIMESTAMPTZ NOT NULL
);
