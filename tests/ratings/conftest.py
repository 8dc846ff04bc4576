"""The service fixtures (real SQLite file, manual clock, fixed seeds) for the rating tests."""

from tests.service.conftest import clock, db_path, service

__all__ = ["clock", "db_path", "service"]
