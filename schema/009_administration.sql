-- 009: what the server's administrators need (server/accounts/admin.h). When a user was
-- disabled (users.disabled_ms), so that every node closes that user's connections within a
-- second or two of it; invitations that admit several sign-ups (max_uses, uses) and the one-time
-- set-up link, an invitation that makes its user an administrator (grants_admin); password-reset
-- links, kept only as the SHA-256 of their code; the audit log of every administrator's action
-- (who, what, when, from where); and the server's own settings every node reads (today the
-- maintenance mode).
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
