-- 0007: results and ratings (issue 10). A finished game leaves one immutable `results` row;
-- `ratings` and `rating_history` are derived from the rated results (`python -m bot ratings
-- rebuild` recomputes them). The table option `rated` (default yes) lives apart from the
-- engine's options, so the engine never receives it.

ALTER TABLE game_tables ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;

CREATE TABLE results (
    table_id     INTEGER PRIMARY KEY REFERENCES game_tables (id),
    game         TEXT    NOT NULL,
    guild_id     INTEGER,
    finished_at  REAL    NOT NULL,  -- strictly increasing with (finished_at, table_id) = commit order
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
    guild_id     INTEGER NOT NULL,
    game         TEXT    NOT NULL,
    user_id      INTEGER NOT NULL,
    mu           REAL    NOT NULL,
    sigma        REAL    NOT NULL,
    games        INTEGER NOT NULL,
    wins         INTEGER NOT NULL,  -- first places, shared ones included
    last_played  REAL    NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
);
CREATE INDEX ratings_by_board ON ratings (guild_id, game, mu DESC);

-- One row per (rated result, player): the rating before and after that game.
CREATE TABLE rating_history (
    table_id      INTEGER NOT NULL REFERENCES results (table_id),
    user_id       INTEGER NOT NULL,
    guild_id      INTEGER NOT NULL,
    game          TEXT    NOT NULL,
    place         INTEGER NOT NULL,  -- 1 = first (ties share a place)
    mu_before     REAL    NOT NULL,
    sigma_before  REAL    NOT NULL,
    shown_before  REAL    NOT NULL,
    mu_after      REAL    NOT NULL,
    sigma_after   REAL    NOT NULL,
    shown_after   REAL    NOT NULL,
    at            REAL    NOT NULL,
    PRIMARY KEY (table_id, user_id)
);
CREATE INDEX rating_history_by_player ON rating_history (guild_id, game, user_id, at);
CREATE INDEX rating_history_by_user ON rating_history (user_id, at);
