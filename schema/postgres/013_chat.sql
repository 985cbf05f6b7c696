-- 013: the matches' chat; see schema/013_chat.sql. PostgreSQL: identity keys, BIGINT keys and times.
ALTER TABLE matches ADD COLUMN chat INTEGER NOT NULL DEFAULT 1 CHECK (chat IN (0, 1));

CREATE TABLE chat_messages (
  id        BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  match_id  BIGINT  NOT NULL REFERENCES matches (id),
  channel   TEXT    NOT NULL CHECK (channel IN ('players', 'spectators')),
  seat      INTEGER NOT NULL CHECK (seat IN (0, 1, 2)),
  user_id   BIGINT  REFERENCES users (id),
  name      TEXT    NOT NULL,
  body      TEXT    NOT NULL,
  at_ms     BIGINT  NOT NULL
);
CREATE INDEX chat_by_match ON chat_messages (match_id, id);

CREATE TABLE chat_mutes (
  match_id  BIGINT  NOT NULL REFERENCES matches (id),
  seat      INTEGER NOT NULL CHECK (seat IN (1, 2)),
  PRIMARY KEY (match_id, seat)
);

CREATE TABLE chat_reports (
  id           BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  message_id   BIGINT  NOT NULL REFERENCES chat_messages (id),
  reporter_id  BIGINT  REFERENCES users (id),
  reporter     TEXT    NOT NULL,
  reason       TEXT    NOT NULL DEFAULT '',
  created_ms   BIGINT  NOT NULL,
  handled_ms   BIGINT,
  handled_by   BIGINT  REFERENCES users (id)
);
CREATE INDEX chat_reports_waiting ON chat_reports (handled_ms, created_ms);
