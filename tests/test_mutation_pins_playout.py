"""Pins for hearts_core/playout.py, found by mutation testing (docs/mutation-engine.md).

The contract of :func:`~hearts_core.playout.rollout`: for the same ``random.Random`` state it
returns what the public loop returns when that loop draws each action from the kernel's
generator as the play-out does (``positions.reference``), and leaves the generator in the
same state. The loop is the expected value here; it uses only :func:`~hearts_core.apply`
and :func:`~hearts_core.legal_actions`, never the play-out.
"""

from __future__ import annotations

import random

import pytest
from positions import position, reference

from hearts_core import (
    Deal,
    GameState,
    Phase,
    PlayCard,
    Rules,
    apply,
    legal_actions,
    new_game,
    variant,
    variant_names,
)
from hearts_core.playout import rollout


def check(state: GameState, seed: int) -> GameState:
    fast, slow = random.Random(seed), random.Random(seed)
    end = rollout(state, fast)
    assert end == reference(state, slow)
    assert fast.getstate() == slow.getstate()
    return end


# The steps into a hand: the pass phase before any pass and after some (for passing
# variants), the first trick's lead and its followers, and later tricks.
STEPS = (0, 1, 2, 3, 5, 9, 17, 30)


@pytest.mark.parametrize("name", variant_names())
def test_rollout_matches_the_loop_in_every_variant_at_every_stage(name: str) -> None:
    rules = variant(name)
    # Hand numbers 0 to 3 take a passing variant through each pass direction (and the
    # hold hand); a single-hand variant has only hand 0.
    hands = (0,) if rules.single_hand else (0, 1, 2, 3)
    for index, steps in enumerate(STEPS):
        for repeat in range(3):
            hand_number = hands[(index + repeat) % len(hands)]
            state = position(rules, 100 * index + 10 * repeat + len(name), steps, hand_number)
            check(state, index + repeat)


def test_rollout_from_the_pass_phase_after_some_seats_passed() -> None:
    rules = Rules()
    for seed in range(6):
        state = position(rules, seed, 0)
        assert state.phase is Phase.PASS
        for passes in range(1, 4):
            state = apply(state, legal_actions(state)[seed * 37 % len(legal_actions(state))])
            assert state.phase is Phase.PASS and len(state.to_act) == 4 - passes
            check(state, seed + passes)


MOON_DEAL = Deal(
    [
        "AC KC QC JC TC 9C AD KD QD AH KH QH AS",
        "2C 3C 4C 5C 6C 7C 8C 2D 3D 4D 5D 6D 7D",
        "8D 9D TD JD 2H 3H 4H 5H 6H 7H 8H 9H TH",
        "JH 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
    ]
)


def moon_position() -> GameState:
    """A state waiting for the shooter's choice, reached by random play from a deal where
    seat 0 holds the top cards."""
    rules = Rules(pass_cycle=["hold"], moon="shooter-chooses")
    start = apply(new_game(rules), MOON_DEAL)
    for seed in range(400):
        rng = random.Random(seed)
        state = start
        while state.phase is Phase.PLAY:
            state = apply(state, rng.choice(legal_actions(state)))
        if state.phase is Phase.MOON:
            return state
    raise AssertionError("no moon shot in 400 play-outs")


def test_rollout_from_the_moon_choice_draws_the_option_as_the_loop_does() -> None:
    state = moon_position()
    assert state.to_act == (0,)
    totals = set()
    for seed in range(8):
        end = check(state, seed)
        totals.add(end.totals)
    # Both options are drawn over these seeds: 26 to each other seat, or 26 off seat 0.
    assert totals == {(0, 26, 26, 26), (-26, 0, 0, 0)}


@pytest.mark.parametrize("first_lead", ["left-of-dealer", "any-club"])
def test_rollout_matches_the_loop_when_the_two_of_clubs_may_be_kept(first_lead: str) -> None:
    # The 2C is card 0, the lowest bit of a hand: when it need not lead the first trick,
    # a seat void in the suit led may discard it or pass over it to a higher card.
    rules = Rules(first_lead=first_lead, pass_cycle=["hold"])
    for seed in range(40):
        check(position(rules, seed, seed % 24), seed)


def test_rollout_scores_a_sun_when_one_seat_takes_every_trick() -> None:
    # Seat 0 holds every club and leads the 2C: nobody else can follow a club, so seat 0
    # takes all 13 tricks whatever is drawn: a sun, 52 off its total, nothing to others.
    rules = Rules(pass_cycle=["hold"], sun="subtract-from-shooter", sun_points=52)
    deal = Deal(
        [
            "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
            "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
            "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
            "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
        ]
    )
    start = apply(new_game(rules), deal)
    for plays in (0, 5, 6):
        state = start
        for _ in range(plays):
            state = apply(state, legal_actions(state)[-1])
        for seed in range(3):
            end = check(state, seed)
            assert end.totals == (-52, 0, 0, 0)


def test_rollout_keeps_points_off_the_first_trick_after_hearts_break_in_it() -> None:
    # Seat 1 holds only hearts: void in clubs, it must discard one on the first trick,
    # which breaks hearts. Seat 2, void in clubs too, still may not discard the QS on the
    # first trick while it holds cards worth nothing: 12 choices, not 13.
    deal = Deal(
        [
            "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
            "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
            "2D 3D 4D 5D 6D 7D 8D 2S 3S 4S 5S 6S QS",
            "9D TD JD QD KD AD 7S 8S 9S TS JS KS AS",
        ]
    )
    start = apply(new_game(Rules(pass_cycle=["hold"])), deal)
    state = apply(apply(start, legal_actions(start)[0]), PlayCard(1, "5H"))
    assert state.hearts_broken is True
    assert len(legal_actions(state)) == 12
    for seed in range(6):
        check(start, seed)
        check(state, seed)


def test_rollout_from_the_pass_phase_scores_a_scoring_two_of_clubs_once() -> None:
    # The 2C worth -5: whoever takes it, the hand's scores add up to 26 - 5 (or to
    # 3 * 26 - 5 after a moon added to the others).
    rules = Rules(card_values={"QS": 13, "2C": -5})
    for seed in range(6):
        state = position(rules, seed, seed % 3)
        assert state.phase is Phase.PASS
        end = check(state, seed + 7)
        assert sum(end.totals) in (26 - 5, 3 * 26 - 5)


def test_rollout_scores_a_moon_in_a_count_down_game_as_the_count_down_does() -> None:
    # Seat 0 holds every club and takes every card. Counting down, adding 26 to the
    # others (30, 20, 10) would end the game with seat 0 far from the lowest, so the
    # automatic moon takes 26 off the shooter: 110 - (-26) is 136.
    rules = Rules(pass_cycle=["hold"], game_end="count-down", target_score=100, moon="automatic")
    deal = Deal(
        [
            "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
            "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
            "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
            "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
        ]
    )
    start = apply(new_game(rules, totals=(110, 30, 20, 10), counting_down=True), deal)
    for seed in range(3):
        assert check(start, seed).totals == (136, 30, 20, 10)
