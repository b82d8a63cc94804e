"""The engine's transition (``hearts_core/_transition.py``), in the build that runs: a play
records its card and the hearts it breaks, a pass is recorded, the plays listed are the
interned plays of the legal cards, and what cannot be read is refused with a typed error.
(``test_kernel_transition_builds.py`` compares the two builds.)"""

from __future__ import annotations

import random
from typing import Any

import pytest

from hearts_core import (
    Card,
    CardSet,
    Deal,
    IllegalActionError,
    InvalidActionError,
    InvalidStateError,
    PassCards,
    Phase,
    PlayCard,
    Rule,
    Rules,
    Suit,
    legal_actions,
    new_game,
    random_deal,
)
from hearts_core.actions import PLAYS
from hearts_core.engine import _CARD_PLAYED, TRANSITIONS
from hearts_core.events import CardPlayed, CardsPassed, HeartsBroken, PassSubmitted
from hearts_core.kernel import advance, bind_listing, bind_transitions, exchange, listing
from hearts_core.legality import LISTING
from hearts_core.rules import PassDirection
from hearts_core.state import NO_PASSES

# Each seat one suit: seat 0 the clubs, 1 the diamonds, 2 the hearts, 3 the spades.
SUITS = tuple(" ".join(rank + suit for rank in "23456789TJQKA") for suit in "CDHS")


def test_a_play_records_its_card_and_the_hearts_it_breaks() -> None:
    # Each seat plays its lowest legal card (clubs, then diamonds, hearts, spades): under the
    # standard rules only a heart breaks hearts, reported once, by the play that does it.
    rules = Rules()
    state = advance(new_game(rules, hand_number=3), random_deal(rules, random.Random(11)), None)
    breaks = 0
    while state.phase is Phase.PLAY:
        seat = state.seat_to_play
        card = Card.from_index((state.legal_bits & -state.legal_bits).bit_length() - 1)
        events: list[Any] = []
        before = state
        state = advance(state, PlayCard(seat, card), events)
        assert events[0] == CardPlayed(seat, card)
        broke = card.suit is Suit.HEARTS and not before.hearts_broken
        assert (HeartsBroken(seat, card) in events) is broke
        breaks += broke
    assert breaks == 1


def test_a_pass_is_recorded_and_refusals_are_typed() -> None:
    rules = Rules()
    state = advance(new_game(rules), random_deal(rules, random.Random(5)), None)
    cards = CardSet(list(CardSet.from_mask(state.phase_hands[2]))[:3])
    events: list[Any] = []
    after = advance(state, PassCards(2, cards), events)
    assert events == [PassSubmitted(2)] and after.passes[2] == cards
    assert state.passes[2] is None  # nothing changed
    with pytest.raises(IllegalActionError) as refused:
        advance(after, PassCards(2, cards), None)  # seat 2 has passed already
    assert refused.value.rule is Rule.ALREADY_PASSED
    with pytest.raises(InvalidStateError) as not_a_state:
        advance("a state", PlayCard(0, "2C"), None)
    assert not_a_state.value.field == "state"
    # Actions are tuples underneath: a forger builds one past the constructor's checks.
    forged = tuple.__new__(PassCards, (2.0, cards))  # type: ignore[type-var]
    with pytest.raises(InvalidActionError) as malformed:
        advance(state, forged, None)
    assert malformed.value.field == "seat"
    # A play with a seat and no card: reading its card fails, on a state in play.
    playing = advance(new_game(rules, hand_number=3), random_deal(rules, random.Random(5)), None)
    half = tuple.__new__(PlayCard, (playing.seat_to_play,))  # type: ignore[type-var]
    with pytest.raises(InvalidActionError) as no_card:
        advance(playing, half, None)
    assert no_card.value.field == "card"


def test_the_plays_listed_are_the_interned_plays_of_the_legal_cards_in_card_order() -> None:
    # Leads under rules that never keep hearts back: every card held is legal, so the listing
    # crosses suits (the pure build's join of several suits, the compiled build's one pass).
    rules = Rules(must_break_hearts=False)
    for seed in range(20):
        state = advance(
            new_game(rules, hand_number=3), random_deal(rules, random.Random(seed)), None
        )
        seat = state.seat_to_play
        state = advance(state, PlayCard(seat, "2C"), None)
        while state.phase is Phase.PLAY:
            listed = listing(state, None)
            expected = [
                PLAYS[state.seat_to_play][i] for i in range(52) if state.legal_bits >> i & 1
            ]
            assert list(listed) == expected and type(listed) is tuple
            assert all(a is b for a, b in zip(listed, expected, strict=True))
            assert listing(state, (state.seat_to_play + 1) % 4) == ()
            state = advance(state, listed[-1], None)
    assert listing(state, None) is None  # between hands


# --- Pins for hearts_core/_transition.py ------------------------------------------------
# The engine and legality bind the transition at import; these bind it again inside a test
# (with the same pieces), so that what each binding keeps is checked where it is kept.


def test_a_binding_keeps_each_piece_the_transition_hands_out() -> None:
    bind_transitions(*TRANSITIONS)
    bind_listing(*LISTING)
    rules = Rules()
    state = advance(new_game(rules, hand_number=3), random_deal(rules, random.Random(2)), None)
    assert state.pass_listing is NO_PASSES
    seat = state.seat_to_play
    events: list[Any] = []
    after = advance(state, PlayCard(seat, "2C"), events)
    assert events == [CardPlayed(seat, Card.parse("2C"))] and events[0] is _CARD_PLAYED[seat][0]
    assert after.pass_listing is NO_PASSES
    # Another seat's listing is empty (a tuple, as legal_actions promises), not missing.
    assert listing(after, seat) == () and type(listing(after, seat)) is tuple
    with pytest.raises(InvalidStateError):  # the binding's own refusal, typed
        advance(None, PlayCard(0, "2C"), None)


def test_a_new_trick_has_no_winning_card_yet() -> None:
    rules = Rules()
    state = advance(new_game(rules, hand_number=3), random_deal(rules, random.Random(3)), None)
    for _ in range(4):
        assert state.winning != 0 or not state.current_trick
        state = advance(state, legal_actions(state)[0], None)
    assert state.current_trick == () and len(state.tricks) == 1
    assert state.winning == 0


def test_plays_for_every_seat_must_be_52_a_seat() -> None:
    plays = [list(row) for row in LISTING[0]]
    # 51 and 53: the count over all seats is right, one seat's is not.
    plays[1].append(plays[0].pop())
    lopsided = tuple(tuple(row) for row in plays)
    with pytest.raises(ValueError, match=r"^plays must list 52 plays for each seat$"):
        bind_listing(lopsided, *LISTING[1:])
    bind_listing(*LISTING)  # as legality left it


def test_the_transition_reads_a_states_winning_card_as_the_state_packs_it() -> None:
    # The kernel cannot import the state's module (the state's rules import the kernel), so
    # the transition keeps its own name for the bits of ``winning`` below the winner's seat.
    from hearts_core import _transition
    from hearts_core.state import WINNING_CARD, winning_so_far

    assert _transition.WINNING_CARD == WINNING_CARD == (1 << 52) - 1
    cards = [Card.parse(text) for text in ("2C", "KC", "AH")]
    winning = winning_so_far(3, cards, 4)
    assert winning & _transition.WINNING_CARD == Card.parse("KC").bit and winning >> 52 == 0


# --- The pass transition: the passes so far, the exchange and the first lead -------------


def test_a_hand_led_left_of_the_dealer_begins_with_that_seat_on_any_card() -> None:
    # Hand 2 of four seats: seat 1 deals (the last seat deals hand 0, then the deal moves
    # left), so seat 2 leads, whatever it holds; it passes across, and nothing narrows a
    # lead before hearts break but the hearts themselves.
    rules = Rules(first_lead="left-of-dealer")
    state = advance(new_game(rules, hand_number=2), Deal(SUITS), None)
    for seat in range(4):
        state = advance(state, PassCards(seat, CardSet(list(state.hands[seat])[-3:])), None)
    assert state.phase is Phase.PLAY and state.leader == 2 and state.seat_to_play == 2
    # Across: seat 2 (the hearts) gives its QH KH AH to seat 0 and gets seat 0's QC KC AC.
    assert state.hands[2] == CardSet.parse("2H 3H 4H 5H 6H 7H 8H 9H TH JH QC KC AC")
    assert state.legal_mask == CardSet.parse("QC KC AC")


def test_three_seats_passing_right_exchange_around_the_table() -> None:
    # Three seats, passing right: each seat's cards go to the seat before it.
    dealt = (CardSet.parse("2C 3C").mask, CardSet.parse("4D 5D").mask, CardSet.parse("6H 7H").mask)
    given = (CardSet.parse("2C").mask, CardSet.parse("4D").mask, CardSet.parse("6H").mask)
    hands = exchange(dealt, given, PassDirection.RIGHT)
    assert [str(CardSet.from_mask(hand)) for hand in hands] == ["3C 4D", "5D 6H", "2C 7H"]
    with pytest.raises(ValueError, match=r"^2 passes for 3 hands$"):
        exchange(dealt, given[:2], PassDirection.RIGHT)


def test_the_last_pass_records_every_seats_pass_to_its_receiver() -> None:
    state = advance(new_game(Rules(), hand_number=1), Deal(SUITS), None)  # passing right
    events: list[Any] = []
    for seat in (3, 1, 0, 2):  # in any order; the exchange records them in seat order
        state = advance(state, PassCards(seat, CardSet(list(state.hands[seat])[:3])), events)
    low = ["2C 3C 4C", "2D 3D 4D", "2H 3H 4H", "2S 3S 4S"]
    assert events == [PassSubmitted(seat) for seat in (3, 1, 0, 2)] + [
        CardsPassed(seat, (seat + 3) % 4, CardSet.parse(low[seat])) for seat in range(4)
    ]
    # Seat 0 passed its 2C to seat 3, which leads it.
    assert state.leader == 3 and state.legal_mask == CardSet.parse("2C")


def test_a_pass_phase_and_a_first_trick_hold_no_winning_card() -> None:
    # A state's winning card belongs to a trick in progress: none while passing, none
    # before the first card.
    state = advance(new_game(Rules()), Deal(SUITS), None)
    for seat in range(4):
        state = advance(state, PassCards(seat, CardSet(list(state.hands[seat])[:3])), None)
        assert state.winning == 0
    assert state.phase is Phase.PLAY and state.current_trick == ()
