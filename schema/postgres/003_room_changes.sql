-- 003 (PostgreSQL): room-level changes get their own log column, `change`; each row holds
-- exactly one of `action` and `change` (see ../003_room_changes.sql). PostgreSQL alters the
-- column and adds the CHECK in place, so no rebuild is needed and the append-only triggers
-- stay. No PostgreSQL database has rows logged before this migration (PostgreSQL support
-- began after it; a new database runs 001 to the latest in one start-up), so there are no
-- rows to move into `change`.
ALTER TABLE actions ALTER COLUMN action DROP NOT NULL;
ALTER TABLE actions ADD COLUMN change TEXT;
ALTER TABLE actions ADD CONSTRAINT actions_action_or_change CHECK ((action IS NULL) <> (change IS NULL));
