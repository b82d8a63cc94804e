"""Strict JSON reading and canonical JSON writing, shared by every record format.

Input from outside is untrusted. A :class:`Reader` checks each value against what
the format expects, exactly: an integer is a JSON integer (not ``"12"``, ``12.0``
or ``true``), a card is written ``"QS"``, an object has only the keys the format
names, and a key appears once. It does not stop at the first problem: it notes
each one with its JSON path (``$.actions[3].card``) and carries on, so one
:class:`~hearts_core.RecordError` lists them all.

Output is canonical: :func:`dumps` sorts object keys and the card lists are in
card order, so the same value always gives the same bytes.

>>> reader = Reader()
>>> reader.integer("12", "$.seat"), reader.card("Q♠", "$.card"), reader.card("QS", "$.card")
(None, None, Card.parse('QS'))
>>> [str(problem) for problem in reader.problems]
['$.seat: must be an integer, not a string ("12")', '$.card: not a card: a string ("Q♠")']
"""

from __future__ import annotations

import enum
import functools
import json
import re
import types
import typing
from collections.abc import Callable, Collection, Sequence
from importlib import resources
from typing import Any, Final, TypeVar

import attrs

from hearts_core.actions import Action, ChooseMoon, Deal, PassCards, PlayCard
from hearts_core.cards import FULL_DECK, Card, CardSet
from hearts_core.errors import InvalidActionError, InvalidRulesError, RecordError, UnknownNameError
from hearts_core.rules import MAX_PLAYERS, RULE_FIELDS, MoonOption, Rules

__all__ = [
    "Problem",
    "Reader",
    "dumps",
    "loads",
    "describe",
    "key_path",
    "cards_to_data",
    "rules_to_data",
    "read_rules",
    "action_to_data",
    "read_action",
    "json_schema",
    "SCHEMA_NAMES",
]

Problem = RecordError.Problem
"""One problem found in the input: a path and a message (see :class:`RecordError`)."""

SCHEMA_NAMES: Final = ("record", "state", "view")
"""The formats that ship a JSON Schema: ``hearts_core/schemas/NAME.schema.json``."""

_E = TypeVar("_E", bound=enum.Enum)
_CARDS: Final = {str(card): card for card in FULL_DECK}
_IDENTIFIER: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_ACTION_FIELDS: Final = {
    "deal": ("hands",),
    "pass": ("seat", "cards"),
    "play": ("seat", "card"),
    "moon": ("seat", "option"),
}
_LONGEST_TEXT: Final = 40


class _Bad:
    """The marker a field reader returns for a value it refused (``None`` is a value)."""

    def __repr__(self) -> str:
        return "BAD"


BAD: Final = _Bad()


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


class _JsonObject(dict[str, Any]):
    """A parsed JSON object that remembers the keys it had more than once."""

    duplicates: tuple[str, ...] = ()


def _object_hook(pairs: list[tuple[str, Any]]) -> _JsonObject:
    found = _JsonObject()
    repeated: list[str] = []
    for key, value in pairs:
        if key in found:
            if key not in repeated:
                repeated.append(key)
            continue
        found[key] = value
    if repeated:
        found.duplicates = tuple(repeated)
    return found


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def loads(text: str | bytes | bytearray) -> Any:
    """Parse JSON text strictly: refuse ``NaN`` and ``Infinity``, note repeated keys.

    A repeated key is not an error of the parse: the :class:`Reader` reports it at
    its path when it reads that object.

    Raises:
        RecordError: if ``text`` is not JSON (or not UTF-8, or nested too deeply).

    >>> loads('{"seat": 1}')
    {'seat': 1}
    >>> loads('{"seat": NaN}')
    Traceback (most recent call last):
    ...
    hearts_core.errors.RecordError: $: not JSON: NaN is not a JSON number
    """
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RecordError([Problem("$", f"not UTF-8 text: {exc.reason}")]) from None
    if not isinstance(text, str):
        raise RecordError([Problem("$", f"expected JSON text, not {describe(text)}")])
    try:
        return json.loads(text, object_pairs_hook=_object_hook, parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        where = f" at line {exc.lineno} column {exc.colno}"
        raise RecordError([Problem("$", f"not JSON: {exc.msg}{where}")]) from None
    except RecursionError:
        raise RecordError(
            [Problem("$", "not JSON this library reads: nested too deeply")]
        ) from None
    except ValueError as exc:  # a refused constant, or an integer with too many digits
        raise RecordError([Problem("$", f"not JSON: {exc}")]) from None


def dumps(data: Any, *, pretty: bool = False) -> str:
    """Canonical JSON text: keys sorted, no spaces (``pretty``: indented, at most 100 columns).

    Both forms are deterministic, so the same value always gives the same text.

    >>> dumps({"seat": 1, "card": "QS"})
    '{"card":"QS","seat":1}'
    >>> print(dumps({"hands": [["2C", "3C"], ["4C"]], "type": "deal"}, pretty=True))
    {"hands": [["2C", "3C"], ["4C"]], "type": "deal"}
    """
    if not pretty:
        return json.dumps(
            data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
        )
    return _pretty(data, 0)


_WIDTH: Final = 100


def _pretty(data: Any, indent: int) -> str:
    flat = json.dumps(data, sort_keys=True, ensure_ascii=False, allow_nan=False)
    if indent + len(flat) <= _WIDTH or not isinstance(data, dict | list) or not data:
        return flat
    inner = " " * (indent + 2)
    if isinstance(data, dict):
        items = [
            f"{inner}{json.dumps(key, ensure_ascii=False)}: {_pretty(data[key], indent + 2)}"
            for key in sorted(data)
        ]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [inner + _pretty(item, indent + 2) for item in data]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


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
    hearts_core.errors.RecordError: 2 problems:
      $.extra: unknown key
      $.card: missing
    """

    problems: list[Problem]
    """The problems noted so far, in order."""

    def __init__(self) -> None:
        self.problems = []

    def add(self, path: str, message: str) -> None:
        """Note a problem at ``path``.

        >>> reader = Reader()
        >>> reader.add("$.phase", "no hand is being played")
        >>> reader.problems
        [RecordError.Problem('$.phase', 'no hand is being played')]
        """
        self.problems.append(Problem(path, message))

    def raise_if_any(self) -> None:
        """Raise :class:`~hearts_core.RecordError` listing the problems, if there are any.

        >>> Reader().raise_if_any()  # no problem: nothing happens
        """
        if self.problems:
            raise RecordError(self.problems)

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
        ok = True
        for index, item in enumerate(items):
            card = self.card(item, f"{path}[{index}]")
            if card is None:
                ok = False
            elif card in found:
                self.add(f"{path}[{index}]", f"{card} is listed twice")
                ok = False
            else:
                found.append(card)
        return tuple(found) if ok else None


def cards_to_data(cards: CardSet | Sequence[Card]) -> list[str]:
    """Cards as JSON: a set in card order (clubs, diamonds, hearts, spades; low to high),
    a sequence in its own order.

    >>> cards_to_data(CardSet.parse("QS 2C")), cards_to_data((Card.parse("QS"), Card.parse("2C")))
    (['2C', 'QS'], ['QS', '2C'])
    """
    return [str(card) for card in cards]


# --- rules ------------------------------------------------------------------------

_FieldReader = Callable[[Reader, object, str], Any]


def _read_int(reader: Reader, value: object, path: str) -> Any:
    found = reader.integer(value, path)
    return BAD if found is None else found


def _read_optional_int(reader: Reader, value: object, path: str) -> Any:
    return None if value is None else _read_int(reader, value, path)


def _read_bool(reader: Reader, value: object, path: str) -> Any:
    found = reader.boolean(value, path)
    return BAD if found is None else found


def _read_cardset(reader: Reader, value: object, path: str) -> Any:
    found = reader.cards(value, path)
    return BAD if found is None else found


def _enum_reader(kind: type[enum.Enum]) -> _FieldReader:
    def read(reader: Reader, value: object, path: str) -> Any:
        found = reader.choice(kind, value, path)
        return BAD if found is None else found

    return read


def _enum_tuple_reader(kind: type[enum.Enum]) -> _FieldReader:
    def read(reader: Reader, value: object, path: str) -> Any:
        items = reader.array(value, path)
        if items is None:
            return BAD
        found = [reader.choice(kind, item, f"{path}[{i}]") for i, item in enumerate(items)]
        return BAD if None in found else tuple(found)

    return read


def _read_card_points(reader: Reader, value: object, path: str) -> Any:
    if not isinstance(value, dict):
        reader.add(path, f"must be an object of card: points, not {describe(value)}")
        return BAD
    ok = True
    for key in getattr(value, "duplicates", ()):
        reader.add(key_path(path, key), "appears more than once")
        ok = False
    found: dict[Card, int] = {}
    for key, points in value.items():
        card = _CARDS.get(key) if isinstance(key, str) else None
        if card is None:
            where = key_path(path, key) if isinstance(key, str) else path
            reader.add(where, f"not a card: {describe(key)} (the keys are cards such as QS)")
            ok = False
            continue
        number = reader.integer(points, key_path(path, key))
        if number is None:
            ok = False
        else:
            found[card] = number
    return found if ok else BAD


@functools.cache
def _rule_readers() -> dict[str, _FieldReader | None]:
    """How each ``Rules`` field is read, from its type (``None``: a type this codec lacks)."""
    hints = typing.get_type_hints(Rules)
    readers: dict[str, _FieldReader | None] = {}
    for field in attrs.fields(Rules):
        if field.name not in RULE_FIELDS:
            continue
        kind = hints[field.name]
        args = typing.get_args(kind)
        reader: _FieldReader | None = None
        if kind is bool:
            reader = _read_bool
        elif kind is int:
            reader = _read_int
        elif isinstance(kind, types.UnionType) and set(args) == {int, type(None)}:
            reader = _read_optional_int
        elif kind is CardSet:
            reader = _read_cardset
        elif isinstance(kind, type) and issubclass(kind, enum.Enum):
            reader = _enum_reader(kind)
        elif typing.get_origin(kind) is tuple and len(args) == 2 and args[1] is Ellipsis:
            item = args[0]
            if isinstance(item, type) and issubclass(item, enum.Enum):
                reader = _enum_tuple_reader(item)
            elif item == tuple[Card, int]:
                reader = _read_card_points
        readers[field.name] = reader
    return readers


def rules_to_data(rules: Rules) -> dict[str, Any]:
    """Every ``Rules`` field as JSON, ``null`` for a field that is unset (``moon_points``).

    >>> data = rules_to_data(Rules())
    >>> data["players"], data["pass_cycle"], data["card_values"], data["moon_points"]
    (4, ['left', 'right', 'across', 'hold'], {'QS': 13}, None)
    """
    data: dict[str, Any] = dict.fromkeys(RULE_FIELDS)
    data.update(rules.to_mapping())
    return data


def read_rules(reader: Reader, value: object, path: str) -> Rules | None:
    """A ruleset: an object of ``Rules`` fields. A field left out takes its default, so
    a record written before a field existed still reads the same.

    Wrong types are refused field by field (``"4"`` is not a number of players);
    then the rules' own consistency checks run.

    >>> reader = Reader()
    >>> read_rules(reader, {"players": 3, "moon": "shooter-chooses"}, "$.rules").players
    3
    >>> read_rules(reader, {"players": 3, "pass_cycle": ["across"]}, "$.rules")
    >>> str(reader.problems[0])
    '$.rules.pass_cycle: across needs an even number of players, not 3'
    """
    readers = _rule_readers()
    table = reader.json_object(value, path, optional=tuple(readers))
    if table is None:
        return None
    values: dict[str, Any] = {}
    ok = True
    for name, item in table.items():
        read = readers[name]
        found = item if read is None else read(reader, item, key_path(path, name))
        if found is BAD:
            ok = False
        else:
            values[name] = found
    if not ok:
        return None
    try:
        return Rules(**values)
    except InvalidRulesError as exc:
        where = key_path(path, exc.field) if exc.field in readers else path
        reader.add(where, exc.reason)
        return None


# --- actions ----------------------------------------------------------------------


def action_to_data(action: Action) -> dict[str, Any]:
    """An action as JSON: an object whose ``type`` is ``deal``, ``pass``, ``play`` or ``moon``.

    >>> action_to_data(PlayCard(2, "QS"))
    {'type': 'play', 'seat': 2, 'card': 'QS'}
    >>> action_to_data(PassCards(0, "QS 2C 3C"))
    {'type': 'pass', 'seat': 0, 'cards': ['2C', '3C', 'QS']}
    """
    if isinstance(action, PlayCard):
        return {"type": "play", "seat": action.seat, "card": str(action.card)}
    if isinstance(action, PassCards):
        return {"type": "pass", "seat": action.seat, "cards": cards_to_data(action.cards)}
    if isinstance(action, Deal):
        return {"type": "deal", "hands": [cards_to_data(hand) for hand in action.hands]}
    if isinstance(action, ChooseMoon):
        return {"type": "moon", "seat": action.seat, "option": action.option.value}
    raise InvalidActionError(f"not an action: {describe(action)}", None, action)


def read_action(reader: Reader, value: object, path: str, players: int | None) -> Action | None:
    """An action written as :func:`action_to_data` writes it, for a table of ``players``.

    Only its form is checked here; whether it is legal where it stands is the
    engine's question (see :class:`~hearts_core.GameRecord`).

    >>> reader = Reader()
    >>> read_action(reader, {"type": "play", "seat": 1, "card": "AH"}, "$.actions[0]", 4)
    PlayCard(seat=1, card=Card.parse('AH'))
    >>> read_action(reader, {"type": "bid", "seat": 1}, "$.actions[1]", 4)
    >>> str(reader.problems[0])
    '$.actions[1].type: must be one of "deal", "pass", "play", "moon", not a string ("bid")'
    """
    if not isinstance(value, dict):
        reader.add(path, f"must be an object, not {describe(value)}")
        return None
    kind = value.get("type")
    fields = _ACTION_FIELDS.get(kind) if isinstance(kind, str) else None
    if fields is None:
        choices = ", ".join(json.dumps(name) for name in _ACTION_FIELDS)
        if "type" in value:
            reader.add(key_path(path, "type"), f"must be one of {choices}, not {describe(kind)}")
        else:
            reader.add(key_path(path, "type"), f"missing (one of {choices})")
        return None
    data = reader.json_object(value, path, required=("type", *fields))
    if data is None or any(name not in data for name in fields):
        return None
    before = len(reader.problems)
    if kind == "deal":
        hands = reader.array(data["hands"], key_path(path, "hands"), players)
        if hands is None:
            return None
        if len(hands) > MAX_PLAYERS:
            reader.add(key_path(path, "hands"), f"a deal has at most {MAX_PLAYERS} hands")
            return None
        sets = [reader.cards(h, f"{path}.hands[{i}]") for i, h in enumerate(hands)]
        if len(reader.problems) > before:
            return None
        return Deal(tuple(s for s in sets if s is not None))
    seat = reader.seat(data["seat"], key_path(path, "seat"), players)
    if kind == "pass":
        cards = reader.cards(data["cards"], key_path(path, "cards"))
        if seat is None or cards is None or len(reader.problems) > before:
            return None
        return PassCards(seat, cards)
    if kind == "play":
        card = reader.card(data["card"], key_path(path, "card"))
        if seat is None or card is None or len(reader.problems) > before:
            return None
        return PlayCard(seat, card)
    option = reader.choice(MoonOption, data["option"], key_path(path, "option"))
    if seat is None or option is None or len(reader.problems) > before:
        return None
    return ChooseMoon(seat, option)


# --- schemas ----------------------------------------------------------------------


def json_schema(name: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a format, as shipped in the package.

    ``name`` is one of :data:`SCHEMA_NAMES`. A front end in another language can
    validate a document with it before sending; the loaders check more than a
    schema can say (every card exactly once, legal plays, derived fields).

    >>> schema = json_schema("record")
    >>> schema["$schema"], schema["properties"]["format"]["const"]
    ('https://json-schema.org/draft/2020-12/schema', 'hearts-record/1')
    """
    if name not in SCHEMA_NAMES:
        known = ", ".join(SCHEMA_NAMES)
        raise UnknownNameError(f"no schema named {describe(name)}; known: {known}")
    folder = resources.files("hearts_core").joinpath("schemas")
    text = folder.joinpath(f"{name}.schema.json").read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema
