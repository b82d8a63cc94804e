"""Pins for hearts_core.actions, found by mutation testing (docs/mutation.md).

A :class:`~hearts_core.Deal` refuses, with :class:`~hearts_core.InvalidActionError` of
field ``hands``, what is not one hand per seat (a text, a single card set, a number),
more hands than the largest table seats, and a hand that is not a set of cards;
:func:`~hearts_core.random_deal` refuses rules that are not ``Rules`` and a generator that
is not a ``random.Random`` with :class:`~hearts_core.InvalidRulesError` naming the
argument. Each expected message is written from the docstrings and ``shown``'s rules (a value's
``repr``, or "a" and its type's name), not read back from the code.
"""

from __future__ import annotations

import random

import pytest

from hearts_core import (
    Card,
    CardSet,
    Deal,
    InvalidActionError,
    InvalidRulesError,
    Rules,
    random_deal,
)
from hearts_core.rules.fields import MAX_PLAYERS

HANDS = ["2C 3C", "4C 5C", "6C 7C", "8C 9C"]


@pytest.mark.parametrize(
    ("hands", "text"),
    [
        ("2C 3C | 4C 5C", "'2C 3C | 4C 5C'"),  # a text, even one that reads as hands
        (CardSet.parse("2C 3C"), "a CardSet"),  # one set of cards is not one per seat
        (7, "7"),
        (None, "None"),
    ],
)
def test_a_deal_that_is_not_one_hand_per_seat_is_refused_naming_hands(
    hands: object, text: str
) -> None:
    with pytest.raises(InvalidActionError) as info:
        Deal(hands)
    assert info.value.field == "hands"
    assert str(info.value) == f"a deal needs one hand per seat, not {text}"


def test_a_deal_of_more_hands_than_the_largest_table_is_refused() -> None:
    # The largest table seats 6: a seventh hand is one too many.
    assert MAX_PLAYERS == 6
    six = [f"{rank}C" for rank in "234567"]
    assert len(Deal(six).hands) == 6
    with pytest.raises(InvalidActionError) as info:
        Deal([*six, "8C"])
    assert info.value.field == "hands"
    assert str(info.value) == "a deal has at most 6 hands"


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        ("2C ZZ", "not a card: 'ZZ'"),
        ([Card.parse("2C"), 5], "not a card: 5"),  # a collection of cards holds Cards
        (5, "not a set of cards: 5"),
    ],
)
def test_a_hand_of_a_deal_that_is_not_a_set_of_cards_is_refused_naming_hands(
    hand: object, message: str
) -> None:
    with pytest.raises(InvalidActionError) as info:
        Deal([*HANDS[:3], hand])
    assert info.value.field == "hands"
    assert str(info.value) == message


@pytest.mark.parametrize(
    ("rules", "text"), [("classic", "'classic'"), (None, "None"), ({}, "a dict")]
)
def test_random_deal_refuses_rules_that_are_not_rules_naming_rules(
    rules: object, text: str
) -> None:
    with pytest.raises(InvalidRulesError) as info:
        random_deal(rules, random.Random(0))  # type: ignore[arg-type]
    assert info.value.field == "rules"
    assert info.value.reason == f"random_deal needs Rules, not {text}"
    assert str(info.value) == f"rules: random_deal needs Rules, not {text}"


@pytest.mark.parametrize(("rng", "text"), [(7, "7"), (None, "None"), (random, "a module")])
def test_random_deal_refuses_a_generator_that_is_not_a_random_naming_rng(
    rng: object, text: str
) -> None:
    with pytest.raises(InvalidRulesError) as info:
        random_deal(Rules(), rng)  # type: ignore[arg-type]
    assert info.value.field == "rng"
    assert info.value.reason == f"random_deal needs a random.Random, not {text}"
