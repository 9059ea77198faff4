-- No query filters or joins on the payloads (they are read by key and version), so the planner needs no
-- statistics on them; computing them (sampling and detoasting up to 30,000 JSON documents) was most of the work
-- of each automatic ANALYZE: on a game-service database of 72,000 events, ANALYZE events took 265-353 ms with
-- them and 100-120 ms without, ANALYZE outbox 209 against 113 ms (bench/results/journal.md, seventh session), CPU taken
-- from the moves being played at that moment.
ALTER TABLE events ALTER COLUMN payload SET STATISTICS 0, ALTER COLUMN metadata SET STATISTICS 0;
ALTER TABLE outbox ALTER COLUMN payload SET STATISTICS 0;
ALTER TABLE snapshots ALTER COLUMN state SET STATISTICS 0;
