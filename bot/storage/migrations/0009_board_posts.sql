-- 0007: what the channel shows, and a button token that never repeats.
-- `version` counts every change of a table's game state (the start, each move, a take-back, the
-- end) and never goes down, unlike `seq` after a take-back: buttons carry it. `posted_version`
-- is the version the last posted board (or final result) shows and `posted_to_act` the seats
-- that board waits for (JSON list; NULL = unknown); a table whose posted version is behind is
-- brought up to date (once) after a restart. Existing tables keep their seq as version, so the
-- buttons already in channels stay valid, and count as posted.
ALTER TABLE game_tables ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE game_tables ADD COLUMN posted_version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE game_tables ADD COLUMN posted_to_act TEXT;
UPDATE game_tables SET version = seq, posted_version = seq;

-- The table's version when a take-back was asked: its Approve / Refuse buttons carry it.
ALTER TABLE takebacks ADD COLUMN version INTEGER;
UPDATE takebacks SET version = seq;
