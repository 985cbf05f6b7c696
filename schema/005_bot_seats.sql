-- 005: computer players. A match may give one seat to a bot: the seat, the bot's level and
-- the bot's own PRNG seed (drawn from the CSPRNG at creation, never the match's seed; each
-- decision's seed is derived from it and the room version). The bot's seat also has its
-- `seats` row, holding the hash of a token nobody was given, so that seat can never be
-- claimed. Only added: no existing table changes, so no rebuild is needed; it runs in the
-- migration's transaction like every file here.

CREATE TABLE bot_seats (
  match_id  INTEGER PRIMARY KEY REFERENCES matches (id),  -- at most one bot per match
  seat      INTEGER NOT NULL CHECK (seat IN (1, 2)),
  level     TEXT    NOT NULL CHECK (level IN ('easy', 'medium', 'hard')),
  seed      TEXT    NOT NULL                               -- unsigned 64-bit, decimal; secret
);

-- A bot seat is written once, with its match, and never changed.
CREATE TRIGGER bot_seats_no_update BEFORE UPDATE ON bot_seats
BEGIN
  SELECT RAISE(ABORT, 'bot seats are written once');
END;
