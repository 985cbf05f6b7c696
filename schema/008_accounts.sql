-- 008: accounts, their sign-in sessions and invitations (server/accounts/). A user's name
-- is kept as typed (username) and as its key (username_key: lower case, look-alikes folded,
-- see server/accounts/credentials.h), which is unique, so two names that read alike cannot both
-- exist. The password is only ever stored as libsodium's Argon2id string (algorithm,
-- parameters, salt and hash). A session row holds the SHA-256 of the session id the browser
-- keeps in its cookie (never the id itself) and the session's CSRF token; it lapses at
-- expires_ms, and every node of a cluster reads the same rows, so signing out or disabling a
-- user holds everywhere.
CREATE TABLE users (
  id             INTEGER PRIMARY KEY,
  username       TEXT    NOT NULL CHECK (length(username) BETWEEN 3 AND 24),
  username_key   TEXT    NOT NULL UNIQUE,
  display_name   TEXT    NOT NULL,
  password_hash  TEXT    NOT NULL,                       -- crypto_pwhash_str (Argon2id)
  is_admin       INTEGER NOT NULL DEFAULT 0 CHECK (is_admin IN (0, 1)),
  disabled       INTEGER NOT NULL DEFAULT 0 CHECK (disabled IN (0, 1)),
  language       TEXT    NOT NULL DEFAULT 'en',
  created_ms     INTEGER NOT NULL
);

CREATE TABLE sessions (
  id_hash     TEXT    PRIMARY KEY CHECK (length(id_hash) = 64),  -- hex SHA-256 of the id
  user_id     INTEGER NOT NULL REFERENCES users (id),
  csrf        TEXT    NOT NULL,
  created_ms  INTEGER NOT NULL,
  expires_ms  INTEGER NOT NULL
);

-- "Sign out everywhere" and disabling a user end every session of one user.
CREATE INDEX sessions_by_user ON sessions (user_id);

-- The account that holds a seat (NULL: a guest's seat, held by its token alone). A member who
-- signs in anywhere resumes it; "my games" lists a user's seats.
ALTER TABLE seats ADD COLUMN user_id INTEGER REFERENCES users (id);
CREATE INDEX seats_by_user ON seats (user_id);

-- Invitations (--access invite): a code given once, kept only as its SHA-256; used by at most
-- one sign-up (used_by), and only before it lapses or is revoked.
CREATE TABLE invitations (
  code_hash   TEXT    PRIMARY KEY CHECK (length(code_hash) = 64),  -- hex SHA-256 of the code
  created_by  INTEGER  REFERENCES users (id),                       -- NULL: the owner's shell
  created_ms  INTEGER  NOT NULL,
  expires_ms  INTEGER  NOT NULL,
  used_by     INTEGER  REFERENCES users (id),
  used_ms     INTEGER  NOT NULL DEFAULT 0,
  revoked     INTEGER NOT NULL DEFAULT 0 CHECK (revoked IN (0, 1))
);
