"""Tigris & Euphrates as the bot offers it: its entry in the titles' registry, and its texts
(engine events, refusals, pending decisions, the rules reminder) in the players' languages."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.games.contract import GameEngine, Params
from bot.i18n import C_, N_, Text, _, listing
from bot.presenters import commas, points_sentence, score_parts, seat_entry, seat_name
from bot.titles import (
    AiFacts,
    BenchFacts,
    DrawingFacts,
    PbpFacts,
    ReplayFacts,
    StatisticsFacts,
    Title,
    TitleTexts,
    UiFacts,
)
from bot.titles.keyed import KeyedTexts, const, num, read, says
from bot.titles.tigris_words import (
    COLOURS,
    DYNASTY_WORDS,
    SCORE_WORDS,
    colour_counts,
    colour_word,
    leader_word,
    tile_word,
    tiles_of,
)
from renderers import tigris_stats as stats_words

_COLOUR = read("colour", colour_word)
_LEADER = read("colour", leader_word)


#: T&E's events by engine key (``{player}`` and the other seats stay ``@N``).
EVENTS = KeyedTexts(
    {
        "score": says(_("{player} scores {n} {colour}"), colour=_COLOUR),
        "score_monument": says(_("{player} scores {n} {colour} from a monument"), colour=_COLOUR),
        "withdraw": says(_("{player} withdraws their {leader}"), leader=_LEADER),
        "pass": says(_("{player} passes")),
        "leader_place": says(_("{player} places their {leader} on {square}"), leader=_LEADER),
        "leader_move": says(_("{player} moves their {leader} to {square}"), leader=_LEADER),
        "revolt": says(_("revolt: {attacker}'s {leader} against {defender}'s"), leader=_LEADER),
        "tile": says(_("{player} places a {tile} on {square}"), tile=read("colour", tile_word)),
        "unification": says(_("{square} joins two kingdoms")),
        "catastrophe": says(_("{player} drops a catastrophe on {square}")),
        "swap": says(N_("{player} swaps {n} tile", "{player} swaps {n} tiles", 0), count=num("n")),
        "support": says(_("{player} commits {n} {colour}"), colour=_COLOUR),
        "no_support": says(_("{player} commits no support")),
        "revolt_won": says(
            _(
                "{winner}'s {leader} wins the revolt {high} to {low}; "
                "{loser}'s {leader} is withdrawn"
            ),
            leader=_LEADER,
        ),
        "no_monument": says(_("{player} builds no monument")),
        "monument": says(
            _("{player} builds the {first}-{second} monument on {square}"),
            first=read("first", colour_word),
            second=read("second", colour_word),
        ),
        "war": says(_("{leader} war: {attacker} attacks {defender}"), leader=_LEADER),
        "war_won": says(
            _("{winner}'s {leader} wins the war {high} to {low}; {loser} loses {tiles}"),
            leader=_LEADER,
            tiles=lambda p: tiles_of(p.get("colour"), int(p["n"])),
        ),
        "war_won_no_tiles": says(
            _("{winner}'s {leader} wins the war {high} to {low}; {loser} loses no tiles"),
            leader=_LEADER,
        ),
        "war_cancelled": says(
            _("the {leader} war is cancelled: no longer two sides"), leader=_LEADER
        ),
        "treasure": says(_("{player} takes the treasure on {square}")),
        "stranded": says(
            _("{player}'s {leader} on {square} has no temple left and is withdrawn"),
            leader=_LEADER,
        ),
        "end_swap": says(_("the game ends: the bag cannot refill the swap")),
        "end_refill": says(_("the game ends: the bag cannot refill {player}'s hand")),
        "end_treasures": says(
            N_(
                "the game ends: only {n} treasure is left on the board",
                "the game ends: only {n} treasures are left on the board",
                0,
            ),
            count=num("n"),
        ),
    }
)


_TIGRIS_GRAMMAR = _(
    "actions: `leader <colour> <square>`, `withdraw <colour>`, `tile <colour> <square>`, "
    "`catastrophe <square>`, `swap <colour>...`, `pass`, `support <n>`, `war <colour>`, "
    "`monument <square> <colour>-<colour>`, `monument none`, `treasure <square>`"
)


def _arity(p: Params) -> Text:
    counts = listing(p["counts"], "or")  # "1 or 2", "1 또는 2", "1 veya 2"
    return _("`{verb}` takes {counts} words", verb=p["verb"], counts=counts)


_GRAMMAR = const(_TIGRIS_GRAMMAR)
_SQUARES = read("squares", ", ".join)

#: Why T&E refuses an action, by engine key.
REFUSALS = KeyedTexts(
    {
        "bad_colour": says(
            _(
                "`{word}` is not a colour: use red, blue, green or black "
                "(or temple/priest, farm/farmer, market/trader, settlement/king)"
            )
        ),
        "bad_square": says(_("`{word}` is not a square: columns A to P, rows 1 to 11 (e.g. F3)")),
        "say_what": says(_("say what to do; {grammar}"), grammar=_GRAMMAR),
        "arity": _arity,
        "swap_count": says(_("swap names 1 to 6 tiles, e.g. `swap red red blue`")),
        "support_number": says(_("support takes a number of tiles, e.g. `support 2`")),
        "monument_words": says(_("say `monument <square> <colour>-<colour>` or `monument none`")),
        "monument_pair": says(_("name the monument by its two colours, e.g. `red-blue`")),
        "monument_same": says(_("a monument has two different colours")),
        "not_an_action": says(_("`{verb}` is not an action; {grammar}"), grammar=_GRAMMAR),
        "game_over": says(_("the game is over: no more actions")),
        "not_your_decision": says(
            _("it is not your decision now: waiting for {waiting}"),
            waiting=read("waiting", ", ".join),
        ),
        "expect_action": says(
            _(
                "no conflict, monument or treasure is waiting: place a leader, a tile or a "
                "catastrophe, withdraw a leader, swap tiles or pass"
            )
        ),
        "expect_support": says(_("commit support first: `support <n>`")),
        "expect_war": says(_("choose which war comes next: `war <colour>`")),
        "expect_monument": says(
            _("build a monument first: `monument <square> <colour>-<colour>` or `monument none`")
        ),
        "expect_treasure": says(_("pick a treasure first: `treasure <square>`")),
        "leader_not_on_board": says(_("your {leader} is not on the board"), leader=_LEADER),
        "no_such_war": says(
            _("there is no {colour} war pending: choose {choices}"),
            colour=_COLOUR,
            choices=lambda p: commas([colour_word(choice) for choice in p["choices"]]),
        ),
        "treasure_choice": says(_("take one of the treasures on {squares}"), squares=_SQUARES),
        "not_empty": says(_("{square} is not empty")),
        "leader_river": says(_("{square} is a river square: leaders stand on land")),
        "leader_temple": says(_("a leader must stand next to a face-up temple; {square} is not")),
        "leader_joins": says(_("a leader on {square} would join two kingdoms")),
        "no_tile": says(_("you hold no {colour} tile"), colour=_COLOUR),
        "farm_on_land": says(_("{square} is a land square: farms (blue) go on rivers only")),
        "tile_on_river": says(_("{square} is a river square: only farms (blue) go on rivers")),
        "three_kingdoms": says(_("a tile on {square} would touch three kingdoms")),
        "no_catastrophe": says(_("you have no catastrophe tile left")),
        "catastrophe_twice": says(_("{square} already holds a catastrophe")),
        "catastrophe_leader": says(_("a catastrophe cannot hit the leader on {square}")),
        "catastrophe_monument": says(_("{square} is part of a monument")),
        "catastrophe_treasure": says(_("the temple on {square} carries a treasure")),
        "hold_only": says(
            N_("you hold only {n} {colour} tile", "you hold only {n} {colour} tiles", 0),
            count=num("n"),
            colour=_COLOUR,
        ),
        "english_attacker": says(_("English variant: commit 0, or enough to go strictly ahead")),
        "english_defender": says(_("English variant: commit 0, or exactly enough to tie")),
        "monument_where": says(
            _("a monument can go on {squares} (the top-left square)"), squares=_SQUARES
        ),
        "monument_taken": says(
            _("the {first}-{second} monument is built"),
            first=read("first", colour_word),
            second=read("second", colour_word),
        ),
        "monument_colour": says(_("the monument must include {colour}"), colour=_COLOUR),
    }
)


def _support_clause(pending: Mapping[str, Any], names: Sequence[str]) -> Text | None:
    """A conflict waiting for support, named by its leaders as players name it ("trader
    revolt at F4"; a revolt's ``colour`` is red, the tiles committed to it). After a move the
    conflict is told once: in the message that announced it only the support is awaited; in
    the next ones (``told`` without the announcement) the conflict by name, sides left out."""
    conflict = str(pending.get("conflict", "conflict"))
    colour = str(pending.get("leader_colour") or pending.get("colour") or "")
    if not colour or conflict not in ("revolt", "war"):
        return None
    told = pending.get("told")
    square = pending.get("square")
    if told is not None:
        if conflict in told:
            return _("commit support")
        if square:
            if conflict == "revolt":
                return _(
                    "support for the {leader} revolt at {square}",
                    leader=leader_word(colour),
                    square=square,
                )
            return _(
                "support for the {leader} war at {square}",
                leader=leader_word(colour),
                square=square,
            )
    sides = {
        "leader": leader_word(colour),
        "attacker": seat_name(int(pending.get("attacker", -1)), names),
        "defender": seat_name(int(pending.get("defender", -1)), names),
    }
    if conflict == "revolt":
        if square:
            return _(
                "{leader} revolt at {square}: {attacker} attacks {defender}", square=square, **sides
            )
        return _("{leader} revolt: {attacker} attacks {defender}", **sides)
    if square:
        return _("{leader} war at {square}: {attacker} attacks {defender}", square=square, **sides)
    return _("{leader} war: {attacker} attacks {defender}", **sides)


def _war_order(pending: Params) -> Text:
    colours = pending.get("colours", [])
    return _(
        "choose which war to fight first ({colours})",
        colours=commas([colour_word(c) for c in colours]),
    )


def _monument(pending: Params) -> Text:
    colour = str(pending.get("colour", ""))
    if not colour:
        return _("a monument may be built")
    return _("a {colour} monument may be built", colour=colour_word(colour))


#: T&E's open decisions by kind -> the clause naming it (with the seats' names).
_TIGRIS_PENDING: dict[str, Callable[[Params, Sequence[str]], Text]] = {
    "support": lambda p, names: _support_clause(p, names) or _("commit support"),
    "war_order": lambda p, names: _war_order(p),
    "monument": lambda p, names: _monument(p),
    "treasure": lambda p, names: N_(
        "take {n} treasure", "take {n} treasures", int(p.get("count", 1))
    ),
}


def _pending(pending: Params, names: Sequence[str]) -> Text | None:
    """A decision open in a T&E game, in the game's words (None: not a T&E decision)."""
    clause = _TIGRIS_PENDING.get(str(pending.get("kind", "decision")))
    return clause(pending, names) if clause is not None else None


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


def _private_lines(private: Params, seat: int) -> list[Text]:
    """A seat's points beside its tiles: each colour, and the treasures it holds."""
    mine = seat_entry(private, seat)
    if mine is None:
        return []
    score = mine.get("score")
    treasures = mine.get("treasures")
    if isinstance(score, Mapping) and isinstance(treasures, int):
        score = {**score, "treasures": treasures}
    points = points_sentence(score, SCORE_WORDS)
    return [points] if points is not None else []


def _final_score(summary: Params, seat: int) -> Text | None:
    """A seat's final score (its weakest colour, treasures wild), then the table it came from
    ("final score 3 (red 11, blue 1, …, treasures 5)"); None without final scores."""
    public = summary.get("public")
    final = public.get("final") if isinstance(public, Mapping) else None
    totals = (
        summary.get("final_score")
        or (final.get("final_score") if isinstance(final, Mapping) else None)
        or []
    )
    if not 0 <= seat < len(totals):
        return None
    shown = _("final score {n}", n=totals[seat])
    scores = summary.get("scores") or []
    score = scores[seat] if 0 <= seat < len(scores) else None
    if isinstance(score, Mapping):
        shown = _("{total} ({parts})", total=shown, parts=score_parts(score, SCORE_WORDS))
    return shown


def _hidden_swap(action: str) -> bool:
    """A swap as the other seats see it (``swap 3 tiles``, not which tiles): its event tells
    how many in words."""
    words = action.split()
    return (
        len(words) == 3
        and words[0] == "swap"
        and words[1].isdigit()
        and words[2] in ("tile", "tiles")
    )


#: What the score story marks: the event keys of a war won (with or without tiles lost), a
#: revolt won, a treasure taken.
MARKS = {
    "war_won": "war",
    "war_won_no_tiles": "war",
    "revolt_won": "revolt",
    "treasure": "treasure",
}


def _story(
    game: GameEngine,
    states: Sequence[Any],
    views: Sequence[dict[str, Any]],
    turns: Sequence[Any],
    ends: list[int],
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The points of each colour and the treasures held (each seat's own view), marks for wars
    and revolts (both sides' seats, ``won`` the winner's) and treasures taken."""
    players: list[dict[str, Any]] = []
    marks: list[dict[str, Any]] = []
    colours = COLOURS
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
    pbp=PbpFacts(
        # Commit no support, build no monument, pass the action.
        skip_preferences=("support 0", "monument none", "pass"),
        # Two actions per turn.
        round_decisions=2,
        takeback=_takeback,
        # A swap names the discarded tiles, which are secret.
        public_action=lambda action: not action.startswith("swap"),
    ),
    texts=TitleTexts(
        rules=RULES,
        events=EVENTS,
        vocabulary=(
            *("priest", "farmer", "trader", "king", "temple", "farm", "market", "settlement"),
            *("dynasty", "archer", "bull", "lion", "monument", "catastrophe", "treasure"),
            *("revolt", "kingdom", "unification"),
        ),
        refusals=REFUSALS,
        pending=_pending,
        option_words={
            "open_scoring": C_("option", "open scoring"),
            "english_support": C_("option", "English support variant"),
        },
        hand=colour_counts,
        score_words=SCORE_WORDS,
        private_lines=_private_lines,
        final_score=_final_score,
        told_by_event=_hidden_swap,
        # The board's order of dynasties (bot.games.tigris.board.DYNASTIES), seat by seat.
        seat_words=tuple(DYNASTY_WORDS.values()),
    ),
    drawing=DrawingFacts(
        incremental="renderers.tigris_incremental",
        board_key="board",
    ),
    replay=ReplayFacts(
        chart="renderers.tigris_chart",
        turn_key="turn_number",
        story=_story,
    ),
    ui=UiFacts(
        cog="bot.cogs.tigris.TigrisCog",
        labels="bot.ui.labels_tigris",
    ),
    ai=AiFacts(
        module="bot.ai.tigris",
        review="bot.ai.review_tigris",
        review_texts="bot.review_tigris",
        replaces_leavers=True,
    ),
    statistics=StatisticsFacts(
        # Conflicts won (revolts and wars), the game's decisive fights.
        league=("revolts_won", "wars_won"),
        labels=stats_words.LABELS,
        league_label=stats_words.LEAGUE_LABEL,
    ),
    bench=BenchFacts(
        seats=(2, 4),
        image_targets_ms={"board": 60.0, "move": 60.0, "private": 20.0},
    ),
)
