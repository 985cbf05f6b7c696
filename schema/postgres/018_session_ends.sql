-- 018: when a user's sessions last ended; see schema/018_session_ends.sql. PostgreSQL: a BIGINT
-- time.
ALTER TABLE users ADD COLUMN sessions_ended_ms BIGINT NOT NULL DEFAULT 0;
CREATE INDEX users_by_sessions_ended ON users (sessions_ended_ms);
