"""What happens at a table, shared by slash commands and buttons: parse → service → render → send.

Long-lived messages (lobbies, boards, results) go out with the bot token through
``bot.get_partial_messageable(channel).send``; interaction responses are only used for short,
mostly ephemeral, answers.
"""

from __future__ import annotations

import asyncio
import dataclasses
import io
import json
import logging
import uuid
from collections.abc import Awaitable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import discord

from bot import i18n, presenters, titles
from bot.ai import seats as ai_seats
from bot.games import get_game
from bot.i18n import C_, N_, Text, _, command
from bot.pbp.log import LoggedMove, log_entry, setup_entry
from bot.service import MoveResult, Player, Table
from bot.ui.images import board_png, private_png
from bot.ui.lang import reply_lang, table_lang, tr

if TYPE_CHECKING:
    from bot.client import BoardBot

log = logging.getLogger(__name__)

#: Discord's limit for a message's text.
MAX_CONTENT = 2000


def bot_of(interaction: discord.Interaction[Any]) -> BoardBot:
    """The bot that received ``interaction``."""
    client: BoardBot = interaction.client
    return client


def player_of(interaction: discord.Interaction[Any]) -> Player:
    """The user behind an interaction, as the service sees players."""
    return Player(user_id=interaction.user.id, name=interaction.user.display_name)


def can_manage(interaction: discord.Interaction[Any]) -> bool:
    """Whether the user may manage the server (start, cancel or abort anyone's table)."""
    return bool(interaction.permissions.manage_guild)


def names_of(table: Table, *, lang: str) -> list[str]:
    """Seat names in seat order, escaped to show literally in a message; an AI seat's name
    carries the robot mark and reads in ``lang`` (🤖 AI (strong), 🤖 AI (강함)). Once the game
    has started each name has its seat's symbol beside it, as the images mark the seat
    ("Alice (archer)", "Bob (white)"): one name per player in every text of the table."""
    return with_symbols(table, plain_names(table, lang=lang), lang=lang)


def plain_names(table: Table, *, lang: str) -> list[str]:
    """Seat names as :func:`names_of` gives them, without the seats' symbols."""
    return [
        ai_seats.mark(
            p.user_id,
            tr(ai_seats.ai_label(p.user_id), lang)
            if ai_seats.is_ai(p.user_id)
            else presenters.plain_text(p.name),
        )
        for p in table.players
    ]


def with_symbols(table: Table, names: Sequence[str], *, lang: str) -> list[str]:
    """``names`` (seat order) with each seat's symbol beside it once the table has started
    (in the lobby the seats are not fixed yet)."""
    if table.status == "lobby" or table.end_reason == "cancelled":
        return list(names)
    return presenters.symbol_names(table.game, names, lang=lang)


def clip(text: str, limit: int = MAX_CONTENT) -> str:
    """``text`` cut to fit one Discord message."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def board_url(table: Table) -> str | None:
    """The jump link of the table's current board message, if there is one."""
    if table.board_message_id is None:
        return None
    where = table.guild_id if table.guild_id is not None else "@me"
    return f"https://discord.com/channels/{where}/{table.channel_id}/{table.board_message_id}"


# --- lobby -------------------------------------------------------------------------------------


def _option_value(value: Any) -> Any:
    if isinstance(value, bool):
        return C_("option value", "yes") if value else C_("option value", "no")
    return str(value)


def seating(table: Table, view: dict[str, Any], *, lang: str) -> str:
    """ "Alice (궁수), Bob (황소)": the seats in order, with the symbol the images give each seat
    (after a dash where the player's name already ends in parentheses: "AI (보통) 2 – 항아리")."""
    return tr(presenters.seat_order(names_of(table, lang=lang), ()), lang)


def lobby_content(table: Table, lang: str | None = None) -> str:
    """The lobby message (in the table's language unless ``lang``): game, language, options,
    seats taken, who may start."""
    lang = table_lang(table) if lang is None else lang
    title = presenters.game_title(table.game, lang=lang)
    if table.seat_order == "random":
        head = _(
            "**{title}**, table #{id}: up to {seats} players, random seat order.",
            title=title,
            id=table.id,
            seats=table.max_seats,
        )
    else:
        head = _(
            "**{title}**, table #{id}: up to {seats} players, seats in join order.",
            title=title,
            id=table.id,
            seats=table.max_seats,
        )
    language = i18n.LANGUAGE_NAMES.get(table_lang(table), table.language)
    lines = [tr(head, lang), tr(_("Language: {language}.", language=language), lang)]
    if table.options or not table.rated or table.hints:
        try:  # only what differs from the game's defaults (Targi alone has 17 options)
            defaults: dict[str, Any] = dict(get_game(table.game).OPTIONS)
        except KeyError:
            defaults = {}
        changed = {k: v for k, v in table.options.items() if k not in defaults or defaults[k] != v}
        if not table.rated:  # the bot's own table option, kept apart from the engine's
            changed["rated"] = False
        if table.hints:
            changed["hints"] = True
        # Option names in the reader's words with the name typed in `/game new`; yes/no are words.
        shown = ", ".join(
            f"{tr(presenters.option_label(k), lang)}: {tr(_option_value(v), lang)}"
            for k, v in sorted(changed.items())
        )
        options = _("Options: {options}.", options=shown or _("the standard rules"))
        lines.append(tr(options, lang))
    people = sum(not ai_seats.is_ai(p.user_id) for p in table.players)
    # Only people are replaced, and never the last one: a started game with one person (a
    # solo game against the AI) promises nothing.
    if (
        table.ai_replaces
        and (entry := titles.title(table.game)) is not None
        and entry.ai_replaces_leavers
        and table.max_seats >= entry.min_seats_replaced
        and (table.status == "lobby" or people > 1)
    ):
        lines.append(
            tr(_("A player who resigns or runs out of time is replaced by a normal AI."), lang)
        )
    # The seats as joined (the started card lists them in order with their symbols below).
    seated = ", ".join(plain_names(table, lang=lang)) or _("nobody yet")
    lines.append(
        tr(
            _(
                "Seated ({seated}/{seats}): {names}.",
                seated=len(table.players),
                seats=table.max_seats,
                names=seated,
            ),
            lang,
        )
    )
    if table.status == "lobby":
        starter = f"<@{table.creator_id}>"
        lines.append(tr(_("{user} (or a server manager) starts or cancels.", user=starter), lang))
    return clip("\n".join(lines))


def started_content(table: Table, view: dict[str, Any]) -> str:
    """The lobby card once the game started: the card and the seats in order, in the table's
    language."""
    lang = table_lang(table)
    started = _("Started; seats in order: {seating}.", seating=seating(table, view, lang=lang))
    return clip(f"{lobby_content(table, lang)}\n{tr(started, lang)}")


def lobby_view(table: Table, lang: str | None = None) -> discord.ui.View:
    """Join / Leave / Start / Cancel and the "Add AI" menu (labelled in the table's language
    unless ``lang``), persistent across restarts."""
    from bot.ui.items import AiSelect, LobbyButton

    lang = table_lang(table) if lang is None else lang
    view = discord.ui.View(timeout=None)
    for op in ("join", "leave", "start", "cancel"):
        view.add_item(LobbyButton(table.id, op, lang=lang))
    entry = titles.title(table.game)
    if entry is not None and entry.ai is not None:  # a title without an AI has no such menu
        view.add_item(AiSelect(table.id, lang=lang))
    return view


async def post_lobby(bot: BoardBot, table: Table) -> None:
    """Post the lobby message in the table's channel and remember its id."""
    channel = bot.get_partial_messageable(table.channel_id)
    message = await channel.send(lobby_content(table), view=lobby_view(table))
    await bot.service.set_lobby_message(table.id, message.id)
    log.info("table %d (%s): lobby in channel %d", table.id, table.game, table.channel_id)


# --- board -------------------------------------------------------------------------------------


def board_view(table: Table, lang: str | None = None) -> discord.ui.View:
    """The buttons under a board, "My hand" and "Act", carrying the table id and its version
    (labelled in the table's language unless ``lang``: an ephemeral copy follows its reader)."""
    from bot.ui.items import BoardButton, HintButton

    lang = table_lang(table) if lang is None else lang
    view = discord.ui.View(timeout=None)
    view.add_item(BoardButton(table.id, table.version, "hand", lang=lang))
    view.add_item(BoardButton(table.id, table.version, "act", lang=lang))
    if table.hints:  # says on every board that this friendly game has hints
        view.add_item(HintButton(table.id, table.version, lang=lang))
    return view


def to_ping(table: Table, view: dict[str, Any]) -> list[int]:
    """User ids of the people who must decide now (off-turn decisions included); an AI seat is
    never pinged (nor, through this list, sent a DM)."""
    seats = [int(s) for s in view.get("to_act") or []]
    users = [table.players[s].user_id for s in seats if 0 <= s < len(table.players)]
    return [u for u in users if not ai_seats.is_ai(u)]


def marked(table: Table, view: dict[str, Any], lang: str = i18n.DEFAULT) -> dict[str, Any]:
    """``view`` for an image: the seats an AI plays listed under ``ai_seats`` (public: the
    renderers draw the robot mark on their panels) and every seat's display name under
    ``seat_names`` (an AI seat's in ``lang``, without the robot: the images draw their own)."""
    names = [
        tr(ai_seats.ai_label(p.user_id), lang) if ai_seats.is_ai(p.user_id) else p.name
        for p in table.players
    ]
    robots = [s for s, p in enumerate(table.players) if ai_seats.is_ai(p.user_id)]
    shown = {**view, "seat_names": names}
    return {**shown, "ai_seats": robots} if robots else shown


async def render_file(
    game: str,
    view: dict[str, Any],
    filename: str,
    *,
    private: bool = False,
    lang: str,
    table_id: int | None = None,
    changes: bool = True,
) -> discord.File | None:
    """A rendered image (its words in ``lang``) as a file, or None (logged with an id) if
    rendering failed. A board with ``table_id`` is redrawn from that table's last board (and
    shows what changed since, unless not ``changes``)."""
    try:
        if private:
            data = await private_png(game, view, lang=lang)
        else:
            data = await board_png(game, view, lang=lang, table=table_id, changes=changes)
    except Exception:
        error_id = uuid.uuid4().hex[:8]
        log.exception("rendering %s failed [%s]", game, error_id)
        return None
    return discord.File(io.BytesIO(data), filename)


#: How far back in a channel the bot looks, after a restart, for a board it may have posted
#: just before a crash (the crash came after the post, before the database recorded it).
HISTORY_LOOKBACK = 25

#: A turn notification to send after a board went out: (the table, or None for none; the users
#: to act; the users the previous board waited for, None if unknown; the user who just moved).
TurnNotice = tuple[Table | None, list[int], list[int] | None, int | None]


async def show_current(
    bot: BoardBot,
    table_id: int,
    *,
    version: int | None = None,
    actor: int | None = None,
    ping: bool = True,
    again: bool = False,
    note: str | Text | None = None,
    recovering: bool = False,
) -> bool:
    """Bring the table's channel up to its current state: the board pinging whoever must act,
    the final result, or the abort notice. True if something was posted.

    Posts of one table never overlap and show only the newest state: a caller that committed
    ``version`` posts nothing once a newer version exists (that one's own post shows it), and
    nothing is posted for a state the channel already shows unless ``again`` (`/game status`).
    ``note`` goes out first (why the state changed; for an aborted game it is the notice), in
    the table's language like everything posted here.
    ``recovering`` (after a restart) first looks for the board in the channel's last messages:
    a crash may have come after the post and before the database recorded it.
    After the post the older board loses its buttons.
    """
    async with bot.board_lock(table_id):
        shown = await _show_locked(bot, table_id, version, actor, ping, again, note, recovering)
    if shown is None:
        return False
    table, waiting, before, mover = shown
    if table is not None:  # direct messages after the lock: they must not hold up the next board
        from bot.ui.pbp import notify_turn

        await notify_turn(bot, table, waiting, mover=mover, before=before)
    else:
        from bot.ui.replays import after_final

        after_final(bot, table_id, recovering=recovering)  # drawn after the result is out
        await _count_for_league(bot, table_id)
    return True


async def _count_for_league(bot: BoardBot, table_id: int) -> None:
    """Once a game's end is shown, a league match counts at once (after the board lock: the
    league may open the next round's tables); the league scheduler retries whatever fails."""
    from bot.ui.leagues import after_table_end

    try:
        table = await bot.service.get(table_id)
        if not bot.owns(table.guild_id):
            return  # the league's own process counts it at its next tick
        if table.status in ("finished", "aborted"):  # an abandoned match is void at once
            await after_table_end(bot, table)
    except Exception:
        log.exception("table %d: updating its league failed", table_id)


async def _show_locked(
    bot: BoardBot,
    table_id: int,
    version: int | None,
    actor: int | None,
    ping: bool,
    again: bool,
    note: str | Text | None,
    recovering: bool,
) -> TurnNotice | None:
    """:func:`show_current` under the table's board lock: None if nothing was posted, else the
    turn notification still to send (the table, or None for none; the users to act; those the
    previous board waited for, None if unknown; the mover)."""
    nothing: TurnNotice = (None, [], None, None)
    table = await bot.service.get(table_id)
    if (
        table.status == "active"
        and any(ai_seats.is_ai(p.user_id) for p in table.players)
        and bot.owns(table.guild_id)  # the AI seats of other processes' servers are theirs
    ):
        bot.ai_player.kick(table.id)  # thinks (in a worker) while the board goes out
    if version is not None and table.version != version:
        return None
    if table.status == "lobby" or table.end_reason == "cancelled":
        return None
    behind = table.posted_version < table.version
    if not behind and not again:
        return None
    notice = nothing
    if behind:  # the last change was never announced: announce it now
        if not ping:
            ping, actor = True, await bot.service.last_mover(table.id)
        if not (recovering and await _already_shown(bot, table)):
            moves = unshown_moves(bot, table)
            notice = await _post_state(bot, table, ping=ping, actor=actor, note=note, moves=moves)
        if not again:
            return notice
        table = await bot.service.get(table.id)
        if table.status != "active":  # an end is announced once, not reposted
            return notice
    # `/game status`: the current state again, never pinging, the same text whatever the
    # channel showed before (a restart, an announcement still owed).
    await _post_state(bot, table, ping=False, actor=None, note=None, moves=())
    return notice


async def _post_state(
    bot: BoardBot,
    table: Table,
    *,
    ping: bool,
    actor: int | None,
    note: str | Text | None,
    moves: Sequence[MoveResult],
) -> TurnNotice:
    """Post the table's state (the board naming ``moves``, the final result or the abort
    notice) after ``note``, record it and retire the older board; the turn notification
    still to send."""
    nothing: TurnNotice = (None, [], None, None)
    channel = bot.get_partial_messageable(table.channel_id)
    lang = table_lang(table)
    if table.status == "aborted":
        title = presenters.game_title(table.game, lang=lang)
        notice = note or _("{title} table #{id} was aborted (no result).", title=title, id=table.id)
        await channel.send(clip(tr(notice, lang)))
        await _posted(bot, table, None, ())
        return nothing
    if note is not None:
        await channel.send(clip(tr(note, lang)))
    if table.status == "finished":
        message = await post_final(bot, table, moves=moves)
        await _posted(bot, table, message.id, ())
        return nothing
    view = await bot.service.public_view(table.id, table)
    message = await post_board(bot, table, view, ping=ping, actor=actor, moves=moves)
    waiting = to_ping(table, view)
    seats = tuple(int(s) for s in view.get("to_act") or [])
    await _posted(bot, table, message.id, seats)
    if not ping:
        return nothing
    before = None
    if table.posted_to_act is not None:
        before = [table.players[s].user_id for s in table.posted_to_act]
        before = [u for u in before if not ai_seats.is_ai(u)]
    posted = dataclasses.replace(
        table, posted_version=table.version, board_message_id=message.id, posted_to_act=seats
    )  # what set_posted wrote: the table is not read again
    return posted, waiting, before, actor


async def _posted(
    bot: BoardBot, table: Table, message_id: int | None, to_act: tuple[int, ...]
) -> None:
    """Record that the channel shows ``table``'s version (in ``message_id``, if a new board or
    result), forget the moves it announced and strip the older board's buttons."""
    await bot.service.set_posted(table.id, table.version, message_id, to_act)
    forget_moves(bot, table.id, table.version)
    if table.status != "active":  # an ended table pings nobody any more: its entries go
        bot.logged_events.pop(table.id, None)
    await retire_board(bot, table, message_id)


#: At most this many committed moves are kept per table for its next board (a table whose
#: boards cannot go out must not grow without end); the oldest go first.
UNSHOWN_KEPT = 100


def remember_move(bot: BoardBot, result: MoveResult) -> None:
    """Keep a move this process committed until a board announces it, and its log entry for
    the catch-ups of the pings to come."""
    kept = bot.unshown_moves.setdefault(result.table.id, [])
    kept.append(result)
    del kept[:-UNSHOWN_KEPT]
    events = tuple(dict(e) for e in result.view.get("events") or [])
    logged = bot.logged_events.setdefault(result.table.id, {})
    logged[result.table.seq] = (result.seat, result.action, events)
    if len(logged) > LOGGED_KEPT:  # only the recent entries are ever caught up on
        for number in sorted(logged)[:-LOGGED_KEPT]:
            del logged[number]


#: At most this many log entries are kept per table for the catch-ups (a catch-up longer
#: than that does not fit one message anyway).
LOGGED_KEPT = 200


async def caught_up(
    bot: BoardBot, table: Table, seats: Sequence[int], *, lang: str, since: int | None = None
) -> list[str]:
    """The log lines (as `/game log` words them, in ``lang``) of every move since the last
    decision of any of ``seats``, from the first seat's point of view that decided longest ago
    (and from entry ``since`` on, if that is earlier): what a pinged player catches up on.

    "Since" is read from the stored action log, so it holds after a restart; the lines come
    from the entries this process saw, else from the game replayed once."""
    logged = (await bot.service.logged_actions(table.id))[: table.seq]
    lasts = [
        max((n for n, (s, _a) in enumerate(logged, 1) if s == seat), default=0) for seat in seats
    ]
    # A seat that never decided catches up from the deal on (entry 0: the setup's events).
    first = min(lasts, default=len(logged)) + 1 if all(lasts) else 0
    if since is not None:
        first = max(0, min(first, since))
    return await _log_lines(bot, table, logged, first, lang=lang)


async def _log_lines(
    bot: BoardBot, table: Table, logged: Sequence[tuple[int, str]], first: int, *, lang: str
) -> list[str]:
    """The log lines of entries ``first`` to the last of ``logged`` (the stored log's seats and
    actions), from the entries this process saw, else from the game replayed once (entry 0,
    the deal, when ``first`` is 0)."""
    numbers = range(max(1, first), len(logged) + 1)
    known = bot.logged_events.get(table.id, {})
    if (first == 0 and 0 not in known) or any(
        known.get(n, (None, None))[:2] != logged[n - 1] for n in numbers
    ):
        known = await _replayed_entries(bot, table, first)
    names = names_of(table, lang=lang)
    lines = []
    if first == 0 and (deal := known.get(0)) is not None:
        setup = setup_entry(table.game, deal[2], names, lang)
        lines += [setup.text()] if setup is not None else []
    for number in numbers:
        seat, action, events = known.get(number, (*logged[number - 1], ()))
        lines.append(log_entry(table.game, number, seat, action, events, names, lang).text())
    return lines


async def _replayed_entries(bot: BoardBot, table: Table, first: int) -> dict[int, LoggedMove]:
    """The log entries from ``first`` on, from the game replayed (after a restart, a take-back
    or a move another process made), kept for the next catch-ups."""
    _table, game, states, actions = await bot.service.history(table.id)
    logged = bot.logged_events.setdefault(table.id, {})
    if first == 0:  # the deal: no seat, no action
        logged[0] = (-1, "", tuple(dict(e) for e in game.view(states[0], None).get("events") or []))
    for number in range(max(1, first), len(actions) + 1):
        events = tuple(dict(e) for e in game.view(states[number], None).get("events") or [])
        logged[number] = (*actions[number - 1], events)
    for number in [n for n in logged if n > len(actions)]:  # taken back
        del logged[number]
    return logged


def unshown_moves(bot: BoardBot, table: Table) -> list[MoveResult]:
    """The moves committed here since the channel's last board up to ``table``'s version, in
    playing order: what the next board announces (a board coalesces the moves made while the
    previous one was on its way)."""
    kept = bot.unshown_moves.get(table.id, [])
    moves = [m for m in kept if table.posted_version < m.table.version <= table.version]
    return sorted(moves, key=lambda m: m.table.version)


def forget_moves(bot: BoardBot, table_id: int, version: int) -> None:
    """Drop the kept moves the channel now shows (everything up to ``version``)."""
    kept = [m for m in bot.unshown_moves.get(table_id, []) if m.table.version > version]
    if kept:
        bot.unshown_moves[table_id] = kept
    else:
        bot.unshown_moves.pop(table_id, None)


def moves_text(table: Table, moves: Sequence[MoveResult], room: int, lang: str) -> str:
    """The moves a coalesced board announces, one log line each (as `/game log` writes them:
    the public view's events only), within ``room`` characters: the oldest give way to
    "N earlier moves" when they do not all fit."""
    names = names_of(table, lang=lang)
    lines = [
        log_entry(
            table.game, m.table.seq, m.seat, m.action, m.view.get("events") or [], names, lang
        ).text()
        for m in moves
    ]
    return trimmed(lines, room, lang)


def trimmed(lines: Sequence[str], room: int, lang: str) -> str:
    """Log ``lines`` within ``room`` characters: the oldest give way to "N earlier moves are
    in `/game log`" when they do not all fit."""
    if len("\n".join(lines)) <= room:
        return "\n".join(lines)
    shown: list[str] = []
    for count, line in enumerate(reversed(lines)):
        left = len(lines) - count - 1
        head = [earlier_moves(left, lang)] if left else []
        if len("\n".join([*head, line, *shown])) > room:
            break
        shown.insert(0, line)
    left = len(lines) - len(shown)
    text = "\n".join(([earlier_moves(left, lang)] if left else []) + shown)
    return clip(text, room) if room > 0 else ""


def earlier_moves(n: int, lang: str) -> str:
    return tr(
        N_(
            "({n} earlier move is in `/game log`.)",
            "({n} earlier moves are in `/game log`.)",
            n,
        ),
        lang,
    )


async def _already_shown(bot: BoardBot, table: Table) -> bool:
    """Whether the channel's last messages already show the table's current state (posted just
    before a crash); if so it is recorded as posted and the older board loses its buttons."""
    if table.status == "active":

        def shows(message: discord.Message) -> bool:
            wanted = f"board:{table.id}:{table.version}:act"
            return any(
                getattr(item, "custom_id", None) == wanted
                for row in message.components
                for item in getattr(row, "children", ())
            )
    elif table.status == "finished":
        record = f"{table.game}-{table.id}-record.json"

        def shows(message: discord.Message) -> bool:
            return any(a.filename == record for a in message.attachments)
    else:
        marks = ended_marks(table)

        def shows(message: discord.Message) -> bool:
            return any(mark in message.content for mark in marks)

    me = bot.user.id if bot.user is not None else None
    channel = bot.get_partial_messageable(table.channel_id)
    try:
        async for message in channel.history(limit=HISTORY_LOOKBACK):
            if (me is None or message.author.id == me) and shows(message):
                break
        else:
            return False
    except discord.HTTPException as error:  # no history access: post again rather than lose it
        log.info("table %d: cannot read channel history: %s", table.id, error)
        return False
    seats: tuple[int, ...] = ()
    new_board: int | None = None
    if table.status != "aborted":
        new_board = message.id
    if table.status == "active":
        view = await bot.service.public_view(table.id)
        seats = tuple(int(s) for s in view.get("to_act") or [])
    await bot.service.set_posted(table.id, table.version, new_board, seats)
    forget_moves(bot, table.id, table.version)
    await retire_board(bot, table, new_board)
    log.info("table %d: version %d was already in the channel", table.id, table.version)
    return True


def ended_marks(table: Table) -> tuple[str, ...]:
    """What every notice of the table's abort or abandonment contains, in its language: how a
    restart recognises one it posted just before a crash (each translation keeps them whole)."""
    lang = table_lang(table)
    return (
        tr(_("table #{id} was aborted", id=table.id), lang),
        tr(_("table #{id} is abandoned", id=table.id), lang),
    )


async def retire_board(bot: BoardBot, table: Table, newest: int | None) -> None:
    """Strip the buttons off the table's previous board (``table.board_message_id``) now that
    ``newest`` replaced it: dead buttons disappear. A failure (deleted, no permission) only
    logs: the move stands and stale clicks are refused anyway."""
    old = table.board_message_id
    if old is None or old == newest:
        return
    try:
        await bot.get_partial_messageable(table.channel_id).get_partial_message(old).edit(view=None)
    except discord.HTTPException as error:
        log.info("table %d: could not clear the buttons of board %d: %s", table.id, old, error)


async def post_board(
    bot: BoardBot,
    table: Table,
    view: dict[str, Any],
    *,
    ping: bool,
    actor: int | None = None,
    moves: Sequence[MoveResult] = (),
) -> discord.Message:
    """Send the public board, pinging only the seats that must act (through
    :func:`show_current`, which records it).

    ``actor`` (the user who just moved) is not pinged again: after their first T&E action they
    still act, and they know it. ``moves``: the moves since the previous board; when there are
    several (made while that board was on its way) the board lists each one's log line.
    """
    from bot.ui.pbp import away_note

    lang = table_lang(table)
    names = names_of(table, lang=lang)
    users = [u for u in to_ping(table, view) if u != actor] if ping else []
    pings = " ".join(f"<@{u}>" for u in users) + " " if users else ""
    listed = len(moves) > 1 or bool(users)
    # A ping's cue names the decision asked and the actions left: the line under it does not
    # repeat them (it still says whose turn it is, for everyone else).
    shown = {**view, "pending": None, "actions_left": None} if users else view
    text = presenters.status_line(shown, names, lang=lang, last_move=not listed)
    text += await away_note(bot, table, lang)
    entry = titles.title(table.game)
    if entry is not None and entry.board_lines is not None:  # what the image leaves to the text
        text += "".join(f"\n-# {line}" for line in entry.board_lines(view, names, lang))
    if users:  # the ping: the cue first (a notification shows the start), then the catch-up
        cue = turn_cue(table, view, lang=lang)
        seats = [s for s in map(table.seat_of, users) if s is not None]
        since = min((m.table.seq for m in moves), default=None)  # the moves never announced
        lines = await caught_up(bot, table, seats, lang=lang, since=since)
        room = MAX_CONTENT - len(pings) - len(cue) - len(text) - 2
        announced = trimmed(lines, room, lang) if lines else ""
        text = "\n".join(part for part in (cue, announced, text) if part)
    elif listed:
        announced = moves_text(table, moves, MAX_CONTENT - len(pings) - len(text) - 1, lang)
        text = f"{announced}\n{text}" if announced else text
    text = pings + text
    image = await render_file(
        table.game,
        marked(table, view, lang),
        f"{table.game}-{table.id}-{table.seq}.png",
        lang=lang,
        table_id=table.id,
    )
    channel = bot.get_partial_messageable(table.channel_id)
    mentions = discord.AllowedMentions(users=[discord.Object(u) for u in users])
    kwargs: dict[str, Any] = {"view": board_view(table), "allowed_mentions": mentions}
    if image is not None:
        kwargs["file"] = image
    return await channel.send(clip(text), **kwargs)


def turn_cue(table: Table, view: Mapping[str, Any], *, lang: str) -> str:
    """What a ping says first, to whoever must decide now (a notification shows the start of
    a message): the game and table, "your turn" and the actions left, or the decision asked."""
    where = _(
        "{title} table #{id}", title=presenters.game_title(table.game, lang=lang), id=table.id
    )
    names = names_of(table, lang=lang)
    pending = view.get("pending")
    if isinstance(pending, Mapping):
        # The moves under the cue tell a conflict with its sides: the cue names it only by its
        # leader and square (a conflict is told once a message).
        view = {**view, "pending": {**pending, "told": ()}}
    decision = presenters.pending_clause(view, names, lang=lang)
    left = view.get("actions_left")
    if decision:
        cue = _("{table}: your decision: {decision}.", table=where, decision=decision)
    elif isinstance(left, int) and left > 0:
        cue = N_(
            "{table}: your turn, {n} action left.",
            "{table}: your turn, {n} actions left.",
            left,
            table=where,
        )
    else:
        cue = _("{table}: your turn.", table=where)
    return tr(cue, lang)


async def post_final(
    bot: BoardBot, table: Table, *, moves: Sequence[MoveResult] = ()
) -> discord.Message:
    """Send the end: final ranking and scores with everything revealed, the board and the
    record, in one message (through :func:`show_current`, which records it); first the log
    lines of ``moves`` when several moves since the previous board ended the game. The score
    story and the replay follow it when drawn (:func:`bot.ui.replays.after_final`)."""
    lang = table_lang(table)
    summary = await bot.service.final_summary(table.id)
    forfeit = (await bot.pbp.options(table.id)).forfeit_seat
    if forfeit is not None:  # recorded like a resignation; say what happened
        ran_out = tr(_("@{seat} ran out of time.", seat=forfeit), lang)
        summary = {**summary, "end_reason": "forfeit", "note": ran_out}
    record = await bot.service.record(table.id)
    view = await bot.service.public_view(table.id)
    view = presenters.ended_view(view)  # resigned or out of time: no turn on the final board
    names = names_of(table, lang=lang)
    # Several moves are told as log lines first; a single last move (with why the game ended)
    # by the final text itself.
    text = presenters.final_text(table.game, summary, names, lang=lang, last_move=len(moves) <= 1)
    from bot.ui.ratings import final_line

    text += await final_line(bot.service.db, table)
    if len(moves) > 1:
        announced = moves_text(table, moves, MAX_CONTENT - len(text) - 1, lang)
        text = f"{announced}\n{text}" if announced else text
    files: list[discord.File] = []
    image = await render_file(
        table.game,
        marked(table, view, lang),
        f"{table.game}-{table.id}-final.png",
        lang=lang,
        table_id=table.id,
        changes=False,  # it is also the replay's last frame
    )
    if image is not None:
        files.append(image)
    record_bytes = json.dumps(record, indent=1).encode()
    files.append(discord.File(io.BytesIO(record_bytes), f"{table.game}-{table.id}-record.json"))
    from bot.ui.pbp import rematch_view

    channel = bot.get_partial_messageable(table.channel_id)
    buttons = rematch_view(table.id, lang=lang) if table.status == "finished" else None
    if table.status == "finished":
        from bot.ui.items import add_review_button

        buttons = add_review_button(buttons, table.id, lang=lang, game=table.game)
    message = await channel.send(clip(text), files=files, view=buttons or discord.utils.MISSING)
    log.info("table %d (%s): finished (%s)", table.id, table.game, table.end_reason)
    return message


async def after_move(bot: BoardBot, result: MoveResult, *, note: str | Text | None = None) -> None:
    """Publish the consequences of a committed move (unless a newer move already replaced it)."""
    actor = result.table.players[result.seat].user_id
    remember_move(bot, result)
    await show_current(bot, result.table.id, version=result.table.version, actor=actor, note=note)


async def catch_up(bot: BoardBot) -> int:
    """After a restart (and on every scheduler tick): show every table of this process's
    servers whose last change never reached its channel, once. Returns how many tables were
    brought up to date."""
    shown = 0
    for table in await bot.service.unposted():
        if not bot.owns(table.guild_id):
            continue  # another process's server: that process shows it
        try:
            actor = await bot.service.last_mover(table.id)
            if await show_current(bot, table.id, actor=actor, recovering=True):
                shown += 1
        except discord.NotFound as error:  # the channel is gone: nothing can show it any more
            log.warning("table %d: its channel is gone (%s); not posting it again", table.id, error)
            await bot.service.set_posted(table.id, table.version, None, table.posted_to_act or ())
            forget_moves(bot, table.id, table.version)
        except discord.Forbidden as error:  # the permission may come back: try again next tick
            log.warning("table %d: cannot post its current state: %s", table.id, error)
        except Exception:
            log.exception(
                "table %d: could not post its current state; trying again later", table.id
            )
    from bot.ui.replays import catch_up as replays_owed

    await replays_owed(bot)  # the replays that follow results already in the channel
    return shown


# --- private answers ---------------------------------------------------------------------------


async def send_hand(bot: BoardBot, interaction: discord.Interaction[Any], table: Table) -> None:
    """Answer ephemerally with the caller's private view (image and short text), in the
    caller's language."""
    await acknowledge(interaction)
    lang = reply_lang(interaction)
    seat = table.seat_of(interaction.user.id)
    private = await bot.service.private_view(table.id, interaction.user.id)
    text = presenters.hand_text(table.game, private, seat if seat is not None else -1, lang=lang)
    image = await render_file(
        table.game, marked(table, private, lang), "hand.png", private=True, lang=lang
    )
    if image is None:
        await interaction.followup.send(clip(text), ephemeral=True)
    else:
        await interaction.followup.send(clip(text), file=image, ephemeral=True)


def ended_text(table: Table) -> Text:
    """What Act says once a table is no longer running."""
    if table.status == "finished":
        return _("This game is over; the final result is in the channel.")
    if table.status == "aborted":
        return _("This game was aborted.")
    return _("This game has not started yet.")


def waiting_names(table: Table, view: dict[str, Any], lang: str) -> str | Text:
    """The names of the seats the table waits for, or "nobody"."""
    seats = [int(s) for s in view.get("to_act") or []]
    names = names_of(table, lang=lang)
    return ", ".join(names[s] for s in seats if 0 <= s < len(names)) or _("nobody")


def describe_waiting(table: Table, view: dict[str, Any], *, lang: str) -> Text:
    return _(
        "It is not your decision now; waiting for {waiting}.",
        waiting=waiting_names(table, view, lang),
    )


async def send_act_menu(
    bot: BoardBot,
    interaction: discord.Interaction[Any],
    table: Table,
    prefix: str = "",
    *,
    edit: bool = False,
) -> None:
    """Answer with the caller's legal actions: the picker's screen ``prefix`` where the game
    has one, else buttons when few and grouped selects when many."""
    lang = reply_lang(interaction)
    if table.seat_of(interaction.user.id) is None:  # what NotSeated would say, translated
        await reply(interaction, _("You are not playing in this game."))
        return
    menu = await act_menu(bot, table, interaction.user.id, prefix, lang=lang)
    if menu is None:
        from bot.ui.pbp import takeback_offer

        view = await bot.service.public_view(table.id)
        text = tr(describe_waiting(table, view, lang=lang), lang)
        offer = takeback_offer(table, view, interaction.user.id, lang)
        if edit:
            await edit_message(interaction, content=text, view=offer)
        else:
            await reply(interaction, text, view=offer)
        return
    heading, components = menu
    if edit:
        await edit_message(interaction, content=heading, view=components)
    else:
        await reply(interaction, heading, view=components)


async def act_menu(
    bot: BoardBot, table: Table, user_id: int, prefix: str = "", *, lang: str
) -> tuple[str, discord.ui.View] | None:
    """The Act menu of ``user_id`` (seated) at ``prefix``: its heading in ``lang`` and its
    buttons; None when they have no decision to take."""
    from bot.ui.items import menu_view, picker_heading

    legal = await bot.service.legal_actions(table.id, user_id)
    if not legal:
        return None
    picked = picker_heading(table.game, prefix, legal, lang=lang)
    if picked is not None:  # a screen of the picker: where the player is
        choose: Text | str = picked
    elif prefix:
        choose = _(
            "Choose your action ({n} legal, showing `{prefix}…`). "
            "You can also type it with {command}.",
            n=len(legal),
            prefix=prefix,
            command=command("move"),
        )
    else:
        choose = _(
            "Choose your action ({n} legal). You can also type it with {command}.",
            n=len(legal),
            command=command("move"),
        )
    heading = tr(choose, lang)
    # From the caller's own view: it may name what only they see (a card they drew).
    own = await bot.service.private_view(table.id, user_id)
    decision = presenters.pending_clause(own, names_of(table, lang=lang), lang=lang)
    if decision:
        heading = tr(_("Pending: {decision}.", decision=decision), lang) + "\n" + heading
    components, shown, near = menu_view(
        table, legal, prefix, lang=lang, own=own, seat=table.seat_of(user_id)
    )
    if near:
        heading += "\n" + tr(_("Green: the squares nearest your leaders."), lang)
    if shown == 0:
        heading = tr(_("Nothing matches any more; open Act again."), lang)
    return heading, components


async def next_decision(
    bot: BoardBot, table_id: int, user_id: int, *, lang: str
) -> tuple[str, discord.ui.View] | None:
    """The mover's next menu when the decision after their move is theirs again (the second
    T&E action, their own support, Targi's action phase): it goes out in the answer to the
    move, with no Act tap. None when someone else decides now."""
    table = await bot.service.get(table_id)
    if table.status != "active" or table.seat_of(user_id) is None:
        return None
    return await act_menu(bot, table, user_id, lang=lang)


async def send_stale(bot: BoardBot, interaction: discord.Interaction[Any], table_id: int) -> None:
    """The board has moved on: show the current state and fresh buttons to the caller only
    (in the caller's language)."""
    lang = reply_lang(interaction)
    table = await bot.service.get(table_id)
    view = await bot.service.public_view(table_id)
    lines = [
        tr(_("The board has changed; here is the current state."), lang),
        presenters.status_line(view, names_of(table, lang=lang), lang=lang),
    ]
    url = board_url(table)
    if url:
        lines.append(tr(_("Current board: {url}", url=url), lang))
    buttons = board_view(table, lang) if table.status == "active" else None
    await reply(interaction, clip("\n".join(lines)), view=buttons)


async def acknowledge(interaction: discord.Interaction[Any]) -> None:
    """Answer Discord at once, before any work that may take time (the database, the render
    pool, a replayed log): Discord waits 3 seconds for a first answer. A click defers its update
    (the answer then edits the clicked message, or follows up ephemerally); a slash command shows
    "thinking" to the caller alone (every command answers ephemerally). Once is enough."""
    if interaction.response.is_done():
        return
    if interaction.type is discord.InteractionType.component:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)


#: How long a move's work (the commit) may take before Discord is answered with a deferral:
#: Discord waits 3 seconds for a first answer, and the deferral needs its own trip there.
ANSWER_BUDGET = 1.5

T = TypeVar("T")


async def in_time(interaction: discord.Interaction[Any], work: Awaitable[T]) -> T:
    """``work``'s result, Discord answered in time: when it is not done within
    :data:`ANSWER_BUDGET` of the interaction's creation (or of now, whichever is sooner) the
    interaction is acknowledged first (a deferral). In the common case the work is done well
    before, and the caller's answer is the first and only one (a click that moves costs the
    answer, the new board and the older board's buttons removed: three requests)."""
    task = asyncio.ensure_future(work)
    waited = (discord.utils.utcnow() - interaction.created_at).total_seconds()
    budget = min(ANSWER_BUDGET, ANSWER_BUDGET - waited)
    try:
        await asyncio.wait_for(asyncio.shield(task), timeout=max(0.0, budget))
    except TimeoutError:
        await acknowledge(interaction)
    except BaseException:
        if not task.done():
            task.cancel()
        raise
    return await task


async def edit_message(
    interaction: discord.Interaction[Any],
    *,
    content: str,
    view: discord.ui.View | None = discord.utils.MISSING,
) -> None:
    """Replace the clicked message's text and (unless ``view`` is left out) its components,
    acknowledged already or not."""
    if interaction.response.is_done():
        await interaction.edit_original_response(content=content, view=view)
    else:
        await interaction.response.edit_message(content=content, view=view)


async def reply(
    interaction: discord.Interaction[Any],
    text: str | Text,
    *,
    view: discord.ui.View | None = None,
) -> None:
    """An ephemeral answer, whether or not the interaction was already acknowledged; a
    :class:`~bot.i18n.Text` is shown in the reader's language."""
    text = clip(tr(text, reply_lang(interaction)))
    if interaction.response.is_done():
        if view is None:
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.followup.send(text, ephemeral=True, view=view)
    elif view is None:
        await interaction.response.send_message(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True, view=view)


def listing(
    tables: Sequence[Table], views: Sequence[dict[str, Any]], lang: str = i18n.DEFAULT
) -> str:
    """`/game list` in ``lang``: one line per table in this server with whose turn it is."""
    if not tables:
        none = _(
            "No open games in this server. Start one with {command}.", command=command("game new")
        )
        return tr(none, lang)
    lines = []
    for table, view in zip(tables, views, strict=True):
        title = presenters.game_title(table.game, lang=lang)
        where = f"<#{table.channel_id}>"
        if table.status == "lobby":
            line = _(
                "#{id} {title} in {channel}: lobby, {seated}/{seats} seated.",
                id=table.id,
                title=title,
                channel=where,
                seated=len(table.players),
                seats=table.max_seats,
            )
        else:
            line = _(
                "#{id} {title} in {channel}: waiting for {waiting}.",
                id=table.id,
                title=title,
                channel=where,
                waiting=waiting_names(table, view, lang),
            )
        lines.append(tr(line, lang))
    return clip("\n".join(lines))
