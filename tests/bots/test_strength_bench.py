"""bench/strength.py's paired screen: a change's payoff less the control's, deal by deal."""

from __future__ import annotations

import math
from types import ModuleType

import pytest
from helpers.bench import load_script

from hearts_core.bots.arena import DealOutcome


def _strength() -> ModuleType:
    return load_script("strength")


def _outcome(deal: int, own: int, other: int) -> DealOutcome:
    """A deal where bot A takes ``own`` points from every seat and each rival ``other``:
    its payoff is ``other - own``."""
    scores = tuple(tuple(own if s == r else other for s in range(4)) for r in range(4))
    return DealOutcome(deal, scores, (None,) * 4)


def test_paired_takes_the_deals_both_played_and_their_differences() -> None:
    paired = _strength().paired
    measured = [_outcome(0, 1, 4), _outcome(1, 2, 2), _outcome(2, 3, 2)]  # +3, 0, -1
    control = [_outcome(0, 3, 4), _outcome(1, 2, 2), _outcome(2, 5, 2), _outcome(3, 0, 9)]
    # Payoffs +1, 0, -3 (deal 3 has no partner): differences 2, 0, 2, mean 4/3, sample
    # variance (4/9 + 16/9 + 4/9) / 2 = 4/3, standard error sqrt(4/3 / 3) = 2/3.
    deals, mean, se = paired(measured, control)
    assert deals == 3
    assert math.isclose(mean, 4 / 3)
    assert math.isclose(se, 2 / 3)


def test_paired_refuses_fewer_than_two_common_deals() -> None:
    paired = _strength().paired
    with pytest.raises(ValueError, match="two deals"):
        paired([_outcome(0, 1, 4), _outcome(1, 0, 0)], [_outcome(1, 0, 0), _outcome(2, 0, 0)])
