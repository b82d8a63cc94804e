"""Claims: whether a seat takes every remaining trick, or none, whatever the others play.

Hand-checked deals for the plain cases; late positions of random games checked against
every deal of the hidden cards for a seat's own claim; and the refusals.
"""

from __future__ import annotations

import random

import pytest
from helpers.positions import position

from hearts_core import (
    CardSet,
    Deal,
    GameState,
    InvalidSeatError,
    InvalidStateError,
    Phase,
    PlayCard,
    Rules,
    apply,
    new_game,
    observe,
    variant,
)
from hearts_core.belief import Belief
from hearts_core.claims import DEALS, Claim, claim_cards, claim_rest, view_claim
from hearts_core.draws import CheckedDraws

# Each seat holds one suit: seat 0 leads the 2C and every club after it, and nobody can
# follow, so seat 0 takes every trick and the others none.
SUITS = Deal(
    [
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    ]
)
# Seat 1 holds the 2C and no other club; seat 0 the other clubs and the ace of diamonds:
# once seat 1 has led its club, every card seat 0 holds is the highest left in its suit.
MASTERS = Deal(
    [
        "3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC AD",
        "2C 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    ]
)


def _dealt(deal: Deal) -> GameState:
    return apply(new_game(Rules(pass_cycle=["hold"])), deal)


def test_one_suit_a_seat_the_leader_claims_every_trick_and_the_others_none() -> None:
    state = _dealt(SUITS)
    assert [claim_rest(state, seat) for seat in range(4)] == [
        Claim.ALL, Claim.NONE, Claim.NONE, Claim.NONE,
    ]  # fmt: skip
    assert claim_rest(state) is Claim.ALL
    assert str(claim_cards(state, Claim.ALL)) == "2C"
    assert claim_cards(state, Claim.NONE) == CardSet()
    state = apply(state, PlayCard(0, "2C"))
    # Seat 1 discards whichever diamond it likes: it takes nothing either way.
    assert claim_cards(state, Claim.NONE) == CardSet.parse(
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"
    )


def test_a_seat_whose_cards_are_all_masters_once_the_lead_is_gone_claims_every_trick() -> None:
    state = _dealt(MASTERS)
    assert state.to_act == (1,)
    assert claim_rest(state, 0) is Claim.ALL
    # Seat 0 takes every trick, so the others take none, the diamonds of seat 1 included.
    assert [claim_rest(state, seat) for seat in (1, 2, 3)] == [Claim.NONE] * 3
    state = apply(state, PlayCard(1, "2C"))
    assert claim_rest(state, 0) is Claim.ALL
    # Seat 2 follows no club and must keep its hearts: the first trick takes no points.
    state = apply(state, PlayCard(2, "2H"))
    state = apply(state, PlayCard(3, "2S"))
    # Seat 0 must follow the club led, and any of its clubs beats the 2C.
    assert claim_cards(state, Claim.ALL) == CardSet.parse("3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC")


def _late(name: str, seed: int) -> GameState:
    rules = variant(name)
    state = position(rules, seed, rules.players * (rules.tables().hand_size - 2))
    return state


@pytest.mark.parametrize("name", ["standard", "three-player", "omnibus", "black-maria"])
def test_a_seat_claims_what_holds_on_every_deal_it_cannot_tell_apart(name: str) -> None:
    claimed = 0
    for seed in range(40):
        state = _late(name, seed)
        if state.phase is not Phase.PLAY:
            continue
        seat = state.to_act[0]
        view = observe(state, seat)
        belief = Belief(view)
        assert claim_rest(state) in (Claim.ALL, Claim.NONE, None)
        # Every deal the seat cannot tell from this one, filled into a state and proved.
        kept = {claim: -1 for claim in Claim}
        for hands in belief.each_hands():
            filled = belief._state(hands, CheckedDraws(random.Random(0)).below)
            for claim in Claim:
                kept[claim] &= claim_cards(filled, claim).mask
        found = view_claim(view)
        if belief.size > DEALS:
            assert found is None  # too many deals to prove the claim on each
        elif kept[Claim.ALL]:
            assert found == (Claim.ALL, CardSet.from_mask(kept[Claim.ALL]))
        elif kept[Claim.NONE]:
            assert found == (Claim.NONE, CardSet.from_mask(kept[Claim.NONE]))
        else:
            assert found is None
        claimed += found is not None
    assert claimed  # some claim was found, and checked


def test_too_many_deals_or_too_small_a_budget_claims_nothing() -> None:
    state = _dealt(SUITS)
    assert claim_rest(state, budget=1) is None
    assert claim_cards(state, Claim.ALL, budget=1) == CardSet()
    view = observe(state, 0)
    assert view_claim(view) is None  # every deal of 39 hidden cards: far too many
    late = _late("standard", 3)
    late_view = observe(late, late.to_act[0])
    assert Belief(late_view).size > 1
    assert view_claim(late_view, deals=1) is None


def test_refusals() -> None:
    state = _dealt(SUITS)
    with pytest.raises(InvalidStateError, match="state"):
        claim_rest(new_game())
    with pytest.raises(InvalidStateError, match="state"):
        claim_rest(observe(state, 0))  # type: ignore[arg-type]
    with pytest.raises(InvalidSeatError):
        claim_rest(state, 4)
    with pytest.raises(InvalidSeatError):
        claim_rest(state, "0")  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match="claim"):
        claim_cards(state, "all")  # type: ignore[arg-type]
    for budget in (0, -3, 2.5, True):
        with pytest.raises(InvalidStateError, match="budget"):
            claim_rest(state, budget=budget)  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match="view"):
        view_claim(observe(state, 2))  # not seat 2's turn
    with pytest.raises(InvalidStateError, match="deals"):
        view_claim(observe(state, 0), deals=0)
