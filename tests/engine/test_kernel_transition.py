"""The engine's transition (``hearts_core/_transition.py``): the compiled build makes the
very states and events of the pure one, card for card through whole games of several
variants; a play records its card and the hearts it breaks; a pass is recorded; and what
cannot be read is refused with a typed error. The compiled build's states are filled slot
by slot in C, so the comparison is of every field."""

from __future__ import annotations

import hashlib
import os
import random
import subprocess
import sys
from typing import Any

import pytest
from helpers.builds import needs_compiled

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
    new_game,
    random_deal,
)
from hearts_core.actions import PLAYS
from hearts_core.events import CardPlayed, HeartsBroken, PassSubmitted
from hearts_core.kernel import KERNEL, advance, listing

VARIANTS = (None, "omnibus", "spot-hearts", "black-maria", "six-player")


def digest_of_games(seeds: int) -> str:
    """A digest of every state (each field's repr) and the events of the action that led
    to it, through two hands of each variant for each seed, random legal actions throughout."""
    import attrs

    from hearts_core import legal_actions
    from hearts_core.kernel import advance

    digest = hashlib.sha256()
    for variant in VARIANTS:
        for seed in range(seeds):
            rng = random.Random(seed)
            state = new_game(variant)
            for _ in range(2):
                events: list[Any] = []
                state = advance(state, random_deal(state.rules, rng), events)
                while state.phase is not Phase.DEAL and state.phase is not Phase.GAME_OVER:
                    fields = [repr(getattr(state, f.name)) for f in attrs.fields(type(state))]
                    digest.update(repr((fields, events)).encode())
                    events = []
                    listed = legal_actions(state)
                    digest.update(repr(listed).encode())
                    state = advance(state, rng.choice(listed), events)
                digest.update(repr((state.totals, events)).encode())
    return digest.hexdigest()


CHILD = """
import sys
sys.path[:0] = [{tests!r}]
from engine.test_kernel_transition import digest_of_games
from hearts_core.kernel import KERNEL
print(KERNEL, digest_of_games(3))
"""


@needs_compiled
def test_the_compiled_build_makes_the_pure_builds_states_and_events() -> None:
    # The other build runs in a child process: the compiled one's if this one is pure.
    other = "compiled" if KERNEL == "pure" else "pure"
    tests = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    child = subprocess.run(
        [sys.executable, "-c", CHILD.format(tests=tests)],
        env={**os.environ, "HEARTS_CORE_PURE": "1" if other == "pure" else "0"},
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    kernel, theirs = child.stdout.split()
    assert kernel == other
    assert digest_of_games(3) == theirs


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
