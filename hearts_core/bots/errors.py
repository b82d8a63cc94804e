"""The bots' errors: a bot that cannot act or was built wrong, and a bot program
that breaks the protocol."""

from __future__ import annotations

from typing import Literal

from hearts_core.errors import HeartsError

__all__ = ["BotError", "FailureKind", "ProtocolError"]


class BotError(HeartsError, ValueError):
    """A bot asked to act when it cannot, or built with bad settings.

    >>> from hearts_core.bots import MonteCarloBot
    >>> MonteCarloBot(samples=0)
    Traceback (most recent call last):
    ...
    hearts_core.bots.errors.BotError: samples must be at least 1, not 0
    """


FailureKind = Literal["timeout", "malformed", "illegal", "crash"]
"""What went wrong with a protocol bot's decision: no reply in time, a reply that is not
a well-formed message, an action that is not legal, or a program that ended or
could not start."""


class ProtocolError(BotError):
    """A message that breaks the bot protocol; ``kind`` says how.

    >>> error = ProtocolError("illegal", "play 0 QS is not a legal action")
    >>> error.kind, str(error)
    ('illegal', 'illegal: play 0 QS is not a legal action')
    """

    def __init__(self, kind: FailureKind, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind: FailureKind = kind
        self.detail = detail
