"""`/leaderboard`, `/rating`, `/history`: the rating read models as images and short texts.

Answers are ephemeral (only the caller sees them), like `/game list`. Nothing here is secret,
but every name is escaped for Markdown in text; images draw names as plain text.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

import discord

from bot import i18n, presenters, ratings
from bot.i18n import C_, _
from bot.service import Table
from bot.storage.tables import Database, EndReason
from bot.ui.errors import CommandRefused
from bot.ui.images import render
from bot.ui.interactions import bot_of
from bot.ui.lang import reply_lang, table_lang, tr
from bot.ui.names import plain_names, with_symbols
from bot.ui.replies import acknowledge, clip
from renderers.ratings import BoardLine, CardData, render_cards, render_leaderboard

HISTORY_GAMES = 10
PER_SERVER = _("Ratings are kept per server: use this command in a server channel.")


def _escape(name: str) -> str:
    return presenters.plain_text(name)


def _guild(interaction: discord.Interaction[Any]) -> int:
    if interaction.guild_id is None:
        raise CommandRefused(PER_SERVER)
    return interaction.guild_id


def _arrow(trend: float) -> str:
    return "↑" if trend >= 0.5 else "↓" if trend <= -0.5 else "→"


def _rating_text(value: float, provisional: bool) -> str:
    return f"{value:.0f}" + ("?" if provisional else "")


def _board_line(entry: ratings.BoardEntry, highlight: bool) -> BoardLine:
    return BoardLine(
        entry.rank,
        entry.name,
        entry.rating,
        entry.games,
        entry.win_percent,
        entry.trend,
        entry.provisional,
        highlight,
    )


def leaderboard_text(board: ratings.Leaderboard, caller_id: int, *, lang: str) -> str:
    """The text under the image: the whole top (the image shows the first ten), the caller's own
    line, then what the ranks and the trend mean."""
    title = presenters.game_title(board.game, lang=lang)
    if not board.entries:
        return tr(_("**{game}** on this server: no rated games yet.", game=title), lang)
    head = _(
        "**{game}** leaderboard ({ranked} ranked of {total} players):",
        game=title,
        ranked=board.ranked,
        total=board.total,
    )
    lines = [tr(head, lang)]
    for entry in board.entries:
        values = {
            "rank": f"{entry.rank}." if entry.rank is not None else "–",
            "name": _escape(entry.name),
            "rating": _rating_text(entry.rating, entry.provisional),
            "trend": _arrow(entry.trend),
            "games": entry.games,
            "won": f"{entry.win_percent:.0f}",
        }
        line = (
            _("{rank} {name} {rating} {trend} · {games} games, {won}% won (provisional)", **values)
            if entry.provisional
            else _("{rank} {name} {rating} {trend} · {games} games, {won}% won", **values)
        )
        lines.append(tr(line, lang))
    own = board.caller  # further down than the top, which the text lists whole
    if own is not None:
        rating = _rating_text(own.rating, own.provisional)
        you = (
            _(
                "You: rank {rank}, {rating} after {games} games.",
                rank=own.rank,
                rating=rating,
                games=own.games,
            )
            if own.rank is not None
            else _(
                "You: provisional, {rating} after {games} games.", rating=rating, games=own.games
            )
        )
        lines.append(tr(you, lang))
    elif board.caller is None and all(e.user_id != caller_id for e in board.entries):
        start = f"{ratings.STARTING_RATING:.0f}"
        nothing = _(
            "You: no rated {game} games yet; everyone starts at {rating}.",
            game=title,
            rating=start,
        )
        lines.append(tr(nothing, lang))
    lines.append("-# " + _footer(board, lang=lang))
    return clip("\n".join(lines))


def _footer(board: ratings.Leaderboard, *, lang: str) -> str:
    provisional = board.total - board.ranked
    if provisional:
        text = _(
            "{ranked} ranked players; {provisional} provisional (fewer than {games} games) "
            "listed without a rank. Trend: the last {trend} games.",
            ranked=board.ranked,
            provisional=provisional,
            games=ratings.PROVISIONAL_GAMES,
            trend=ratings.TREND_GAMES,
        )
    else:
        text = _(
            "{ranked} ranked players. Trend: the last {trend} games.",
            ranked=board.ranked,
            trend=ratings.TREND_GAMES,
        )
    return tr(text, lang)


async def _send(
    interaction: discord.Interaction[Any], text: str, png: bytes | None, filename: str
) -> None:
    if png is None:
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.followup.send(
            text, file=discord.File(io.BytesIO(png), filename), ephemeral=True
        )


async def final_line(db: Database, table: Table, lang: str | None = None) -> str:
    """The line under a final result (in ``lang``, by default the table's language): each
    player's rating change, or why it was not rated."""
    shown_in = table_lang(table) if lang is None else lang
    found = await ratings.result_changes(db, table.id)
    if found is None:
        return ""
    result, changes = found
    if not result.rated:
        why = ratings.unrated_text(result.unrated_why)
        return "\n" + tr(_("Not rated: {why}.", why=why), shown_in)
    names = plain_names(table, lang=shown_in)
    seated = [p.user_id for p in table.players]
    if list(result.players) != seated:  # a league leaver's seat counts as theirs
        async with db.read() as q:
            for seat, user, name, _reason in await q.replaced_seats(table.id):
                if seat < len(names) and result.players[seat] == user:
                    names[seat] = presenters.plain_text(name)
    names = with_symbols(table, names, lang=shown_in)  # as the result above names them
    parts = [
        f"{names[seat]} {after:.0f} ({after - before:+.0f})"
        for seat, (before, after) in sorted(changes.items())
        if seat < len(names)
    ]
    return "\n" + tr(_("Ratings: {changes}.", changes=", ".join(parts)), shown_in)


async def show_leaderboard(interaction: discord.Interaction[Any], game: str) -> None:
    guild = _guild(interaction)
    bot = bot_of(interaction)
    lang = reply_lang(interaction)
    await acknowledge(interaction)
    board = await ratings.leaderboard(bot.service.db, guild, game, interaction.user.id)
    lines = [_board_line(e, e.user_id == interaction.user.id) for e in board.entries]
    caller = _board_line(board.caller, True) if board.caller is not None else None
    title = tr(_("{game} · leaderboard", game=presenters.game_title(game, lang=lang)), lang)
    png = await render(render_leaderboard, title, lines, caller, lang)
    text = leaderboard_text(board, interaction.user.id, lang=lang)
    await _send(interaction, text, png, "leaderboard.png")


def _card_data(card: ratings.Card, *, lang: str) -> CardData:
    return CardData(
        presenters.game_title(card.game, lang=lang),
        card.name,
        card.rating,
        card.rank,
        card.ranked,
        card.provisional,
        ratings.PROVISIONAL_GAMES,
        card.games,
        card.wins,
        tuple((h.place, h.shown_after - h.shown_before) for h in card.recent),
        card.chart,
    )


def card_text(cards: Sequence[ratings.Card], name: str, *, lang: str) -> str:
    lines = []
    for card in cards:
        title = presenters.game_title(card.game, lang=lang)
        where = (
            _(
                "provisional ({games} of {needed} games)",
                games=card.games,
                needed=ratings.PROVISIONAL_GAMES,
            )
            if card.provisional
            else _("rank {rank} of {ranked}", rank=card.rank, ranked=card.ranked)
        )
        # "2. -79" in English, "2위(-79)" in Korean: the place's ordinal is the language's.
        changes = [(h.place, format(h.shown_after - h.shown_before, "+.0f")) for h in card.recent]
        recent = ", ".join(
            tr(C_("recent game", "{place}. {change}", place=place, change=change), lang)
            for place, change in reversed(changes)
        )
        line = _(
            "**{name}**, {game}: {rating}, {where}; {games} games, {wins} wins. "
            "Recent (newest first): {recent}.",
            name=_escape(card.name or name),
            game=title,
            rating=_rating_text(card.rating, card.provisional),
            where=where,
            games=card.games,
            wins=card.wins,
            recent=recent or _("none"),
        )
        lines.append(tr(line, lang))
    return clip("\n".join(lines))


async def show_rating(
    interaction: discord.Interaction[Any], user: discord.abc.User | None, game: str | None
) -> None:
    guild = _guild(interaction)
    who = user or interaction.user
    bot = bot_of(interaction)
    lang = reply_lang(interaction)
    await acknowledge(interaction)
    cards = await ratings.player_cards(
        bot.service.db, guild, who.id, None if game is None else [game]
    )
    if not cards:
        start = f"{ratings.STARTING_RATING:.0f}"
        name = _escape(who.display_name)
        nothing = (
            _(
                "{name} has no rated {game} games on this server yet (everyone starts at "
                "{rating}).",
                name=name,
                game=presenters.game_title(game, lang=lang),
                rating=start,
            )
            if game
            else _(
                "{name} has no rated games on this server yet (everyone starts at {rating}).",
                name=name,
                rating=start,
            )
        )
        await interaction.followup.send(tr(nothing, lang), ephemeral=True)
        return
    png = await render(render_cards, [_card_data(c, lang=lang) for c in cards], lang)
    await _send(interaction, card_text(cards, who.display_name, lang=lang), png, "rating.png")


def history_text(
    games: Sequence[ratings.PlayedGame], guild_id: int, name: str, lang: str = i18n.DEFAULT
) -> str:
    if not games:
        return tr(_("{name} has no finished games on this server yet.", name=_escape(name)), lang)
    head = _("Last finished games of **{name}** (newest first):", name=_escape(name))
    lines = [tr(head, lang)]
    for game in games:
        values = {
            "table": game.table_id,
            "game": presenters.game_title(game.game, lang=lang),
            "when": f"<t:{int(game.finished_at)}:R>",
            "place": game.place,
            "places": game.places,
            "against": listing_of(game.opponents) or _("nobody"),
        }
        # Who resigned or ran out of time, by name ("(resigned)" after the opponents read as if
        # they had); games stored before the name was kept mark the reader's own place when it
        # is last (whoever resigns or loses on time is ranked last), else an opponent's.
        last = game.place == game.places
        loser = _escape(game.loser) if game.loser is not None else None
        if game.opponents == (game.loser,):  # "vs Alice (Alice resigned)" names her twice
            loser = None
        if game.end_reason == EndReason.RESIGNED and loser is not None:
            line = _(
                "#{table} {game} {when}: place {place} of {places} · vs {against} "
                "({loser} resigned)",
                loser=loser,
                **values,
            )
        elif game.end_reason == EndReason.FORFEIT and loser is not None:
            line = _(
                "#{table} {game} {when}: place {place} of {places} · vs {against} "
                "({loser} ran out of time)",
                loser=loser,
                **values,
            )
        elif game.end_reason == EndReason.RESIGNED and last:
            line = _(
                "#{table} {game} {when}: place {place} of {places} (resigned) · vs {against}",
                **values,
            )
        elif game.end_reason == EndReason.RESIGNED:
            line = _(
                "#{table} {game} {when}: place {place} of {places} · vs {against} "
                "(an opponent resigned)",
                **values,
            )
        elif game.end_reason == EndReason.FORFEIT and last:
            line = _(
                "#{table} {game} {when}: place {place} of {places} (lost on time) · vs {against}",
                **values,
            )
        elif game.end_reason == EndReason.FORFEIT:
            line = _(
                "#{table} {game} {when}: place {place} of {places} · vs {against} "
                "(an opponent lost on time)",
                **values,
            )
        else:
            line = _("#{table} {game} {when}: place {place} of {places} vs {against}", **values)
        parts = [tr(line, lang)]
        parts.append(f"{game.change:+.0f}" if game.change is not None else tr(_("not rated"), lang))
        if game.board_message_id is not None:
            url = (
                f"https://discord.com/channels/{guild_id}/{game.channel_id}/{game.board_message_id}"
            )
            link = f"<{url}>"  # no embed under the reply
            parts.append(tr(_("[final board]({url})", url=link), lang))
        lines.append(" · ".join(parts))
    return clip("\n".join(lines))


def listing_of(names: Sequence[str]) -> str:
    """Opponents' names as the history shows them: "Ann, Bob" (names, never translated)."""
    return ", ".join(_escape(n) for n in names)


async def show_history(
    interaction: discord.Interaction[Any], user: discord.abc.User | None
) -> None:
    guild = _guild(interaction)
    who = user or interaction.user
    bot = bot_of(interaction)
    lang = reply_lang(interaction)
    await acknowledge(interaction)
    games = await ratings.recent_games(bot.service.db, guild, who.id, HISTORY_GAMES)
    text = history_text(games, guild, who.display_name, lang)
    await interaction.followup.send(text, ephemeral=True)
