"""The bot's end-to-end benchmark: `python -m bot.bench` (`moves`: one process; `processes`:
several shards; `profile`: the bot under cProfile)."""
