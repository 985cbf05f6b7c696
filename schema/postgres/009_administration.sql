-- 009 (PostgreSQL): the administration of ../009_administration.sql, with an identity key and
-- BIGINT keys and times.
-- Whether guests (no account) may watch a match, where only members play (--access members
-- or invite); elsewhere everyone may.
ALTER TABLE matches ADD COLUMN guests_watch INTEGER NOT NULL DEFAULT 1 CHECK (guests_watch IN (0, 1));

ALTER TABLE users ADD COLUMN disabled_ms BIGINT NOT NULL DEFAULT 0;

ALTER TABLE invitations ADD COLUMN max_uses INTEGER NOT NULL DEFAULT 1 CHECK (max_uses >= 1);
ALTER TABLE invitations ADD COLUMN uses INTEGER NOT NULL DEFAULT 0;
ALTER TABLE invitations ADD COLUMN grants_admin INTEGER NOT NULL DEFAULT 0 CHECK (grants_admin IN (0, 1));
UPDATE invitations SET uses = 1 WHERE used_by IS NOT NULL;

CREATE TABLE password_resets (
  code_hash   TEXT    PRIMARY KEY CHECK (length(code_hash) = 64),
  user_id     BIGINT  NOT NULL REFERENCES users (id),
  created_by  BIGINT  REFERENCES users (id),
  created_ms  BIGINT  NOT NULL,
  expires_ms  BIGINT  NOT NULL,
  used_ms     BIGINT  NOT NULL DEFAULT 0
);

CREATE TABLE audit (
  id          BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at_ms       BIGINT  NOT NULL,
  actor_id    BIGINT  REFERENCES users (id),
  actor_name  TEXT    NOT NULL,
  address     TEXT    NOT NULL,
  action      TEXT    NOT NULL,
  target      TEXT    NOT NULL,
  detail      TEXT    NOT NULL
);
CREATE INDEX audit_by_time ON audit (at_ms);

CREATE TABLE server_settings (
  name        TEXT    PRIMARY KEY,
  value       TEXT    NOT NULL,
  updated_ms  BIGINT  NOT NULL
);

CREATE TABLE match_deletions (
  match_id    BIGINT  PRIMARY KEY
);
-- tabuleiro_refuse (001), unless the row's match is being deleted.
CREATE FUNCTION tabuleiro_refuse_unless_deleting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM match_deletions WHERE match_id = OLD.match_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION '%', TG_ARGV[0] USING ERRCODE = 'restrict_violation';
END
$$;
DROP TRIGGER actions_no_delete ON actions;
CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
  FOR EACH ROW EXECUTE FUNCTION tabuleiro_refuse_unless_deleting('actions are append-only');
