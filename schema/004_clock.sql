-- 004: time controls. `matches.clock` holds the match's clock option as JSON (NULL: no
-- clock); `seats.claimed_ms` when each seat was taken (0 for seats taken before this
-- migration), from which the set-up timer starts; `actions.lag_ms` the lag compensation
-- credited to that change, so a replay of the log gives the very clocks the room had.
-- Plain column additions: the append-only triggers of `actions` stay as they are.
ALTER TABLE matches ADD COLUMN clock TEXT;
ALTER TABLE seats ADD COLUMN claimed_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE actions ADD COLUMN lag_ms INTEGER NOT NULL DEFAULT 0 CHECK (lag_ms >= 0);
