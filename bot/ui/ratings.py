"""`/leaderboard`, `/rating`, `/history`: the rating read models as images and short texts.

Answers are ephemeral (only the caller sees them), like `/game list`. Nothing here is secret,
but every name is escaped for Markdown in text; images draw names as plain text.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

import discord

from bot import presenters, ratings
from bot.service import Table
from bot.storage.tables import Database
from bot.ui import flow
from bot.ui.errors import CommandRefused
from bot.ui.images import render
from renderers.ratings import BoardLine, CardData, render_cards, render_leaderboard

HISTORY_GAMES = 10
PER_SERVER = "Ratings are kept per server: use this command in a server channel."


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


def leaderboard_text(board: ratings.Leaderboard, caller_id: int) -> str:
    """The text fallback: the top ten and the caller's own line."""
    title = presenters.game_title(board.game)
    if not board.entries:
        return f"**{title}** on this server: no rated games yet."
    lines = [f"**{title}** leaderboard ({board.ranked} ranked of {board.total} players):"]
    for entry in board.entries[:10]:
        rank = f"{entry.rank}." if entry.rank is not None else "–"
        mark = " (provisional)" if entry.provisional else ""
        lines.append(
            f"{rank} {_escape(entry.name)} {_rating_text(entry.rating, entry.provisional)} "
            f"{_arrow(entry.trend)} · {entry.games} games, {entry.win_percent:.0f}% won{mark}"
        )
    own = board.caller
    if own is None:
        own = next((e for e in board.entries if e.user_id == caller_id), None)
        if own is not None and board.entries.index(own) < 10:
            own = None  # already in the text
    if own is not None:
        where = f"rank {own.rank}" if own.rank is not None else "provisional"
        lines.append(
            f"You: {where}, {_rating_text(own.rating, own.provisional)} after {own.games} games."
        )
    elif board.caller is None and all(e.user_id != caller_id for e in board.entries):
        lines.append(
            f"You: no rated {title} games yet; everyone starts at {ratings.STARTING_RATING:.0f}."
        )
    return flow.clip("\n".join(lines))


def _footer(board: ratings.Leaderboard) -> str:
    provisional = board.total - board.ranked
    text = f"{board.ranked} ranked players"
    if provisional:
        text += (
            f"; {provisional} provisional (fewer than {ratings.PROVISIONAL_GAMES} games) "
            "listed without a rank"
        )
    return text + f". Trend: the last {ratings.TREND_GAMES} games."


async def _send(
    interaction: discord.Interaction[Any], text: str, png: bytes | None, filename: str
) -> None:
    if png is None:
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.followup.send(
            text, file=discord.File(io.BytesIO(png), filename), ephemeral=True
        )


async def final_line(db: Database, table: Table) -> str:
    """The line under a final result: each player's rating change, or why it was not rated."""
    found = await ratings.result_changes(db, table.id)
    if found is None:
        return ""
    result, changes = found
    if not result.rated:
        return f"\nNot rated: {result.unrated_why}."
    names = flow.names_of(table)
    parts = [
        f"{names[seat]} {after:.0f} ({after - before:+.0f})"
        for seat, (before, after) in sorted(changes.items())
        if seat < len(names)
    ]
    return "\nRatings: " + ", ".join(parts) + "."


async def show_leaderboard(interaction: discord.Interaction[Any], game: str) -> None:
    guild = _guild(interaction)
    bot = flow.bot_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    board = await ratings.leaderboard(bot.service.db, guild, game, interaction.user.id)
    lines = [_board_line(e, e.user_id == interaction.user.id) for e in board.entries]
    caller = _board_line(board.caller, True) if board.caller is not None else None
    title = f"{presenters.game_title(game)} · leaderboard"
    png = await render(render_leaderboard, title, lines, caller, _footer(board))
    await _send(interaction, leaderboard_text(board, interaction.user.id), png, "leaderboard.png")


def _card_data(card: ratings.Card) -> CardData:
    return CardData(
        presenters.game_title(card.game),
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


def card_text(cards: Sequence[ratings.Card], name: str) -> str:
    lines = []
    for card in cards:
        title = presenters.game_title(card.game)
        where = (
            f"provisional ({card.games} of {ratings.PROVISIONAL_GAMES} games)"
            if card.provisional
            else f"rank {card.rank} of {card.ranked}"
        )
        recent = ", ".join(
            f"{h.place}. {h.shown_after - h.shown_before:+.0f}" for h in reversed(card.recent)
        )
        lines.append(
            f"**{_escape(card.name or name)}**, {title}: "
            f"{_rating_text(card.rating, card.provisional)}, {where}; {card.games} games, "
            f"{card.wins} wins. Recent (newest first): {recent or 'none'}."
        )
    return flow.clip("\n".join(lines))


async def show_rating(
    interaction: discord.Interaction[Any], user: discord.abc.User | None, game: str | None
) -> None:
    guild = _guild(interaction)
    who = user or interaction.user
    bot = flow.bot_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    cards = await ratings.player_cards(
        bot.service.db, guild, who.id, None if game is None else [game]
    )
    if not cards:
        what = f"{presenters.game_title(game)} " if game else ""
        await interaction.followup.send(
            f"{_escape(who.display_name)} has no rated {what}games on this server yet "
            f"(everyone starts at {ratings.STARTING_RATING:.0f}).",
            ephemeral=True,
        )
        return
    png = await render(render_cards, [_card_data(c) for c in cards])
    await _send(interaction, card_text(cards, who.display_name), png, "rating.png")


def history_text(games: Sequence[ratings.PlayedGame], guild_id: int, name: str) -> str:
    if not games:
        return f"{_escape(name)} has no finished games on this server yet."
    lines = [f"Last finished games of **{_escape(name)}** (newest first):"]
    for game in games:
        title = presenters.game_title(game.game)
        against = ", ".join(_escape(n) for n in game.opponents) or "nobody"
        line = (
            f"#{game.table_id} {title} <t:{int(game.finished_at)}:R>: "
            f"place {game.place} of {game.places} vs {against}"
        )
        if game.end_reason == "resigned":
            line += " (a resignation)"
        elif game.end_reason == "forfeit":
            line += " (lost on time)"
        line += f" · {game.change:+.0f}" if game.change is not None else " · not rated"
        if game.board_message_id is not None:
            url = (
                f"https://discord.com/channels/{guild_id}/{game.channel_id}/{game.board_message_id}"
            )
            line += f" · [final board](<{url}>)"
        lines.append(line)
    return flow.clip("\n".join(lines))


async def show_history(
    interaction: discord.Interaction[Any], user: discord.abc.User | None
) -> None:
    guild = _guild(interaction)
    who = user or interaction.user
    bot = flow.bot_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    games = await ratings.recent_games(bot.service.db, guild, who.id, HISTORY_GAMES)
    await interaction.followup.send(history_text(games, guild, who.display_name), ephemeral=True)
