"""Example tests for the rules the sourced variants added: hearts broken only by a discard
(Bicycle), the count-down end (Hartenjagen), Full Polish (Jeff Goldsmith), and the
automatic moon's "would lose". Deals are written card by card and every expected value
was worked out by hand from the field docs.
"""

from __future__ import annotations

import random

import pytest
from helpers.positions import reference

from hearts_core import (
    Card,
    Deal,
    HeartsBroken,
    InvalidRulesError,
    InvalidStateError,
    Phase,
    PlayCard,
    Rules,
    apply,
    new_game,
    observe,
    random_deal,
    step,
    variant,
)
from hearts_core.belief import resample
from hearts_core.playout import rollout
from hearts_core.rules import GameEnd
from hearts_core.scoring import game_is_over, score_hand, totals_after

HOLD = ["hold"]
BICYCLE = Rules(queen_breaks_hearts=True, only_discards_break_hearts=True, pass_cycle=HOLD)
# Seat 1 wins trick 1 with AC and holds QS and hearts; seat 2 holds the other clubs, KH, AH.
BICYCLE_DEAL = Deal(
    (
        "2C 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
        "AC QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
        "3C 4C 5C 6C 7C 8C 9C TC JC QC KC KH AH",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    )
)


def test_a_led_queen_and_a_led_heart_do_not_break_hearts_but_a_discard_does() -> None:
    state = apply(new_game(BICYCLE), BICYCLE_DEAL)
    broken_by: list[HeartsBroken] = []
    plays = [
        "2C",
        "AC",
        "3C",
        "2D",
        "QS",
        "4C",
        "3D",
        "2S",
        "2H",
        "KH",
        "4D",
        "3S",
        "5C",
        "5D",
        "4S",
        "3H",
    ]
    for card in plays:
        state, events = step(state, PlayCard(state.to_act[0], card))
        broken_by += [e for e in events if isinstance(e, HeartsBroken)]
    # QS led (trick 2), 2H led and KH followed (trick 3): nothing; 3H discarded on trick 4
    assert broken_by == [HeartsBroken(1, Card.parse("3H"))]
    assert state.hearts_broken


def test_without_the_discard_rule_the_queen_led_breaks_hearts() -> None:
    rules = BICYCLE.evolve(only_discards_break_hearts=False)
    state = apply(new_game(rules), BICYCLE_DEAL)
    for card in ["2C", "AC", "3C", "2D", "QS"]:
        state, events = step(state, PlayCard(state.to_act[0], card))
    assert [e for e in events if isinstance(e, HeartsBroken)] == [HeartsBroken(1, Card.parse("QS"))]


def test_rollout_and_belief_follow_the_discard_rule() -> None:
    """rollout plays as the public loop does, and a view's resampled states replay
    legally, under only_discards_break_hearts (both ask breaks_hearts and legal_mask)."""
    for seed in range(20):
        state = apply(new_game(BICYCLE), random_deal(BICYCLE, random.Random(seed)))
        fast, slow = random.Random(seed), random.Random(seed)
        assert rollout(state, fast) == reference(state, slow)
    state = apply(new_game(BICYCLE), BICYCLE_DEAL)
    for card in ["2C", "AC", "3C", "2D", "QS", "4C", "3D", "2S", "2H", "KH"]:
        state = apply(state, PlayCard(state.to_act[0], card))
    view = observe(state, 3)
    assert not state.hearts_broken
    for seed in range(10):
        other = resample(view, random.Random(seed))
        assert observe(other, 3) == view and not other.hearts_broken


# --- the count-down ---------------------------------------------------------------------


def test_a_count_down_game_passes_the_target_then_subtracts_to_the_end() -> None:
    rules = variant("hartenjagen")
    assert rules.game_end is GameEnd.COUNT_DOWN and rules.target_score == 50
    rng = random.Random(7)
    state = new_game(rules, totals=(45, 20, 30, 40))
    phases: list[bool] = []
    while state.phase is not Phase.GAME_OVER:
        before = state
        state = rollout(apply(state, random_deal(rules, rng)), rng)
        phases.append(state.counting_down)
        # totals add while counting up, and are subtracted from the hand after the target
        change = [b - a for a, b in zip(before.totals, state.totals, strict=True)]
        if before.counting_down:
            assert all(c <= 0 for c in change) and sum(change) == -15
        else:
            assert all(c >= 0 for c in change) and sum(change) == 15
    assert min(state.totals) <= 0 and state.counting_down
    assert state.winners == tuple(s for s, t in enumerate(state.totals) if t == min(state.totals))
    # it counts up, then down, never back up
    assert phases == sorted(phases) and phases[-1]


def test_new_game_checks_counting_down() -> None:
    dutch = variant("hartenjagen")
    with pytest.raises(InvalidStateError) as error:
        new_game(dutch, counting_down=1)  # type: ignore[arg-type]
    assert error.value.field == "counting_down"
    with pytest.raises(InvalidStateError) as error:
        new_game(Rules(), counting_down=True)
    assert error.value.field == "counting_down"
    with pytest.raises(InvalidStateError) as error:
        new_game(dutch, totals=(50, 0, 0, 0))
    assert error.value.field == "counting_down"
    with pytest.raises(InvalidStateError) as error:
        new_game(dutch, totals=(45, 0, 3, 9), counting_down=True)  # seat 1 on 0: over
    assert error.value.field == "totals"
    # Seat 0 has just reached 50 in a hand that was added, which ended nothing though
    # seat 1 has never taken a point: the first subtracted hand may start here.
    assert new_game(dutch, totals=(50, 0, 3, 9), counting_down=True).counting_down
    assert new_game(dutch, totals=(50, 1, 3, 9), counting_down=True).counting_down


def test_a_single_hand_cannot_count_down() -> None:
    with pytest.raises(InvalidRulesError) as error:
        Rules(single_hand=True, game_end="count-down")
    assert error.value.field == "game_end"


def test_halving_and_full_polish_apply_while_counting_up_only() -> None:
    rules = Rules(
        game_end="count-down", target_score=50, exact_target_halves=True, full_polish=True
    )
    assert totals_after(rules, [40, 49, 0, 0], [10, 25, 0, 0]) == (25, 48, 0, 0)
    assert totals_after(rules, [60, 49, 0, 5], [10, 25, 0, 0], counting_down=True) == (
        50,
        24,
        0,
        5,
    )


def test_full_polish_needs_exactly_25_from_the_target_minus_one() -> None:
    polish = Rules(full_polish=True)
    assert totals_after(polish, [99, 99, 98, 99], [25, 24, 25, 26]) == (98, 123, 123, 125)
    assert totals_after(Rules(), [99, 0, 0, 0], [25, 1, 0, 0]) == (124, 1, 0, 0)
    assert not game_is_over(polish, totals_after(polish, [99, 10, 20, 30], [25, 1, 0, 0]))


# --- the automatic moon -------------------------------------------------------------------


def test_the_automatic_moon_adds_when_the_shooter_would_share_the_win() -> None:
    everything = (1 << 52) - 1
    taken = [everything, 0, 0, 0]
    won = [13, 0, 0, 0]
    shared = Rules(moon="automatic", tie="shared-win")
    # adding: 80, 80, 86, 116: over, the shooter shares the lowest total
    assert score_hand(shared, taken, won, [80, 54, 60, 90]).scores == (0, 26, 26, 26)
    # adding: 81, 80, 86, 116: over, the shooter above the lowest: it subtracts
    assert score_hand(shared, taken, won, [81, 54, 60, 90]).scores == (-26, 0, 0, 0)
    # play-on: a shared lowest does not end the game, so adding loses nothing
    play_on = Rules(moon="automatic")
    assert score_hand(play_on, taken, won, [80, 54, 60, 90]).scores == (0, 26, 26, 26)
