"""The limits on what the loaders read: every document, record and message is bounded.

A server reads records, states and views from the network; the limits here
keep the time a loader spends linear in its input and the memory it uses a
small multiple of it, whatever is sent. Every limit is checked before the
work it bounds, and breaking one raises :class:`~hearts_core.io.RecordError`.

>>> MAX_DOCUMENT_CHARACTERS, MAX_ACTIONS, MAX_PROBLEMS
(2000000, 20000, 100)
"""

from __future__ import annotations

from typing import Final

from hearts_core.errors import MAX_PROBLEMS

__all__ = [
    "MAX_DOCUMENT_CHARACTERS",
    "MAX_ACTIONS",
    "MAX_PROBLEMS",
    "MAX_TEXT_LENGTH",
    "MAX_NOTATION_LINES",
]

MAX_DOCUMENT_CHARACTERS: Final = 2_000_000
"""The longest JSON document or hand notation read, in characters (or bytes, for bytes
input): a record of 20,000 actions fits in well under half of it."""

MAX_ACTIONS: Final = 20_000
"""The most actions a game record holds: several hundred hands."""

MAX_TEXT_LENGTH: Final = 200
"""The longest name, event or variant label in a record, in characters."""

MAX_NOTATION_LINES: Final = 1_000
"""The most lines a hand in the hand notation has."""
