-- 018: when a user's sessions last ended (a sign-out, a sign-out everywhere, a password changed
-- or reset, a sign-in that replaced the browser's old session), written in the same write that
-- deletes them, so that every node reads the users whose sessions ended in the last seconds and
-- closes the WebSockets signed in by a session that no longer exists (server/net/connections.h).
ALTER TABLE users ADD COLUMN sessions_ended_ms INTEGER NOT NULL DEFAULT 0;
CREATE INDEX users_by_sessions_ended ON users (sessions_ended_ms);
