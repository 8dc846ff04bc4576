-- 0003: play-by-post (issue 6): table options for slow games, timer warnings, away periods,
-- take-back requests, watchers and notification preferences.

-- Per-table play-by-post options; a table without a row uses the defaults (reminders every
-- 24 hours, no turn timer). Times are seconds; NULL reminder/timer means "off".
CREATE TABLE table_pbp (
    table_id      INTEGER PRIMARY KEY REFERENCES game_tables (id),
    reminder      REAL,                    -- reminder interval, NULL = off (live games)
    timer         REAL,                    -- turn timer per decision, NULL = off
    consequence   TEXT NOT NULL DEFAULT 'skip' CHECK (consequence IN ('skip', 'forfeit')),
    warn_lead     REAL NOT NULL DEFAULT 14400,  -- warn this long before the timer runs out
    forfeit_seat  INTEGER                  -- the seat that lost on time, once it happened
);

-- When the timer warning for a pending decision went out (cleared by a new wait).
ALTER TABLE pending ADD COLUMN warned_at REAL;

-- Away (vacation) periods per user, across every server. `until` is the planned end; `ended`
-- is set by /back (or equals `until` when it ran out). Reminders and timers pause meanwhile.
CREATE TABLE away (
    user_id   INTEGER NOT NULL,
    start     REAL    NOT NULL,
    until     REAL    NOT NULL,
    ended     REAL,
    PRIMARY KEY (user_id, start)
);

-- One open take-back request per table; void once the table's seq moves past `seq`.
CREATE TABLE takebacks (
    table_id   INTEGER PRIMARY KEY REFERENCES game_tables (id),
    seq        INTEGER NOT NULL,   -- the table's seq when asked (the action undone is seq - 1)
    seat       INTEGER NOT NULL,   -- who asked
    approvals  TEXT    NOT NULL,   -- JSON list of seats that approved
    at         REAL    NOT NULL
);

-- Non-players subscribed to a table's turn notifications.
CREATE TABLE watchers (
    table_id  INTEGER NOT NULL REFERENCES game_tables (id),
    user_id   INTEGER NOT NULL,
    PRIMARY KEY (table_id, user_id)
);

-- Per-user notification preferences (opt-in direct messages on "your turn").
CREATE TABLE notify_prefs (
    user_id  INTEGER PRIMARY KEY,
    dm       INTEGER NOT NULL DEFAULT 0
);
