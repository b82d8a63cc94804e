"""``--save``: the game record of a game as it is played, written when it ends.

A :class:`Recorder` follows the game loop (:func:`~hearts_core.bots.transitions`)
and keeps each action; :meth:`Recorder.save` writes them as a game record, so
``hearts replay`` (or any program reading records) shows the game again. A game
abandoned half way is saved as far as it went.

>>> import random
>>> from hearts_core.bots import RuleBot, transitions
>>> from hearts_core.rules.variants import variant_info
>>> info = variant_info("classic")
>>> recorder = Recorder(info, ["RuleBot()"] * 4)
>>> for move in recorder.follow(transitions([RuleBot()] * 4, info.rules, random.Random(3))):
...     pass
>>> recorder.record().final.is_over
True
"""

from __future__ import annotations

import datetime
import os
import stat
from collections.abc import Iterable, Iterator, Sequence

from hearts_core.actions import Action
from hearts_core.bots import Transition
from hearts_core.cli.arguments import NONBLOCK, one_line
from hearts_core.cli.errors import CommandError
from hearts_core.cli.screen import Screen
from hearts_core.errors import HeartsError
from hearts_core.io.records import GameRecord, record_to_json
from hearts_core.rules.variants import Variant

__all__ = ["Recorder"]


class Recorder:
    """Keeps the actions of a game as it is played, to save them as a game record.

    Args:
        variant: The variant played (its rules and name go into the record).
        players: The players' names, seat 0 first (``"You"``, ``"RuleBot()"``).

    >>> from hearts_core.rules.variants import variant_info
    >>> Recorder(variant_info("standard"), ["You", "a", "b", "c"]).record().actions
    ()
    """

    def __init__(self, variant: Variant, players: Sequence[str]) -> None:
        self.variant = variant
        self.players = tuple(players)
        self.actions: list[Action] = []

    def follow(self, moves: Iterable[Transition]) -> Iterator[Transition]:
        """Each of ``moves``, keeping its action (lazily: the game is not played ahead)."""
        for move in moves:
            self.actions.append(move.action)
            yield move

    def record(self) -> GameRecord:
        """The game record of the actions so far, dated today.

        Raises:
            RecordError: if the variant's name or a player's name cannot go into a record.
        """
        return GameRecord(
            self.variant.rules,
            tuple(self.actions),
            variant=self.variant.name,
            players=self.players,
            date=datetime.date.today().isoformat(),
        )

    def save(self, path: str | None, screen: Screen) -> None:
        """Write the record to ``path`` (nothing when ``path`` is None) and say so.

        Raises:
            CommandError: if the file cannot be written or the record not made.
        """
        if path is None:
            return
        try:
            text = record_to_json(self.record(), pretty=True)
        except HeartsError as error:
            raise CommandError(f"cannot save the game record: {one_line(error)}") from None
        try:
            # Opened without waiting, and checked once open: the command checked the
            # path before the game (writable_file), but a named pipe put there since
            # must not hang the end of the game.
            flags = os.O_WRONLY | os.O_CREAT | NONBLOCK | getattr(os, "O_BINARY", 0)
            fd = os.open(path, flags, 0o666)
            with open(fd, "w", encoding="utf-8") as handle:
                mode = os.fstat(fd).st_mode
                if not stat.S_ISREG(mode):
                    raise CommandError(f"cannot write {path}: not a regular file")
                os.ftruncate(fd, 0)
                handle.write(text + "\n")
        except (OSError, ValueError) as error:
            reason = getattr(error, "strerror", None) or str(error)
            raise CommandError(f"cannot write {path}: {reason}") from None
        screen.say(f"Saved the game record to {path}.")
