"""Settings and the bot's start-up without a token."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot.running.settings import Settings, SettingsError


def test_missing_token_explains_what_to_set(tmp_path: Path) -> None:
    with pytest.raises(SettingsError, match="DISCORD_TOKEN"):
        Settings.load({}, tmp_path / "none.env")


def test_environment_wins_over_dotenv(tmp_path: Path) -> None:
    dotenv = tmp_path / ".env"
    dotenv.write_text("DISCORD_TOKEN=from-file\nDEV_GUILD_ID=42\n# comment\nLOG_LEVEL=debug\n")
    settings = Settings.load({"DISCORD_TOKEN": "from-env"}, dotenv)
    assert settings.discord_token == "from-env"
    assert settings.dev_guild_id == 42
    assert settings.log_level == "DEBUG"
    assert settings.database_path == Path("var/bot.sqlite3")
    assert settings.api_base is None and settings.gateway_url is None


def test_bad_guild_id_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SettingsError, match="DEV_GUILD_ID"):
        Settings.load({"DISCORD_TOKEN": "x", "DEV_GUILD_ID": "my server"}, tmp_path / "none.env")


def test_python_m_bot_without_token_exits_non_zero(tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    result = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert result.returncode != 0
    assert "DISCORD_TOKEN" in result.stderr


def test_ai_settings_default_and_refuse_nonsense(tmp_path: Path) -> None:
    none = tmp_path / "none.env"
    settings = Settings.load({"DISCORD_TOKEN": "x"}, none)
    assert (settings.ai_move_delay, settings.ai_workers) == (1.5, 2)
    chosen = Settings.load({"DISCORD_TOKEN": "x", "AI_MOVE_DELAY": "0", "AI_WORKERS": "1"}, none)
    assert (chosen.ai_move_delay, chosen.ai_workers) == (0.0, 1)
    for name, value in [("AI_MOVE_DELAY", "soon"), ("AI_MOVE_DELAY", "-1"), ("AI_WORKERS", "0")]:
        with pytest.raises(SettingsError, match=name):
            Settings.load({"DISCORD_TOKEN": "x", name: value}, none)


def test_database_url_switches_to_postgresql_and_refuses_other_addresses(tmp_path: Path) -> None:
    none = tmp_path / "none.env"
    sqlite = Settings.load({"DISCORD_TOKEN": "x", "DATABASE_PATH": "data/b.sqlite3"}, none)
    assert sqlite.database_url is None and sqlite.database == Path("data/b.sqlite3")
    url = "postgresql://bot:pw@db.example:5432/bot"
    chosen = Settings.load({"DISCORD_TOKEN": "x", "DATABASE_URL": f" {url} "}, none)
    assert chosen.database == url
    for wrong in ("mysql://bot@db/bot", "var/bot.sqlite3"):
        with pytest.raises(SettingsError, match="DATABASE_URL must be a PostgreSQL address"):
            Settings.load({"DISCORD_TOKEN": "x", "DATABASE_URL": wrong}, none)


def test_python_m_bot_with_an_unreachable_database_url_exits_2(tmp_path: Path) -> None:
    env = {
        "PATH": "/usr/bin:/bin",
        "PYTHONPATH": str(Path(__file__).resolve().parent.parent),
        "DISCORD_TOKEN": "x",
        "DATABASE_URL": f"postgresql://bot:secret@/bot?host={tmp_path}&port=1",
    }
    result = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert result.returncode == 2, result.stderr
    assert result.stderr.startswith("Cannot start: Could not connect to the PostgreSQL database")
    assert "secret" not in result.stderr


def test_shard_settings_name_the_shards_of_this_process(tmp_path: Path) -> None:
    none = tmp_path / "none.env"
    alone = Settings.load({"DISCORD_TOKEN": "x"}, none)
    assert (alone.shard_count, alone.shard_ids, alone.scheduler_interval) == (None, None, 60.0)
    one = Settings.load({"DISCORD_TOKEN": "x", "SHARD_COUNT": "2", "SHARD_IDS": "1"}, none)
    assert (one.shard_count, one.shard_ids) == (2, (1,))
    every = Settings.load({"DISCORD_TOKEN": "x", "SHARD_COUNT": "3"}, none)
    assert every.shard_ids == (0, 1, 2)
    listed = Settings.load({"DISCORD_TOKEN": "x", "SHARD_COUNT": "4", "SHARD_IDS": "3, 1,1"}, none)
    assert listed.shard_ids == (1, 3)
    fast = Settings.load({"DISCORD_TOKEN": "x", "SCHEDULER_INTERVAL": "0.5"}, none)
    assert fast.scheduler_interval == 0.5


@pytest.mark.parametrize(
    ("values", "named"),
    [
        ({"SHARD_IDS": "0"}, "SHARD_COUNT"),
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT"),
        ({"SHARD_COUNT": "two"}, "SHARD_COUNT"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "2"}, "SHARD_IDS"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "0;1"}, "SHARD_IDS"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "-1"}, "SHARD_IDS"),
        ({"SCHEDULER_INTERVAL": "0"}, "SCHEDULER_INTERVAL"),
        ({"SCHEDULER_INTERVAL": "often"}, "SCHEDULER_INTERVAL"),
    ],
)
def test_shard_settings_refuse_nonsense(tmp_path: Path, values: dict[str, str], named: str) -> None:
    with pytest.raises(SettingsError, match=named):
        Settings.load({"DISCORD_TOKEN": "x", **values}, tmp_path / "none.env")
