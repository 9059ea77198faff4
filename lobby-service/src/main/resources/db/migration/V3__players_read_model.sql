-- The players read model, built only from game-events by the consumer 'lobby.players' and rebuildable
-- from them: truncate these three tables, delete processed_events of 'lobby.players', replay game-events
-- (dev.tessera.lobby.players.PlayersReadModel.TABLES lists them).

-- Every game seen: from GameStarted (playing) to GameEnded (finished, at the GameEnded event's time).
CREATE TABLE player_games (
    game_id    TEXT        PRIMARY KEY,
    table_id   TEXT,
    game       TEXT        NOT NULL,
    started_at TIMESTAMPTZ NOT NULL,
    ended_at   TIMESTAMPTZ,
    status     TEXT        NOT NULL
);
-- Ratings are applied per title in (ended_at, game_id) order.
CREATE INDEX player_games_rating_order ON player_games (game, ended_at, game_id) WHERE status = 'finished';

-- Each player's part in each game: seat, abandonment (SeatTakenByBot), final rank and score, the rank
-- used for the rating (abandoners last), and the rating before and after the game (the rating history).
CREATE TABLE player_game_results (
    game_id       TEXT    NOT NULL,
    player        TEXT    NOT NULL,
    seat          INT     NOT NULL,
    abandoned     BOOLEAN NOT NULL DEFAULT false,
    rank          INT,
    score         INT,
    rated_rank    INT,
    rating_before INT,
    rating_after  INT,
    PRIMARY KEY (game_id, player)
);
CREATE INDEX player_game_results_player ON player_game_results (player);

-- Each player's current Elo rating in each title they finished a game of, with their counts there.
CREATE TABLE player_ratings (
    player    TEXT NOT NULL,
    game      TEXT NOT NULL,
    rating    INT  NOT NULL,
    games     INT  NOT NULL,
    wins      INT  NOT NULL,
    abandoned INT  NOT NULL,
    PRIMARY KEY (player, game)
);
CREATE INDEX player_ratings_leaderboard ON player_ratings (game, rating DESC, player);
