"""The persistent buttons' custom ids never change: buttons on messages sent by an older version
of the bot must keep working after an upgrade. Each class is rebuilt from its custom id as
discord.py does on a click (template ``fullmatch``, then ``from_custom_id``)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest

from bot.ui.items import (
    DYNAMIC_ITEMS,
    ActionButton,
    ActionSelect,
    AiSelect,
    BoardButton,
    ConfirmButton,
    LobbyButton,
    NewThreadButton,
    PickerButton,
)
from bot.ui.leagues import LEAGUE_ITEMS, SignupButton
from bot.ui.pbp import PBP_ITEMS, RematchButton, TakebackAnswer, TakebackButton

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
]


def test_every_persistent_class_is_covered() -> None:
    assert {case[0] for case in CASES} == set(DYNAMIC_ITEMS) | set(PBP_ITEMS) | set(LEAGUE_ITEMS)


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
    matching = [
        c
        for c in set(DYNAMIC_ITEMS) | set(PBP_ITEMS) | set(LEAGUE_ITEMS)
        if c.__discord_ui_compiled_template__.fullmatch(custom_id)
    ]
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
