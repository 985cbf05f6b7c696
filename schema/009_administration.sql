-- 009: what the server's administrators need (server/accounts/admin.h). When a user was
-- disabled (users.disabled_ms), so that every node closes that user's connections within a
-- second or two of it; invitations that admit several sign-ups (max_uses, uses) and the one-time
-- set-up link, an invitation that makes its user an administrator (grants_admin); password-reset
-- links, kept only as the SHA-256 of their code; the audit log of every administrator's action
-- (who, what, when, from where); the server's own settings every node reads (today the
-- maintenance mode); and the deletion of a finished match, which the append-only log allows
-- only for a match being deleted.
-- Whether guests (no account) may watch a match, where only members play (--access members
-- or invite); elsewhere everyone may.
ALTER TABLE matches ADD COLUMN guests_watch INTEGER NOT NULL DEFAULT 1 CHECK (guests_watch IN (0, 1));

ALTER TABLE users ADD COLUMN disabled_ms INTEGER NOT NULL DEFAULT 0;

ALTER TABLE invitations ADD COLUMN max_uses INTEGER NOT NULL DEFAULT 1 CHECK (max_uses >= 1);
ALTER TABLE invitations ADD COLUMN uses INTEGER NOT NULL DEFAULT 0;
ALTER TABLE invitations ADD COLUMN grants_admin INTEGER NOT NULL DEFAULT 0 CHECK (grants_admin IN (0, 1));
UPDATE invitations SET uses = 1 WHERE used_by IS NOT NULL;

-- A link that lets one user choose a new password, once, before it lapses.
CREATE TABLE password_resets (
  code_hash   TEXT    PRIMARY KEY CHECK (length(code_hash) = 64),  -- hex SHA-256 of the code
  user_id     INTEGER NOT NULL REFERENCES users (id),
  created_by  INTEGER REFERENCES users (id),                       -- NULL: the owner's shell
  created_ms  INTEGER NOT NULL,
  expires_ms  INTEGER NOT NULL,
  used_ms     INTEGER NOT NULL DEFAULT 0
);

-- Every administrator's action. actor_id NULL: the owner's shell (tabuleiro admin …).
CREATE TABLE audit (
  id          INTEGER PRIMARY KEY,
  at_ms       INTEGER NOT NULL,
  actor_id    INTEGER REFERENCES users (id),
  actor_name  TEXT    NOT NULL,
  address     TEXT    NOT NULL,
  action      TEXT    NOT NULL,
  target      TEXT    NOT NULL,
  detail      TEXT    NOT NULL
);
CREATE INDEX audit_by_time ON audit (at_ms);

-- Settings of the whole server, shared by every node: maintenance ('0' or '1').
CREATE TABLE server_settings (
  name        TEXT    PRIMARY KEY,
  value       TEXT    NOT NULL,
  updated_ms  INTEGER NOT NULL
);

-- Deleting a finished match (the admin page): the match's id is listed here for the length of
-- the deleting transaction, and only then may its actions be deleted; every other delete of the
-- append-only log is still refused.
CREATE TABLE match_deletions (
  match_id    INTEGER PRIMARY KEY
);
DROP TRIGGER actions_no_delete;
CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
WHEN OLD.match_id NOT IN (SELECT match_id FROM match_deletions)
BEGIN
  SELECT RAISE(ABORT, 'actions are append-only');
END;
