"""bench/strength.py: the paired screen (a change's payoff less the control's, deal by deal)
and the page it writes."""

from __future__ import annotations

import argparse
import math
from pathlib import Path
from types import ModuleType

import pytest
from helpers.bench import BENCH, load_script

from hearts_core.bots.arena import DealOutcome, summarize


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


def test_the_page_holds_the_rows_then_the_sections_kept_beside_the_script(
    tmp_path: Path,
) -> None:
    strength = _strength()
    outcomes = [_outcome(0, 1, 4), _outcome(1, 2, 2)]  # payoffs +3 and 0
    result = summarize("rule", "random", 1, outcomes)
    args = argparse.Namespace(deals=2, seed=1, workers=2, cache=tmp_path)
    page = strength.markdown([result], args)
    # Mean +1.50; standard error stdev(3, 0) / sqrt(2) = 1.5.
    assert "\n| `rule` | `random` | 2 | +1.50 | 1.50 |" in page
    headings = [line for line in page.splitlines() if line.startswith("## ")]
    assert headings == [
        "## The bots",
        "## What moves the strength, and what does not",
        "## How it is measured",
        "## Against another engine's bot",
        "## Outside figures, for context",
    ]
    for name in ("strength-findings.md", "strength-outside.md"):
        kept = (BENCH / name).read_text(encoding="utf-8")
        assert kept.strip("\n") in page
