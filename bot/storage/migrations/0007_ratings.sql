-- 0007: results and ratings (issue 10). A finished game leaves one immutable `results` row;
-- `ratings` and `rating_history` are derived from the rated results (`python -m bot ratings
-- rebuild` recomputes them). The table option `rated` (default yes) lives apart from the
-- engine's options, so the engine never receives it.
-- Discord ids are BIGINT, times and ratings DOUBLE PRECISION: an INTEGER and a REAL on SQLite,
-- 64 bits on both. 0007_ratings.postgres.sql differs in the key and the triggers (see there).

ALTER TABLE game_tables ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;

CREATE TABLE results (
    table_id     INTEGER PRIMARY KEY REFERENCES game_tables (id),
    game         TEXT    NOT NULL,
    guild_id     BIGINT,
    -- strictly increasing with (finished_at, table_id) = commit order
    finished_at  DOUBLE PRECISION NOT NULL,
    end_reason   TEXT    NOT NULL CHECK (end_reason IN ('over', 'resigned', 'forfeit')),
    ranking      TEXT    NOT NULL,  -- JSON list of places, each a list of seats (ties share one)
    players      TEXT    NOT NULL,  -- JSON list: seat -> user id
    rated        INTEGER NOT NULL,
    unrated_why  TEXT               -- NULL when rated
);
CREATE INDEX results_in_order ON results (finished_at, table_id);
CREATE INDEX results_by_guild_game ON results (guild_id, game, finished_at);

CREATE TRIGGER results_never_updated BEFORE UPDATE ON results
BEGIN
    SELECT RAISE (ABORT, 'results are immutable');
END;
CREATE TRIGGER results_never_deleted BEFORE DELETE ON results
BEGIN
    SELECT RAISE (ABORT, 'results are immutable');
END;

-- One rating per (server, game, player).
CREATE TABLE ratings (
    guild_id     BIGINT  NOT NULL,
    game         TEXT    NOT NULL,
    user_id      BIGINT  NOT NULL,
    mu           DOUBLE PRECISION NOT NULL,
    sigma        DOUBLE PRECISION NOT NULL,
    games        INTEGER NOT NULL,
    wins         INTEGER NOT NULL,  -- first places, shared ones included
    last_played  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
);
CREATE INDEX ratings_by_board ON ratings (guild_id, game, mu DESC);

-- One row per (rated result, player): the rating before and after that game.
CREATE TABLE rating_history (
    table_id      BIGINT  NOT NULL REFERENCES results (table_id),
    user_id       BIGINT  NOT NULL,
    guild_id      BIGINT  NOT NULL,
    game          TEXT    NOT NULL,
    place         INTEGER NOT NULL,  -- 1 = first (ties share a place)
    mu_before     DOUBLE PRECISION NOT NULL,
    sigma_before  DOUBLE PRECISION NOT NULL,
    shown_before  DOUBLE PRECISION NOT NULL,
    mu_after      DOUBLE PRECISION NOT NULL,
    sigma_after   DOUBLE PRECISION NOT NULL,
    shown_after   DOUBLE PRECISION NOT NULL,
    at            DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, user_id)
);
CREATE INDEX rating_history_by_player ON rating_history (guild_id, game, user_id, at);
CREATE INDEX rating_history_by_user ON rating_history (user_id, at);
