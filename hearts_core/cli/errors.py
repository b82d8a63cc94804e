"""The hearts command's errors: a bad argument, work it could not finish, and a
person who left the game."""

from __future__ import annotations

from hearts_core.bots.errors import BotError
from hearts_core.errors import HeartsError

__all__ = ["UsageError", "CommandError", "GameAbandoned"]


class UsageError(HeartsError, ValueError):
    """An argument that names nothing usable: an unknown variant or bot, a bad file.
    ``hearts`` prints its message on one line and exits with status 2.

    >>> raise UsageError("--games must be at least 1")
    Traceback (most recent call last):
    ...
    hearts_core.cli.errors.UsageError: --games must be at least 1
    """


class CommandError(HeartsError):
    """A command that could not finish its work (a record it could not write).
    ``hearts`` prints its message on one line and exits with status 1.

    >>> str(CommandError("cannot write game.json: Permission denied"))
    'cannot write game.json: Permission denied'
    """


class GameAbandoned(BotError):
    """The person left the game: typed ``quit``, or their input ended.

    >>> isinstance(GameAbandoned("the player left the game"), BotError)
    True
    """
