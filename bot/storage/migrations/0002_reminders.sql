-- 0002: when each pending decision was last reminded (play-by-post reminders, issue 6).
-- A seat's reminder clock restarts whenever its `since` changes (it acted, or newly must act).
-- The same statements run on SQLite and PostgreSQL (DOUBLE PRECISION is a REAL on SQLite).

ALTER TABLE pending ADD COLUMN reminded_at DOUBLE PRECISION;
CREATE INDEX pending_by_since ON pending (since);
