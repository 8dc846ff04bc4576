"""FakeDiscord's own tests, driven by a throwaway discord.py bot defined here.

They show that each piece works against the real discord.py code paths: login, command sync,
slash commands, defer + followup, autocomplete, buttons, selects, modals, channel messages with
files and mentions, threads, the OpenAPI check (accepting good bodies, rejecting bad ones), the
3-second deadline, and a bot *process* connecting over the fake gateway and surviving a restart.
"""

from __future__ import annotations

import asyncio
import io
import json
import re
import sys
import textwrap
from pathlib import Path

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from PIL import Image

from tests.fakediscord import FakeDiscord, logged_in
from tests.fakediscord import payloads as p
from tests.fakediscord.spec import SPEC_PATH, SpecChecker, default_checker

ALICE, BOB = "111", "222"


def png_file(name: str, colour: tuple[int, int, int] = (200, 30, 30)) -> discord.File:
    buf = io.BytesIO()
    Image.new("RGB", (64, 48), colour).save(buf, "PNG")
    buf.seek(0)
    return discord.File(buf, name)


class DrawView(discord.ui.View):
    """Persistent: timeout None and fixed custom ids, re-registered in setup_hook."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Draw", custom_id="demo:draw")
    async def draw(self, interaction: discord.Interaction, _: discord.ui.Button[DrawView]) -> None:
        await interaction.response.send_message("You drew a red tile", ephemeral=True)

    @discord.ui.button(label="Ask", custom_id="demo:ask")
    async def ask(self, interaction: discord.Interaction, _: discord.ui.Button[DrawView]) -> None:
        await interaction.response.send_modal(AnswerModal())

    @discord.ui.select(
        custom_id="demo:pick",
        options=[discord.SelectOption(label=x, value=x) for x in ("red", "blue")],
    )
    async def pick(
        self, interaction: discord.Interaction, select: discord.ui.Select[DrawView]
    ) -> None:
        await interaction.response.edit_message(content=f"picked {select.values[0]}")


class AnswerModal(discord.ui.Modal, title="Your answer"):
    answer: discord.ui.TextInput[AnswerModal] = discord.ui.TextInput(
        label="Answer", custom_id="demo:answer"
    )

    def __init__(self) -> None:
        super().__init__(custom_id="demo:modal")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"You said {self.answer.value}", ephemeral=True)


class HandButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"demo:(?P<game>\d+):hand"
):
    """Per-game persistent button: the game id lives in the custom id, not in the process."""

    def __init__(self, game: int) -> None:
        super().__init__(discord.ui.Button(label="My hand", custom_id=f"demo:{game}:hand"))
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str]
    ) -> HandButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"hand of game {self.game}", ephemeral=True)


class Demo(commands.GroupCog, group_name="demo"):
    def __init__(self) -> None:
        self.delay = 0.0

    @app_commands.command(description="Show your hidden tiles")
    async def hand(self, interaction: discord.Interaction) -> None:
        await asyncio.sleep(self.delay)
        await interaction.response.send_message(
            "Your tiles: R R B", file=png_file("hand.png"), ephemeral=True
        )

    @app_commands.command(description="Render the board")
    async def board(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send("The board", file=png_file("board.png", (0, 0, 200)))

    @app_commands.command(description="A private slow answer")
    async def secret(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True, ephemeral=True)
        await interaction.followup.send("only you see this")  # inherits the ephemeral defer
        await interaction.edit_original_response(content="only you, edited")

    @app_commands.command(description="Join a game")
    @app_commands.describe(game="Game id", seats="Number of seats")
    async def join(self, interaction: discord.Interaction, game: str, seats: int = 2) -> None:
        await interaction.response.send_message(f"joined {game} ({seats})", view=DrawView())

    @join.autocomplete("game")
    async def game_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        games = ("g-1", "g-2", "g-10")
        return [app_commands.Choice(name=g, value=g) for g in games if g.startswith(current)]

    @app_commands.command(description="Post a board, then tell the player in a followup")
    async def post(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("posting", ephemeral=True)
        view = discord.ui.View(timeout=None).add_item(HandButton(42))
        assert interaction.channel is not None and not isinstance(
            interaction.channel, discord.ForumChannel | discord.CategoryChannel
        )
        await interaction.channel.send(
            f"<@{interaction.user.id}> to move, <@{BOB}> waits. @everyone",
            view=view,
            allowed_mentions=discord.AllowedMentions(users=[interaction.user]),
        )
        await interaction.followup.send("posted", ephemeral=True)

    @app_commands.command(description="Sends what Discord rejects")
    async def bad(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View()
        view.add_item(discord.ui.Button(label="x", custom_id="c" * 101))
        await interaction.response.send_message("bad", view=view)


def make_bot() -> commands.Bot:
    bot = commands.Bot(
        command_prefix=commands.when_mentioned,
        intents=discord.Intents.none(),
        allowed_mentions=discord.AllowedMentions.none(),
    )

    async def setup_hook() -> None:
        await bot.add_cog(Demo())
        bot.add_view(DrawView())
        bot.add_dynamic_items(HandButton)

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    return bot


# ------------------------------------------------------------------------------ in-process


async def test_login_and_command_sync(fake_discord: FakeDiscord, login_bot) -> None:
    inproc = await login_bot(make_bot())
    assert inproc.bot.user is not None and str(inproc.bot.user.id) == p.APP_ID
    assert [c.path for c in fake_discord.calls[:2]] == ["/users/@me", "/oauth2/applications/@me"]
    synced = await inproc.bot.tree.sync()
    assert [c.name for c in synced] == ["demo"] and synced[0].id > 0
    guild = discord.Object(int(p.GUILD_ID))
    inproc.bot.tree.copy_global_to(guild=guild)
    await inproc.bot.tree.sync(guild=guild)
    syncs = fake_discord.command_syncs()
    assert [c.path for c in syncs] == [
        f"/applications/{p.APP_ID}/commands",
        f"/applications/{p.APP_ID}/guilds/{p.GUILD_ID}/commands",
    ]
    subcommands = [o["name"] for o in syncs[0].json[0]["options"]]
    assert subcommands == ["hand", "board", "secret", "join", "post", "bad"]
    assert all(c.template and not c.spec_problems for c in fake_discord.calls)


async def test_ephemeral_reply_with_png(fake_discord: FakeDiscord, login_bot) -> None:
    inproc = await login_bot(make_bot())
    call = await inproc.interact(p.slash("demo", sub="hand", user_id=ALICE))
    assert call.callback_type == 4 and call.flags & 64
    assert call.audience == "ephemeral" and call.recipient == ALICE
    assert call.content == "Your tiles: R R B"
    assert [f.filename for f in call.files] == ["hand.png"]
    assert call.files[0].image().size == (64, 48)
    assert call.json["data"]["attachments"] == [{"id": 0, "filename": "hand.png"}]
    assert fake_discord.ephemeral_calls(ALICE) == [call] and fake_discord.public_calls() == []


async def test_public_defer_then_followup(fake_discord: FakeDiscord, login_bot) -> None:
    inproc = await login_bot(make_bot())
    payload = p.slash("demo", sub="board", user_id=BOB)
    defer = await inproc.interact(payload)
    assert defer.callback_type == 5 and defer.audience == "none"
    followup = await fake_discord.wait_for(lambda c: c.path.startswith("/webhooks/"))
    assert followup.query.get("wait") in ("1", "true")
    assert followup.audience == "public" and followup.images()[0].getpixel((0, 0)) == (0, 0, 200)
    assert fake_discord.calls_for(payload) == [defer, followup]


async def test_ephemeral_defer_makes_followup_and_edit_ephemeral(
    fake_discord: FakeDiscord, login_bot
) -> None:
    inproc = await login_bot(make_bot())
    payload = p.slash("demo", sub="secret", user_id=BOB)
    await inproc.interact(payload)
    edit = await fake_discord.wait_for(lambda c: c.path.endswith("/messages/@original"))
    followup = fake_discord.calls_for(payload)[1]
    assert followup.flags & 64 == 0  # discord.py does not repeat the flag ...
    assert followup.audience == "ephemeral" and followup.recipient == BOB  # ... Discord inherits it
    assert edit.method == "PATCH" and edit.audience == "ephemeral" and edit.recipient == BOB


async def test_autocomplete_offers_matching_choices(fake_discord: FakeDiscord, login_bot) -> None:
    inproc = await login_bot(make_bot())
    payload = p.autocomplete("demo", "game", "g-1", {"seats": 3}, sub="join", user_id=ALICE)
    assert payload["type"] == 4
    assert payload["data"]["options"][0]["options"][-1] == {
        "name": "game",
        "type": 3,
        "value": "g-1",
        "focused": True,
    }
    call = await inproc.interact(payload)
    assert call.callback_type == 8
    assert call.json["data"]["choices"] == [
        {"name": "g-1", "value": "g-1"},
        {"name": "g-10", "value": "g-10"},
    ]
    assert call.audience == "ephemeral" and call.recipient == ALICE


async def test_buttons_select_and_modal_on_a_bot_message(
    fake_discord: FakeDiscord, login_bot
) -> None:
    inproc = await login_bot(make_bot())
    joined = await inproc.interact(p.slash("demo", {"game": "g-2", "seats": 4}, sub="join"))
    assert joined.content == "joined g-2 (4)" and joined.audience == "public"
    assert joined.custom_ids() == ["demo:draw", "demo:ask", "demo:pick"]
    board = fake_discord.message(joined.response["resource"]["message"]["id"])
    assert board["components"] and fake_discord.last_message()["id"] == board["id"]

    drawn = await inproc.interact(p.button("demo:draw", message_data=board, user_id=BOB))
    assert drawn.content == "You drew a red tile" and drawn.recipient == BOB

    picked = await inproc.interact(p.select("demo:pick", ["blue"], message_data=board))
    assert picked.callback_type == 7 and picked.audience == "public"  # edits the public message
    assert fake_discord.message(board["id"])["content"] == "picked blue"

    private = p.message(flags=p.EPHEMERAL, components=board["components"])  # an "Act" reply
    private_pick = await inproc.interact(p.select("demo:pick", ["red"], message_data=private))
    assert private_pick.callback_type == 7
    assert private_pick.audience == "ephemeral" and private_pick.recipient == ALICE

    modal = await inproc.interact(p.button("demo:ask", message_data=board, user_id=BOB))
    assert modal.callback_type == 9 and modal.json["data"]["custom_id"] == "demo:modal"
    answered = await inproc.interact(
        p.modal_submit("demo:modal", {"demo:answer": "hi"}, user_id=BOB)
    )
    assert answered.content == "You said hi" and answered.recipient == BOB


async def test_channel_send_mentions_and_attachment_replacement(
    fake_discord: FakeDiscord, login_bot
) -> None:
    inproc = await login_bot(make_bot())
    channel = inproc.bot.get_partial_messageable(int(p.CHANNEL_ID))
    sent = await channel.send(
        f"<@{BOB}> it's your turn",
        file=png_file("board.png"),
        allowed_mentions=discord.AllowedMentions(users=[discord.Object(int(BOB))]),
    )
    post = await fake_discord.wait_for(lambda c: c.method == "POST" and "/channels/" in c.path)
    assert post.audience == "public" and post.authorization == "Bot fake-token"
    mentions = post.json["allowed_mentions"]
    assert mentions["users"] == [int(BOB)] and mentions["parse"] == []
    assert sent.id == int(fake_discord.last_message()["id"])

    await sent.edit(content="updated", attachments=[png_file("board2.png", (1, 2, 3))])
    stored = fake_discord.message(sent.id)
    assert [a["filename"] for a in stored["attachments"]] == ["board2.png"]
    assert stored["content"] == "updated"

    await sent.delete()
    with pytest.raises(discord.NotFound):
        await channel.get_partial_message(sent.id).edit(content="gone")


async def test_threads_are_created(fake_discord: FakeDiscord, login_bot) -> None:
    inproc = await login_bot(make_bot())
    channel = await inproc.bot.fetch_channel(int(p.CHANNEL_ID))
    assert isinstance(channel, discord.TextChannel)
    thread = await channel.create_thread(name="Tigris #2", type=discord.ChannelType.public_thread)
    assert thread.name == "Tigris #2" and thread.parent_id == int(p.CHANNEL_ID)
    call = fake_discord.calls[-1]
    assert call.template == "/channels/{channel_id}/threads" and call.audience == "public"
    message = await thread.send("lobby")
    assert message.channel.id == thread.id
    archived = await thread.edit(archived=True, locked=True)
    assert archived.archived and archived.locked


async def test_spec_check_rejects_bad_bodies(fake_discord: FakeDiscord, login_bot) -> None:
    inproc = await login_bot(make_bot())
    await inproc.interact(p.slash("demo", sub="bad"))
    await inproc.bot.get_partial_messageable(int(p.CHANNEL_ID)).send("x" * 2001)
    problems = fake_discord.take_spec_problems()
    assert len(problems) == 2
    assert "components/0/components/0/custom_id" in problems[0] and "too long" in problems[0]
    assert "content" in problems[1] and "2001" in problems[1]
    fake_discord.assert_spec_ok()  # forgotten: the fixture's teardown check passes


async def test_callback_type_must_fit_the_interaction(fake_discord: FakeDiscord, login_bot) -> None:
    inproc = await login_bot(make_bot())
    # An autocomplete answered with a message, sent by hand: discord.py itself would not.
    payload = fake_discord.register(p.autocomplete("demo", "game", "g", sub="join"))
    route = discord.http.Route(
        "POST",
        "/interactions/{id}/{token}/callback",
        id=payload["id"],
        token=payload["token"],
    )
    with pytest.raises(discord.HTTPException) as refused:
        await inproc.bot.http.request(route, json={"type": 4, "data": {"content": "hi"}})
    assert refused.value.status == 400
    problems = fake_discord.take_spec_problems()
    assert (
        len(problems) == 1
        and "callback type 4 is not allowed for interaction type 4" in problems[0]
    )


def test_spec_checker_on_raw_requests() -> None:
    check = default_checker().check
    assert check("GET", "/users/@me") == ("/users/@me", [])
    assert check("POST", "/webhooks/1/tok/messages/@original")[1]  # no such method
    assert check("PATCH", "/webhooks/1/tok/messages/@original", {"content": "a"}) == (
        "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
        [],
    )
    assert check("GET", "/no/such/route")[0] is None
    assert "channel_id" in check("POST", "/channels/general/messages", {"content": "a"})[1][0]
    too_many = {"type": 8, "data": {"choices": [{"name": "a", "value": "a"}] * 26}}
    assert "choices" in check("POST", "/interactions/1/t/callback", too_many)[1][0]
    integer_ids = {"content": "a", "allowed_mentions": {"users": [222], "parse": []}}
    assert check("POST", "/channels/1/messages", integer_ids)[1] == []  # the one shim
    assert (
        "users/0"
        in check("POST", "/channels/1/messages", {"allowed_mentions": {"users": [-1]}})[1][0]
    )


def test_fast_unions_accept_exactly_what_the_spec_accepts() -> None:
    """The checker's rewrite of tagged unions and const enumerations changes speed, not verdicts
    (also compared on 16,786 recorded and mutated bot bodies while writing it)."""
    spec = json.loads(SPEC_PATH.read_text(encoding="utf-8"))
    fast, literal = SpecChecker(spec), SpecChecker(spec, fast_unions=False)
    button = {"type": 2, "style": 1, "label": "Go", "custom_id": "go"}
    select = {"type": 3, "custom_id": "s", "options": [{"label": "a", "value": "a"}]}
    rows = [{"type": 1, "components": [button]}, {"type": 1, "components": [select]}]
    bodies = [
        {"type": 4, "data": {"content": "hi", "flags": 64, "components": rows}},
        {"type": 7, "data": {"components": rows}},
        {"type": 8, "data": {"choices": [{"name": "a", "value": "a"}]}},
        {"type": 5, "data": {"flags": 64}},
        {"type": 4, "data": {"components": [{"type": 1, "components": [dict(button, style=9)]}]}},
        {"type": 4, "data": {"components": [{"type": 1, "components": [dict(button, type=99)]}]}},
        {"type": 4, "data": {"components": [{"type": 1, "components": [{"type": 2}]}]}},
        {"type": 4, "data": {"components": [button]}},  # a button outside an action row
        {"type": 42},
        {"data": {"content": "no type"}},
        {"type": 9, "data": {"custom_id": "m", "title": "T", "components": []}},
    ]
    verdicts = []
    for body in bodies:
        fast_ok = not fast.check("POST", "/interactions/1/t/callback", body)[1]
        literal_ok = not literal.check("POST", "/interactions/1/t/callback", body)[1]
        assert fast_ok == literal_ok, body
        verdicts.append(fast_ok)
    assert verdicts[:4] == [True] * 4 and not any(verdicts[4:10])


async def test_unacknowledged_in_time_is_unknown_interaction(
    fake_discord: FakeDiscord, login_bot
) -> None:
    bot = make_bot()
    inproc = await login_bot(bot)
    errors: list[app_commands.AppCommandError] = []

    @bot.tree.error
    async def record(_: discord.Interaction, error: app_commands.AppCommandError) -> None:
        errors.append(error)

    cog = bot.get_cog("Demo")
    assert isinstance(cog, Demo)
    cog.delay, fake_discord.deadline_s = 0.05, 0.01  # shrink the 3 s window instead of sleeping
    call = await inproc.interact(p.slash("demo", sub="hand"))
    assert call.status == 404 and call.response["code"] == 10062
    await inproc.settle()  # the error handler runs after the refused callback
    assert isinstance(errors[0], app_commands.CommandInvokeError)
    assert isinstance(errors[0].original, discord.NotFound) and errors[0].original.code == 10062


async def test_second_callback_is_rejected(fake_discord: FakeDiscord, login_bot) -> None:
    inproc = await login_bot(make_bot())
    payload = p.slash("demo", sub="hand")
    first = await inproc.interact(payload)
    fake_discord.dispatch(inproc.bot, payload)  # the same interaction delivered twice
    second = await fake_discord.wait_for(lambda c: c.is_callback and c is not first)
    assert first.status == 200 and second.status == 400 and second.response["code"] == 40060


def test_payload_builders() -> None:
    ids = [int(p.snowflake()) for _ in range(1000)]
    assert ids == sorted(set(ids))
    assert abs(p.snowflake_time(ids[0]) - p.snowflake_time(p.snowflake())) < 5
    grouped = p.slash("tigris", {"colour": "red", "square": "c4"}, group="tile", sub="place")
    sub = grouped["data"]["options"][0]
    assert (sub["name"], sub["type"], sub["options"][0]["name"], sub["options"][0]["type"]) == (
        "tile",
        2,
        "place",
        1,
    )
    assert [
        o["type"] for o in p.slash("x", {"s": "a", "n": 2, "b": True, "f": 0.5})["data"]["options"]
    ] == [3, 4, 5, 10]
    admin = p.slash("game", sub="abort", user_id=BOB, permissions=p.MANAGER_PERMISSIONS)
    assert int(admin["member"]["permissions"]) & p.MANAGE_GUILD
    assert not int(p.slash("game", sub="abort")["member"]["permissions"]) & p.MANAGE_GUILD
    board = p.message(components=[{"type": 1, "components": [{"type": 2, "custom_id": "a"}]}])
    assert p.button("a", message_data=board)["message"] is board
    with pytest.raises(ValueError, match="no component 'b'"):
        p.button("b", message_data=board)
    dm = p.slash("hand", guild_id=None, user_id=ALICE)
    assert "member" not in dm and p.invoker_id(dm) == ALICE and dm["channel"]["type"] == 1


# ------------------------------------------------------------------------------ process

PROCESS_BOT = textwrap.dedent(
    """
    import io, os
    import discord, discord.http, yarl
    from discord import app_commands
    from PIL import Image

    # What `python -m bot` does with its two settings.
    discord.http.Route.BASE = os.environ["DISCORD_API_BASE"]
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["DISCORD_GATEWAY_URL"])

    client = discord.Client(intents=discord.Intents.none())
    tree = app_commands.CommandTree(client)

    @tree.command(description="Show your hand")
    async def hand(interaction):
        buf = io.BytesIO(); Image.new("RGB", (8, 8), (9, 9, 9)).save(buf, "PNG"); buf.seek(0)
        await interaction.response.send_message(
            f"pid {os.getpid()}", file=discord.File(buf, "hand.png"), ephemeral=True)

    client.run(os.environ["DISCORD_TOKEN"], log_handler=None)
    """
)


async def test_bot_process_over_the_fake_gateway_survives_a_kill(
    fake_discord: FakeDiscord, bot_process, tmp_path: Path
) -> None:
    script = tmp_path / "tiny_bot.py"
    script.write_text(PROCESS_BOT)
    proc = bot_process([sys.executable, str(script)], cwd=tmp_path)
    identify = await proc.start()
    assert identify["token"] == "fake-token" and identify["intents"] == 0

    first = await fake_discord.push_interaction(p.slash("hand", user_id=ALICE))
    reply = await fake_discord.response_to(first)
    assert reply.audience == "ephemeral" and reply.recipient == ALICE
    assert reply.files[0].image().size == (8, 8)
    first_pid = reply.content

    await proc.kill()
    assert not proc.running
    await proc.start()
    second = await fake_discord.push_interaction(p.slash("hand", user_id=BOB))
    again = await fake_discord.response_to(second)
    assert again.recipient == BOB and again.content != first_pid
    assert len(fake_discord.identifies) == 2


async def test_dynamic_button_on_a_board_posted_earlier(
    fake_discord: FakeDiscord, login_bot
) -> None:
    inproc = await login_bot(make_bot())
    payload = p.slash("demo", sub="post", user_id=ALICE)
    await inproc.interact(payload)
    await inproc.settle()  # the channel message and the followup come after the callback
    callback, board_post, followup = fake_discord.calls_for(payload)[:1] + [
        c for c in fake_discord.calls if c.method == "POST" and "callback" not in c.path
    ]
    assert board_post.interaction is None and board_post.audience == "public"
    assert board_post.pinged_user_ids() == {ALICE} and not board_post.pings_everyone()
    assert followup.interaction is not None and followup.interaction["id"] == payload["id"]
    assert followup.recipient == ALICE
    assert callback.pinged_user_ids() == set()

    # A click on the stored board: the DynamicItem is rebuilt from the custom id alone.
    board = fake_discord.last_message()
    assert board["components"][0]["components"][0]["custom_id"] == "demo:42:hand"
    click = await inproc.interact(p.button("demo:42:hand", message_data=board, user_id=BOB))
    assert click.content == "hand of game 42" and click.recipient == BOB
    # ... and on a board the fake never saw (posted before a restart).
    old = await inproc.interact(p.button("demo:7:hand", user_id=BOB))
    assert old.content == "hand of game 7"


async def test_pings_follow_allowed_mentions(fake_discord: FakeDiscord, login_bot) -> None:
    inproc = await login_bot(make_bot())
    channel = inproc.bot.get_partial_messageable(int(p.CHANNEL_ID))
    quiet = await channel.send(f"<@{ALICE}> and <@{BOB}> @everyone")  # bot default: none
    loud = await channel.send(
        f"<@{ALICE}> and <@!{BOB}> @here", allowed_mentions=discord.AllowedMentions.all()
    )
    await quiet.edit(content=f"<@{ALICE}>", allowed_mentions=discord.AllowedMentions.all())
    sent_quiet, sent_loud, edit = fake_discord.calls[-3:]
    assert sent_quiet.pinged_user_ids() == set() and not sent_quiet.pings_everyone()
    assert sent_loud.pinged_user_ids() == {ALICE, BOB} and sent_loud.pings_everyone()
    assert edit.method == "PATCH" and edit.pinged_user_ids() == set()  # edits never ping
    assert loud.id != quiet.id


async def test_direct_messages_are_private_to_the_recipient(
    fake_discord: FakeDiscord, login_bot
) -> None:
    inproc = await login_bot(make_bot())
    dm = await inproc.bot.create_dm(discord.Object(int(BOB)))
    await dm.send("your secret tiles")
    call = fake_discord.calls[-1]
    assert call.audience == "ephemeral" and call.recipient == BOB
    assert fake_discord.public_calls() == []


async def test_followups_after_15_minutes_are_refused(fake_discord: FakeDiscord, login_bot) -> None:
    inproc = await login_bot(make_bot())
    fake_discord.token_ttl_s = 0.0  # every interaction token has expired by its first followup
    payload = p.slash("demo", sub="board")
    await inproc.interact(payload)
    await inproc.settle()
    followup = fake_discord.calls_for(payload)[-1]
    assert followup.path.startswith("/webhooks/") and followup.status == 401
    assert followup.response["code"] == 50027


async def test_spec_check_can_be_switched_off_for_benchmarks() -> None:
    async with FakeDiscord(check_spec=False) as fake:
        async with logged_in(fake, make_bot()) as inproc:
            await inproc.interact(p.slash("demo", sub="bad"))
        assert fake.spec_problems() == [] and fake.calls[-1].template is not None
