-- 0008: community leagues (seasons): leagues, members, rounds and matches.
-- Discord ids and seeds are BIGINT, times DOUBLE PRECISION: an INTEGER and a REAL on SQLite,
-- 64 bits on both. 0008_leagues.postgres.sql differs in the keys and one index (see there).

CREATE TABLE leagues (
    id                   INTEGER PRIMARY KEY,
    guild_id             BIGINT  NOT NULL,
    channel_id           BIGINT  NOT NULL,   -- sign-up card, standings and match threads live here
    game                 TEXT    NOT NULL,
    name                 TEXT    NOT NULL,
    format               TEXT    NOT NULL CHECK (format IN ('round_robin', 'swiss')),
    round_days           INTEGER NOT NULL,
    rounds               INTEGER,            -- planned rounds: fixed at start (Swiss: may be set at create)
    schedule             TEXT,               -- round robin: JSON list of rounds (groups, byes), fixed at start
    seed                 BIGINT  NOT NULL,
    status               TEXT    NOT NULL CHECK (status IN ('signup', 'running', 'finished')),
    signup_message_id    BIGINT,
    standings_message_id BIGINT,
    standings_digest     TEXT,               -- what the standings message shows now (edit only on change)
    final_posted_at      DOUBLE PRECISION,   -- the champion announcement went out
    created_by           BIGINT  NOT NULL,
    created_at           DOUBLE PRECISION NOT NULL,
    started_at           DOUBLE PRECISION,
    finished_at          DOUBLE PRECISION
);
-- Names are unique per server among the seasons not yet finished (past seasons keep theirs).
CREATE UNIQUE INDEX leagues_open_name ON leagues (guild_id, name COLLATE NOCASE)
    WHERE status != 'finished';
CREATE INDEX leagues_by_status ON leagues (status);

CREATE TABLE league_members (
    league_id   BIGINT  NOT NULL REFERENCES leagues (id),
    user_id     BIGINT  NOT NULL,
    name        TEXT    NOT NULL,
    joined_at   DOUBLE PRECISION NOT NULL,
    left_at     DOUBLE PRECISION,            -- left or kicked during the season
    left_reason TEXT CHECK (left_reason IN ('left', 'kicked')),
    PRIMARY KEY (league_id, user_id)
);

CREATE TABLE league_rounds (
    league_id    BIGINT  NOT NULL REFERENCES leagues (id),
    number       INTEGER NOT NULL,           -- 1-based
    opened_at    DOUBLE PRECISION NOT NULL,
    deadline     DOUBLE PRECISION NOT NULL,
    closed_at    DOUBLE PRECISION,           -- every match has a result
    announced_at DOUBLE PRECISION,           -- the round's announcement went out
    PRIMARY KEY (league_id, number)
);

CREATE TABLE league_matches (
    id          INTEGER PRIMARY KEY,
    league_id   BIGINT  NOT NULL REFERENCES leagues (id),
    round       INTEGER NOT NULL,
    position    INTEGER NOT NULL,            -- order within the round
    players     TEXT    NOT NULL,            -- JSON list of user ids scheduled, in seat order
    thread_id   BIGINT,                      -- the match's thread, once created
    table_id    BIGINT  REFERENCES game_tables (id),
    ranking     TEXT,                        -- JSON list of places (lists of user ids), once decided
    forfeited   TEXT,                        -- JSON list of user ids who score nothing (left, deadline)
    source      TEXT CHECK (source IN
                    ('played', 'deadline', 'adjudicated', 'bye', 'forfeit', 'void')),
    reason      TEXT,                        -- adjudication reason, deadline or leaving note
    decided_at  DOUBLE PRECISION,
    decided_by  BIGINT,                      -- the manager who adjudicated
    UNIQUE (league_id, round, position)
);
CREATE UNIQUE INDEX league_matches_one_table ON league_matches (table_id)
    WHERE table_id IS NOT NULL;
