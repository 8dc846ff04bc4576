-- 0004: a turn timer set or changed during a game counts, for decisions already pending, from
-- the change (not from when the decision became pending): nobody loses on time to a timer they
-- never had, and the warning always comes first.
ALTER TABLE table_pbp ADD COLUMN timer_since REAL;  -- when the timer was last set or changed
