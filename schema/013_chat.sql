-- 013: the matches' chat (server/room/chat). A match has a players' chat and a spectators'
-- chat (channel); every line is stored before anyone sees it, so a reload shows it again. A
-- seat may mute the other seat's lines (chat_mutes). Anyone who can see a line may report it;
-- reports wait on the admin page until an administrator marks them handled. matches.chat is
-- the creator's choice (0: this match has no chat).
ALTER TABLE matches ADD COLUMN chat INTEGER NOT NULL DEFAULT 1 CHECK (chat IN (0, 1));

CREATE TABLE chat_messages (
  id        INTEGER PRIMARY KEY,
  match_id  INTEGER NOT NULL REFERENCES matches (id),
  channel   TEXT    NOT NULL CHECK (channel IN ('players', 'spectators')),
  seat      INTEGER NOT NULL CHECK (seat IN (0, 1, 2)),   -- 0: a spectator
  user_id   INTEGER REFERENCES users (id),                 -- NULL: a guest
  name      TEXT    NOT NULL,                             -- the name shown ("" : none)
  body      TEXT    NOT NULL,
  at_ms     INTEGER NOT NULL
);
CREATE INDEX chat_by_match ON chat_messages (match_id, id);

CREATE TABLE chat_mutes (
  match_id  INTEGER NOT NULL REFERENCES matches (id),
  seat      INTEGER NOT NULL CHECK (seat IN (1, 2)),      -- the seat that muted the other
  PRIMARY KEY (match_id, seat)
);

CREATE TABLE chat_reports (
  id           INTEGER PRIMARY KEY,
  message_id   INTEGER NOT NULL REFERENCES chat_messages (id),
  reporter_id  INTEGER REFERENCES users (id),             -- NULL: a guest
  reporter     TEXT    NOT NULL,                          -- the reporter's name as shown ("" : none)
  reason       TEXT    NOT NULL DEFAULT '',
  created_ms   INTEGER NOT NULL,
  handled_ms   INTEGER,                                   -- NULL while it waits
  handled_by   INTEGER REFERENCES users (id)
);
CREATE INDEX chat_reports_waiting ON chat_reports (handled_ms, created_ms);
