-- 002: find unfinished matches by their last activity (abandonment sweeps after a restart).
CREATE INDEX matches_idle ON matches (status, updated_ms);
