-- 0014: the replay and the score story follow the final result instead of riding in it (issue
-- 25): a finished game owes them (`replay_owed` = 1) from its end until the channel shows them,
-- or the note that drawing them failed; a restart or the scheduler's catch-up posts what is
-- owed, once. Games that ended before carried them in their final result: nothing is owed.
ALTER TABLE game_tables ADD COLUMN replay_owed INTEGER NOT NULL DEFAULT 0;
