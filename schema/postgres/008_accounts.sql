-- 008 (PostgreSQL): accounts, their sign-in sessions and invitations; the same tables and columns as
-- ../008_accounts.sql, with an identity key and BIGINT times.
CREATE TABLE users (
  id             BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username       TEXT    NOT NULL CHECK (length(username) BETWEEN 3 AND 24),
  username_key   TEXT    NOT NULL UNIQUE,
  display_name   TEXT    NOT NULL,
  password_hash  TEXT    NOT NULL,                       -- crypto_pwhash_str (Argon2id)
  is_admin       INTEGER NOT NULL DEFAULT 0 CHECK (is_admin IN (0, 1)),
  disabled       INTEGER NOT NULL DEFAULT 0 CHECK (disabled IN (0, 1)),
  language       TEXT    NOT NULL DEFAULT 'en',
  created_ms     BIGINT  NOT NULL
);

CREATE TABLE sessions (
  id_hash     TEXT    PRIMARY KEY CHECK (length(id_hash) = 64),  -- hex SHA-256 of the id
  user_id     BIGINT  NOT NULL REFERENCES users (id),
  csrf        TEXT    NOT NULL,
  created_ms  BIGINT  NOT NULL,
  expires_ms  BIGINT  NOT NULL
);

CREATE INDEX sessions_by_user ON sessions (user_id);

-- The account that holds a seat (NULL: a guest's seat, held by its token alone).
ALTER TABLE seats ADD COLUMN user_id BIGINT REFERENCES users (id);
CREATE INDEX seats_by_user ON seats (user_id);

-- Invitations (--access invite): a code given once, kept only as its SHA-256; used by at most
-- one sign-up (used_by), and only before it lapses or is revoked.
CREATE TABLE invitations (
  code_hash   TEXT    PRIMARY KEY CHECK (length(code_hash) = 64),  -- hex SHA-256 of the code
  created_by  BIGINT  REFERENCES users (id),                       -- NULL: the owner's shell
  created_ms  BIGINT  NOT NULL,
  expires_ms  BIGINT  NOT NULL,
  used_by     BIGINT  REFERENCES users (id),
  used_ms     BIGINT  NOT NULL DEFAULT 0,
  revoked     INTEGER NOT NULL DEFAULT 0 CHECK (revoked IN (0, 1))
);
