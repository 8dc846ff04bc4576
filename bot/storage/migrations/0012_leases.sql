-- 0012: leases shared by several bot processes (SHARD_COUNT / SHARD_IDS).
-- A named lease is held by one process (`holder`) until `expires` (clock seconds) unless that
-- process renews it: 'scheduler' elects the process that fires reminders, warnings and expiries,
-- 'board:<table id>' keeps two processes from posting one table's board at once. A lease is
-- claimed with one guarded upsert (a compare-and-swap), so it works alike on every database.
CREATE TABLE leases (
    name TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    expires DOUBLE PRECISION NOT NULL
);
