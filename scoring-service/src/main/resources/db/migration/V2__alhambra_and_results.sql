-- Scoring events published per game: the version of the game's stream on scoring-events.
ALTER TABLE scored_games ADD COLUMN scoring_version BIGINT NOT NULL DEFAULT 0;

-- Every Alhambra building tile that has left the market, as the game's events describe it: in a
-- player's Alhambra (with its square), in their reserve, or with Dirk (owner '@dirk').
CREATE TABLE alhambra_tiles (
    id           TEXT    PRIMARY KEY,
    game_id      TEXT    NOT NULL,
    tile_id      INT     NOT NULL,
    owner        TEXT    NOT NULL,
    type         TEXT    NOT NULL,
    walls        TEXT    NOT NULL,
    in_alhambra  BOOLEAN NOT NULL,
    x            INT,
    y            INT
);
CREATE INDEX alhambra_tiles_game ON alhambra_tiles (game_id);

-- Points per player per scoring round. The primary key is what makes a round score once.
CREATE TABLE round_points (
    id      TEXT PRIMARY KEY,
    game_id TEXT NOT NULL,
    round   INT  NOT NULL,
    player  TEXT NOT NULL,
    points  INT  NOT NULL
);
CREATE INDEX round_points_game ON round_points (game_id);
