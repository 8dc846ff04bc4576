-- 0004: a turn timer set or changed during a game counts, for decisions already pending, from
-- the change (not from when the decision became pending): nobody loses on time to a timer they
-- never had, and the warning always comes first. `timer_since`: when the timer was last set or
-- changed. The same statement runs on SQLite and PostgreSQL (DOUBLE PRECISION is a REAL on
-- SQLite).
ALTER TABLE table_pbp ADD COLUMN timer_since DOUBLE PRECISION;
