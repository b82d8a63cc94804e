"""Events as JSON, for a server to forward what happened (``hearts-event/1``).

Each event is one JSON object: a ``type`` (the event's class name in
kebab case: ``card-played``, ``trick-taken``, ...) and the event's fields
under their own names, cards in card notation (``"QS"``), enums as their
values. :func:`event_from_data` reads one strictly, as the other loaders do:
every problem is reported with its JSON path in one
:class:`~hearts_core.io.RecordError`. The JSON Schema is ``json_schema("event")``.

| type | fields |
| --- | --- |
| ``hand-dealt`` | ``hand_number``, ``dealer``, ``pass_direction`` |
| ``pass-submitted`` | ``seat`` |
| ``cards-passed`` | ``from_seat``, ``to_seat``, ``cards`` (``null`` when hidden) |
| ``card-played`` | ``seat``, ``card`` |
| ``hearts-broken`` | ``seat``, ``card`` |
| ``trick-taken`` | ``winner``, ``cards`` (in play order), ``points`` |
| ``moon-shot`` | ``seat``, ``option`` (``null`` when the shooter chooses) |
| ``moon-chosen`` | ``seat``, ``option`` |
| ``sun-shot`` | ``seat`` |
| ``hand-scored`` | ``hand_number``, ``points``, ``scores``, ``totals`` |
| ``game-over`` | ``winners``, ``totals`` |

A server sends each seat the events of :func:`~hearts_core.visible_events`, in
which the cards of a ``cards-passed`` event are ``null`` for every seat but the
giver and the receiver.

>>> from hearts_core import Card, CardPlayed
>>> event_to_data(CardPlayed(2, Card.parse("QS")))
{'type': 'card-played', 'seat': 2, 'card': 'QS'}
>>> event_from_json('{"type": "card-played", "seat": 2, "card": "QS"}')
CardPlayed(seat=2, card=Card.parse('QS'))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from hearts_core.cards import CardSet
from hearts_core.engine import MAX_HAND_NUMBER, MAX_TOTAL
from hearts_core.errors import InvalidStateError
from hearts_core.events import (
    CardPlayed,
    CardsPassed,
    Event,
    GameOver,
    HandDealt,
    HandScored,
    HeartsBroken,
    MoonChosen,
    MoonShot,
    PassSubmitted,
    SunShot,
    TrickTaken,
)
from hearts_core.io.jsontext import dumps, loads
from hearts_core.io.reader import Reader, describe, key_path
from hearts_core.io.values import cards_to_data
from hearts_core.rules.fields import MAX_PLAYERS, MIN_PLAYERS, shown
from hearts_core.rules.options import MoonOption, PassDirection

__all__ = ["EVENT_FORMAT", "event_to_data", "event_to_json", "event_from_data", "event_from_json"]

EVENT_FORMAT: Final = "hearts-event/1"
"""The name and version of the event format (the title of its JSON Schema; events carry
no ``format`` key, being small and many)."""

_TYPES: Final[dict[type, str]] = {
    HandDealt: "hand-dealt",
    PassSubmitted: "pass-submitted",
    CardsPassed: "cards-passed",
    CardPlayed: "card-played",
    HeartsBroken: "hearts-broken",
    TrickTaken: "trick-taken",
    MoonShot: "moon-shot",
    MoonChosen: "moon-chosen",
    SunShot: "sun-shot",
    HandScored: "hand-scored",
    GameOver: "game-over",
}
_FIELDS: Final[dict[str, tuple[str, ...]]] = {
    "hand-dealt": ("hand_number", "dealer", "pass_direction"),
    "pass-submitted": ("seat",),
    "cards-passed": ("from_seat", "to_seat", "cards"),
    "card-played": ("seat", "card"),
    "hearts-broken": ("seat", "card"),
    "trick-taken": ("winner", "cards", "points"),
    "moon-shot": ("seat", "option"),
    "moon-chosen": ("seat", "option"),
    "sun-shot": ("seat",),
    "hand-scored": ("hand_number", "points", "scores", "totals"),
    "game-over": ("winners", "totals"),
}
_KIND: Final = {name: kind for kind, name in _TYPES.items()}


def _value(value: Any) -> Any:
    if isinstance(value, CardSet):
        return cards_to_data(value)
    if isinstance(value, tuple):
        return [_value(item) for item in value]
    if isinstance(value, MoonOption | PassDirection):
        return value.value
    if value is None or isinstance(value, int):
        return value
    return str(value)  # a card


def event_to_data(event: Event) -> dict[str, Any]:
    """An event as plain JSON data: its ``type``, then its fields.

    Raises:
        InvalidStateError: for a value that is not an event.

    >>> from hearts_core import HandScored
    >>> event_to_data(HandScored(0, (26, 0, 0, 0), (0, 26, 26, 26), (0, 26, 26, 26)))
    {'type': 'hand-scored', 'hand_number': 0, 'points': [26, 0, 0, 0], \
'scores': [0, 26, 26, 26], 'totals': [0, 26, 26, 26]}
    """
    name = _TYPES.get(type(event))
    if name is None:
        raise InvalidStateError("event", f"not an event: {shown(event)}")
    data: dict[str, Any] = {"type": name}
    for field in _FIELDS[name]:
        data[field] = _value(getattr(event, field))
    return data


def event_to_json(event: Event) -> str:
    """An event as canonical JSON text (keys sorted, no spaces).

    >>> from hearts_core import SunShot
    >>> event_to_json(SunShot(1))
    '{"seat":1,"type":"sun-shot"}'
    """
    return dumps(event_to_data(event))


# --- reading ----------------------------------------------------------------------------

_Read = Callable[[Reader, object, str, int | None], Any]


def _seat(reader: Reader, value: object, path: str, players: int | None) -> Any:
    return reader.seat(value, path, players)


def _card(reader: Reader, value: object, path: str, players: int | None) -> Any:
    return reader.card(value, path)


def _hidden_cards(reader: Reader, value: object, path: str, players: int | None) -> Any:
    return _Null if value is None else reader.cards(value, path)


def _trick(reader: Reader, value: object, path: str, players: int | None) -> Any:
    cards = reader.card_list(value, path)
    low, high = (players, players) if players else (MIN_PLAYERS, MAX_PLAYERS)
    if cards is not None and not low <= len(cards) <= high:
        wanted = f"{low}" if low == high else f"{low} to {high}"
        reader.add(path, f"a trick has {wanted} cards, one per seat, not {len(cards)}")
        return None
    return cards


def _hand_number(reader: Reader, value: object, path: str, players: int | None) -> Any:
    return reader.integer(value, path, 0, MAX_HAND_NUMBER)


def _points(reader: Reader, value: object, path: str, players: int | None) -> Any:
    return reader.integer(value, path, -MAX_TOTAL, MAX_TOTAL)


def _per_seat(reader: Reader, value: object, path: str, players: int | None) -> Any:
    items = reader.array(value, path, players)
    if items is None:
        return None
    if players is None and not MIN_PLAYERS <= len(items) <= MAX_PLAYERS:
        reader.add(path, f"must have {MIN_PLAYERS} to {MAX_PLAYERS} items, one per seat")
        return None
    numbers = [_points(reader, item, f"{path}[{i}]", None) for i, item in enumerate(items)]
    return None if None in numbers else tuple(numbers)


def _seats(reader: Reader, value: object, path: str, players: int | None) -> Any:
    items = reader.array(value, path)
    if items is None:
        return None
    before = len(reader.problems)
    seats: list[int] = []
    for index, item in enumerate(items[: MAX_PLAYERS + 1]):
        seat = reader.seat(item, f"{path}[{index}]", players)
        if seat is not None and seats and seat <= seats[-1]:
            reader.add(f"{path}[{index}]", "seats are listed once each, in increasing order")
        elif seat is not None:
            seats.append(seat)
    if not items or len(items) > MAX_PLAYERS:
        reader.add(path, f"must list 1 to {MAX_PLAYERS} seats")
    return tuple(seats) if len(reader.problems) == before else None


def _direction(reader: Reader, value: object, path: str, players: int | None) -> Any:
    return reader.choice(PassDirection, value, path)


def _option(reader: Reader, value: object, path: str, players: int | None) -> Any:
    return reader.choice(MoonOption, value, path)


def _maybe_option(reader: Reader, value: object, path: str, players: int | None) -> Any:
    return _Null if value is None else reader.choice(MoonOption, value, path)


class _NullValue:
    """A ``null`` read where the format allows one (``None`` means a refused value)."""


_Null: Final = _NullValue()

_READERS: Final[dict[str, _Read]] = {
    "hand_number": _hand_number,
    "dealer": _seat,
    "pass_direction": _direction,
    "seat": _seat,
    "from_seat": _seat,
    "to_seat": _seat,
    "winner": _seat,
    "card": _card,
    "points": _points,
    "totals": _per_seat,
    "scores": _per_seat,
    "winners": _seats,
}
# Fields whose reading depends on the event type.
_SPECIAL: Final[dict[tuple[str, str], _Read]] = {
    ("cards-passed", "cards"): _hidden_cards,
    ("trick-taken", "cards"): _trick,
    ("hand-scored", "points"): _per_seat,
    ("moon-shot", "option"): _maybe_option,
    ("moon-chosen", "option"): _option,
}


def event_from_data(data: Any, players: int | None = None) -> Event:
    """An event from parsed JSON data, checked strictly.

    With ``players``, seats must be seats at that table and every per-seat list
    must have one item per seat; without it, up to six seats.

    Raises:
        RecordError: listing every problem with its JSON path.
        InvalidStateError: for a ``players`` that is not 3 to 6.

    >>> event_from_data({"type": "moon-shot", "seat": 3, "option": None})
    MoonShot(seat=3, option=None)
    >>> event_from_data({"type": "card-played", "seat": 4, "card": "10H"}, players=4)
    Traceback (most recent call last):
    ...
    hearts_core.io.errors.RecordError: 2 problems:
      $.seat: must be between 0 and 3, not 4
      $.card: not a card: a string ("10H")
    """
    if players is not None and (
        type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS
    ):
        raise InvalidStateError(
            "players",
            f"must be a whole number from {MIN_PLAYERS} to {MAX_PLAYERS}, not {shown(players)}",
        )
    reader = Reader()
    name = _read_type(reader, data)
    if name is None:
        reader.raise_if_any()
    assert name is not None
    fields = _FIELDS[name]
    doc = reader.json_object(data, "$", required=("type", *fields))
    values: dict[str, Any] = {}
    for field in fields:
        if doc is not None and field in doc:
            read = _SPECIAL.get((name, field)) or _READERS[field]
            values[field] = read(reader, doc[field], key_path("$", field), players)
    reader.raise_if_any()
    values = {field: None if value is _Null else value for field, value in values.items()}
    _check_event(reader, name, values)
    reader.raise_if_any()
    event: Event = _KIND[name](**values)
    return event


def _read_type(reader: Reader, data: Any) -> str | None:
    if not isinstance(data, dict):
        reader.json_object(data, "$")  # notes that it must be an object
        return None
    if "type" not in data:
        reader.add("$.type", "missing")
        return None
    name = data["type"]
    if not isinstance(name, str) or name not in _FIELDS:
        known = ", ".join(_FIELDS)
        reader.add("$.type", f"not an event type: {describe(name)} (known: {known})")
        return None
    return name


def _check_event(reader: Reader, name: str, values: dict[str, Any]) -> None:
    """What a schema cannot say: the seats and the lists of one event fit together."""
    if name == "cards-passed":
        if values["from_seat"] == values["to_seat"]:
            reader.add("$.to_seat", "a seat does not pass to itself")
        if values["cards"] is not None and not values["cards"]:
            reader.add("$.cards", "a pass gives at least one card (null when hidden)")
    elif name == "trick-taken" and values["winner"] >= len(values["cards"]):
        reader.add("$.winner", f"no seat {values['winner']} in a trick of {len(values['cards'])}")
    elif name == "hand-scored":
        lengths = {len(values[field]) for field in ("points", "scores", "totals")}
        if len(lengths) > 1:
            reader.add("$", "points, scores and totals must have one item per seat each")
    elif name == "game-over":
        for index, seat in enumerate(values["winners"]):
            if seat >= len(values["totals"]):
                reader.add(f"$.winners[{index}]", f"no seat {seat} among the totals")


def event_from_json(text: str | bytes, players: int | None = None) -> Event:
    """An event from JSON text (untrusted input welcome; see :func:`event_from_data`).

    Raises:
        RecordError: listing every problem with its JSON path; nothing else.

    >>> from hearts_core import PassSubmitted
    >>> event_from_json(event_to_json(PassSubmitted(2))) == PassSubmitted(2)
    True
    """
    return event_from_data(loads(text), players)
