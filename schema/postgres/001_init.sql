-- 001 (PostgreSQL): matches, their seats (token hashes only) and the append-only action log;
-- the same tables and columns as ../001_init.sql. Times are BIGINT (Unix milliseconds); the
-- append-only rule is a trigger function raising restrict_violation (SQLSTATE 23001), a
-- constraint error like SQLite's RAISE(ABORT), so a refused change reads as a conflict.

CREATE TABLE matches (
  id              BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code            TEXT    NOT NULL UNIQUE CHECK (length(code) = 6),
  game            TEXT    NOT NULL,
  options         TEXT    NOT NULL DEFAULT '{}',          -- JSON object
  seed            TEXT    NOT NULL,                       -- unsigned 64-bit, decimal; secret
  start_position  TEXT,                                   -- JSON, NULL = the game's standard set-up
  visibility      TEXT    NOT NULL CHECK (visibility IN ('public', 'unlisted')),
  status          TEXT    NOT NULL CHECK (status IN ('waiting', 'live', 'finished')),
  outcome         TEXT,                                   -- JSON, NULL until finished
  created_ms      BIGINT  NOT NULL,
  updated_ms      BIGINT  NOT NULL,                       -- last logged change (or creation)
  finished_ms     BIGINT  NOT NULL DEFAULT 0,             -- 0 while unfinished
  last_version    BIGINT  NOT NULL DEFAULT 0              -- highest version in the action log
);

-- The watch list: public matches by status (and game), newest first.
CREATE INDEX matches_listing ON matches (visibility, status, game, created_ms DESC);

CREATE TABLE seats (
  match_id    BIGINT  NOT NULL REFERENCES matches (id),
  seat        INTEGER NOT NULL CHECK (seat IN (1, 2)),
  token_hash  TEXT    NOT NULL CHECK (length(token_hash) = 64),  -- hex SHA-256 of the token
  PRIMARY KEY (match_id, seat)
);

-- Append-only: one row per room version; (match, version) is unique so a version is logged once.
CREATE TABLE actions (
  match_id  BIGINT  NOT NULL REFERENCES matches (id),
  version   BIGINT  NOT NULL CHECK (version >= 1),
  seat      INTEGER NOT NULL CHECK (seat IN (0, 1, 2)),        -- 0 = the server
  action    TEXT    NOT NULL,                                 -- JSON
  at_ms     BIGINT  NOT NULL,
  PRIMARY KEY (match_id, version)
);

-- Refuses the statement with the message given as the trigger's argument.
CREATE FUNCTION tabuleiro_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '%', TG_ARGV[0] USING ERRCODE = 'restrict_violation';
END
$$;

CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
  FOR EACH ROW EXECUTE FUNCTION tabuleiro_refuse('actions are append-only');

CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
  FOR EACH ROW EXECUTE FUNCTION tabuleiro_refuse('actions are append-only');

-- TRUNCATE fires no row trigger: refuse it per statement.
CREATE TRIGGER actions_no_truncate BEFORE TRUNCATE ON actions
  FOR EACH STATEMENT EXECUTE FUNCTION tabuleiro_refuse('actions are append-only');
