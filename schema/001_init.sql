-- 001: matches, their seats (token hashes only) and the append-only action log.
-- Applied once by the store at start-up; recorded in schema_version.

CREATE TABLE matches (
  id              INTEGER PRIMARY KEY,
  code            TEXT    NOT NULL UNIQUE CHECK (length(code) = 6),
  game            TEXT    NOT NULL,
  options         TEXT    NOT NULL DEFAULT '{}',          -- JSON object
  seed            TEXT    NOT NULL,                       -- unsigned 64-bit, decimal; secret
  start_position  TEXT,                                   -- JSON, NULL = the game's standard set-up
  visibility      TEXT    NOT NULL CHECK (visibility IN ('public', 'unlisted')),
  status          TEXT    NOT NULL CHECK (status IN ('waiting', 'live', 'finished')),
  outcome         TEXT,                                   -- JSON, NULL until finished
  created_ms      INTEGER NOT NULL,
  updated_ms      INTEGER NOT NULL,                       -- last logged change (or creation)
  finished_ms     INTEGER NOT NULL DEFAULT 0,             -- 0 while unfinished
  last_version    INTEGER NOT NULL DEFAULT 0              -- highest version in the action log
);

-- The watch list: public matches by status (and game), newest first.
CREATE INDEX matches_listing ON matches (visibility, status, game, created_ms DESC);

CREATE TABLE seats (
  match_id    INTEGER NOT NULL REFERENCES matches (id),
  seat        INTEGER NOT NULL CHECK (seat IN (1, 2)),
  token_hash  TEXT    NOT NULL CHECK (length(token_hash) = 64),  -- hex SHA-256 of the token
  PRIMARY KEY (match_id, seat)
) WITHOUT ROWID;

-- Append-only: one row per room version; (match, version) is unique so a version is logged once.
CREATE TABLE actions (
  match_id  INTEGER NOT NULL REFERENCES matches (id),
  version   INTEGER NOT NULL CHECK (version >= 1),
  seat      INTEGER NOT NULL CHECK (seat IN (0, 1, 2)),        -- 0 = the server
  action    TEXT    NOT NULL,                                 -- JSON
  at_ms     INTEGER NOT NULL,
  PRIMARY KEY (match_id, version)
) WITHOUT ROWID;

CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
BEGIN
  SELECT RAISE(ABORT, 'actions are append-only');
END;

CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
BEGIN
  SELECT RAISE(ABORT, 'actions are append-only');
END;
