-- 014 (PostgreSQL): Web Push; see ../014_push.sql. An identity key and BIGINT keys and times.
CREATE TABLE server_keys (
  name        TEXT    PRIMARY KEY,
  private_key TEXT    NOT NULL,
  public_key  TEXT    NOT NULL,
  created_ms  BIGINT  NOT NULL
);

CREATE TABLE push_subscriptions (
  id          BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     BIGINT  NOT NULL REFERENCES users (id),
  endpoint    TEXT    NOT NULL UNIQUE,
  p256dh      TEXT    NOT NULL,
  auth        TEXT    NOT NULL,
  label       TEXT    NOT NULL DEFAULT '',
  created_ms  BIGINT  NOT NULL
);
CREATE INDEX push_by_user ON push_subscriptions (user_id);

ALTER TABLE users ADD COLUMN notify INTEGER NOT NULL DEFAULT 31 CHECK (notify BETWEEN 0 AND 31);
