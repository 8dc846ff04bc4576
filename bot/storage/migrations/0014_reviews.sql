-- 0014: post-game reviews and hints (issue 29). One row per finished table: the review the AI computed
-- from each seat's own view (bot/ai/review.py, as JSON), written once when someone first asks
-- for it and shown again from here. Never changed: the same log and seed give the same review.
-- The same statements run on SQLite and PostgreSQL (BIGINT is an integer on both).
CREATE TABLE game_reviews (
    table_id  BIGINT  NOT NULL PRIMARY KEY REFERENCES game_tables (id),
    guild_id  BIGINT,
    game      TEXT    NOT NULL,
    review    TEXT    NOT NULL,
    cpu_ms    INTEGER NOT NULL  -- CPU milliseconds the review took (for the admins' figures)
);
-- The table option `hints` (friendly games only: never with `rated`): a Hint button under each
-- board answers the clicker with the AI's suggested action.
ALTER TABLE game_tables ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;
