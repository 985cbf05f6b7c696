-- 015: webhooks (server/notify/webhook_*). Each row is one member's HTTPS URL that receives a
-- signed JSON POST for the events it chose: events is a bit mask of the same kinds as
-- users.notify (1 your turn, 2 a match started, 4 low time, 8 a challenge received, 16 a
-- result; 25 = turn, challenge and result by default). secret is the HMAC-SHA-256 key of the
-- signatures, shown to the member once when the webhook is made (the server needs it to sign,
-- so it is kept as it is). last_* record the outcome of the latest delivery attempt: when
-- (NULL: none yet), the HTTP status (0: no answer) and, when it failed, why.
CREATE TABLE webhooks (
  id          INTEGER PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users (id),
  url         TEXT    NOT NULL,
  secret      TEXT    NOT NULL,
  events      INTEGER NOT NULL DEFAULT 25 CHECK (events BETWEEN 1 AND 31),
  created_ms  INTEGER NOT NULL,
  last_at_ms  INTEGER,
  last_status INTEGER NOT NULL DEFAULT 0,
  last_error  TEXT    NOT NULL DEFAULT '',
  UNIQUE (user_id, url)
);
