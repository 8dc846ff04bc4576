"""`/league ...`: create, start, show, list, leave, kick, adjudicate. Thin: the use cases are in
:mod:`bot.leagues`, the Discord side of a league in :mod:`bot.ui.leagues`.

A league is named with the ``league:`` option (autocompleted with the server's leagues, newest
running first); without it the command means the league of this channel (or of the channel this
match thread belongs to) when there is exactly one that is not finished.
"""

from __future__ import annotations

import itertools
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import action_menus, presenters
from bot.cogs.game import GAME_CHOICES
from bot.i18n import _
from bot.leagues import ROUND_DAYS, League, LeagueStatus, Snapshot
from bot.presenters import plain_text
from bot.ui.errors import CommandRefused
from bot.ui.interactions import bot_of, can_manage, player_of
from bot.ui.lang import reply_lang, tr
from bot.ui.leagues.announcements import match_line
from bot.ui.leagues.channel import league_lang
from bot.ui.leagues.signup import signup_content
from bot.ui.leagues.standings import round_line, standings_file, standings_text
from bot.ui.leagues.sync import post_signup, publish, signup_view
from bot.ui.leagues.words import STATUS_NAMES, describe, escape, fit, versus, when
from bot.ui.replies import MAX_CONTENT, acknowledge, clip, reply

FORMAT_CHOICES = [
    app_commands.Choice(name="round robin: everyone meets everyone", value="round_robin"),
    app_commands.Choice(name="Swiss: similar standings meet", value="swiss"),
]


def _guild(interaction: discord.Interaction[Any]) -> int:
    if interaction.guild_id is None:
        raise CommandRefused(_("Leagues live in a server; use this in a server channel."))
    return interaction.guild_id


async def resolve(interaction: discord.Interaction[Any], text: str | None) -> League:
    """The league named by ``text``, or the one of this channel (its unfinished one, else the
    season that finished last there)."""
    bot = bot_of(interaction)
    guild = _guild(interaction)
    if text:
        return await bot.leagues.find(guild, text)
    here = {interaction.channel_id, getattr(interaction.channel, "parent_id", None)}
    candidates = [
        league
        for league in await bot.leagues.leagues(guild)
        if league.status != LeagueStatus.FINISHED and league.channel_id in here
    ]
    if len(candidates) == 1:
        return candidates[0]
    if not candidates:  # the season here is over: its standings stay readable
        past = [
            league
            for league in await bot.leagues.leagues(guild)
            if league.status == LeagueStatus.FINISHED and league.channel_id in here
        ]
        if past:
            return max(past, key=lambda league: league.finished_at or 0.0)
    raise CommandRefused(_("Name the league with `league:` (`/league list` shows them)."))


async def league_choices(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    if interaction.guild_id is None:
        return []
    typed = current.casefold()
    lang = reply_lang(interaction)
    out = []
    for league in await bot_of(interaction).leagues.leagues(interaction.guild_id):
        label = tr(
            _(
                "{league} ({game}, {status})",
                league=league.name,
                game=presenters.game_title(league.game, lang=lang),
                status=STATUS_NAMES.get(league.status, league.status),
            ),
            lang,
        )
        if typed in league.name.casefold() or typed == str(league.id):
            out.append(app_commands.Choice(name=label[:100], value=str(league.id)))
    return out[: action_menus.MAX_CHOICES]


async def _snapshot_for(interaction: discord.Interaction[Any]) -> Snapshot | None:
    try:
        league = await resolve(interaction, getattr(interaction.namespace, "league", None))
    except Exception:
        return None
    return await bot_of(interaction).leagues.snapshot(league.id)


def parse_result(snap: Snapshot, match_players: list[int], text: str) -> list[list[int]]:
    """ "Ann > Bob = Cat > Dan" (best first, = for a tie) as places of user ids."""
    names = {snap.name_of(u).casefold(): u for u in match_players}
    places: list[list[int]] = []
    for part in text.split(">"):
        place = []
        for raw in part.split("="):
            name = raw.strip().casefold()
            if name not in names:
                known = ", ".join(plain_text(snap.name_of(u)) for u in match_players)
                raise CommandRefused(
                    _(
                        "{name} does not play this match ({players}).",
                        name=plain_text(repr(raw.strip())),
                        players=known,
                    )
                )
            place.append(names[name])
        places.append(place)
    return places


@app_commands.guild_only()
class LeagueCog(
    commands.GroupCog, group_name="league", group_description="Seasons: sign-up, rounds, standings"
):
    """Community leagues."""

    @app_commands.command(name="create", description="Open sign-up for a league (managers)")
    @app_commands.describe(
        game="Which game",
        name="The league's name, e.g. Spring 2027",
        format="round robin or Swiss",
        round_days=f"Days per round ({ROUND_DAYS[0]} to {ROUND_DAYS[1]})",
        rounds="Swiss only: number of rounds (default ceil(log2 players) + 1)",
    )
    @app_commands.choices(game=GAME_CHOICES, format=FORMAT_CHOICES)
    async def create(
        self,
        interaction: discord.Interaction[Any],
        game: app_commands.Choice[str],
        name: str,
        format: app_commands.Choice[str],
        round_days: int,
        rounds: int | None = None,
    ) -> None:
        bot = bot_of(interaction)
        guild = _guild(interaction)
        if interaction.channel_id is None or isinstance(interaction.channel, discord.Thread):
            raise CommandRefused(
                _("Create a league in a text channel; its matches get threads there.")
            )
        league = await bot.leagues.create(
            guild_id=guild,
            channel_id=interaction.channel_id,
            creator=player_of(interaction),
            can_manage=can_manage(interaction),
            game=game.value,
            name=name,
            format=format.value,
            round_days=round_days,
            rounds=rounds,
        )
        await acknowledge(interaction)
        await post_signup(bot, league)
        done = _("League {league} is open for sign-up in this channel.", league=escape(league.name))
        await reply(interaction, tr(done, reply_lang(interaction)))

    @app_commands.command(name="start", description="Close sign-up and open round 1 (managers)")
    @app_commands.describe(league="Which league")
    @app_commands.autocomplete(league=league_choices)
    async def start(self, interaction: discord.Interaction[Any], league: str | None = None) -> None:
        bot = bot_of(interaction)
        chosen = await resolve(interaction, league)
        update = await bot.leagues.start(
            chosen.id, interaction.user.id, can_manage=can_manage(interaction)
        )
        await acknowledge(interaction)
        await publish(bot, update)  # closes the sign-up card, opens round 1
        started = _("{league} has started: round 1 is open.", league=escape(chosen.name))
        await reply(interaction, tr(started, reply_lang(interaction)))

    @app_commands.command(name="show", description="A league's standings and current round")
    @app_commands.describe(league="Which league (past seasons too)")
    @app_commands.autocomplete(league=league_choices)
    async def show(self, interaction: discord.Interaction[Any], league: str | None = None) -> None:
        bot = bot_of(interaction)
        chosen = await resolve(interaction, league)
        snap = await bot.leagues.snapshot(chosen.id)
        await acknowledge(interaction)
        lang = reply_lang(interaction)
        current = snap.current_round
        if snap.league.status == LeagueStatus.RUNNING and current is not None:
            matches = [
                match_line(snap, m, lang=lang) for m in snap.matches if m.round == current.number
            ]
            room = max(MAX_CONTENT // 2, MAX_CONTENT - sum(len(m) + 1 for m in matches))
            standings = standings_text(snap, room - 20, lang=lang)
            heading = tr(_("Round {n}:", n=current.number), lang)
            head = f"{standings}\n{heading}"
            more = _("each match's thread is in this channel.")
            text = fit(head, matches, more, lang=lang)
        else:
            text = standings_text(snap, lang=lang)
        image = await standings_file(snap, f"league-{chosen.id}.png", lang, bot.statistics)
        if image is None:
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.followup.send(text, file=image, ephemeral=True)

    @app_commands.command(name="list", description="This server's leagues, running and past")
    async def list_(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        leagues = await bot.leagues.leagues(_guild(interaction))
        lang = reply_lang(interaction)
        if not leagues:
            none = _("No leagues yet; a manager opens one with `/league create`.")
            await reply(interaction, tr(none, lang))
            return
        lines = []
        for league in leagues:
            where = {
                "league": escape(league.name),
                "description": describe(league, lang=lang),
                "channel": f"<#{league.channel_id}>",
            }
            if league.status == LeagueStatus.SIGNUP:
                line = _("**{league}** ({description}) in {channel}: sign-up open.", **where)
            elif league.status == LeagueStatus.RUNNING:
                snap = await bot.leagues.snapshot(league.id)
                line = _(
                    "**{league}** ({description}) in {channel}: {round}",
                    round=round_line(snap, lang=lang),
                    **where,
                )
            else:
                snap = await bot.leagues.snapshot(league.id)
                champion = escape(snap.standings[0].name) if snap.standings else _("nobody")
                if league.finished_at:
                    line = _(
                        "**{league}** ({description}) in {channel}: finished {when}; "
                        "champion {champion}.",
                        when=when(league.finished_at),
                        champion=champion,
                        **where,
                    )
                else:
                    line = _(
                        "**{league}** ({description}) in {channel}: finished; champion {champion}.",
                        champion=champion,
                        **where,
                    )
            lines.append(tr(line, lang))
        await reply(interaction, clip("\n".join(lines)))

    @app_commands.command(
        name="leave", description="Leave a league (forfeits your remaining matches)"
    )
    @app_commands.describe(league="Which league")
    @app_commands.autocomplete(league=league_choices)
    async def leave(self, interaction: discord.Interaction[Any], league: str | None = None) -> None:
        bot = bot_of(interaction)
        chosen = await resolve(interaction, league)
        update = await bot.leagues.leave(chosen.id, interaction.user.id)
        await acknowledge(interaction)
        await self._after_removal(interaction, update)
        left = _("You left {league}.", league=escape(chosen.name))
        await reply(interaction, tr(left, reply_lang(interaction)))

    @app_commands.command(name="kick", description="Remove a player from a league (managers)")
    @app_commands.describe(player="Who", league="Which league")
    @app_commands.autocomplete(league=league_choices)
    async def kick(
        self, interaction: discord.Interaction[Any], player: str, league: str | None = None
    ) -> None:
        bot = bot_of(interaction)
        chosen = await resolve(interaction, league)
        if not player.isdigit():
            raise CommandRefused(_("Pick the player from the suggestions."))
        update = await bot.leagues.kick(
            chosen.id,
            interaction.user.id,
            can_manage=can_manage(interaction),
            user_id=int(player),
        )
        await acknowledge(interaction)
        await self._after_removal(interaction, update)
        mention = f"<@{player}>"
        removed = _(
            "Removed {player} from {league}.",
            player=mention,
            league=escape(chosen.name),
        )
        await reply(interaction, tr(removed, reply_lang(interaction)))

    async def _after_removal(self, interaction: discord.Interaction[Any], update: Any) -> None:
        bot = bot_of(interaction)
        league = update.league
        if league.status == LeagueStatus.SIGNUP:
            snap = await bot.leagues.snapshot(league.id)
            if league.signup_message_id is not None:
                lang = await league_lang(bot, league)  # the card is public
                await (
                    bot.get_partial_messageable(league.channel_id)
                    .get_partial_message(league.signup_message_id)
                    .edit(
                        content=signup_content(snap, lang=lang),
                        view=signup_view(league.id, lang=lang),
                    )
                )
        else:
            await publish(bot, update)

    @kick.autocomplete("player")
    async def kick_player(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        snap = await _snapshot_for(interaction)
        if snap is None:
            return []
        typed = current.casefold()
        return [
            app_commands.Choice(name=m.name[:100], value=str(m.user_id))
            for m in snap.members
            if m.left_at is None and typed in m.name.casefold()
        ][: action_menus.MAX_CHOICES]

    @app_commands.command(name="adjudicate", description="Set a match's result (managers)")
    @app_commands.describe(
        match="The match (this round's open matches)",
        result="Places best first: Ann > Bob, or Ann = Bob for a tie",
        reason="Why; shown to everyone",
        league="Which league",
    )
    @app_commands.autocomplete(league=league_choices)
    async def adjudicate(
        self,
        interaction: discord.Interaction[Any],
        match: str,
        result: str,
        reason: str,
        league: str | None = None,
    ) -> None:
        bot = bot_of(interaction)
        chosen = await resolve(interaction, league)
        snap = await bot.leagues.snapshot(chosen.id)
        found = next((m for m in snap.matches if str(m.id) == match.lstrip("#")), None)
        if found is None:
            raise CommandRefused(
                _(
                    "{league} has no match {match}; pick one of the suggestions.",
                    league=escape(chosen.name),
                    match=escape(repr(match)),
                )
            )
        playing = [
            u
            for u in found.players
            if not any(m.user_id == u and m.left_at is not None for m in snap.members)
        ]
        ranking = parse_result(snap, playing, result)
        update = await bot.leagues.adjudicate(
            chosen.id,
            found.id,
            interaction.user.id,
            can_manage=can_manage(interaction),
            ranking=ranking,
            reason=reason,
        )
        await acknowledge(interaction)
        await publish(bot, update)
        decided = _("Match #{match} decided: {result}.", match=found.id, result=escape(result))
        await reply(interaction, tr(decided, reply_lang(interaction)))

    @adjudicate.autocomplete("match")
    async def adjudicate_match(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        snap = await _snapshot_for(interaction)
        if snap is None:
            return []
        lang = reply_lang(interaction)
        out = []
        for m in snap.matches:
            if m.ranking is not None:
                continue
            players = versus([snap.name_of(u) for u in m.players], lang)
            label = tr(
                _("#{match} round {round}: {players}", match=m.id, round=m.round, players=players),
                lang,
            )
            if current.casefold() in label.casefold():
                out.append(app_commands.Choice(name=label[:100], value=str(m.id)))
        return out[: action_menus.MAX_CHOICES]

    @adjudicate.autocomplete("result")
    async def adjudicate_result(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        snap = await _snapshot_for(interaction)
        chosen = str(getattr(interaction.namespace, "match", "") or "").lstrip("#")
        match = next((m for m in snap.matches if str(m.id) == chosen), None) if snap else None
        if snap is None or match is None:
            return []
        left = {m.user_id for m in snap.members if m.left_at is not None}
        names = [snap.name_of(u) for u in match.players if u not in left]
        options = [" > ".join(order) for order in itertools.permutations(names)]
        options.append(" = ".join(names))
        typed = current.casefold()
        return [
            app_commands.Choice(name=o[:100], value=o[:100])
            for o in options
            if o.casefold().startswith(typed)
        ][: action_menus.MAX_CHOICES]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(LeagueCog())
