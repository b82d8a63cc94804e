"""Pins for the fields a state keeps for speed (hearts_core/builders.py and the engine),
found by mutation testing (docs/mutation-engine.md).

A state keeps three fields that equality ignores, read only in one phase: the seat to
play and its legal cards (the play phase), and the passes of the seats yet to pass (the
pass phase, where they are listed when first asked for). Outside its phase each holds one
fixed value, as ``GameState`` documents: ``-1``, ``0`` and no passes. Every state a game
reaches is checked against that here, and inside the phase against the public facts
(``to_act``, ``legal_actions``), so a state built with another value in any phase is seen.
"""

from __future__ import annotations

import random

import pytest

from hearts_core import (
    CardSet,
    ChooseMoon,
    Deal,
    GameState,
    PlayCard,
    Suit,
    apply,
    legal_actions,
    new_game,
    random_deal,
    variant,
)
from hearts_core.cards import FULL_DECK
from hearts_core.legality import seat_passes
from hearts_core.rules import PassDirection
from hearts_core.state import NO_PASSES, Phase


def _check(state: GameState) -> None:
    if state.phase is Phase.PLAY:
        assert state.seat_to_play == state.to_act[0]
        plays = [a for a in legal_actions(state) if isinstance(a, PlayCard)]
        assert state.legal_bits == CardSet(play.card for play in plays).mask
    else:
        assert state.seat_to_play == -1
        assert state.legal_bits == 0
    if state.phase is Phase.PASS:
        # Listed when first asked for, then kept: before that the field holds None.
        kept = state.pass_listing
        listed = seat_passes(state)
        assert kept is None or kept is listed
        assert state.pass_listing is listed
        assert [part.seat for part in listed.parts] == list(state.to_act)
    else:
        assert state.pass_listing is NO_PASSES


@pytest.mark.parametrize("name", ["standard", "moon-choice", "no-passing", "three-player"])
def test_the_fields_kept_for_speed_hold_their_phase_values_in_every_state(name: str) -> None:
    rules = variant(name)
    rng = random.Random(7)
    # Seat 0 starts one point short of the end: the first point it takes ends the game.
    state = new_game(rules, totals=(rules.target_score - 1,) + (0,) * (rules.players - 1))
    phases = set()
    for _ in range(40):
        _check(state)
        if state.is_over:
            break
        state = apply(state, random_deal(rules, rng))
        while state.phase not in (Phase.DEAL, Phase.GAME_OVER):
            _check(state)
            phases.add(state.phase)
            state = apply(state, rng.choice(legal_actions(state)))
    assert state.is_over
    assert Phase.PLAY in phases
    assert (Phase.PASS in phases) is (name != "no-passing")


def test_the_state_waiting_for_the_moon_choice_keeps_no_play_or_pass() -> None:
    # Seat 0 holds every club and leads the 2C: the others can never follow, so it takes
    # every trick, and every point, whatever anyone plays. The hand is one without passing.
    rules = variant("moon-choice")
    hold = next(h for h in range(8) if rules.pass_direction(h) is PassDirection.HOLD)
    deck = [card for card in FULL_DECK if card.suit is not Suit.CLUBS]
    hands = [CardSet.parse("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC")]
    hands += [CardSet(deck[i : i + 13]) for i in (0, 13, 26)]
    state = apply(new_game(rules, hand_number=hold), Deal(hands))
    rng = random.Random(1)
    while state.phase is Phase.PLAY:
        _check(state)
        state = apply(state, rng.choice(legal_actions(state)))
    assert state.phase is Phase.MOON and state.to_act == (0,)
    _check(state)
    choice = legal_actions(state)[0]
    assert isinstance(choice, ChooseMoon)
    _check(apply(state, choice))
