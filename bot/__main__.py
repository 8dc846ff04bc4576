"""``python -m bot``: read the settings and run the bot."""

from __future__ import annotations

import sys

from bot.settings import Settings, SettingsError


def main() -> int:
    try:
        settings = Settings.load()
    except SettingsError as error:
        print(f"Cannot start: {error}", file=sys.stderr)
        return 2
    print(
        "The Discord front end is not built yet; settings are valid "
        f"(database {settings.database_path}).",
        file=sys.stderr,
    )
    return 3


if __name__ == "__main__":
    sys.exit(main())
