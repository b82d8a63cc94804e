"""Pins for hearts_core.events, found by mutation testing (docs/mutation.md).

:func:`~hearts_core.visible_events` takes any seat from 0 to 5 (the largest table seats
6), refuses anything else with :class:`~hearts_core.InvalidSeatError` naming the value
and the seats, refuses an item that is not an event with
:class:`~hearts_core.InvalidStateError` naming its place (``events[i]``), and hides the
cards of a :class:`~hearts_core.CardsPassed` from every seat but the giver and the
receiver. Each expected value is worked out from the docstrings.
"""

from __future__ import annotations

import pytest

from hearts_core import (
    CardSet,
    CardsPassed,
    InvalidSeatError,
    InvalidStateError,
    PassSubmitted,
    SunShot,
    visible_events,
)

PASSED = CardSet.parse("QS KS AS")


@pytest.mark.parametrize(("seat", "text"), [(6, "6"), (-1, "-1"), (True, "True"), (2.0, "2.0")])
def test_a_seat_that_is_not_one_is_refused_naming_the_value_and_the_seats(
    seat: object, text: str
) -> None:
    with pytest.raises(InvalidSeatError) as info:
        visible_events([PassSubmitted(1)], seat)  # type: ignore[arg-type]
    assert str(info.value) == f"no such seat: {text} (seats are 0 to 5 at most)"


@pytest.mark.parametrize("seat", [0, 5])
def test_the_first_and_the_last_seat_of_the_largest_table_see_events(seat: int) -> None:
    events = (PassSubmitted(1), SunShot(2))
    assert visible_events(events, seat) == events


@pytest.mark.parametrize(("index", "item", "text"), [(0, "played", "'played'"), (2, None, "None")])
def test_an_item_that_is_not_an_event_is_refused_naming_its_place(
    index: int, item: object, text: str
) -> None:
    events: list[object] = [PassSubmitted(1), SunShot(2)]
    events.insert(index, item)
    with pytest.raises(InvalidStateError) as info:
        visible_events(events, 0)  # type: ignore[arg-type]
    assert info.value.field == f"events[{index}]"
    assert info.value.reason == f"not an event: {text}"
    assert str(info.value) == f"events[{index}]: not an event: {text}"


@pytest.mark.parametrize("seat", [0, 1, 2, 3, 4, 5])
def test_only_the_giver_and_the_receiver_see_the_cards_passed(seat: int) -> None:
    # Seat 4 gives to seat 1 (a six-seat table).
    event = CardsPassed(4, 1, PASSED)
    (shown,) = visible_events(iter([event]), seat)
    assert shown == CardsPassed(4, 1, PASSED if seat in (1, 4) else None)
