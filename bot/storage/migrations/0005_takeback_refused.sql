-- 0005: a refused take-back settles that move: the row stays (refused = 1) until the table's
-- seq moves on, so the same move cannot be asked about again (and everyone pinged again).
ALTER TABLE takebacks ADD COLUMN refused INTEGER NOT NULL DEFAULT 0;
