"""``python -m renderers bench``: render-time benchmark (see ``renderers.bench``);
``python -m renderers legibility``: the smallest text of each image in the phone's feed (see
``renderers.legibility``)."""

from __future__ import annotations

import sys


def main(argv: list[str]) -> int:
    if argv and argv[0] == "legibility":
        from renderers.legibility import main as legibility

        return legibility(argv[1:])
    if not argv or argv[0] != "bench":
        print(
            "usage: python -m renderers bench [--games GAME,GAME] [--seed N] "
            "[--positions N] [--repeat N]\n"
            "       python -m renderers legibility [--games GAME,GAME] [--seed N] [--positions N]",
            file=sys.stderr,
        )
        return 2
    from renderers.bench import main as bench

    return bench(argv[1:])


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
