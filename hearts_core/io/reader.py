"""Reading untrusted JSON values strictly, noting every problem with its path.

A :class:`Reader` checks each value against what the format expects, exactly:
an integer is a JSON integer (not ``"12"``, ``12.0`` or ``true``), a card is
written ``"QS"``, an object has only the keys the format names, and a key
appears once. It does not stop at the first problem: it notes each one with its
JSON path (``$.actions[3].card``) and carries on, so one
:class:`~hearts_core.io.RecordError` lists them all (up to
:data:`~hearts_core.errors.MAX_PROBLEMS`, then how many more).

>>> reader = Reader()
>>> reader.integer("12", "$.seat"), reader.card("Q♠", "$.card"), reader.card("QS", "$.card")
(None, None, Card.parse('QS'))
>>> [str(problem) for problem in reader.problems]
['$.seat: must be an integer, not a string ("12")', '$.card: not a card: a string ("Q♠")']
"""

from __future__ import annotations

import enum
import json
import re
from collections.abc import Collection
from typing import Any, Final, TypeVar

from hearts_core.cards import FULL_DECK, Card, CardSet
from hearts_core.io.errors import RecordError
from hearts_core.io.limits import MAX_PROBLEMS
from hearts_core.rules.fields import MAX_PLAYERS

__all__ = ["Problem", "Reader", "describe", "key_path"]

Problem = RecordError.Problem
"""One problem found in the input: a path and a message (see
:class:`~hearts_core.io.RecordError`)."""

_E = TypeVar("_E", bound=enum.Enum)
_CARDS: Final = {str(card): card for card in FULL_DECK}
_IDENTIFIER: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_LONGEST_TEXT: Final = 40


def describe(value: object) -> str:
    """A short description of a JSON value for a message, safe for any input.

    It never prints a whole array or object, and cuts long strings, so a message
    stays short whatever was sent.

    >>> describe("12"), describe(12.0), describe(True), describe([1, 2]), describe(None)
    ('a string ("12")', 'the number 12.0', 'true', 'an array', 'null')
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return f"the number {value}" if abs(value) < 10**15 else "a very large number"
    if isinstance(value, float):
        return f"the number {value!r}"
    if isinstance(value, str):
        cut = value[:_LONGEST_TEXT]
        more = "..." if len(value) > _LONGEST_TEXT else ""
        shown = json.dumps(cut, ensure_ascii=False)
        try:
            shown.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate: show it escaped
            shown = json.dumps(cut)
        return f"a string ({shown}{more})"
    if isinstance(value, list | tuple):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return f"a {type(value).__name__} (not a JSON value)"


def key_path(path: str, key: str) -> str:
    """The path of ``key`` in the object at ``path``.

    >>> key_path("$", "actions"), key_path("$.rules", "a key")
    ('$.actions', '$.rules["a key"]')
    """
    if _IDENTIFIER.fullmatch(key):
        return f"{path}.{key}"
    cut = key[:_LONGEST_TEXT] + ("..." if len(key) > _LONGEST_TEXT else "")
    return f"{path}[{json.dumps(cut)}]"


class Reader:
    """Reads untrusted JSON values, noting every problem with its path.

    Each reading method returns the value read, or ``None`` after noting a
    problem (check :attr:`problems`, or call :meth:`raise_if_any`).

    >>> reader = Reader()
    >>> reader.json_object({"seat": 1, "extra": 2}, "$", required=("seat", "card"))
    {'seat': 1}
    >>> reader.raise_if_any()
    Traceback (most recent call last):
    ...
    hearts_core.io.errors.RecordError: 2 problems:
      $.extra: unknown key
      $.card: missing
    """

    problems: list[Problem]
    """The problems noted so far, in order (at most :data:`MAX_PROBLEMS` of them)."""
    more: int
    """How many problems were found beyond those kept."""

    aliases: dict[str, str]
    """Path prefixes to report under other names (a document in an older version of its
    format names some keys differently)."""

    def __init__(self) -> None:
        self.problems = []
        self.more = 0
        self.aliases = {}

    def add(self, path: str, message: str) -> None:
        """Note a problem at ``path``.

        >>> reader = Reader()
        >>> reader.add("$.phase", "no hand is being played")
        >>> reader.problems
        [RecordError.Problem('$.phase', 'no hand is being played')]
        """
        for new, old in self.aliases.items():
            if path == new or path.startswith((new + ".", new + "[")):
                path = old + path[len(new) :]
                break
        if len(self.problems) < MAX_PROBLEMS:
            self.problems.append(Problem(path, message))
        else:
            self.more += 1

    def raise_if_any(self) -> None:
        """Raise :class:`~hearts_core.io.RecordError` listing the problems, if there are any.

        >>> Reader().raise_if_any()  # no problem: nothing happens
        """
        if self.problems:
            raise RecordError(self.problems, more=self.more)

    def json_object(
        self,
        value: object,
        path: str,
        required: Collection[str] = (),
        optional: Collection[str] = (),
    ) -> dict[str, Any] | None:
        """A JSON object with the ``required`` keys and perhaps the ``optional`` ones.

        An unknown, missing or repeated key is a problem; the known keys present
        are returned even then, so their values can be checked too.

        >>> Reader().json_object({"a": 1}, "$", required=("a",), optional=("b",))
        {'a': 1}
        """
        if not isinstance(value, dict):
            self.add(path, f"must be an object, not {describe(value)}")
            return None
        for key in getattr(value, "duplicates", ()):
            self.add(key_path(path, key), "appears more than once")
        found: dict[str, Any] = {}
        for key, item in value.items():
            if not isinstance(key, str):
                self.add(path, f"keys must be strings, not {describe(key)}")
            elif key in required or key in optional:
                found[key] = item
            else:
                self.add(key_path(path, key), "unknown key")
        for key in required:
            if key not in value:
                self.add(key_path(path, key), "missing")
        return found

    def integer(
        self, value: object, path: str, low: int | None = None, high: int | None = None
    ) -> int | None:
        """A JSON integer, between ``low`` and ``high`` when given (``true`` is not one).

        >>> reader = Reader()
        >>> reader.integer(3, "$.seat", 0, 3), reader.integer(4, "$.seat", 0, 3)
        (3, None)
        >>> str(reader.problems[0])
        '$.seat: must be between 0 and 3, not 4'
        """
        if type(value) is not int:
            self.add(path, f"must be an integer, not {describe(value)}")
            return None
        if (low is not None and value < low) or (high is not None and value > high):
            shown = str(value) if abs(value) < 10**15 else "a very large number"
            if high is None:
                self.add(path, f"must be at least {low}, not {shown}")
            elif low is None:
                self.add(path, f"must be at most {high}, not {shown}")
            else:
                self.add(path, f"must be between {low} and {high}, not {shown}")
            return None
        return value

    def boolean(self, value: object, path: str) -> bool | None:
        """A JSON ``true`` or ``false`` (not ``"false"``, not ``0``).

        >>> Reader().boolean(False, "$.hearts_broken")
        False
        """
        if not isinstance(value, bool):
            self.add(path, f"must be true or false, not {describe(value)}")
            return None
        return value

    def string(self, value: object, path: str, max_length: int = 200) -> str | None:
        """A JSON string of valid Unicode, at most ``max_length`` characters.

        >>> Reader().string("Ann", "$.metadata.players[0]")
        'Ann'
        """
        if not isinstance(value, str):
            self.add(path, f"must be a string, not {describe(value)}")
            return None
        if len(value) > max_length:
            self.add(path, f"must be at most {max_length} characters, not {len(value)}")
            return None
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            self.add(path, "is not valid Unicode (it holds a lone surrogate)")
            return None
        return value

    def array(self, value: object, path: str, length: int | None = None) -> list[Any] | None:
        """A JSON array, of ``length`` items when given.

        >>> Reader().array([1, 2], "$.scores", 2)
        [1, 2]
        """
        if not isinstance(value, list | tuple):
            self.add(path, f"must be an array, not {describe(value)}")
            return None
        if length is not None and len(value) != length:
            self.add(path, f"must have {length} items, not {len(value)}")
            return None
        return list(value)

    def choice(self, kind: type[_E], value: object, path: str) -> _E | None:
        """A member of the enum ``kind``, written as its value.

        >>> from hearts_core import Phase
        >>> Reader().choice(Phase, "play", "$.phase")
        <Phase.PLAY: 'play'>
        """
        for member in kind:
            if type(value) is type(member.value) and value == member.value:
                return member
        choices = ", ".join(json.dumps(member.value) for member in kind)
        self.add(path, f"must be one of {choices}, not {describe(value)}")
        return None

    def seat(self, value: object, path: str, players: int | None) -> int | None:
        """A seat number: 0 up to ``players - 1`` (up to 5 while the players are unknown).

        >>> Reader().seat(2, "$.seat", 4)
        2
        """
        return self.integer(value, path, 0, (players or MAX_PLAYERS) - 1)

    def card(self, value: object, path: str) -> Card | None:
        """A card in canonical notation: rank ``2``-``9``, ``T``, ``J``, ``Q``, ``K``,
        ``A``, then suit ``C``, ``D``, ``H``, ``S``.

        >>> Reader().card("TH", "$.card")
        Card.parse('TH')
        """
        card = _CARDS.get(value) if isinstance(value, str) else None
        if card is None:
            self.add(path, f"not a card: {describe(value)}")
        return card

    def cards(self, value: object, path: str) -> CardSet | None:
        """A set of distinct cards, written as an array (in any order).

        >>> Reader().cards(["QS", "2C"], "$.hand")
        CardSet.parse('2C QS')
        """
        listed = self.card_list(value, path)
        return None if listed is None else CardSet(listed)

    def card_list(self, value: object, path: str) -> tuple[Card, ...] | None:
        """Distinct cards in the order given (the cards of a trick).

        >>> reader = Reader()
        >>> reader.card_list(["2C", "2C"], "$.trick")
        >>> str(reader.problems[0])
        '$.trick[1]: 2C is listed twice'
        """
        items = self.array(value, path)
        if items is None:
            return None
        found: list[Card] = []
        seen = 0
        ok = True
        for index, item in enumerate(items):
            card = self.card(item, f"{path}[{index}]")
            if card is None:
                ok = False
            elif seen & card.bit:
                self.add(f"{path}[{index}]", f"{card} is listed twice")
                ok = False
            else:
                seen |= card.bit
                found.append(card)
        return tuple(found) if ok else None
