-- 0007 for PostgreSQL: as 0007_ratings.sql, with ids BIGINT, times and ratings DOUBLE PRECISION,
-- and the immutability of results as a PL/pgSQL trigger (reported as an integrity violation,
-- like SQLite's RAISE (ABORT)).

ALTER TABLE game_tables ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;

CREATE TABLE results (
    table_id     BIGINT  PRIMARY KEY REFERENCES game_tables (id),
    game         TEXT    NOT NULL,
    guild_id     BIGINT,
    finished_at  DOUBLE PRECISION NOT NULL,
    end_reason   TEXT    NOT NULL CHECK (end_reason IN ('over', 'resigned', 'forfeit')),
    ranking      TEXT    NOT NULL,
    players      TEXT    NOT NULL,
    rated        INTEGER NOT NULL,
    unrated_why  TEXT
);
CREATE INDEX results_in_order ON results (finished_at, table_id);
CREATE INDEX results_by_guild_game ON results (guild_id, game, finished_at);

CREATE FUNCTION results_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'results are immutable' USING ERRCODE = 'integrity_constraint_violation';
END;
$$;
CREATE TRIGGER results_never_updated BEFORE UPDATE ON results
    FOR EACH ROW EXECUTE FUNCTION results_are_immutable();
CREATE TRIGGER results_never_deleted BEFORE DELETE ON results
    FOR EACH ROW EXECUTE FUNCTION results_are_immutable();

CREATE TABLE ratings (
    guild_id     BIGINT  NOT NULL,
    game         TEXT    NOT NULL,
    user_id      BIGINT  NOT NULL,
    mu           DOUBLE PRECISION NOT NULL,
    sigma        DOUBLE PRECISION NOT NULL,
    games        INTEGER NOT NULL,
    wins         INTEGER NOT NULL,
    last_played  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
);
CREATE INDEX ratings_by_board ON ratings (guild_id, game, mu DESC);

CREATE TABLE rating_history (
    table_id      BIGINT  NOT NULL REFERENCES results (table_id),
    user_id       BIGINT  NOT NULL,
    guild_id      BIGINT  NOT NULL,
    game          TEXT    NOT NULL,
    place         INTEGER NOT NULL,
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
