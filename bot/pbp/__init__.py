"""Play-by-post: the use cases (`usecases`: timers, away, take-backs, watchers, options), the
readable log and per-game facts (`log`), and the background timing (`scheduler`)."""
