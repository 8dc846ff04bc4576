"""Short random ids for log lines: an unexpected error's id (quoted to the player, found in the
log) and the random part of a process's name."""

from __future__ import annotations

import secrets

__all__ = ["short_id"]


def short_id() -> str:
    """Eight hex digits: short enough to read out from a Discord message, varied enough that two
    errors of one day's log do not share one."""
    return secrets.token_hex(4)
