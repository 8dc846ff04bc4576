-- 0003 for PostgreSQL: as 0003_play_by_post.sql, with ids BIGINT and times DOUBLE PRECISION.

CREATE TABLE table_pbp (
    table_id      BIGINT PRIMARY KEY REFERENCES game_tables (id),
    reminder      DOUBLE PRECISION,
    timer         DOUBLE PRECISION,
    consequence   TEXT NOT NULL DEFAULT 'skip'
                  CONSTRAINT table_pbp_consequence_check CHECK (consequence IN ('skip', 'forfeit')),
    warn_lead     DOUBLE PRECISION NOT NULL DEFAULT 14400,
    forfeit_seat  INTEGER
);

ALTER TABLE pending ADD COLUMN warned_at DOUBLE PRECISION;

CREATE TABLE away (
    user_id   BIGINT NOT NULL,
    start     DOUBLE PRECISION NOT NULL,
    until     DOUBLE PRECISION NOT NULL,
    ended     DOUBLE PRECISION,
    PRIMARY KEY (user_id, start)
);

CREATE TABLE takebacks (
    table_id   BIGINT  PRIMARY KEY REFERENCES game_tables (id),
    seq        INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    approvals  TEXT    NOT NULL,
    at         DOUBLE PRECISION NOT NULL
);

CREATE TABLE watchers (
    table_id  BIGINT NOT NULL REFERENCES game_tables (id),
    user_id   BIGINT NOT NULL,
    PRIMARY KEY (table_id, user_id)
);

CREATE TABLE notify_prefs (
    user_id  BIGINT  PRIMARY KEY,
    dm       INTEGER NOT NULL DEFAULT 0
);
