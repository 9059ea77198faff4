-- What each change to alhambra_tiles replaced, with the stream version of the event that made it, so that moves
-- taken back (tessera.game.MovesTakenBack: the game is again as at its to_version) are put back: the changes after
-- to_version are undone newest first, then forgotten. A tile that had not left the market before (existed false)
-- leaves alhambra_tiles again; any other goes back to its owner and square. Only the current turn's changes are
-- ever needed (an undo never goes back past the start of the player's turn): those before a game's latest
-- tessera.alhambra.TurnEnded, and all of them at a scoring round, are deleted.
CREATE TABLE alhambra_tile_changes (
    game_id     TEXT    NOT NULL,
    version     BIGINT  NOT NULL,
    tile_id     INT     NOT NULL,
    existed     BOOLEAN NOT NULL,
    owner       TEXT,
    type        TEXT,
    walls       TEXT,
    in_alhambra BOOLEAN,
    x           INT,
    y           INT,
    PRIMARY KEY (game_id, version, tile_id)
);
