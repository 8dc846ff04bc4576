-- 0010 for PostgreSQL: 0010_ai_seats.sql but for how table_pbp's CHECK gains 'ai':
-- PostgreSQL replaces the constraint in place (named in 0003), where SQLite, which cannot,
-- rebuilds the table.
-- 0010: AI seats at Discord tables (issue 11). An AI seat is a seat whose user id is negative
-- (bot/ai_seats.py encodes its level). `ai_replaces` is the bot's table option: a player who
-- resigns or forfeits a 3-4 player T&E game hands their seat to a `normal` AI instead of ending
-- it (tables created before this migration, and league matches, keep the old behaviour).
ALTER TABLE game_tables ADD COLUMN ai_replaces INTEGER NOT NULL DEFAULT 0;

-- Who left a game and which AI took their seat over (the leaver is recorded here, not in
-- `seats`, which from then on names the AI).
CREATE TABLE replaced_seats (
    table_id   BIGINT  NOT NULL REFERENCES game_tables (id),
    seat       INTEGER NOT NULL,
    user_id    BIGINT  NOT NULL,   -- the person who left
    name       TEXT    NOT NULL,
    ai_user_id BIGINT  NOT NULL,   -- the AI seat that plays on
    reason     TEXT    NOT NULL CHECK (reason IN ('resigned', 'forfeit')),
    at         DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, seat, at)
);

-- The turn timer gains the consequence 'ai' (a `normal` AI takes the overdue decision).
ALTER TABLE table_pbp DROP CONSTRAINT table_pbp_consequence_check;
ALTER TABLE table_pbp ADD CONSTRAINT table_pbp_consequence_check
    CHECK (consequence IN ('skip', 'forfeit', 'ai'));
