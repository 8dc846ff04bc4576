"""`/game ...`: open a lobby, repost the board, resign, abort, list the server's games."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import action_menus, i18n, presenters, titles
from bot.ai import review as ai_review
from bot.ai import seats as ai_seats
from bot.cogs import answer
from bot.cogs import pbp as pbp_commands
from bot.cogs.settings import LANGUAGE_CHOICES
from bot.games import get_game
from bot.games.common import typed
from bot.i18n import DEFAULT, _, command, render
from bot.service import NO_AI, ChannelBusy, Service, Table, has_ai
from bot.storage.tables import TableStatus
from bot.ui.errors import CommandRefused
from bot.ui.interactions import bot_of, can_manage, player_of
from bot.ui.items import NewThreadButton, confirm_view
from bot.ui.lang import guild_lang, reply_lang, tr
from bot.ui.lobby import post_lobby, started_content
from bot.ui.pbp import ask_takeback
from bot.ui.publish import show_current
from bot.ui.replies import acknowledge, reply
from bot.ui.status import listing

#: One choice per title (the list grows when a title registers later: the commands share it).
GAME_CHOICES = [
    app_commands.Choice(name=str(render(t.printed_name, DEFAULT)), value=t.name)
    for t in titles.titles()
]


def _offer(title: titles.Title) -> None:
    GAME_CHOICES.append(
        app_commands.Choice(name=str(render(title.printed_name, DEFAULT)), value=title.name)
    )


def _withdraw(name: str) -> None:
    GAME_CHOICES[:] = [choice for choice in GAME_CHOICES if choice.value != name]


titles.on_register(_offer, _withdraw)
#: The seats `/game new` offers: from the fewest to the most any installed title plays (each
#: engine's ``SEAT_COUNTS``); each game's own counts are checked by :func:`new_table`.
FEWEST_SEATS, MOST_SEATS = titles.seat_range()
AI_CHOICES = [
    app_commands.Choice(name=f"{level}: play alone against {level} AIs", value=level)
    for level in ai_seats.AI_LEVELS
]
ORDER_CHOICES = [
    app_commands.Choice(name="join order", value="join"),
    app_commands.Choice(name="random", value="random"),
]
_TRUE = {"1", "yes", "y", "true", "on"}
_FALSE = {"0", "no", "n", "false", "off"}
#: Table options of the bot itself (not the engine's): name -> default. ``ai_replaces``: a
#: player who resigns or forfeits a 3-4 player T&E game hands their seat to a `normal` AI.
#: ``hints``: a Hint button under each board (friendly games only, ``rated=no``).
TABLE_OPTIONS: dict[str, Any] = {"rated": True, "ai_replaces": True, "hints": False}


def split_options(options: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    """The engine's options and the table's ``rated`` flag (never passed to the engine)."""
    engine = {k: v for k, v in options.items() if k not in TABLE_OPTIONS}
    return engine, bool(options.get("rated", TABLE_OPTIONS["rated"]))


def ai_replaces_of(options: dict[str, Any]) -> bool:
    """The table option ``ai_replaces`` (default yes; never passed to the engine)."""
    return bool(options.get("ai_replaces", TABLE_OPTIONS["ai_replaces"]))


def hints_of(options: dict[str, Any]) -> bool:
    """The table option ``hints`` (default no; never passed to the engine)."""
    return bool(options.get("hints", TABLE_OPTIONS["hints"]))


def table_options(game: str) -> dict[str, Any]:
    """The bot's own table options offered for ``game``: ``hints`` only where the title has a
    review (its AI judge)."""
    if ai_review.reviewable(game):
        return dict(TABLE_OPTIONS)
    return {k: v for k, v in TABLE_OPTIONS.items() if k != "hints"}


def parse_options(game: str, text: str | None) -> dict[str, Any]:
    """Table options typed as ``name=value`` pairs, checked against the game's ``OPTIONS``
    and the bot's own ``TABLE_OPTIONS`` (``rated=no``: a friendly game)."""
    known: dict[str, Any] = {**dict(get_game(game).OPTIONS), **table_options(game)}
    options: dict[str, Any] = {}
    for part in (text or "").replace(",", " ").split():
        name, sep, raw = part.partition("=")
        name = name.strip().lower().replace("-", "_")
        if name not in known:
            # Named as the lobby names them, the typed word in a code span (glossary).
            labels = [presenters.option_label(option) for option in sorted(known)]
            listed: object = presenters.commas(labels) if labels else _("none")
            raise CommandRefused(
                _(
                    "Unknown option `{name}`; this game's options: {options}.",
                    name=typed(name),
                    options=listed,
                )
            )
        default = known[name]
        value = raw.strip().lower() if sep else "yes"
        if isinstance(default, bool):
            if value not in _TRUE | _FALSE:
                raise CommandRefused(
                    _("Option {name} is yes or no, not {value}.", name=name, value=repr(raw))
                )
            options[name] = value in _TRUE
        elif isinstance(default, int):
            if not value.lstrip("-").isdigit():
                raise CommandRefused(
                    _("Option {name} is a whole number, not {value}.", name=name, value=repr(raw))
                )
            options[name] = int(value)
        else:
            choices = [str(c) for c in _option_choices(game).get(name, ())]
            text = raw.strip()
            options[name] = next((c for c in choices if c.lower() == text.lower()), text)
    return options


def _option_choices(game: str) -> dict[str, tuple[Any, ...]]:
    """The values each option may take, where the game lists them (``OPTION_CHOICES``)."""
    listed = getattr(get_game(game), "OPTION_CHOICES", None)
    return dict(listed) if isinstance(listed, dict) else {}


def option_suggestions(game: str, typed: str) -> list[str]:
    """Autocomplete for the options text: the game's options as ``name=value``."""
    try:
        known = {**dict(get_game(game).OPTIONS), **table_options(game)}
    except KeyError:
        return []
    done, _space, last = typed.rpartition(" ")
    head = (done + " ") if done else ""
    out: list[str] = []
    choices = _option_choices(game)
    for name, default in sorted(known.items()):
        if isinstance(default, bool):
            values = ["yes", "no"]
        else:
            values = [str(default)] + [str(c) for c in choices.get(name, ()) if c != default]
        for value in values:
            entry = f"{name}={value}"
            if entry.startswith(last.lower()) and name not in done:
                out.append((head + entry)[:100])
    return out[: action_menus.MAX_CHOICES]


async def table_here(interaction: discord.Interaction[Any]) -> Table:
    """The lobby or game in the interaction's channel, or a clear refusal."""
    if interaction.channel_id is None:
        raise CommandRefused(_("Use this command in a server channel."))
    table = await bot_of(interaction).service.in_channel(interaction.channel_id)
    if table is None:
        raise CommandRefused(
            _(
                "There is no game in this channel. Start one with {command}.",
                command=command("game new"),
            )
        )
    return table


async def open_in_thread(
    interaction: discord.Interaction[Any],
    game: str,
    seats: int,
    order: str,
    options: dict[str, Any],
    *,
    language: str | None,
) -> None:
    """Create a public thread under this channel and open the lobby there, in ``language`` (the
    one `/game new` chose or would have given the table; None: the server's). A second click on
    the same offer (a double click) opens nothing: it is told where the thread is."""
    bot = bot_of(interaction)
    channel = interaction.channel
    parent_id = getattr(channel, "parent_id", None) or interaction.channel_id
    if parent_id is None:
        raise CommandRefused(_("Use this in a server channel."))
    offer = interaction.message.id if interaction.message is not None else None
    if offer is not None:
        if offer in bot.thread_offers:
            opened = bot.thread_offers[offer]
            if opened is None:
                raise CommandRefused(_("That thread is being opened."))
            thread = f"<#{opened}>"
            raise CommandRefused(_("That thread was opened: {thread}.", thread=thread))
        bot.remember_thread_offer(offer, None)
    try:
        await _open_thread(interaction, parent_id, game, seats, order, options, offer, language)
    except BaseException:
        if offer is not None and bot.thread_offers.get(offer) is None:
            bot.thread_offers.pop(offer, None)  # nothing was opened: another click may try
        raise


async def _open_thread(
    interaction: discord.Interaction[Any],
    parent_id: int,
    game: str,
    seats: int,
    order: str,
    options: dict[str, Any],
    offer: int | None,
    chosen: str | None,
) -> None:
    bot = bot_of(interaction)
    # Answer Discord at once: the thread and the lobby are two requests that may be rate-limited.
    await acknowledge(interaction)
    language = i18n.normalize(chosen) if chosen else await table_language(interaction)
    thread_name = _(
        "{game} by {player}",
        game=presenters.game_title(game, lang=language),
        player=interaction.user.display_name,
    )
    thread = await bot.http.start_thread_without_message(
        parent_id,
        name=tr(thread_name, language)[:100],
        auto_archive_duration=10080,
        type=discord.ChannelType.public_thread.value,
    )
    thread_id = int(thread["id"])
    if offer is not None:
        bot.remember_thread_offer(offer, thread_id)
    engine_options, rated = split_options(options)
    table = await bot.service.create(
        game=game,
        guild_id=interaction.guild_id,
        channel_id=thread_id,
        creator=player_of(interaction),
        max_seats=seats,
        seat_order=order,
        options=engine_options,
        rated=rated,
        ai_replaces=ai_replaces_of(options),
        language=language,
        hints=hints_of(options),
    )
    await post_lobby(bot, table)
    lang = reply_lang(interaction)
    mention = f"<#{thread_id}>"
    text = _(
        "Opened {game} table #{table} in {thread}.",
        game=presenters.game_title(game, lang=lang),
        table=table.id,
        thread=mention,
    )
    if interaction.type is discord.InteractionType.component:
        await interaction.edit_original_response(content=tr(text, lang), view=None)
    else:
        await answer(interaction, text)


async def start_solo(interaction: discord.Interaction[Any], table: Table, level: str) -> None:
    """`/game new ... ai:<level>`: AI seats of ``level`` fill the new table, which starts at
    once; the opening message says who sits where, then the first board follows."""
    bot = bot_of(interaction)
    user = interaction.user.id
    try:
        for _seat in range(table.max_seats - len(table.players)):
            table = await bot.service.add_ai(table.id, user, level, can_manage=True)
        table = await bot.service.start(table.id, user, can_manage=True)
    except Exception:
        if (await bot.service.get(table.id)).status == TableStatus.LOBBY:
            await bot.service.cancel(table.id, user, can_manage=True)
        raise
    view = await bot.service.public_view(table.id)
    channel = bot.get_partial_messageable(table.channel_id)
    message = await channel.send(started_content(table, view))
    await bot.service.set_lobby_message(table.id, message.id)
    lang = reply_lang(interaction)
    await answer(
        interaction,
        _(
            "Opened {game} table #{table} against the AI.",
            game=presenters.game_title(table.game, lang=lang),
            table=table.id,
        ),
    )
    await show_current(bot, table.id, version=table.version)


async def table_language(interaction: discord.Interaction[Any]) -> str:
    """The language of a table opened by ``interaction`` when nobody chose one: the server's
    (`/settings language:`, else its Discord locale); in a DM, the creator's locale."""
    if interaction.guild_id is None:
        return i18n.normalize(interaction.locale)
    service = bot_of(interaction).service
    return await guild_lang(service, interaction.guild_id, interaction.guild_locale)


@dataclass(frozen=True)
class NewTable:
    """What `/game new` asks for, checked: the game, its number of seats, the seat order, the
    table options (the engine's and the bot's), the AI level to play alone against (None: a
    lobby) and the table's language (None: the server's)."""

    game: str
    seats: int
    order: str
    options: dict[str, Any]
    ai: str | None
    language: str | None


def new_table(
    game: app_commands.Choice[str],
    seats: int | None,
    order: str,
    options: str | None,
    ai: str | None,
    language: str | None,
    *,
    lang: str,
) -> NewTable:
    """`/game new`'s choices checked before anything is created (seats default to the most the
    game plays), or a refusal in ``lang`` saying what is wrong."""
    try:
        module = get_game(game.value)
    except KeyError:
        missing = _("{game} is not installed on this bot yet.", game=game.name)
        raise CommandRefused(missing) from None
    counts = sorted(module.SEAT_COUNTS)
    wanted = seats if seats is not None else counts[-1]
    if wanted not in counts:
        allowed = ", ".join(str(n) for n in counts)
        raise CommandRefused(
            _(
                "{game} is played with {counts} players.",
                game=presenters.game_title(game.value, lang=lang),
                counts=allowed,
            )
        )
    table_options = parse_options(game.value, options)
    if ai is not None and not has_ai(game.value):
        raise CommandRefused(NO_AI)
    if ai is not None and ai not in ai_seats.AI_LEVELS:
        raise CommandRefused(
            _(
                "Unknown AI level {level}; choose one of: {levels}.",
                level=repr(ai),
                levels=", ".join(ai_seats.AI_LEVELS),
            )
        )
    if language is not None and language not in i18n.LANGUAGES:
        raise CommandRefused(
            _("Unknown language {language}; choose one from the list.", language=repr(language))
        )
    return NewTable(game.value, wanted, order, table_options, ai, language)


async def _answer_busy(
    interaction: discord.Interaction[Any], busy: Table, asked: NewTable, language: str, *, lang: str
) -> None:
    """`/game new` in a channel that has a game: one game per channel; a lobby may be opened in
    a new thread instead (a button offers it where its custom id can carry the choices)."""
    busy_game = presenters.game_title(busy.game, lang=lang)
    offer = (asked.game, asked.seats, asked.order, language, asked.options)
    if asked.ai is None and NewThreadButton.fits(*offer):
        view = discord.ui.View(timeout=None)
        view.add_item(NewThreadButton(*offer, lang=lang))
        text = _(
            "This channel already has a game (table #{table}, {game}). One game per channel.",
            table=busy.id,
            game=busy_game,
        )
        await answer(interaction, text, view=view)
        return
    text = _(
        "This channel already has a game (table #{table}, {game}). "
        "One game per channel. Open a thread and use {command} there.",
        table=busy.id,
        command=command("game new"),
        game=busy_game,
    )
    await answer(interaction, text)


@app_commands.guild_only()
class GameCog(commands.GroupCog, group_name="game", group_description="Play board games here"):
    """Tables: open, show, resign, abort, list."""

    @app_commands.command(name="new", description="Open a lobby for a new game in this channel")
    @app_commands.describe(
        game="Which game",
        seats="Number of seats (default: the most the game allows)",
        order="Seat order: join order or random",
        options="Table options as name=value, e.g. open_scoring=yes; rated=no: a friendly game",
        ai="Play alone now: AI seats of this level fill the table and the game starts at once",
        language="The language of the table's messages (default: the server's)",
    )
    @app_commands.choices(
        game=GAME_CHOICES, order=ORDER_CHOICES, ai=AI_CHOICES, language=LANGUAGE_CHOICES
    )
    async def new(
        self,
        interaction: discord.Interaction[Any],
        game: app_commands.Choice[str],
        seats: app_commands.Range[int, FEWEST_SEATS, MOST_SEATS] | None = None,
        order: app_commands.Choice[str] | None = None,
        options: str | None = None,
        ai: app_commands.Choice[str] | None = None,
        language: app_commands.Choice[str] | None = None,
    ) -> None:
        bot = bot_of(interaction)
        if interaction.channel_id is None:
            raise CommandRefused(_("Use this command in a server channel."))
        lang = reply_lang(interaction)
        asked = new_table(
            game,
            seats,
            order.value if order is not None else "join",
            options,
            ai.value if ai is not None else None,
            language.value if language is not None else None,
            lang=lang,
        )
        engine_options, rated = split_options(asked.options)
        # Answer Discord at once (only to the caller): posting the lobby may wait for a rate limit.
        await acknowledge(interaction)
        new_language = asked.language or await table_language(interaction)
        try:
            table = await bot.service.create(
                game=asked.game,
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                creator=player_of(interaction),
                max_seats=asked.seats,
                seat_order=asked.order,
                options=engine_options,
                rated=rated,
                ai_replaces=ai_replaces_of(asked.options),
                language=new_language,
                hints=hints_of(asked.options),
            )
        except ChannelBusy as busy:
            await _answer_busy(interaction, busy.table, asked, new_language, lang=lang)
            return
        if asked.ai is not None:
            await start_solo(interaction, table, asked.ai)
            return
        try:
            await post_lobby(bot, table)
        except discord.HTTPException:
            # Nobody could see or join this lobby: do not leave the channel busy with it.
            await bot.service.cancel(table.id, table.creator_id, can_manage=True)
            raise
        await answer(
            interaction,
            _(
                "Opened {game} table #{table}.",
                game=presenters.game_title(asked.game, lang=lang),
                table=table.id,
            ),
        )

    @new.autocomplete("options")
    async def new_options(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        game = getattr(interaction.namespace, "game", None)
        name = game if isinstance(game, str) else GAME_CHOICES[0].value
        return [app_commands.Choice(name=s, value=s) for s in option_suggestions(name, current)]

    @app_commands.command(name="status", description="Post the current board (or lobby) again")
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        table = await table_here(interaction)
        if table.status == TableStatus.LOBBY:
            await answer(interaction, _("Here is the lobby again."))
            await post_lobby(bot, table)
            return
        await answer(interaction, _("Here is the board again."))
        await show_current(bot, table.id, ping=False, again=True, recovering=True)

    @app_commands.command(name="resign", description="Resign from the game in this channel")
    async def resign(self, interaction: discord.Interaction[Any]) -> None:
        table = await table_here(interaction)
        if table.status != TableStatus.ACTIVE:
            raise CommandRefused(_("The game here has not started; use Leave in the lobby."))
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise CommandRefused(_("You are not playing in this game."))
        question = _("Resign? The game ends for everyone and you are ranked last.")
        if Service.replaceable(table, seat):
            question = _(
                "Resign? A normal AI takes over your seat so the others can finish; "
                "the game is then no longer rated."
            )
        await answer(
            interaction, question, view=confirm_view(table, "resign", lang=reply_lang(interaction))
        )

    @app_commands.command(name="abort", description="Abort the game in this channel (no result)")
    async def abort(self, interaction: discord.Interaction[Any]) -> None:
        table = await table_here(interaction)
        if table.creator_id != interaction.user.id and not can_manage(interaction):
            raise CommandRefused(_("Only the table's creator or a server manager can abort it."))
        question = _(
            "Abort {game} table #{table}? Nobody wins.",
            game=presenters.game_title(table.game, lang=reply_lang(interaction)),
            table=table.id,
        )
        await answer(
            interaction, question, view=confirm_view(table, "abort", lang=reply_lang(interaction))
        )

    @app_commands.command(name="list", description="Games in this server and whose turn it is")
    @app_commands.describe(mine="Only the games in every server that wait for you")
    async def list_(self, interaction: discord.Interaction[Any], mine: bool = False) -> None:
        bot = bot_of(interaction)
        if mine:
            await pbp_commands.list_mine(interaction)
            return
        if interaction.guild_id is None:
            raise CommandRefused(_("Use this command in a server."))
        tables = await bot.service.list_guild(interaction.guild_id)
        views = [
            await bot.service.public_view(t.id) if t.status == TableStatus.ACTIVE else {}
            for t in tables
        ]
        await reply(interaction, listing(tables, views, reply_lang(interaction)))

    @app_commands.command(name="log", description="The last moves of the game in this channel")
    @app_commands.describe(page="Page 1 holds the latest moves")
    async def log(
        self, interaction: discord.Interaction[Any], page: app_commands.Range[int, 1] = 1
    ) -> None:
        await pbp_commands.game_log(interaction, await table_here(interaction), page)

    @app_commands.command(name="replay", description="Post the replay of a finished game")
    @app_commands.describe(
        table="Table number (default: the last finished game in this channel)",
        turn="Only this turn, as a still with its log",
    )
    async def replay(
        self,
        interaction: discord.Interaction[Any],
        table: app_commands.Range[int, 1] | None = None,
        turn: app_commands.Range[int, 1] | None = None,
    ) -> None:
        from bot.ui.replays import post_replay

        await post_replay(bot_of(interaction), interaction, table, turn)

    @app_commands.command(name="review", description="Post the AI's review of a finished game")
    @app_commands.describe(table="Table number (default: the last finished game in this channel)")
    async def review(
        self,
        interaction: discord.Interaction[Any],
        table: app_commands.Range[int, 1] | None = None,
    ) -> None:
        from bot.ui.replays import finished_table
        from bot.ui.review import post_review

        bot = bot_of(interaction)
        chosen = await finished_table(bot, interaction.channel_id, interaction.guild_id, table)
        await post_review(bot, interaction, chosen.id)

    @app_commands.command(name="watch", description="DM me the turns of this game (non-players)")
    @app_commands.describe(on="on: watch; off: stop watching")
    @app_commands.choices(on=pbp_commands.ON_OFF)
    async def watch(
        self, interaction: discord.Interaction[Any], on: app_commands.Choice[str] | None = None
    ) -> None:
        watching = on is None or on.value == "on"
        await pbp_commands.game_watch(interaction, await table_here(interaction), watching)

    @app_commands.command(name="timing", description="Reminders and turn timer of this table")
    @app_commands.describe(
        reminder_hours="Remind a waiting player every N hours (0: off)",
        timer_hours="Each decision within N hours (0: no timer)",
        consequence="When the timer runs out",
    )
    @app_commands.choices(consequence=pbp_commands.CONSEQUENCE_CHOICES)
    async def timing(
        self,
        interaction: discord.Interaction[Any],
        reminder_hours: app_commands.Range[int, 0, 336] | None = None,
        timer_hours: app_commands.Range[int, 0, 720] | None = None,
        consequence: app_commands.Choice[str] | None = None,
    ) -> None:
        await pbp_commands.game_timing(
            interaction,
            await table_here(interaction),
            reminder_hours,
            timer_hours,
            consequence.value if consequence is not None else None,
        )

    @app_commands.command(name="takeback", description="Ask the others to undo your last move")
    async def takeback(self, interaction: discord.Interaction[Any]) -> None:
        table = await table_here(interaction)
        await ask_takeback(interaction, table.id)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(GameCog())
