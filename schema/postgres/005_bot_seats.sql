-- 005 (PostgreSQL): computer players, as ../005_bot_seats.sql; a bot seat is written once,
-- with its match, and never changed (the trigger of 001's tabuleiro_refuse).

CREATE TABLE bot_seats (
  match_id  BIGINT  PRIMARY KEY REFERENCES matches (id),  -- at most one bot per match
  seat      INTEGER NOT NULL CHECK (seat IN (1, 2)),
  level     TEXT    NOT NULL CHECK (level IN ('easy', 'medium', 'hard')),
  seed      TEXT    NOT NULL                               -- unsigned 64-bit, decimal; secret
);

CREATE TRIGGER bot_seats_no_update BEFORE UPDATE ON bot_seats
  FOR EACH ROW EXECUTE FUNCTION tabuleiro_refuse('bot seats are written once');
