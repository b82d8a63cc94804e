"""Pins for hearts_core/state.py, found by mutation testing (docs/mutation-engine.md).

Each test pins a fact of a hand that a surviving mutant changed; the expected values
are worked out by hand from the rules.
"""

from __future__ import annotations

import random

import pytest

from hearts_core import (
    Card,
    CardSet,
    GameState,
    InvalidStateError,
    Rules,
    Trick,
    apply,
    new_game,
    random_deal,
)
from hearts_core.state import dealer_of, first_leader, hearts_broken_by


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(part) for part in text.split())


def test_a_game_state_cannot_be_built_by_hand() -> None:
    with pytest.raises(InvalidStateError) as raised:
        GameState()
    assert raised.value.field == "state"
    assert raised.value.reason == "game states are built by new_game and apply, not by hand"
    assert str(raised.value) == (
        "state: game states are built by new_game and apply, not by hand"
    )


def test_when_only_discards_break_hearts_a_discarded_heart_in_a_trick_breaks_them() -> None:
    discards = Rules(only_discards_break_hearts=True).tables()
    # Spades led, a heart discarded: broken. Hearts led and followed: not broken.
    assert hearts_broken_by(discards, [Trick(0, cards("2S 5H 3S 4S"))], ()) is True
    assert hearts_broken_by(discards, [], cards("2S 5H")) is True
    assert hearts_broken_by(discards, [Trick(0, cards("5H 6H 7H 8H"))], ()) is False
    assert hearts_broken_by(discards, [], cards("5H 6H")) is False


@pytest.mark.parametrize(
    ("players", "hand_number", "leader"),
    [(4, 0, 0), (4, 1, 1), (4, 2, 2), (4, 3, 3), (3, 4, 1), (5, 7, 2)],
)
def test_left_of_dealer_the_seat_after_the_dealer_leads(
    players: int, hand_number: int, leader: int
) -> None:
    # The last seat deals hand 0, then the deal moves left: hand h is dealt by seat
    # (h - 1) mod players, and the seat after it leads, seat h mod players.
    rules = Rules(players=players, first_lead="left-of-dealer", pass_cycle=["hold"])
    dealer = dealer_of(hand_number, players)
    assert dealer == (hand_number - 1) % players
    hands = [0] * players
    assert first_leader(rules.tables(), hands, dealer) == leader
    state = new_game(rules, hand_number=hand_number)
    state = apply(state, random_deal(rules, random.Random(hand_number)))
    assert state.leader == leader
    assert state.to_act == (leader,)


def test_first_leader_is_none_when_nobody_holds_the_first_lead_card() -> None:
    hands = [CardSet.parse(text).mask for text in ("3C", "4C", "5C", "6C")]
    assert first_leader(Rules().tables(), hands, 3) is None
