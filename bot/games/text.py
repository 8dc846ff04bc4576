"""Words shared by the engines' sentences and the bot's messages (standard library only)."""

from __future__ import annotations

__all__ = ["plural"]


def plural(count: float, noun: str, plural_noun: str | None = None) -> str:
    """``count`` and ``noun``, the noun in the plural unless the count is exactly one:
    "1 hour", "2 hours", "0 tiles", "1.5 days" (``plural_noun`` when it is not noun + "s")."""
    if isinstance(count, float) and count.is_integer():
        count = int(count)
    number = f"{count:g}" if isinstance(count, float) else str(count)
    return f"{number} {noun if count == 1 else plural_noun or noun + 's'}"
