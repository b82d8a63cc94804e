"""The seats: their names for people (seat_names), and acting for a known seat (as_seat)."""

from __future__ import annotations

import random

import pytest

from hearts_core import (
    IllegalActionError,
    InvalidActionError,
    InvalidRulesError,
    InvalidSeatError,
    PlayCard,
    Rule,
    Rules,
    new_game,
    random_deal,
)
from hearts_core.as_seat import apply_as, step_as
from hearts_core.seat_names import name_seats, seat_names

# --- Pins for hearts_core.seat_names and hearts_core.as_seat, found by mutation testing ---

NAMES = seat_names(4)  # North, East, South, West


@pytest.mark.parametrize(("players", "kind"), [("4", "str"), (4.0, "float"), (True, "bool")])
def test_seat_names_refuses_a_number_of_players_that_is_not_an_integer(
    players: object, kind: str
) -> None:
    with pytest.raises(InvalidRulesError) as info:
        seat_names(players)  # type: ignore[arg-type]
    assert info.value.field == "players"
    assert info.value.reason == f"must be an integer, not {kind}"


def test_a_seat_number_one_past_the_names_is_left_as_it_is() -> None:
    # Four names: seats 0 to 3. Seat 4 is not a seat of them, as you or not.
    assert name_seats("seat 4 must follow clubs", NAMES) == "seat 4 must follow clubs"
    assert name_seats("seat 4's turn", NAMES, you=4) == "seat 4's turn"
    assert name_seats("seat 3 and seat 4", NAMES) == "West and seat 4"


def test_your_before_a_word_and_yours_at_the_end() -> None:
    assert name_seats("it is seat 0's turn to play", NAMES, you=0) == "it is your turn to play"
    assert name_seats("seat 0's hand is empty", NAMES, you=0) == "Your hand is empty"
    assert name_seats("the last trick is seat 0's", NAMES, you=0) == "the last trick is yours"


def test_you_in_the_middle_of_a_sentence_is_in_lower_case() -> None:
    assert name_seats("seat 1 passes to seat 0", NAMES, you=0) == "East passes to you"


@pytest.mark.parametrize("end", [".", ":", "!", "?"])
def test_you_is_capitalised_after_the_end_of_a_sentence_or_a_colon(end: str) -> None:
    text = f"seat 1 leads{end} seat 0 does not hold clubs"
    assert name_seats(text, NAMES, you=0) == f"East leads{end} You do not hold clubs"


def test_you_after_a_word_that_follows_a_sentence_end_is_in_lower_case() -> None:
    # Only what comes right before the seat (spaces aside) counts: here "then".
    text = "seat 1 led. then seat 0 is next"
    assert name_seats(text, NAMES, you=0) == "East led. then you are next"


@pytest.mark.parametrize(("seat", "players"), [(4, 4), (3, 3), (-1, 5)])
def test_a_sender_that_is_not_a_seat_is_refused_naming_the_seats(seat: int, players: int) -> None:
    state = new_game(Rules(players=players))
    with pytest.raises(InvalidSeatError) as info:
        apply_as(state, seat, PlayCard(0, "2C"))
    # InvalidSeatError has no fields: its message shows the seat given and the seats there are.
    assert str(seat) in str(info.value)
    assert f"0 to {players - 1}" in str(info.value)


@pytest.mark.parametrize("send", [apply_as, step_as])
def test_what_is_not_an_action_is_refused_as_malformed(send: object) -> None:
    assert callable(send)
    with pytest.raises(InvalidActionError) as info:
        send(new_game(), 0, "play 0 2C")
    assert info.value.field is None
    assert info.value.action == "play 0 2C"


@pytest.mark.parametrize("send", [apply_as, step_as])
def test_a_seat_may_not_deal_and_the_refusal_carries_the_deal(send: object) -> None:
    assert callable(send)
    deal = random_deal(Rules(), random.Random(1))
    with pytest.raises(IllegalActionError) as info:
        send(new_game(), 2, deal)
    assert info.value.rule is Rule.NOT_YOUR_SEAT
    assert info.value.action is deal
    assert "seat 2" in str(info.value)
