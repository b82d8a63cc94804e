"""Events as JSON, and the events one seat may see: what the web table sends each browser.

Every event of :func:`~hearts_core.step` becomes a JSON object whose ``type``
is the event's name in kebab case (``card-played``, ``trick-taken``). One seat
sees every event but the cards of a pass it neither gave nor received: for
the other seats, ``cards-passed`` carries only ``from_seat`` and ``to_seat``.

>>> from hearts_core import CardSet, CardsPassed
>>> event = CardsPassed(0, 1, CardSet.parse("QS AS KS"))
>>> events_for(1, [event])
[{'type': 'cards-passed', 'from_seat': 0, 'to_seat': 1, 'cards': ['QS', 'KS', 'AS']}]
>>> events_for(2, [event])
[{'type': 'cards-passed', 'from_seat': 0, 'to_seat': 1}]
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from hearts_core.cards import Card, CardSet
from hearts_core.events import CardsPassed, Event
from hearts_core.io.values import cards_to_data

__all__ = ["event_to_data", "events_for"]


def _kebab(name: str) -> str:
    return "".join("-" + c.lower() if c.isupper() else c for c in name).lstrip("-")


def _value(value: object) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, CardSet):
        return cards_to_data(value)
    if isinstance(value, tuple):
        return [_value(item) for item in value]
    if hasattr(value, "value") and not isinstance(value, int):  # an option's enum
        return value.value
    return value


def event_to_data(event: Event) -> dict[str, Any]:
    """The whole event as JSON data: its fields by name, cards as ``"QS"``, options by value.

    >>> from hearts_core import Card, TrickTaken
    >>> event_to_data(TrickTaken(2, (Card.parse("2C"), Card.parse("QH")), 1))
    {'type': 'trick-taken', 'winner': 2, 'cards': ['2C', 'QH'], 'points': 1}
    """
    data: dict[str, Any] = {"type": _kebab(type(event).__name__)}
    for field in attrs.fields(type(event)):
        data[field.name] = _value(getattr(event, field.name))
    return data


def events_for(seat: int, events: Iterable[Event]) -> list[dict[str, Any]]:
    """The events ``seat`` may see, as JSON data: a pass it neither gave nor received
    loses its cards.

    >>> from hearts_core import Card, CardPlayed
    >>> events_for(3, [CardPlayed(0, Card.parse("2C"))])
    [{'type': 'card-played', 'seat': 0, 'card': '2C'}]
    """
    shown = []
    for event in events:
        data = event_to_data(event)
        if isinstance(event, CardsPassed) and seat not in (event.from_seat, event.to_seat):
            del data["cards"]
        shown.append(data)
    return shown
