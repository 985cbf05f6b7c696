-- 014: Web Push (server/notify/). server_keys holds the server's VAPID key pair (RFC 8292),
-- made on the first start and read by every node, so a browser's subscription works whichever
-- node sends. push_subscriptions holds each member's browsers (a subscription's endpoint and
-- its p256dh and auth keys, base64url, RFC 8291); a subscription the push service says is gone
-- (404, 410) is deleted. users.notify is the member's choice of notifications, a bit mask:
-- 1 your turn in a correspondence match, 2 a match started, 4 low time, 8 a challenge
-- received, 16 a match result (31: all).
CREATE TABLE server_keys (
  name        TEXT    PRIMARY KEY,                      -- 'vapid'
  private_key TEXT    NOT NULL,                         -- base64url private scalar
  public_key  TEXT    NOT NULL,                         -- base64url uncompressed point
  created_ms  INTEGER NOT NULL
);

CREATE TABLE push_subscriptions (
  id          INTEGER PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users (id),
  endpoint    TEXT    NOT NULL UNIQUE,
  p256dh      TEXT    NOT NULL,
  auth        TEXT    NOT NULL,
  label       TEXT    NOT NULL DEFAULT '',              -- the browser, as the member sees it listed
  created_ms  INTEGER NOT NULL
);
CREATE INDEX push_by_user ON push_subscriptions (user_id);

ALTER TABLE users ADD COLUMN notify INTEGER NOT NULL DEFAULT 31 CHECK (notify BETWEEN 0 AND 31);
