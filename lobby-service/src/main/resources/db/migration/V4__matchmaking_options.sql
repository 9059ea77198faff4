-- Quick play with table options: the options a player asked for, checked and filled in as a table's
-- (dev.tessera.lobby.tables.TableOptions), as JSONB, whose equality ignores key order. A line is now a game,
-- a player count and these options.
-- NULL is the title's defaults: entries queued before this column asked for them, and so do those a lobby of
-- the previous release writes during the rolling update (a release may only add nullable columns,
-- deploy/README.md). A request for the defaults is stored as NULL too, so that each line has one value.
ALTER TABLE matchmaking_entries ADD COLUMN options JSONB;
