-- 010: matches played away from the server. A game played in a browser with the same rules
-- engine (offline, against the computer or two players on one device) and then published
-- (POST /api/matches/publish) is stored as a finished match whose whole log the server
-- replayed and checked; this flag says so (the match summary and the export log show it).
-- Every other match has 0.
ALTER TABLE matches ADD COLUMN offline INTEGER NOT NULL DEFAULT 0 CHECK (offline IN (0, 1));
