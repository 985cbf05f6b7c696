-- 015 (PostgreSQL): webhooks; see ../015_webhooks.sql. An identity key and BIGINT keys and times.
CREATE TABLE webhooks (
  id          BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     BIGINT  NOT NULL REFERENCES users (id),
  url         TEXT    NOT NULL,
  secret      TEXT    NOT NULL,
  events      INTEGER NOT NULL DEFAULT 25 CHECK (events BETWEEN 1 AND 31),
  created_ms  BIGINT  NOT NULL,
  last_at_ms  BIGINT,
  last_status INTEGER NOT NULL DEFAULT 0,
  last_error  TEXT    NOT NULL DEFAULT '',
  UNIQUE (user_id, url)
);
