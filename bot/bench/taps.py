"""``python -m bot.bench.taps``: how many taps a player's decisions cost on a phone, counted
through the bot's own Act menus.

AI players (``--level``) play whole games in the engine; at every decision the bench opens the
deciding player's Act menu as the bot builds it (:mod:`bot.ui.items`, the same views the bot
sends) and walks it to the AI's chosen action, screen by screen, as a player's thumb would,
counting as in the phone issue: a button is 1 tap, a select 2 (open, pick) plus 1 for a scroll
when the option lies below the 8th, and pressing Act 1.

Three menus are counted on the same games: ``menu``, the grouped selects every title had before
the picker, where every decision starts with Act; ``picker``, what the bot sends now when
decisions are hours apart (play-by-post): the picker's buttons where the title has one, and the
next decision of the player who just moved arriving in the answer to their move (no Act); and
``edited``, the same when players answer within 14 minutes (live play): a decision that comes
back to a player in the same turn also turns their open private message into it
(:mod:`bot.ui.open_menus`), so it needs no Act either. A turn is a run of decisions sharing the
view's value of the title's ``replay.turn_key`` (a T&E turn: the active player's two actions and
their own conflict decisions; a Targi round), counted for the seat that opens it; the other seats'
decisions in it (a defender's support) are counted apart as off-turn decisions. Every decision
is also counted alone (the figure for Targi).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

from bot import action_menus, titles
from bot.ai.arena import decide
from bot.games import get_game
from bot.service import Player, Table
from bot.storage.tables import TableStatus
from bot.ui import items

#: A select's options a phone shows without scrolling.
VISIBLE_OPTIONS = 8
MENUS = ("menu", "picker", "edited")
#: The phone issue's ceiling for a T&E turn.
TARGET_MAX = 10


@dataclass
class Counts:
    """Taps per turn, per off-turn decision and per decision, for one menu."""

    turns: list[int] = field(default_factory=list)
    off_turn: list[int] = field(default_factory=list)
    decisions: list[int] = field(default_factory=list)  # Act included where pressed
    per_action: list[int] = field(default_factory=list)  # without Act


def _table(game: str, seats: int, version: int) -> Table:
    players = tuple(Player(user_id=1000 + s, name=f"P{s}") for s in range(seats))
    return Table(
        id=1,
        game=game,
        guild_id=1,
        channel_id=1,
        creator_id=1000,
        status=TableStatus.ACTIVE,
        max_seats=seats,
        seat_order="join",
        options={},
        seed=0,
        players=players,
        seq=version,
        lobby_message_id=None,
        board_message_id=None,
        version=version,
    )


def walk(
    table: Table, legal: Sequence[str], action: str, menu: str, *, own: dict[str, Any], seat: int
) -> int:
    """Taps from an open Act menu to ``action``, following its buttons and selects."""
    prefix, taps = "", 0
    for _depth in range(8):
        if menu == "picker":
            view, _shown, _near = items.menu_view(
                table, list(legal), prefix, lang="en", own=own, seat=seat
            )
        else:
            view = items.action_view(table, action_menus.action_menu(legal, prefix), lang="en")
        step = _step(view, action)
        if step is None:
            raise AssertionError(f"{action!r} cannot be reached from {prefix!r}")
        cost, prefix_next = step
        taps += cost
        if prefix_next is None:
            return taps
        prefix = prefix_next
    raise AssertionError(f"{action!r}: the menu is too deep")


def _step(view: discord.ui.View, action: str) -> tuple[int, str | None] | None:
    """The tap(s) on ``view`` towards ``action``: (taps, the next prefix or None when done)."""
    from bot.ui.picker import leads_to

    towards: tuple[int, str | None] | None = None
    for child in view.children:
        item = child
        if isinstance(item, items.ActionButton) and item.action == action:
            return 1, None
        # One step of a screen leads to an action (Back leads nowhere new).
        if isinstance(item, items.PickerButton) and item.path and leads_to(item.path, action):
            towards = towards or (1, item.path)
        if isinstance(item, items.ActionSelect):
            options = [o.value for o in item.item.options]
            for index, value in enumerate(options):
                kind, _sep, what = value.partition(":")
                scroll = 1 if index >= VISIBLE_OPTIONS else 0
                if kind == "a" and what == action:
                    return 2 + scroll, None
                if kind == "g" and action.startswith(what):
                    towards = towards or (2 + scroll, what)
    return towards


def play(game_name: str, seats: int, seed: int, level: str, counts: dict[str, Counts]) -> int:
    """Play one AI game and add its taps to ``counts``; returns its decisions.

    A turn is a run of decisions sharing the view's value of the title's ``replay.turn_key`` (T&E's
    turn number, Targi's round), counted for the seat that opens it; the other seats'
    decisions in it are off-turn."""
    game = get_game(game_name)
    title = titles.title(game_name)
    turn_key = title.replay.turn_key if title is not None else "turn"
    state = game.new_game(seats, seed)
    turn_taps = dict.fromkeys(MENUS, 0)
    turn: object = None
    turn_seat: int | None = None
    last_seat: int | None = None
    # Per seat, the turn its open private message was last shown in (the answer to its move).
    open_menu: dict[int, object] = {}
    decisions = 0
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        action = decide(game_name, state, seat, level, seed * 100_003 + decisions)
        own = game.view(state, seat)
        table = _table(game_name, seats, decisions + 1)
        # a title without a turn key: every decision is a turn of its own
        now = own.get(turn_key) if turn_key is not None else decisions
        if turn_seat is None or now != turn:  # a new turn begins
            if turn_seat is not None:
                for menu in MENUS:
                    counts[menu].turns.append(turn_taps[menu])
            turn, turn_seat, turn_taps = now, seat, dict.fromkeys(MENUS, 0)
        walks = {m: walk(table, legal, action, m, own=own, seat=seat) for m in MENUS[:2]}
        for menu in MENUS:
            walked = walks[menu if menu == "menu" else "picker"]  # "edited" sends the picker
            # The answer to a move carries the mover's next decision (not "menu").
            answered = menu != "menu" and seat == last_seat
            # ... or the seat's open message turns into it ("edited" only).
            edited = menu == "edited" and turn_key is not None and open_menu.get(seat) == now
            act = 0 if answered or edited else 1
            counts[menu].per_action.append(walked)
            counts[menu].decisions.append(act + walked)
            if seat == turn_seat:
                turn_taps[menu] += act + walked
            else:
                counts[menu].off_turn.append(act + walked)
        last_seat = seat
        state = game.apply(state, seat, action)
        if turn_key is not None:  # the answer to the move is the seat's open message now
            open_menu[seat] = game.view(state, None).get(turn_key)
        decisions += 1
    if turn_seat is not None:
        for menu in MENUS:
            counts[menu].turns.append(turn_taps[menu])
    return decisions


def _figures(values: Sequence[int]) -> str:
    if not values:
        return "none"
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]
    return (
        f"median {statistics.median(values):g}, mean {statistics.fmean(values):.1f}, "
        f"p90 {p90}, max {max(values)} ({len(values)})"
    )


async def run(game_name: str, seats: int, games: int, seed: int, level: str) -> str:
    """Play ``games`` AI games and the taps report (views need a running event loop)."""
    counts = {menu: Counts() for menu in MENUS}
    cpu, wall = time.process_time(), time.perf_counter()
    decisions = sum(play(game_name, seats, seed + g, level, counts) for g in range(games))
    title = titles.title(game_name)
    key = title.replay.turn_key if title is not None else "turn"
    lines = [
        f"{game_name}, {seats} seats, {games} games of `{level}` AIs, {decisions} decisions "
        f"(seed {seed}; {time.process_time() - cpu:.1f} s CPU, "
        f"{time.perf_counter() - wall:.1f} s wall)"
    ]
    for menu in MENUS:
        got = counts[menu]
        over = sum(1 for t in got.turns if t > TARGET_MAX) / max(1, len(got.turns))
        two = sum(1 for t in got.per_action if t <= 2) / max(1, len(got.per_action))
        lines += [
            f"{menu:>6}: taps per turn (`{key}`): {_figures(got.turns)}",
            f"{'':>6}  turns over {TARGET_MAX} taps: {over:.1%}",
            f"{'':>6}  taps per off-turn decision: {_figures(got.off_turn)}",
            f"{'':>6}  taps per decision: {_figures(got.decisions)}",
            f"{'':>6}  taps per decision after Act: {_figures(got.per_action)}; "
            f"{two:.0%} in 2 or fewer",
        ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.bench.taps", description=(__doc__ or "").split("\n")[0]
    )
    names = titles.title_names()
    parser.add_argument("--game", default=names[0], choices=names)
    parser.add_argument("--seats", type=int, default=None, help="T&E: 3; Targi: 2")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="normal", choices=["random", "easy", "normal", "strong"])
    args = parser.parse_args(argv)
    counts = tuple(get_game(args.game).SEAT_COUNTS)
    seats = args.seats or (3 if 3 in counts else counts[0])  # T&E's middle count
    if seats not in counts:
        parser.error(f"{args.game} is played by {', '.join(map(str, counts))} players")
    random.seed(args.seed)
    print(asyncio.run(run(args.game, seats, args.games, args.seed, args.level)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
