"""Shared pytest configuration."""

pytest_plugins = ["tests.fakediscord.fixtures", "tests.postgres"]
