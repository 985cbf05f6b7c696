-- 017: a session's CSRF token is no longer kept in the database. It is derived from the
-- session id (server/accounts/accounts.cpp), which the database never holds (only its SHA-256),
-- so whoever reads the database or a backup learns no token; the tokens stored so far are
-- erased. The column stays, empty (dropping it would rebuild the table on SQLite).
UPDATE sessions SET csrf = '';
