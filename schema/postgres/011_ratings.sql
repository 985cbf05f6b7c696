-- 011: ratings; see schema/011_ratings.sql. PostgreSQL: BIGINT keys and times, DOUBLE
-- PRECISION numbers.
ALTER TABLE matches ADD COLUMN rated INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1));
ALTER TABLE matches ADD COLUMN ratings_settled TEXT;

CREATE TABLE ratings (
  user_id     BIGINT  NOT NULL REFERENCES users (id),
  game        TEXT    NOT NULL,
  speed       TEXT    NOT NULL CHECK (speed IN ('live', 'correspondence')),
  value       DOUBLE PRECISION NOT NULL,
  deviation   DOUBLE PRECISION NOT NULL,
  volatility  DOUBLE PRECISION NOT NULL,
  games       INTEGER NOT NULL DEFAULT 0,
  updated_ms  BIGINT  NOT NULL,
  PRIMARY KEY (user_id, game, speed)
);

CREATE INDEX ratings_board ON ratings (game, speed, value DESC);

CREATE TABLE rating_changes (
  match_id         BIGINT  NOT NULL REFERENCES matches (id),
  seat             INTEGER NOT NULL CHECK (seat IN (1, 2)),
  user_id          BIGINT  NOT NULL REFERENCES users (id),
  game             TEXT    NOT NULL,
  speed            TEXT    NOT NULL CHECK (speed IN ('live', 'correspondence')),
  score            DOUBLE PRECISION NOT NULL CHECK (score IN (0, 0.5, 1)),
  before_value     DOUBLE PRECISION NOT NULL,
  before_deviation DOUBLE PRECISION NOT NULL,
  after_value      DOUBLE PRECISION NOT NULL,
  after_deviation  DOUBLE PRECISION NOT NULL,
  at_ms            BIGINT  NOT NULL,
  PRIMARY KEY (match_id, seat)
);

CREATE INDEX rating_changes_by_user ON rating_changes (user_id, game, speed, at_ms);
