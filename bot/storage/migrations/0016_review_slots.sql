-- 0016: reviews in flight, shared by every bot process on the database (issue 29). A server
-- has at most `bot.review.MAX_IN_FLIGHT` reviews being computed at once, whichever process
-- computes them: a review holds one numbered slot of its server (`slot` 0, 1, ...) from the ask
-- until it is stored. The primary key (guild_id, slot) makes taking a slot one guarded insert,
-- the same on SQLite and PostgreSQL (two processes never both get slot 1), and the unique
-- table_id one computation per table. `expires` (clock seconds) is renewed while the review
-- runs, so the slot of a process that crashed frees itself.
CREATE TABLE review_slots (
    guild_id BIGINT           NOT NULL,  -- 0: a table of direct messages (no server)
    slot     INTEGER          NOT NULL,
    table_id BIGINT           NOT NULL UNIQUE REFERENCES game_tables (id),
    holder   TEXT             NOT NULL,  -- the process computing it (bot.running.shards)
    expires  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, slot)
);
