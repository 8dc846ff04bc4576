-- 0011: languages (issue 12). A table's public messages (boards, pings, results) are written in
-- its `language`, chosen at creation (default: the server's setting, else its Discord locale);
-- `guild_settings.language` is the server's choice made with `/settings language:` (NULL: follow
-- the server's Discord locale). Languages are the codes of bot/i18n: en, ko, tr.
ALTER TABLE game_tables ADD COLUMN language TEXT NOT NULL DEFAULT 'en';

CREATE TABLE guild_settings (
    guild_id BIGINT PRIMARY KEY,
    language TEXT
);
