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
from hearts_core.events import CardPlayed, HeartsBroken, PassSubmitted
from hearts_core.kernel import advance, bind_listing, bind_transitions, listing
from hearts_core.legality import LISTING
from hearts_core.state import NO_PASSES


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
