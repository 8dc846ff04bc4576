"""Leases shared by several bot processes (migration 0012): a named claim held by one process
until it expires, taken with a compare-and-swap so two processes never both hold it."""

from __future__ import annotations

from bot.storage.tables import Queries, Statements

__all__ = ["LeaseQueries"]


class LeaseQueries(Statements):
    """Claims, renewals and releases of the ``leases`` rows (run inside ``Database.write``)."""

    def __init__(self, queries: Queries) -> None:
        super().__init__(queries.executor)

    async def claim(self, name: str, holder: str, now: float, until: float) -> bool:
        """Take ``name`` for ``holder`` until ``until`` if it is free, expired (before ``now``)
        or already ``holder``'s (a renewal); False if another holder's claim still runs."""
        changed = await self._change(
            "INSERT INTO leases (name, holder, expires) VALUES (?, ?, ?) "
            "ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, "
            "expires = excluded.expires "
            "WHERE leases.holder = excluded.holder OR leases.expires < ?",
            [name, holder, until, now],
        )
        return changed == 1

    async def release(self, name: str, holder: str) -> bool:
        """Give ``name`` up (only ``holder``'s own claim); False if it was not held."""
        return (
            await self._change("DELETE FROM leases WHERE name = ? AND holder = ?", [name, holder])
            == 1
        )

    async def holder(self, name: str, now: float) -> str | None:
        """Who holds ``name`` at ``now`` (None when nobody or the claim expired)."""
        row = await self._one(
            "SELECT holder FROM leases WHERE name = ? AND expires >= ?", [name, now]
        )
        return None if row is None else str(row[0])
