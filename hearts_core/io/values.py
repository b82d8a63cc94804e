"""Values as JSON data and back: cards, rules, actions, tricks, totals and seats.

Each ``*_to_data`` function writes a value as plain JSON data; each ``read_*``
function reads one strictly with a :class:`~hearts_core.io.reader.Reader`,
returning ``None`` after noting what is wrong. The record, state and view
formats are made of these pieces.

>>> from hearts_core import PlayCard
>>> action_to_data(PlayCard(2, "QS"))
{'type': 'play', 'seat': 2, 'card': 'QS'}
>>> reader = Reader()
>>> read_action(reader, {"type": "play", "seat": 7, "card": "QS"}, "$.actions[0]", 4)
>>> str(reader.problems[0])
'$.actions[0].seat: must be between 0 and 3, not 7'
"""

from __future__ import annotations

import enum
import functools
import json
import types
import typing
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

from hearts_core.actions import Action, ChooseMoon, Deal, PassCards, PlayCard
from hearts_core.cards import FULL_DECK, Card, CardSet
from hearts_core.engine import MAX_TOTAL
from hearts_core.errors import InvalidActionError, InvalidRulesError
from hearts_core.io.limits import MAX_TEXT_LENGTH
from hearts_core.io.reader import Reader, describe, key_path
from hearts_core.rules import MAX_PLAYERS, RULE_FIELDS, Rules
from hearts_core.rules.options import MoonOption
from hearts_core.state import Trick

__all__ = [
    "cards_to_data",
    "rules_to_data",
    "read_rules",
    "rule_readers",
    "action_to_data",
    "read_action",
    "tricks_to_data",
    "read_tricks",
    "read_totals",
    "read_numbers",
    "read_names",
    "read_seats",
]

_CARDS: Final = {str(card): card for card in FULL_DECK}
_ACTION_FIELDS: Final = {
    "deal": ("hands",),
    "pass": ("seat", "cards"),
    "play": ("seat", "card"),
    "moon": ("seat", "option"),
}


class _Bad:
    """The marker a field reader returns for a value it refused (``None`` is a value)."""

    def __repr__(self) -> str:
        return "BAD"


_BAD: Final = _Bad()


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
    return _BAD if found is None else found


def _read_optional_int(reader: Reader, value: object, path: str) -> Any:
    return None if value is None else _read_int(reader, value, path)


def _read_bool(reader: Reader, value: object, path: str) -> Any:
    found = reader.boolean(value, path)
    return _BAD if found is None else found


def _read_cardset(reader: Reader, value: object, path: str) -> Any:
    found = reader.cards(value, path)
    return _BAD if found is None else found


def _enum_reader(kind: type[enum.Enum]) -> _FieldReader:
    def read(reader: Reader, value: object, path: str) -> Any:
        found = reader.choice(kind, value, path)
        return _BAD if found is None else found

    return read


def _enum_tuple_reader(kind: type[enum.Enum]) -> _FieldReader:
    def read(reader: Reader, value: object, path: str) -> Any:
        items = reader.array(value, path)
        if items is None:
            return _BAD
        found = [reader.choice(kind, item, f"{path}[{i}]") for i, item in enumerate(items)]
        return _BAD if None in found else tuple(found)

    return read


def _read_card_points(reader: Reader, value: object, path: str) -> Any:
    if not isinstance(value, dict):
        reader.add(path, f"must be an object of card: points, not {describe(value)}")
        return _BAD
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
    return found if ok else _BAD


@functools.cache
def rule_readers() -> dict[str, _FieldReader | None]:
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
    readers = rule_readers()
    table = reader.json_object(value, path, optional=tuple(readers))
    if table is None:
        return None
    values: dict[str, Any] = {}
    ok = True
    for name, item in table.items():
        read = readers[name]
        found = item if read is None else read(reader, item, key_path(path, name))
        if found is _BAD:
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
    engine's question (see :class:`~hearts_core.io.GameRecord`).

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


def read_totals(
    reader: Reader, value: object, path: str, players: int | None
) -> tuple[int, ...] | None:
    """Running totals, each within what a game may start with."""
    items = reader.array(value, path, players)
    if items is None:
        return None
    totals = [
        reader.integer(item, f"{path}[{i}]", -MAX_TOTAL, MAX_TOTAL) for i, item in enumerate(items)
    ]
    return None if None in totals else tuple(t for t in totals if t is not None)


def read_numbers(
    reader: Reader, value: object, path: str, players: int | None
) -> tuple[int, ...] | None:
    items = reader.array(value, path, players)
    if items is None:
        return None
    scores = [reader.integer(item, f"{path}[{i}]") for i, item in enumerate(items)]
    return None if None in scores else tuple(s for s in scores if s is not None)


def read_names(
    reader: Reader, value: object, path: str, players: int | None
) -> tuple[str, ...] | None:
    items = reader.array(value, path, players)
    if items is None:
        return None
    names = [reader.string(item, f"{path}[{i}]", MAX_TEXT_LENGTH) for i, item in enumerate(items)]
    return None if None in names else tuple(n for n in names if n is not None)


def read_seats(reader: Reader, value: object, path: str, players: int | None) -> tuple[int, ...]:
    """A list of distinct seats in increasing order."""
    items = reader.array(value, path)
    seats: list[int] = []
    for i, item in enumerate(items or ()):
        seat = reader.seat(item, f"{path}[{i}]", players)
        if seat is None:
            continue
        if seats and seat <= seats[-1]:
            reader.add(f"{path}[{i}]", "seats are listed once each, in increasing order")
        seats.append(seat)
    return tuple(seats)


def read_tricks(reader: Reader, value: object, path: str, players: int | None) -> list[Trick]:
    tricks: list[Trick] = []
    for i, item in enumerate(reader.array(value, path) or ()):
        where = f"{path}[{i}]"
        data = reader.json_object(item, where, required=("leader", "cards"))
        if data is None or len(data) < 2:
            continue
        leader = reader.seat(data["leader"], f"{where}.leader", players)
        cards = reader.card_list(data["cards"], f"{where}.cards")
        if leader is not None and cards is not None:
            tricks.append(Trick(leader, cards))
    return tricks


def tricks_to_data(tricks: Sequence[Trick]) -> list[dict[str, Any]]:
    return [{"leader": trick.leader, "cards": cards_to_data(trick.cards)} for trick in tricks]


