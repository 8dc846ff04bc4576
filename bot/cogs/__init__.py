"""Slash commands, one cog per area; thin adapters over the service."""
