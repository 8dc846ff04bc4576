"""Tigris & Euphrates as the bot offers it: its entry in the titles' registry, and its texts
(engine events, refusals, pending decisions, the rules reminder) in the players' languages."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any

from bot.i18n import C_, N_, Text, _, listing
from bot.presenters import (
    _colour_counts,
    _commas,
    _seat_name,
    _tiles_of,
    colour_word,
    leader_word,
    tile_word,
)
from bot.titles import PbpFacts, Title
from renderers import tigris_stats as stats_words

Params = Mapping[str, Any]


def _tigris_event(key: str, p: Params) -> Text | None:
    player = p.get("player")
    colour = p.get("colour")
    if key == "score":
        return _(
            "{player} scores {n} {colour}", player=player, n=p["n"], colour=colour_word(colour)
        )
    if key == "score_monument":
        return _(
            "{player} scores {n} {colour} from a monument",
            player=player,
            n=p["n"],
            colour=colour_word(colour),
        )
    if key == "withdraw":
        return _("{player} withdraws their {leader}", player=player, leader=leader_word(colour))
    if key == "pass":
        return _("{player} passes", player=player)
    if key == "leader_place":
        return _(
            "{player} places their {leader} on {square}",
            player=player,
            leader=leader_word(colour),
            square=p["square"],
        )
    if key == "leader_move":
        return _(
            "{player} moves their {leader} to {square}",
            player=player,
            leader=leader_word(colour),
            square=p["square"],
        )
    if key == "revolt":
        return _(
            "revolt: {attacker}'s {leader} against {defender}'s",
            attacker=p["attacker"],
            defender=p["defender"],
            leader=leader_word(colour),
        )
    if key == "tile":
        return _(
            "{player} places a {tile} on {square}",
            player=player,
            tile=tile_word(colour),
            square=p["square"],
        )
    if key == "unification":
        return _("{square} joins two kingdoms", square=p["square"])
    if key == "catastrophe":
        return _("{player} drops a catastrophe on {square}", player=player, square=p["square"])
    if key == "swap":
        return N_("{player} swaps {n} tile", "{player} swaps {n} tiles", int(p["n"]), player=player)
    if key == "support":
        return _(
            "{player} commits {n} {colour}", player=player, n=p["n"], colour=colour_word(colour)
        )
    if key == "no_support":
        return _("{player} commits no support", player=player)
    if key == "revolt_won":
        return _(
            "{winner}'s {leader} wins the revolt {high} to {low}; {loser}'s {leader} is withdrawn",
            winner=p["winner"],
            loser=p["loser"],
            leader=leader_word(colour),
            high=p["high"],
            low=p["low"],
        )
    if key == "no_monument":
        return _("{player} builds no monument", player=player)
    if key == "monument":
        return _(
            "{player} builds the {first}-{second} monument on {square}",
            player=player,
            first=colour_word(p["first"]),
            second=colour_word(p["second"]),
            square=p["square"],
        )
    if key == "war":
        return _(
            "{leader} war: {attacker} attacks {defender}",
            leader=leader_word(colour),
            attacker=p["attacker"],
            defender=p["defender"],
        )
    if key == "war_won":
        return _(
            "{winner}'s {leader} wins the war {high} to {low}; {loser} loses {tiles}",
            winner=p["winner"],
            loser=p["loser"],
            leader=leader_word(colour),
            high=p["high"],
            low=p["low"],
            tiles=_tiles_of(colour, int(p["n"])),
        )
    if key == "war_won_no_tiles":
        return _(
            "{winner}'s {leader} wins the war {high} to {low}; {loser} loses no tiles",
            winner=p["winner"],
            loser=p["loser"],
            leader=leader_word(colour),
            high=p["high"],
            low=p["low"],
        )
    if key == "war_cancelled":
        return _("the {leader} war is cancelled: no longer two sides", leader=leader_word(colour))
    if key == "treasure":
        return _("{player} takes the treasure on {square}", player=player, square=p["square"])
    if key == "stranded":
        return _(
            "{player}'s {leader} on {square} has no temple left and is withdrawn",
            player=player,
            leader=leader_word(colour),
            square=p["square"],
        )
    if key == "end_swap":
        return _("the game ends: the bag cannot refill the swap")
    if key == "end_refill":
        return _("the game ends: the bag cannot refill {player}'s hand", player=player)
    if key == "end_treasures":
        return N_(
            "the game ends: only {n} treasure is left on the board",
            "the game ends: only {n} treasures are left on the board",
            int(p["n"]),
        )
    return None


def _tigris_refusal(key: str, p: Params) -> Text | None:
    square = p.get("square")
    colour = p.get("colour")
    if key == "bad_colour":
        return _(
            "`{word}` is not a colour: use red, blue, green or black "
            "(or temple/priest, farm/farmer, market/trader, settlement/king)",
            word=p["word"],
        )
    if key == "bad_square":
        return _("`{word}` is not a square: columns A to P, rows 1 to 11 (e.g. F3)", word=p["word"])
    if key == "say_what":
        return _("say what to do; {grammar}", grammar=_TIGRIS_GRAMMAR)
    if key == "arity":
        counts = listing(p["counts"], "or")  # "1 or 2", "1 또는 2", "1 veya 2"
        return _("`{verb}` takes {counts} words", verb=p["verb"], counts=counts)
    if key == "swap_count":
        return _("swap names 1 to 6 tiles, e.g. `swap red red blue`")
    if key == "support_number":
        return _("support takes a number of tiles, e.g. `support 2`")
    if key == "monument_words":
        return _("say `monument <square> <colour>-<colour>` or `monument none`")
    if key == "monument_pair":
        return _("name the monument by its two colours, e.g. `red-blue`")
    if key == "monument_same":
        return _("a monument has two different colours")
    if key == "not_an_action":
        return _("`{verb}` is not an action; {grammar}", verb=p["verb"], grammar=_TIGRIS_GRAMMAR)
    if key == "game_over":
        return _("the game is over: no more actions")
    if key == "not_your_decision":
        return _(
            "it is not your decision now: waiting for {waiting}", waiting=", ".join(p["waiting"])
        )
    if key == "expect_action":
        return _(
            "no conflict, monument or treasure is waiting: place a leader, a tile or a "
            "catastrophe, withdraw a leader, swap tiles or pass"
        )
    if key == "expect_support":
        return _("commit support first: `support <n>`")
    if key == "expect_war":
        return _("choose which war comes next: `war <colour>`")
    if key == "expect_monument":
        return _("build a monument first: `monument <square> <colour>-<colour>` or `monument none`")
    if key == "expect_treasure":
        return _("pick a treasure first: `treasure <square>`")
    if key == "leader_not_on_board":
        return _("your {leader} is not on the board", leader=leader_word(colour))
    if key == "no_such_war":
        return _(
            "there is no {colour} war pending: choose {choices}",
            colour=colour_word(colour),
            choices=_commas([colour_word(choice) for choice in p["choices"]]),
        )
    if key == "treasure_choice":
        return _("take one of the treasures on {squares}", squares=", ".join(p["squares"]))
    if key == "not_empty":
        return _("{square} is not empty", square=square)
    if key == "leader_river":
        return _("{square} is a river square: leaders stand on land", square=square)
    if key == "leader_temple":
        return _("a leader must stand next to a face-up temple; {square} is not", square=square)
    if key == "leader_joins":
        return _("a leader on {square} would join two kingdoms", square=square)
    if key == "no_tile":
        return _("you hold no {colour} tile", colour=colour_word(colour))
    if key == "farm_on_land":
        return _("{square} is a land square: farms (blue) go on rivers only", square=square)
    if key == "tile_on_river":
        return _("{square} is a river square: only farms (blue) go on rivers", square=square)
    if key == "three_kingdoms":
        return _("a tile on {square} would touch three kingdoms", square=square)
    if key == "no_catastrophe":
        return _("you have no catastrophe tile left")
    if key == "catastrophe_twice":
        return _("{square} already holds a catastrophe", square=square)
    if key == "catastrophe_leader":
        return _("a catastrophe cannot hit the leader on {square}", square=square)
    if key == "catastrophe_monument":
        return _("{square} is part of a monument", square=square)
    if key == "catastrophe_treasure":
        return _("the temple on {square} carries a treasure", square=square)
    if key == "hold_only":
        return N_(
            "you hold only {n} {colour} tile",
            "you hold only {n} {colour} tiles",
            int(p["n"]),
            colour=colour_word(colour),
        )
    if key == "english_attacker":
        return _("English variant: commit 0, or enough to go strictly ahead")
    if key == "english_defender":
        return _("English variant: commit 0, or exactly enough to tie")
    if key == "monument_where":
        return _(
            "a monument can go on {squares} (the top-left square)", squares=", ".join(p["squares"])
        )
    if key == "monument_taken":
        return _(
            "the {first}-{second} monument is built",
            first=colour_word(p["first"]),
            second=colour_word(p["second"]),
        )
    if key == "monument_colour":
        return _("the monument must include {colour}", colour=colour_word(colour))
    return None


_TIGRIS_GRAMMAR = _(
    "actions: `leader <colour> <square>`, `withdraw <colour>`, `tile <colour> <square>`, "
    "`catastrophe <square>`, `swap <colour>...`, `pass`, `support <n>`, `war <colour>`, "
    "`monument <square> <colour>-<colour>`, `monument none`, `treasure <square>`"
)


def _support_clause(pending: Mapping[str, Any], names: Sequence[str]) -> Text | None:
    """A conflict waiting for support, named by its leaders as players name it ("trader
    revolt at F4"; a revolt's ``colour`` is red, the tiles committed to it)."""
    conflict = str(pending.get("conflict", "conflict"))
    colour = str(pending.get("leader_colour") or pending.get("colour") or "")
    if not colour or conflict not in ("revolt", "war"):
        return None
    sides = {
        "leader": leader_word(colour),
        "attacker": _seat_name(int(pending.get("attacker", -1)), names),
        "defender": _seat_name(int(pending.get("defender", -1)), names),
    }
    square = pending.get("square")
    if conflict == "revolt":
        if square:
            return _(
                "{leader} revolt at {square}: {attacker} attacks {defender}", square=square, **sides
            )
        return _("{leader} revolt: {attacker} attacks {defender}", **sides)
    if square:
        return _("{leader} war at {square}: {attacker} attacks {defender}", square=square, **sides)
    return _("{leader} war: {attacker} attacks {defender}", **sides)


def _pending(pending: Params, names: Sequence[str]) -> Text | None:
    """A decision open in a T&E game, in the game's words (None: not a T&E decision)."""
    kind = str(pending.get("kind", "decision"))
    if kind == "support":
        return _support_clause(pending, names) or _("commit support")
    if kind == "war_order":
        colours = pending.get("colours", [])
        return _(
            "choose which war to fight first ({colours})",
            colours=_commas([colour_word(c) for c in colours]),
        )
    if kind == "monument":
        colour = str(pending.get("colour", ""))
        if not colour:
            return _("a monument may be built")
        return _("a {colour} monument may be built", colour=colour_word(colour))
    if kind == "treasure":
        count = int(pending.get("count", 1))
        return N_("take {n} treasure", "take {n} treasures", count)
    return None


def _takeback(before: Any, after: Any, seat: int) -> Text | None:
    """Refused if tiles were drawn from the bag (end of turn, swap), if the action committed
    conflict support (tiles revealed from the hand), or if another player's hand changed."""
    if after.drawn != before.drawn:
        return _("tiles were drawn from the bag")
    if before.pending is not None and before.pending.kind == "support":
        return _("support tiles were revealed")
    if any(after.hands[s] != before.hands[s] for s in range(before.seats) if s != seat):
        return _("another player's tiles changed")
    return None


#: What the score story marks: the event keys of a war won (with or without tiles lost), a
#: revolt won, a treasure taken.
MARKS = {
    "war_won": "war",
    "war_won_no_tiles": "war",
    "revolt_won": "revolt",
    "treasure": "treasure",
}


def _story(
    game: ModuleType,
    states: Sequence[Any],
    views: Sequence[dict[str, Any]],
    turns: Sequence[Any],
    ends: list[int],
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The points of each colour and the treasures held (each seat's own view), marks for wars
    and revolts (both sides' seats, ``won`` the winner's) and treasures taken."""
    players: list[dict[str, Any]] = []
    marks: list[dict[str, Any]] = []
    colours = ("red", "blue", "green", "black")
    for seat in range(len(views[0]["players"])):
        own = [game.view(states[i], seat)["players"][seat] for i in ends]
        series = {c: [int(p["score"][c]) for p in own] for c in colours}
        series["treasures"] = [int(p["treasures"]) for p in own]
        players.append(
            {"seat": seat, "dynasty": views[0]["players"][seat]["dynasty"], "series": series}
        )
    for turn in turns:
        for index in range(turn.start + 1, turn.end + 1):
            for event in views[index]["events"]:
                kind = MARKS.get(str(event.get("key")))
                if kind is not None:
                    seats_of = sorted(int(s) for s in event.get("seats") or [])
                    mark = {"turn": turn.number, "kind": kind, "seats": seats_of}
                    winner = str((event.get("params") or {}).get("winner", "")).lstrip("@")
                    if kind != "treasure" and winner.isdigit():  # a conflict: who won it
                        mark["won"] = [int(winner)]
                    marks.append(mark)
    return players, marks


RULES = _(
    "**Tigris & Euphrates** (2–4 players). On your turn take two actions: place or move a "
    "leader (next to a temple), place a tile from your hand (blue on rivers, the others on "
    "land), place a catastrophe, or swap tiles. A tile added to a kingdom scores a point in "
    "its colour for that kingdom's leader of that colour (the king scores for colours "
    "without a leader). A leader placed in a kingdom with a rival leader of the same colour "
    "starts a revolt (temples next to each leader, plus red tiles committed from the hand, "
    "decide); a tile joining two kingdoms with leaders of the same colour starts a war "
    "(tiles of that colour in each kingdom, plus tiles of that colour committed, decide). "
    "Four same-colour tiles in a square may become a monument. The game ends when only one "
    "or two treasures remain on the board or the bag cannot refill a hand; your score is "
    "your weakest colour (treasures are wild).\n"
    "Notation examples: `tile red F4`, `leader black G5`. Use `/move` (autocompleted), "
    "the Act button, or `/tigris tile`."
)

TITLE = Title(
    name="tigris",
    engine="bot.games.tigris",
    printed_name=C_("game", "Tigris & Euphrates"),
    game_id=C_("game id", "tigris"),
    images="renderers.tigris",
    incremental="renderers.tigris_incremental",
    chart="renderers.tigris_chart",
    cog="bot.cogs.tigris.TigrisCog",
    ai="bot.ai.tigris",
    labels="bot.ui.labels_tigris",
    rules=RULES,
    events=_tigris_event,
    refusals=_tigris_refusal,
    pending=_pending,
    option_words={
        "open_scoring": C_("option", "open scoring"),
        "english_support": C_("option", "English support variant"),
    },
    hand=_colour_counts,
    pbp=PbpFacts(
        # Commit no support, build no monument, pass the action.
        skip_preferences=("support 0", "monument none", "pass"),
        # Two actions per turn.
        round_decisions=2,
        takeback=_takeback,
        # A swap names the discarded tiles, which are secret.
        public_action=lambda action: not action.startswith("swap"),
    ),
    ai_replaces_leavers=True,
    # Conflicts won (revolts and wars), the game's decisive fights.
    league_statistic=("revolts_won", "wars_won"),
    statistic_labels=stats_words.LABELS,
    league_label=stats_words.LEAGUE_LABEL,
    turn_key="turn_number",
    story=_story,
    bench_seats=(2, 4),
    image_targets_ms={"board": 60.0, "move": 60.0, "private": 20.0},
)
