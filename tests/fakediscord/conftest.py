"""For FakeDiscord's own tests: the fake's answers must match Discord's response schemas too."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.fakediscord import FakeDiscord
from tests.fakediscord.spec import default_checker


@pytest.fixture(autouse=True)
def fake_answers_like_discord(fake_discord: FakeDiscord) -> Iterator[None]:
    yield
    checker = default_checker()
    problems = [
        problem
        for call in fake_discord.calls
        for problem in checker.check_response(call.method, call.path, call.status, call.response)
    ]
    assert not problems, "the fake answered unlike Discord:\n  " + "\n  ".join(problems)
