-- 0004 for PostgreSQL: as 0004_timer_since.sql, the time DOUBLE PRECISION.
ALTER TABLE table_pbp ADD COLUMN timer_since DOUBLE PRECISION;
