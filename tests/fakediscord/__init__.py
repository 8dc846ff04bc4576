"""FakeDiscord: test Discord bots without Discord (see README.md in this folder)."""

from . import payloads
from .driver import BotProcess, InProcess, logged_in
from .server import Call, FakeDiscord, FilePart, jresp
from .spec import SpecChecker, default_checker

__all__ = [
    "BotProcess",
    "Call",
    "FakeDiscord",
    "FilePart",
    "InProcess",
    "SpecChecker",
    "default_checker",
    "jresp",
    "logged_in",
    "payloads",
]
