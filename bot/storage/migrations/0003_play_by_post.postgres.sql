-- 0003 for PostgreSQL: 0003_play_by_post.sql but for its three one-column keys. On SQLite an
-- `INTEGER PRIMARY KEY` is the rowid itself (spelt exactly so); PostgreSQL's INTEGER has 32
-- bits, so there the keys are BIGINT.
-- 0003: play-by-post (issue 6): table options for slow games, timer warnings, away periods,
-- take-back requests, watchers and notification preferences.

-- Per-table play-by-post options; a table without a row uses the defaults (reminders every
-- 24 hours, no turn timer). Times are seconds; NULL reminder/timer means "off". The CHECK is
-- named: 0010 replaces it on PostgreSQL.
CREATE TABLE table_pbp (
    table_id      BIGINT  PRIMARY KEY REFERENCES game_tables (id),
    reminder      DOUBLE PRECISION,        -- reminder interval, NULL = off (live games)
    timer         DOUBLE PRECISION,        -- turn timer per decision, NULL = off
    consequence   TEXT NOT NULL DEFAULT 'skip'
                  CONSTRAINT table_pbp_consequence_check CHECK (consequence IN ('skip', 'forfeit')),
    -- how long before the timer runs out its warning goes
    warn_lead     DOUBLE PRECISION NOT NULL DEFAULT 14400,
    forfeit_seat  INTEGER                  -- the seat that lost on time, once it happened
);

-- When the timer warning for a pending decision went out (cleared by a new wait).
ALTER TABLE pending ADD COLUMN warned_at DOUBLE PRECISION;

-- Away (vacation) periods per user, across every server. `until` is the planned end; `ended`
-- is set by /back (or equals `until` when it ran out). Reminders and timers pause meanwhile.
CREATE TABLE away (
    user_id   BIGINT  NOT NULL,
    start     DOUBLE PRECISION NOT NULL,
    until     DOUBLE PRECISION NOT NULL,
    ended     DOUBLE PRECISION,
    PRIMARY KEY (user_id, start)
);

-- One open take-back request per table; void once the table's seq moves past `seq`.
CREATE TABLE takebacks (
    table_id   BIGINT  PRIMARY KEY REFERENCES game_tables (id),
    seq        INTEGER NOT NULL,   -- the table's seq when asked (the action undone is seq - 1)
    seat       INTEGER NOT NULL,   -- who asked
    approvals  TEXT    NOT NULL,   -- JSON list of seats that approved
    at         DOUBLE PRECISION NOT NULL
);

-- Non-players subscribed to a table's turn notifications.
CREATE TABLE watchers (
    table_id  BIGINT  NOT NULL REFERENCES game_tables (id),
    user_id   BIGINT  NOT NULL,
    PRIMARY KEY (table_id, user_id)
);

-- Per-user notification preferences (opt-in direct messages on "your turn").
CREATE TABLE notify_prefs (
    user_id  BIGINT  PRIMARY KEY,
    dm       INTEGER NOT NULL DEFAULT 0
);
