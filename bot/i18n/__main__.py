"""``python -m bot.i18n extract`` refreshes the catalogues; ``check`` lists what is missing."""

from __future__ import annotations

import argparse
import sys

from bot.i18n import catalog, extract


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.i18n")
    parser.add_argument("command", choices=("extract", "check"))
    args = parser.parse_args(argv)
    if args.command == "extract":
        extract.extract()
        print(f"catalogues written to {catalog.locale_dir()}")
        return 0
    missing = [line for lang in catalog.TRANSLATED for line in extract.problems(lang)]
    for line in missing:
        print(line)
    print(f"{len(missing)} problems")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
