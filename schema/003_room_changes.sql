-- 003: room-level changes (resignation, draw by agreement, abandonment) get their own log
-- column, `change`, so that a game action can never be replayed as one. Each row holds
-- exactly one of `action` (the game's action JSON) and `change` (the room-level change JSON).
-- SQLite cannot alter a column's constraints, so the table is rebuilt: new table, copy, drop,
-- rename, then the append-only triggers again. Nothing references `actions`, so the rebuild
-- needs no foreign-key juggling; it runs in the migration's transaction.

CREATE TABLE actions_003 (
  match_id  INTEGER NOT NULL REFERENCES matches (id),
  version   INTEGER NOT NULL CHECK (version >= 1),
  seat      INTEGER NOT NULL CHECK (seat IN (0, 1, 2)),        -- 0 = the server
  action    TEXT,                                             -- JSON game action, or NULL
  change    TEXT,                                             -- JSON room-level change, or NULL
  at_ms     INTEGER NOT NULL,
  PRIMARY KEY (match_id, version),
  CHECK ((action IS NULL) <> (change IS NULL))
) WITHOUT ROWID;

-- Rows logged by earlier releases kept room-level changes in `action`, told apart by their
-- type; every other row (including any that is not valid JSON) stays a game action.
INSERT INTO actions_003 (match_id, version, seat, action, change, at_ms)
SELECT match_id, version, seat,
       CASE WHEN room_level THEN NULL ELSE action END,
       CASE WHEN room_level THEN action END,
       at_ms
FROM (SELECT *,
             COALESCE(CASE WHEN json_valid(action) AND json_type(action) = 'object'
                           THEN json_extract(action, '$.type') IN ('resign', 'draw_agreed', 'abandoned')
                      END, 0) AS room_level
      FROM actions);

DROP TABLE actions;
ALTER TABLE actions_003 RENAME TO actions;

CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
BEGIN
  SELECT RAISE(ABORT, 'actions are append-only');
END;

CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
BEGIN
  SELECT RAISE(ABORT, 'actions are append-only');
END;
