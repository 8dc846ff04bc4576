-- 0006: a table nobody plays any more. `skip_run` counts the timer's consecutive "skip"
-- decisions with no move by a person in between; `skip_seq` is the table's seq after the last
-- of them (a different seq means a person moved since). A whole round of skips abandons it.
ALTER TABLE table_pbp ADD COLUMN skip_run INTEGER NOT NULL DEFAULT 0;
ALTER TABLE table_pbp ADD COLUMN skip_seq INTEGER;
