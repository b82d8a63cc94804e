"""The bot protocol's messages: one JSON object per line, each way.

The arena (or any host) writes a **request** for each decision::

    {"type": "choose", "seed": 1234, "view": {...}, "legal": ["play 2 QS", "play 2 KS"]}

``view`` is the seat's view as :func:`~hearts_core.io.view_to_data` writes it
(format ``hearts-view/2``), ``legal`` the legal actions in the action notation
(in the order of ``view.legal_actions``), and ``seed`` a whole number from 0
to 2**64 - 1 for the bot's random choices (a bot that uses it with
``random.Random(seed)`` plays exactly as it does in process). The bot writes
one **reply** line::

    {"action": "play 2 QS"}

``action`` must be one of ``legal``, written as the notation writes it.
Anything else is a protocol failure: :class:`ProtocolError` says which.

>>> import random
>>> from hearts_core import Rules, apply, new_game, observe, random_deal
>>> state = apply(new_game(), random_deal(Rules(), random.Random(1)))
>>> view = observe(state, 0)
>>> request_view, seed = read_request(request_line(view, 7))
>>> request_view == view, seed
(True, 7)
>>> read_reply(reply_line(view.legal_actions[5]), view) == view.legal_actions[5]
True
"""

from __future__ import annotations

import json
from typing import Any, Final

from hearts_core.action_notation import parse_action
from hearts_core.actions import Action
from hearts_core.bots.errors import ProtocolError
from hearts_core.errors import HeartsError
from hearts_core.io.views import view_from_data, view_to_data
from hearts_core.observation import PlayerView

__all__ = [
    "MAX_LINE",
    "request_line",
    "read_request",
    "reply_line",
    "read_reply",
]

MAX_LINE: Final = 1 << 20
"""The longest line either side reads, in bytes (a longer one is malformed)."""


def request_line(view: PlayerView, seed: int) -> str:
    """The request for one decision, as one line of JSON (no newline).

    >>> from hearts_core import new_game, observe
    >>> json.loads(request_line(observe(new_game(), 1), 5))["legal"]
    []
    """
    message = {
        "type": "choose",
        "seed": seed,
        "view": view_to_data(view),
        "legal": [str(action) for action in view.legal_actions],
    }
    return json.dumps(message, separators=(",", ":"))


def read_request(line: str | bytes) -> tuple[PlayerView, int]:
    """The view and seed a request carries.

    Raises:
        ProtocolError: (``malformed``) for anything but a well-formed request
            whose ``legal`` list is the view's legal actions.

    >>> read_request('{"type": "choose"}')
    Traceback (most recent call last):
    ...
    hearts_core.bots.errors.ProtocolError: malformed: a request needs 'seed', 'view' and \
'legal'
    """
    data = _object(line)
    if data.get("type") != "choose" or not {"seed", "view", "legal"} <= data.keys():
        raise ProtocolError("malformed", "a request needs 'seed', 'view' and 'legal'")
    seed = data["seed"]
    if type(seed) is not int or not 0 <= seed < 1 << 64:
        raise ProtocolError("malformed", f"seed must be a whole number below 2**64, not {seed!r}")
    try:
        view = view_from_data(data["view"])
    except HeartsError as error:
        raise ProtocolError("malformed", f"bad view: {error}") from None
    if data["legal"] != [str(action) for action in view.legal_actions]:
        raise ProtocolError("malformed", "'legal' is not the view's legal actions")
    return view, seed


def reply_line(action: Action) -> str:
    """The reply that chooses ``action``, as one line of JSON (no newline).

    >>> from hearts_core import PlayCard
    >>> reply_line(PlayCard(2, "QS"))
    '{"action":"play 2 QS"}'
    """
    return json.dumps({"action": str(action)}, separators=(",", ":"))


def read_reply(line: str | bytes, view: PlayerView) -> Action:
    """The action a reply chooses, checked against the view's legal actions.

    Raises:
        ProtocolError: ``malformed`` for a line that is not ``{"action": TEXT}``
            with TEXT in the action notation; ``illegal`` for an action that
            is not one of ``view.legal_actions``.

    >>> from hearts_core import new_game, observe
    >>> read_reply('{"action": "play 0 2C"}', observe(new_game(), 0))
    Traceback (most recent call last):
    ...
    hearts_core.bots.errors.ProtocolError: illegal: play 0 2C is not a legal action here
    """
    data = _object(line)
    text = data.get("action")
    if not isinstance(text, str) or set(data) != {"action"}:
        raise ProtocolError("malformed", 'a reply is {"action": TEXT} and nothing else')
    try:
        action = parse_action(text, view.rules)
    except HeartsError as error:
        raise ProtocolError("malformed", f"{text[:80]!r} is not an action: {error}") from None
    if action not in view.legal_actions:
        raise ProtocolError("illegal", f"{action} is not a legal action here")
    return action


def _object(line: str | bytes) -> dict[str, Any]:
    if len(line) > MAX_LINE:
        raise ProtocolError("malformed", f"a line longer than {MAX_LINE} bytes")
    try:
        data = json.loads(line)
    except (ValueError, RecursionError):
        raise ProtocolError("malformed", f"not JSON: {_shown(line)}") from None
    if not isinstance(data, dict):
        raise ProtocolError("malformed", f"not a JSON object: {_shown(line)}")
    return data


def _shown(line: str | bytes) -> str:
    text = line if isinstance(line, str) else line.decode("utf-8", "replace")
    text = text.strip()
    return repr(text if len(text) <= 60 else text[:57] + "...")
