"""Checks the record, state, view and notation loaders share: formats, dates, totals, and
playing a list of actions through, noting the first illegal one with its path.

>>> from hearts_core.io.reader import Reader
>>> reader = Reader()
>>> check_date(reader, "2026-02-30", "$.metadata.date")
>>> str(reader.problems[0])
'$.metadata.date: must be a date written YYYY-MM-DD, not a string ("2026-02-30")'
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Sequence
from typing import Any, Final

from hearts_core.actions import Action, Deal, PassCards
from hearts_core.engine import apply
from hearts_core.errors import IllegalActionError, InvalidActionError, Rule
from hearts_core.io.jsontext import JsonObject
from hearts_core.io.limits import MAX_TEXT_LENGTH
from hearts_core.io.reader import Reader, describe, key_path
from hearts_core.legality import deal_problems, explain
from hearts_core.rules import Rules
from hearts_core.scoring import start_problems
from hearts_core.state import (
    GameState,
    Phase,
)

__all__ = [
    "DATE_PATTERN",
    "check_date",
    "check_totals",
    "action_problem",
    "report_deal",
    "check_sequence",
    "check_format",
    "LEGACY_KEYS",
    "upgrade",
    "optional_string",
]


DATE_PATTERN: Final = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def check_date(reader: Reader, value: object, path: str) -> None:
    text = reader.string(value, path)
    if text is None:
        return
    try:
        if not DATE_PATTERN.fullmatch(text):
            raise ValueError
        datetime.date.fromisoformat(text)
    except ValueError:
        reader.add(path, f"must be a date written YYYY-MM-DD, not {describe(text)}")


def check_totals(
    reader: Reader,
    rules: Rules,
    hand_number: int,
    scores: tuple[int, ...],
    phase: Phase,
    counting_down: bool,
    paths: tuple[str, str, str] = ("$.hand_number", "$.totals", "$.counting_down"),
) -> None:
    """The hand number, totals and count-down flag must be ones a game reaches in ``phase``
    (:func:`~hearts_core.scoring.start_problems`, which :func:`~hearts_core.new_game` asks
    too)."""
    where = {"hand_number": paths[0], "totals": paths[1], "counting_down": paths[2]}
    over = phase is Phase.GAME_OVER
    for field, message in start_problems(rules, hand_number, scores, counting_down, over):
        reader.add(where.get(field, "$.phase"), message)


_RULE_FIELD: Final = {
    Rule.WRONG_PHASE: "type",
    Rule.NOT_YOUR_TURN: "seat",
    Rule.ALREADY_PASSED: "seat",
    Rule.INVALID_DEAL: "hands",
    Rule.WRONG_PASS_COUNT: "cards",
    Rule.NO_SUCH_SEAT: "seat",
}


def action_problem(error: IllegalActionError | InvalidActionError, path: str) -> tuple[str, str]:
    """Where an illegal action is wrong, and why (the rule identifier first)."""
    if isinstance(error, InvalidActionError):
        return (key_path(path, error.field) if error.field else path), str(error)
    field = _RULE_FIELD.get(error.rule)
    if field is None:
        field = "cards" if isinstance(error.action, PassCards) else "card"
    return key_path(path, field), f"{error.rule.value}: {error}"


def report_deal(reader: Reader, rules: Rules, deal: Deal, path: str, fields: bool) -> None:
    """Note every way a deal is wrong (see :func:`~hearts_core.legality.deal_problems`), each
    at the hand it concerns (``fields``) or at the deal's path.

    >>> from hearts_core import CardSet, Deal
    >>> reader = Reader()
    >>> report_deal(reader, Rules(), Deal([CardSet.parse("2C")] * 4), "$.actions[0]", True)
    >>> str(reader.problems[0])
    '$.actions[0].hands[0]: seat 0 gets 1 cards, not 13'
    """
    hands_path = key_path(path, "hands") if fields else path
    for seat, message in deal_problems(rules.tables(), deal.hands):
        if seat is None:
            reader.add(hands_path, message)
        else:
            reader.add(f"{path}.hands[{seat}]" if fields else path, message)


def check_sequence(
    reader: Reader, state: GameState, steps: Sequence[tuple[str, Action]], fields: bool
) -> None:
    """Apply each action in turn; note the first illegal one (or bad deal) and stop there.

    ``fields``: point at the action's field at fault (JSON), or at the action's path only.
    """
    for index, (path, action) in enumerate(steps):
        rest = "the actions after this one were not checked" if index + 1 < len(steps) else None
        if isinstance(action, Deal) and state.phase is Phase.DEAL:
            before = len(reader.problems)
            report_deal(reader, state.rules, action, path, fields)
            if len(reader.problems) > before:
                if rest:
                    reader.add(path, rest)
                return
        error = explain(state, action)
        if error is not None:
            where, message = action_problem(error, path)
            reader.add(where if fields else path, message)
            if rest:
                reader.add(path, rest)
            return
        state = apply(state, action)


def check_format(reader: Reader, doc: dict[str, Any], expected: str) -> None:
    """Note a problem unless ``doc``'s format is ``expected``.

    >>> reader = Reader()
    >>> check_format(reader, {"format": "hearts-view/7"}, "hearts-view/2")
    >>> print(reader.problems[0])
    $.format: must be 'hearts-view/2' (or its version 1), not a string ("hearts-view/7")
    """
    if "format" not in doc:
        return
    found = doc["format"]
    if found != expected:
        reader.add(
            "$.format", f"must be {expected!r} (or its version 1), not {describe(found)}"
        )


LEGACY_KEYS: Final = {"scores": "totals", "trick": "current_trick"}
"""The keys of version 1 of the record, state and view formats that version 2 renamed:
one word per meaning (``totals`` for running totals, ``current_trick`` for the trick in
progress)."""


def upgrade(reader: Reader, data: Any, current: str) -> Any:
    """``data`` in the current version of its format: a version 1 document (the format
    ``current`` names with ``/1``) with its keys renamed, and ``reader`` set to report
    problems under the keys the document used.

    >>> reader = Reader()
    >>> upgrade(reader, {"format": "hearts-state/1", "scores": [0]}, "hearts-state/2")
    {'format': 'hearts-state/2', 'totals': [0], 'counting_down': False}
    >>> reader.add("$.totals[0]", "wrong"); str(reader.problems[0])
    '$.scores[0]: wrong'
    """
    old = current.rsplit("/", 1)[0] + "/1"
    if not isinstance(data, dict) or data.get("format") != old:
        return data
    renamed: Any = JsonObject()  # keys as given: a non-text key is refused later
    for key, value in data.items():
        new = LEGACY_KEYS.get(key, key)
        if new in renamed or (new != key and new in data):
            new = key  # a clash: keep the name as given, for the reader to refuse
        renamed[new] = value
    renamed["format"] = current
    renamed.setdefault("counting_down", False)  # version 1 had no count-down games
    renamed.duplicates = tuple(LEGACY_KEYS.get(k, k) for k in getattr(data, "duplicates", ()))
    reader.aliases = {f"$.{new}": f"$.{old_key}" for old_key, new in LEGACY_KEYS.items()}
    return renamed


def optional_string(reader: Reader, value: object, path: str) -> str | None:
    return None if value is None else reader.string(value, path, MAX_TEXT_LENGTH)
