"""Take-away: a game that exists only in the tests and plugs into the bot with only what a title
must have (``bot.titles.Title``'s fields without a default).

Its engine (``engine``) and images (``images``) are its own files; :data:`TITLE` is all the bot
learns of it, by one call: ``bot.titles.register(TITLE)`` (made inside the tests that play it,
so the scans of the shipped games' catalogues never see it). It has no texts of its own (the
engine's English event sentences are shown), no AI, no score story, no Act menu labels, no
play-by-post facts and no benchmark targets: each of those capabilities is simply absent for it.
"""

from __future__ import annotations

from bot.titles import Title

TITLE = Title(
    name="takeaway",
    engine="tests.plugin_game.engine",
    printed_name="Take-away",
    game_id="takeaway",
    images="tests.plugin_game.images",
)
