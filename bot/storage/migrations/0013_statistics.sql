-- 0013: statistics of finished games (issue 21). One row per (result, seat): the seat's counts
-- as a JSON object (statistic name -> integer, the names the game's engine lists in
-- STATISTICS), with who sat there and where, so a player's totals on a server are one indexed
-- read. Derived from the result's action log by replaying it: written once per game after it
-- ended (and for games that ended before this migration, by the same catch-up), never changed.
-- The same statements run on SQLite and PostgreSQL (BIGINT is an integer on both).
CREATE TABLE game_statistics (
    table_id  BIGINT  NOT NULL REFERENCES results (table_id),
    seat      INTEGER NOT NULL,
    user_id   BIGINT  NOT NULL,  -- results.players[seat]: negative for an AI seat
    guild_id  BIGINT,
    game      TEXT    NOT NULL,
    counts    TEXT    NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX game_statistics_by_player ON game_statistics (guild_id, user_id, game);
