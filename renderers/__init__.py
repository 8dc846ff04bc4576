"""Pure functions from an engine's view to PNG bytes (see the images issue)."""
