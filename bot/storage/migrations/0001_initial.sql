-- 0001: tables (one game in one channel), seats, the append-only action log, state snapshots,
-- and the seats whose decision is pending (with the time it became pending).
-- Discord ids and seeds are BIGINT, times DOUBLE PRECISION: an INTEGER and a REAL on SQLite,
-- 64 bits on both. 0001_initial.postgres.sql differs in the keys alone (see there).

CREATE TABLE game_tables (
    id               INTEGER PRIMARY KEY,
    game             TEXT    NOT NULL,
    guild_id         BIGINT,
    channel_id       BIGINT  NOT NULL,
    creator_id       BIGINT  NOT NULL,
    status           TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'aborted')),
    max_seats        INTEGER NOT NULL,
    seat_order       TEXT    NOT NULL CHECK (seat_order IN ('join', 'random')),
    options          TEXT    NOT NULL,           -- JSON object, engine defaults merged in
    setup            TEXT,                       -- JSON passed to new_game(setup=...), or NULL
    seed             BIGINT  NOT NULL,
    seq              INTEGER NOT NULL DEFAULT 0, -- number of actions applied
    lobby_message_id BIGINT,
    board_message_id BIGINT,
    end_reason       TEXT CHECK (end_reason IN ('over', 'resigned', 'aborted', 'cancelled')),
    resigned_seat    INTEGER,
    created_at       DOUBLE PRECISION NOT NULL,
    started_at       DOUBLE PRECISION,
    ended_at         DOUBLE PRECISION
);

-- At most one lobby or running game per channel.
CREATE UNIQUE INDEX game_tables_one_open_per_channel
    ON game_tables (channel_id) WHERE status IN ('lobby', 'active');
CREATE INDEX game_tables_by_guild ON game_tables (guild_id, status);

CREATE TABLE seats (
    table_id  BIGINT  NOT NULL REFERENCES game_tables (id),
    user_id   BIGINT  NOT NULL,
    name      TEXT    NOT NULL,
    joined    INTEGER NOT NULL,  -- join order within the table
    seat      INTEGER,           -- NULL until the game starts
    PRIMARY KEY (table_id, user_id)
);
CREATE UNIQUE INDEX seats_one_user_per_seat ON seats (table_id, seat) WHERE seat IS NOT NULL;
CREATE INDEX seats_by_user ON seats (user_id);

-- The game is its seed plus this log; (table_id, seq) is the stale-move guard.
CREATE TABLE actions (
    table_id  BIGINT  NOT NULL REFERENCES game_tables (id),
    seq       INTEGER NOT NULL,  -- 0-based: the number of actions applied before this one
    seat      INTEGER NOT NULL,
    user_id   BIGINT  NOT NULL,
    action    TEXT    NOT NULL,
    at        DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, seq)
);

-- The engine's to_json() after `seq` actions: loading without a replay.
CREATE TABLE snapshots (
    table_id  INTEGER PRIMARY KEY REFERENCES game_tables (id),
    seq       INTEGER NOT NULL,
    state     TEXT    NOT NULL
);

-- Seats that must decide now in running games, and since when (for reminders and "my turn").
CREATE TABLE pending (
    table_id  BIGINT  NOT NULL REFERENCES game_tables (id),
    seat      INTEGER NOT NULL,
    since     DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, seat)
);
