"""Discord bot for Tigris & Euphrates and Targi.

Kept empty on purpose: importing ``bot.games`` must never pull in discord.py.
"""
