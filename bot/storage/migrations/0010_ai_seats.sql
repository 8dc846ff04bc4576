-- 0010: AI seats at Discord tables (issue 11). An AI seat is a seat whose user id is negative
-- (bot/ai_seats.py encodes its level). `ai_replaces` is the bot's table option: a player who
-- resigns or forfeits a 3-4 player T&E game hands their seat to a `normal` AI instead of ending
-- it (tables created before this migration, and league matches, keep the old behaviour).
-- Discord ids are BIGINT, times DOUBLE PRECISION: an INTEGER and a REAL on SQLite, 64 bits on
-- both. 0010_ai_seats.postgres.sql differs in how the CHECK changes (see there).
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

-- The turn timer gains the consequence 'ai' (a `normal` AI takes the overdue decision). SQLite
-- cannot change a CHECK constraint in place: the table is rebuilt with every row kept.
CREATE TABLE table_pbp_new (
    table_id      INTEGER PRIMARY KEY REFERENCES game_tables (id),
    reminder      DOUBLE PRECISION,
    timer         DOUBLE PRECISION,
    consequence   TEXT NOT NULL DEFAULT 'skip' CHECK (consequence IN ('skip', 'forfeit', 'ai')),
    warn_lead     DOUBLE PRECISION NOT NULL DEFAULT 14400,
    forfeit_seat  INTEGER,
    timer_since   DOUBLE PRECISION,
    skip_run      INTEGER NOT NULL DEFAULT 0,
    skip_seq      INTEGER
);
INSERT INTO table_pbp_new (table_id, reminder, timer, consequence, warn_lead, forfeit_seat,
                           timer_since, skip_run, skip_seq)
    SELECT table_id, reminder, timer, consequence, warn_lead, forfeit_seat, timer_since,
           skip_run, skip_seq FROM table_pbp;
DROP TABLE table_pbp;
ALTER TABLE table_pbp_new RENAME TO table_pbp;
