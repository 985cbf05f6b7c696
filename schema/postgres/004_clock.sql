-- 004 (PostgreSQL): time controls, as ../004_clock.sql; the times are BIGINT here.
ALTER TABLE matches ADD COLUMN clock TEXT;
ALTER TABLE seats ADD COLUMN claimed_ms BIGINT NOT NULL DEFAULT 0;
ALTER TABLE actions ADD COLUMN lag_ms BIGINT NOT NULL DEFAULT 0 CHECK (lag_ms >= 0);
