"""The web table's messages: what a browser may send, read strictly, and the size limit.

A browser sends one JSON object per WebSocket message, at most
:data:`MAX_MESSAGE_BYTES` bytes of UTF-8. Its ``type`` is one of:

================  ==============================================================
``join``          ``{"type": "join", "token": "..."}``: the first message; the token
                  (from the table's link) names the seat this browser holds
``start``         ``{"type": "start"}``: the host (seat 0) deals the first hand
``act``           ``{"type": "act", "action": {...}}``: an action as the record
                  format writes it (``{"type": "play", "seat": 0, "card": "QS"}``)
``new-game``      ``{"type": "new-game"}``: a new game at the same table, once this
                  one is over
================  ==============================================================

:func:`read_message` reads a message with the library's strict JSON reader and
raises :class:`~hearts_core.io.RecordError`, listing every problem with its path,
for anything else. Whether an action is legal, and whether it is this seat's,
is the engine's question (:func:`~hearts_core.step_as`).

>>> read_message('{"type": "act", "action": {"type": "play", "seat": 0, "card": "QS"}}', 4)
Act(action=PlayCard(seat=0, card=Card.parse('QS')))
>>> read_message('{"type": "act", "action": {"type": "play", "seat": 0, "card": "Q♠"}}', 4)
Traceback (most recent call last):
...
hearts_core.io.errors.RecordError: $.action.card: not a card: a string ("Q♠")
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, TypeAlias

import attrs

from hearts_core.actions import Action
from hearts_core.io.errors import RecordError
from hearts_core.io.jsontext import loads
from hearts_core.io.reader import Reader, key_path
from hearts_core.io.values import read_action

__all__ = [
    "MAX_MESSAGE_BYTES",
    "MAX_FRAME_BYTES",
    "TOKEN_LENGTH",
    "message_bytes",
    "Join",
    "Start",
    "Act",
    "NewGame",
    "Message",
    "read_message",
    "error_message",
]

MAX_MESSAGE_BYTES: Final = 4_096
"""The longest message a browser may send, in bytes of UTF-8 (:func:`message_bytes`): a
pass of the most cards any variant passes takes under 200. A longer message is answered
with an ``error`` message, then the socket is closed with code 1008."""

MAX_FRAME_BYTES: Final = 1_048_576
"""The longest WebSocket message ``hearts serve`` reads at all (uvicorn's ``ws_max_size``):
a message longer than :data:`MAX_MESSAGE_BYTES` but within this is read, refused with an
``error`` message and closed with 1008; a longer one is cut off unread by the WebSocket
layer (code 1009), so a browser costs at most this much memory at once."""

TOKEN_LENGTH: Final = 22
"""The length of a seat token: 16 random bytes, URL-safe base64 without padding."""


@attrs.frozen
class Join:
    """The first message of a browser: the token of the seat it takes.

    >>> Join("abc").token
    'abc'
    """

    token: str
    """The seat's token, from the link of the seat."""


@attrs.frozen
class Start:
    """The host deals the first hand; seats no browser holds are played by bots.

    >>> Start()
    Start()
    """


@attrs.frozen
class Act:
    """An action for the browser's seat.

    >>> from hearts_core import PlayCard
    >>> Act(PlayCard(1, "2C")).action.seat
    1
    """

    action: Action
    """The action, to be applied with :func:`~hearts_core.step_as` for the browser's seat."""


@attrs.frozen
class NewGame:
    """A new game at the same table, with the same seats, once the game is over.

    >>> NewGame()
    NewGame()
    """


Message: TypeAlias = Join | Start | Act | NewGame
"""Any message a browser sends."""

_FIELDS: Final = {"join": ("token",), "start": (), "act": ("action",), "new-game": ()}


def message_bytes(text: str | bytes) -> int:
    """The length of a message in bytes of UTF-8, as :data:`MAX_MESSAGE_BYTES` counts it.

    >>> message_bytes("é" * 3), message_bytes(b"abc")
    (6, 3)
    """
    return len(text.encode("utf-8", "surrogatepass")) if isinstance(text, str) else len(text)


def read_message(text: str | bytes, players: int) -> Message:
    """The message in ``text``, for a table of ``players``.

    Raises:
        RecordError: if the text is longer than :data:`MAX_MESSAGE_BYTES` bytes, is not
            JSON, or is not one of the messages above exactly (every problem, with its path).

    >>> read_message('{"type": "join", "token": "x"}', 4)
    Join(token='x')
    >>> read_message('{"type": "start", "type": "deal"}', 4)
    Traceback (most recent call last):
    ...
    hearts_core.io.errors.RecordError: $.type: appears more than once
    """
    size = message_bytes(text)
    if size > MAX_MESSAGE_BYTES:
        raise RecordError(
            [RecordError.Problem("$", f"longer than {MAX_MESSAGE_BYTES} bytes ({size})")]
        )
    data = loads(text)
    reader = Reader()
    if not isinstance(data, dict):
        reader.add("$", "must be an object")
        reader.raise_if_any()
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        choices = ", ".join(f'"{name}"' for name in _FIELDS)
        reader.add("$.type", f"must be one of {choices}")
        reader.raise_if_any()
    found = reader.json_object(data, "$", required=("type", *_FIELDS[kind]))
    message: Message | None = None
    if found is not None and all(name in found for name in _FIELDS[kind]):
        message = _build(reader, kind, found, players)
    reader.raise_if_any()
    assert message is not None  # every path without a problem builds one
    return message


def _build(reader: Reader, kind: str, found: dict[str, object], players: int) -> Message | None:
    if kind == "join":
        token = reader.string(found["token"], "$.token", max_length=TOKEN_LENGTH)
        return None if token is None else Join(token)
    if kind == "act":
        action = read_action(reader, found["action"], key_path("$", "action"), players)
        return None if action is None else Act(action)
    return Start() if kind == "start" else NewGame()


def error_message(message: str, problems: Sequence[RecordError.Problem] = ()) -> dict[str, Any]:
    """The ``error`` message a browser gets for ``message``, with every problem's path.

    >>> error_message("the message was refused", [RecordError.Problem("$.type", "missing")])
    {'type': 'error', 'message': 'the message was refused', \
'problems': [{'path': '$.type', 'message': 'missing'}]}
    """
    return {
        "type": "error",
        "message": message,
        "problems": [{"path": p.path, "message": p.message} for p in problems],
    }
