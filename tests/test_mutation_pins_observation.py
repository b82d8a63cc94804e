"""Pins for hearts_core.observation, found by mutation testing (docs/mutation.md).

A seat's view tells it whether this hand's scores are subtracted from the totals
(``PlayerView.counting_down``, "a ``count-down`` game past the target"): in a count-down
game started in its second part every seat's view says so, before the deal and once the
cards are dealt; in a game to the target no view does. The expected values follow from
``new_game``'s ``counting_down`` argument and ``Rules.game_end``, as their docstrings say.
"""

from __future__ import annotations

import random

import pytest

from hearts_core import apply, new_game, observe, random_deal, variant
from hearts_core.belief import resample


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_a_view_of_a_count_down_game_past_the_target_says_it_counts_down(seat: int) -> None:
    # hartenjagen counts down from its target of 50: a game started with counting_down
    # subtracts this hand's scores, and every seat may know it.
    state = new_game("hartenjagen", totals=(52, 30, 20, 10), counting_down=True)
    assert observe(state, seat).counting_down is True
    dealt = apply(state, random_deal(variant("hartenjagen"), random.Random(seat)))
    view = observe(dealt, seat)
    assert view.counting_down is True
    # a state drawn for the view keeps it: the belief reads it from the view
    assert resample(view, random.Random(0)).counting_down is True


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_a_view_of_a_game_that_does_not_count_down_says_so(seat: int) -> None:
    # The same totals before the count-down starts, and a game to the target.
    assert observe(new_game("hartenjagen", totals=(40, 30, 20, 10)), seat).counting_down is False
    assert observe(new_game(totals=(52, 30, 20, 10)), seat).counting_down is False
