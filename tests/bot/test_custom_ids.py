"""The persistent buttons' custom ids never change: buttons on messages sent by an older version
of the bot must keep working after an upgrade. Each class is rebuilt from its custom id as
discord.py does on a click (template ``fullmatch``, then ``from_custom_id``); the templates are
those the items had before :mod:`bot.ui.persistent` declared them (:data:`OLD_TEMPLATES`)."""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest

from bot.ui.items import (
    DYNAMIC_ITEMS,
    REVIEW_ITEMS,
    ActionButton,
    ActionSelect,
    AiSelect,
    BoardButton,
    ConfirmButton,
    HintButton,
    LobbyButton,
    NewThreadButton,
    PickerButton,
    ReviewButton,
)
from bot.ui.leagues.sync import LEAGUE_ITEMS, SignupButton
from bot.ui.pbp import PBP_ITEMS, RematchButton, TakebackAnswer, TakebackButton
from bot.ui.replays import REPLAY_ITEMS, ReplayStep

ALL_ITEMS = {*DYNAMIC_ITEMS, *REVIEW_ITEMS, *PBP_ITEMS, *LEAGUE_ITEMS, *REPLAY_ITEMS}

#: Each item's template as the classes spelt it out one by one, before bot.ui.persistent.
OLD_TEMPLATES = {
    "LobbyButton": r"lobby:(?P<table>\d+):(?P<op>join|leave|start|cancel)",
    "AiSelect": r"lobby:(?P<table>\d+):ai",
    "BoardButton": r"board:(?P<table>\d+):(?P<version>\d+):(?P<op>hand|act)",
    "ActionButton": r"do:(?P<table>\d+):(?P<version>\d+):(?P<action>.+)",
    "ActionSelect": r"pick:(?P<table>\d+):(?P<version>\d+):(?P<n>\d)",
    "PickerButton": r"pk:(?P<table>\d+):(?P<version>\d+):(?P<path>.*)",
    "ConfirmButton": r"confirm:(?P<table>\d+):(?P<version>\d+):(?P<op>abort|resign)",
    "NewThreadButton": (
        r"thread:(?P<game>[a-z]+):(?P<seats>\d+):(?P<order>join|random)"
        r"(?::(?P<language>[a-z]{2,3}))?:(?P<options>\{.*)"
    ),
    "ReviewButton": r"review:(?P<table>\d+)",
    "HintButton": r"hint:(?P<table>\d+):(?P<version>\d+)",
    "TakebackButton": r"undo:(?P<table>\d+):(?P<version>\d+)",
    "TakebackAnswer": r"undo:(?P<table>\d+):(?P<version>\d+):(?P<op>approve|refuse)",
    "RematchButton": r"rematch:(?P<table>\d+)",
    "SignupButton": r"league:(?P<league>\d+):(?P<op>join|leave)",
    "ReplayStep": r"replay:(?P<table>\d+):(?P<turn>\d+)",
}

CASES: list[tuple[type[discord.ui.DynamicItem[Any]], tuple[Any, ...], str, dict[str, Any]]] = [
    (LobbyButton, (7, "join"), "lobby:7:join", {"table_id": 7, "op": "join"}),
    (LobbyButton, (7, "cancel"), "lobby:7:cancel", {"table_id": 7, "op": "cancel"}),
    (AiSelect, (7,), "lobby:7:ai", {"table_id": 7}),
    (BoardButton, (7, 3, "act"), "board:7:3:act", {"table_id": 7, "version": 3, "op": "act"}),
    (BoardButton, (7, 0, "hand"), "board:7:0:hand", {"table_id": 7, "version": 0, "op": "hand"}),
    (
        ActionButton,
        (7, 3, "tile red F4"),
        "do:7:3:tile red F4",
        {"table_id": 7, "version": 3, "action": "tile red F4"},
    ),
    (ActionSelect, (7, 3, 2), "pick:7:3:2", {"table_id": 7, "version": 3, "n": 2}),
    (
        PickerButton,
        (7, 3, "tile red *4"),
        "pk:7:3:tile red *4",
        {"table_id": 7, "version": 3, "path": "tile red *4"},
    ),
    (PickerButton, (7, 3, ""), "pk:7:3:", {"table_id": 7, "version": 3, "path": ""}),
    (
        ConfirmButton,
        (7, 3, "abort"),
        "confirm:7:3:abort",
        {"table_id": 7, "version": 3, "op": "abort"},
    ),
    (
        ConfirmButton,
        (7, 3, "resign"),
        "confirm:7:3:resign",
        {"table_id": 7, "version": 3, "op": "resign"},
    ),
    (
        NewThreadButton,
        ("targi", 2, "random", None, {"open_scoring": True, "caravan_card": "bottom"}),
        'thread:targi:2:random:{"caravan_card":"bottom","open_scoring":true}',
        {
            "game": "targi",
            "seats": 2,
            "order": "random",
            "language": None,
            "options": {"open_scoring": True, "caravan_card": "bottom"},
        },
    ),
    (
        NewThreadButton,
        ("tigris", 4, "join", None, {}),
        "thread:tigris:4:join:{}",
        {"game": "tigris", "seats": 4, "order": "join", "language": None, "options": {}},
    ),
    (  # the table's language rides along (an offer made before it did has none: above)
        NewThreadButton,
        ("tigris", 3, "join", "ko", {"rated": False}),
        'thread:tigris:3:join:ko:{"rated":false}',
        {
            "game": "tigris",
            "seats": 3,
            "order": "join",
            "language": "ko",
            "options": {"rated": False},
        },
    ),
    (TakebackButton, (7, 3), "undo:7:3", {"table_id": 7, "version": 3}),
    (
        TakebackAnswer,
        (7, 3, "approve"),
        "undo:7:3:approve",
        {"table_id": 7, "version": 3, "op": "approve"},
    ),
    (
        TakebackAnswer,
        (7, 3, "refuse"),
        "undo:7:3:refuse",
        {"table_id": 7, "version": 3, "op": "refuse"},
    ),
    (RematchButton, (12,), "rematch:12", {"table_id": 12}),
    (SignupButton, (5, "join"), "league:5:join", {"league_id": 5, "op": "join"}),
    (SignupButton, (5, "leave"), "league:5:leave", {"league_id": 5, "op": "leave"}),
    (ReviewButton, (12,), "review:12", {"table_id": 12}),
    (HintButton, (7, 3), "hint:7:3", {"table_id": 7, "version": 3}),
    (ReplayStep, (12, 4), "replay:12:4", {"table_id": 12, "turn": 4}),
]


def test_every_persistent_class_is_covered() -> None:
    assert {case[0] for case in CASES} == ALL_ITEMS
    assert {cls.__name__ for cls in ALL_ITEMS} == set(OLD_TEMPLATES)


@pytest.mark.parametrize(("cls", "args", "custom_id", "fields"), CASES)
async def test_custom_ids_are_unchanged_and_round_trip(
    cls: type[discord.ui.DynamicItem[Any]],
    args: tuple[Any, ...],
    custom_id: str,
    fields: dict[str, Any],
) -> None:
    made = cast(Any, cls)(*args, lang="en")
    assert made.custom_id == custom_id
    # A click on an old message: discord.py matches the whole id against each template.
    matching = [c for c in ALL_ITEMS if c.__discord_ui_compiled_template__.fullmatch(custom_id)]
    assert matching == [cls]
    match = cls.__discord_ui_compiled_template__.fullmatch(custom_id)
    assert match is not None
    clicker = cast(Any, SimpleNamespace(locale="ko"))
    rebuilt = await cls.from_custom_id(clicker, made.item, match)
    assert type(rebuilt) is cls and rebuilt.custom_id == custom_id
    assert {name: getattr(rebuilt, name) for name in fields} == fields


async def test_a_button_rebuilt_after_a_restart_speaks_its_clickers_language() -> None:
    template = ConfirmButton.__discord_ui_compiled_template__
    match = template.fullmatch("confirm:7:3:resign")
    assert match is not None
    made = ConfirmButton(7, 3, "resign", lang="en")
    clicker = cast(Any, SimpleNamespace(locale="tr"))
    rebuilt = await ConfirmButton.from_custom_id(clicker, made.item, match)
    assert rebuilt.item.label == "Evet, oyundan çekil"


@pytest.mark.parametrize(("cls", "args", "custom_id", "fields"), CASES)
async def test_an_id_sent_by_the_old_code_is_read_as_it_was(
    cls: type[discord.ui.DynamicItem[Any]],
    args: tuple[Any, ...],
    custom_id: str,
    fields: dict[str, Any],
) -> None:
    """The old template matched these ids with these groups; the new one matches them alike,
    and what it builds the old one would have matched."""
    old = re.compile(OLD_TEMPLATES[cls.__name__])
    new = cls.__discord_ui_compiled_template__
    before, after = old.fullmatch(custom_id), new.fullmatch(custom_id)
    assert before is not None and after is not None
    assert after.groupdict() == before.groupdict()
    assert new.pattern == old.pattern  # the same language, spelt the same
    assert old.fullmatch(cast(Any, cls)(*args, lang="en").custom_id)


@pytest.mark.parametrize(
    "custom_id",
    [
        "do:7:3:move 1 2:3",  # an action with a colon: everything after the version
        "pk:7:3:",  # the picker's first screen
        "lobby:7:ai",
        'thread:targi:2:join:{"a":{"b":[1,2]}}',
        "undo:12:0",
        "undo:12:0:refuse",
    ],
)
async def test_old_ids_find_one_item_each(custom_id: str) -> None:
    matching = [c for c in ALL_ITEMS if c.__discord_ui_compiled_template__.fullmatch(custom_id)]
    assert len(matching) == 1, (custom_id, matching)
    (cls,) = matching
    match = cls.__discord_ui_compiled_template__.fullmatch(custom_id)
    assert match is not None
    clicker = cast(Any, SimpleNamespace(locale="en-US"))
    rebuilt = await cls.from_custom_id(clicker, cast(Any, None), match)
    assert rebuilt.custom_id == custom_id
