"""The service fixtures (a real database, SQLite and PostgreSQL; manual clock, fixed seeds) for
the statistics tests."""

from tests.service.conftest import clock, service

__all__ = ["clock", "service"]
