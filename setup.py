"""Packaging that pyproject.toml cannot say on its own: the top-level ``data/`` folder (the one
source of the map, the cards and the fonts) goes into the wheel as the package ``bot_data``, so an
installed bot finds its data without a checkout (``bot.games.datafiles``)."""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["bot", "bot.*", "renderers", "renderers.*"]), "bot_data"],
    package_dir={"bot_data": "data"},
)
