-- 0002 for PostgreSQL: as 0002_reminders.sql, the time DOUBLE PRECISION.
ALTER TABLE pending ADD COLUMN reminded_at DOUBLE PRECISION;
CREATE INDEX pending_by_since ON pending (since);
