-- 0010 for PostgreSQL: as 0010_ai_seats.sql, with ids BIGINT and the time DOUBLE PRECISION;
-- the new consequence 'ai' replaces the CHECK constraint in place (SQLite rebuilds the table).
ALTER TABLE game_tables ADD COLUMN ai_replaces INTEGER NOT NULL DEFAULT 0;

CREATE TABLE replaced_seats (
    table_id   BIGINT  NOT NULL REFERENCES game_tables (id),
    seat       INTEGER NOT NULL,
    user_id    BIGINT  NOT NULL,
    name       TEXT    NOT NULL,
    ai_user_id BIGINT  NOT NULL,
    reason     TEXT    NOT NULL CHECK (reason IN ('resigned', 'forfeit')),
    at         DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, seat, at)
);

ALTER TABLE table_pbp DROP CONSTRAINT table_pbp_consequence_check;
ALTER TABLE table_pbp ADD CONSTRAINT table_pbp_consequence_check
    CHECK (consequence IN ('skip', 'forfeit', 'ai'));
