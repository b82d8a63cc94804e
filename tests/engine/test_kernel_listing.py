"""What ``legal_actions`` lists, from the kernel (``hearts_core/_listing.py``): the passes of a
pass phase, each read by its rank, and the pass transition that consumes them
(``hearts_core/_transition.py``). Every test runs on whichever build is running; the
builds' test compares the two on whole games."""

from __future__ import annotations

import itertools
import math
import random
from typing import Any

import pytest

from hearts_core import (
    CardSet,
    Deal,
    PassCards,
    Phase,
    Rules,
    apply,
    legal_actions,
    new_game,
    random_deal,
    step,
)
from hearts_core.actions import PASSES, PassChoices, SeatPasses
from hearts_core.events import CardsPassed, PassSubmitted
from hearts_core.kernel import (
    bind_passes,
    choices_of,
    pass_listing,
    passes_without,
    unranked,
)
from hearts_core.rules import PassDirection


def mask(text: str) -> int:
    return CardSet.parse(text).mask


def test_choices_of_is_the_binomial_coefficient_up_to_the_whole_deck() -> None:
    for held in range(53):
        for count in range(53):
            assert choices_of(held, count) == math.comb(held, count)
    for held, count in ((53, 3), (13, -1), (13, 53)):
        with pytest.raises(ValueError, match=f"^no count of choices of {count} cards from {held}$"):
            choices_of(held, count)


def test_the_passes_of_four_clubs_by_two_in_card_order() -> None:
    # Worked by hand: 2C 3C, 2C 4C, 2C 5C, 3C 4C, 3C 5C, 4C 5C.
    hand = mask("2C 3C 4C 5C")
    expected = ["2C 3C", "2C 4C", "2C 5C", "3C 4C", "3C 5C", "4C 5C"]
    assert [str(CardSet.from_mask(unranked(hand, 2, i))) for i in range(6)] == expected


@pytest.mark.parametrize("held, count", [(13, 3), (20, 5), (26, 1), (9, 9), (6, 0)])
def test_unranking_lists_the_combinations_of_the_hand_in_card_order(held: int, count: int) -> None:
    # Cards drawn from the whole deck, so the hand crosses suits (and, at 20 and 26 cards,
    # goes past the pure build's table of positions).
    bits = sorted(random.Random(held).sample(range(52), held))
    hand = sum(1 << bit for bit in bits)
    combos = [sum(1 << bit for bit in combo) for combo in itertools.combinations(bits, count)]
    assert [unranked(hand, count, i) for i in range(len(combos))] == combos


def test_unranking_a_whole_deck_reaches_its_last_choice() -> None:
    deck = (1 << 52) - 1
    assert unranked(deck, 2, 0) == 0b11
    assert unranked(deck, 2, math.comb(52, 2) - 1) == 0b11 << 50
    assert unranked(deck, 26, math.comb(52, 26) - 1) == deck ^ (1 << 26) - 1


def test_unranking_refuses_a_choice_that_is_not_there() -> None:
    hand = mask("2C 3C 4C 5C")
    for count, index in ((2, 6), (5, 0), (2, 1 << 40), (2, -1), (-1, 0)):
        with pytest.raises(ValueError, match="no choice"):
            unranked(hand, count, index)


def test_a_listing_reads_each_seats_passes_seat_by_seat() -> None:
    hands = (mask("2C 3C"), mask("4D 5D 6D"), mask("7H"))
    listed = pass_listing((None, CardSet(), None), hands, 1)  # seat 1 has passed
    assert isinstance(listed, SeatPasses) and len(listed) == 3
    assert [part.seat for part in listed.parts] == [0, 2]
    assert [str(action) for action in listed] == ["pass 0 2C", "pass 0 3C", "pass 2 7H"]
    assert listed[-1] == PassCards(2, "7H") and listed[-3] == PassCards(0, "2C")
    assert [str(action) for action in listed[1:]] == ["pass 0 3C", "pass 2 7H"]
    part = listed.parts[1]
    assert isinstance(part, PassChoices)
    assert (part.seat, part.hand, part.pass_count, part.size) == (2, CardSet.parse("7H"), 1, 1)


def test_a_listing_refuses_what_is_not_an_index_of_it() -> None:
    listed = pass_listing((None, None), (mask("2C 3C"), mask("4D")), 1)
    for index in (3, -4, 1 << 70, -(1 << 70)):
        with pytest.raises(IndexError, match=r"out of range \(3 actions\)"):
            listed[index]
    for bad in ("1", 1.0, None):
        with pytest.raises(TypeError, match="action indices are integers"):
            listed[bad]
    part = listed.parts[0]
    with pytest.raises(IndexError, match=r"out of range \(2 choices\)"):
        part[2]
    with pytest.raises(TypeError, match="pass choice indices are integers"):
        part["0"]
    with pytest.raises(TypeError, match="not True"):  # a bool is not taken for a number
        part[True]


def test_a_listing_built_by_hand_reads_as_one_the_kernel_built() -> None:
    hands = (mask("2C 3C 9S"), mask("4D 5D 6D"))
    built = pass_listing((None, None), hands, 2)
    by_hand = SeatPasses(
        (
            PassChoices(0, CardSet.from_mask(hands[0]), 2),
            PassChoices(1, CardSet.from_mask(hands[1]), 2),
        )
    )
    assert list(by_hand) == list(built) and len(by_hand) == len(built) == 6
    assert str(by_hand[3]) == "pass 1 4D 5D"


def test_a_listing_without_a_seat_keeps_the_others_in_order() -> None:
    hands = (mask("2C 3C"), mask("4D 5D 6D"), mask("7H 8H"))
    listed = pass_listing((None, None, None), hands, 1)
    left = passes_without(listed, 1)
    assert [part.seat for part in left.parts] == [0, 2] and len(left) == 4
    assert all(a is b for a, b in zip(left.parts, (listed.parts[0], listed.parts[2]), strict=True))
    assert list(listed.without(7)) == list(listed)  # no such seat: nothing taken away


def test_binding_refuses_classes_whose_slots_are_not_the_listings() -> None:
    class Loose:
        __slots__ = ("parts", "size", "extra")

    with pytest.raises(TypeError, match=r"^Loose's slots are not \('parts', 'size'\)$"):
        bind_passes((Loose, PassChoices), *PASSES[1:])
    bind_passes(*PASSES)  # as actions left it
    assert str(pass_listing((None,), (mask("2C"),), 1)[0]) == "pass 0 2C"


def test_the_last_pass_exchanges_the_cards_with_its_events() -> None:
    # Seat s holds the 13 cards of one suit (clubs, diamonds, hearts, spades) and passes its
    # three lowest to the left: seat 1 ends with the 2C 3C 4C, so seat 1 leads.
    suits = ["C", "D", "H", "S"]
    ranks = "23456789TJQKA"
    deal = [" ".join(rank + suit for rank in ranks) for suit in suits]
    state = apply(new_game(Rules()), Deal(deal))
    assert state.pass_direction is PassDirection.LEFT
    events: list[Any] = []
    for seat in range(4):
        lowest = " ".join(rank + suits[seat] for rank in "234")
        state, happened = step(state, PassCards(seat, lowest))
        events.extend(happened)
    passed = [PassSubmitted(seat) for seat in range(4)]
    given = [
        CardsPassed(seat, (seat + 1) % 4, CardSet.parse(" ".join(r + suits[seat] for r in "234")))
        for seat in range(4)
    ]
    assert events == passed + given
    assert state.phase is Phase.PLAY and state.seat_to_play == 1 and state.leader == 1
    assert state.hands[1] == CardSet.parse("2C 3C 4C 5D 6D 7D 8D 9D TD JD QD KD AD")
    assert state.legal_mask == CardSet.parse("2C")


def test_a_pass_keeps_the_listing_only_when_it_was_listed() -> None:
    rules = Rules()
    dealt = apply(new_game(rules), random_deal(rules, random.Random(4)))
    first = PassCards(2, CardSet(list(dealt.hands[2])[:3]))
    unlisted = apply(dealt, first)  # nobody asked for the listing before the pass
    assert unlisted.pass_listing is None
    listed = legal_actions(dealt)
    after = apply(dealt, first)
    assert after.pass_listing is not None
    assert [part.seat for part in after.pass_listing.parts] == [0, 1, 3]
    assert len(legal_actions(after)) == len(listed) - 286
    assert list(legal_actions(after)) == list(legal_actions(unlisted))


# --- Pins for hearts_core/_listing.py -----------------------------------------------------
# The table of choices is filled, and the classes bound, at import, before mutmut turns a
# mutant on: these fill and bind again inside a test, and read back what they kept.


def test_the_table_of_choices_filled_again_is_pascals_triangle() -> None:
    from hearts_core import _listing

    table = _listing._COMB  # the pure module's, whichever build runs
    table[:] = [0] * len(table)  # every place must be filled again, none kept
    _listing._fill_comb()
    assert table == [math.comb(n, k) for n in range(53) for k in range(53)]


def test_binding_refuses_a_class_without_slots_by_name() -> None:
    class Open:
        pass

    with pytest.raises(TypeError, match=r"^Open's slots are not \('parts', 'size'\)$"):
        bind_passes((Open, PassChoices), *PASSES[1:])
    bind_passes(*PASSES)  # as actions left it
