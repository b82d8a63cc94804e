"""The learned bot's curve, as shipped and as the docs build draws it."""

from __future__ import annotations

import sys
from itertools import pairwise
from pathlib import Path

import pytest

pytest.importorskip("mkdocs", reason="needs mkdocs: install the docs extra")

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "docs" / "hooks"))

import learning_curve  # noqa: E402  (a docs hook, not a package)


def test_the_running_mean_over_a_window() -> None:
    # windows of 3: [1], [1, 2], [1, 2, 6], [2, 6, 4]
    assert learning_curve.running_mean([1.0, 2.0, 6.0, 4.0], 3) == [1.0, 1.5, 3.0, 4.0]


def test_the_shipped_curve_is_a_training_run() -> None:
    rows = learning_curve.read_curve()
    hands = [row[0] for row in rows]
    seconds = [row[1] for row in rows]
    assert len(rows) > 100
    assert all(a < b for a, b in pairwise(hands))  # hands only grow
    assert all(a <= b for a, b in pairwise(seconds))
    assert all(-26.0 <= row[2] <= 26.0 for row in rows)  # a payoff per hand is bounded


def test_the_picture_has_a_point_per_update(tmp_path: Path) -> None:
    curve = tmp_path / "curve.csv"
    curve.write_text("hands,seconds,payoff\n100,1.0,-8.0\n200,2.0,-4.0\n300,3.5,0.5\n")
    rows = learning_curve.read_curve(curve)
    svg = learning_curve.picture(rows)
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert svg.count("<circle") == 3
    (points,) = [line for line in svg.splitlines() if line.startswith("<polyline")]
    assert points.count(",") == 3
    page = learning_curve.on_page_markdown("a\n<!-- learning-curve -->\nb", None, None)  # type: ignore[arg-type]
    assert "<svg" in page and "learning-curve -->" not in page


@pytest.mark.parametrize("text", ["no marker here", ""])
def test_pages_without_the_marker_are_left_alone(text: str) -> None:
    assert learning_curve.on_page_markdown(text, None, None) == text  # type: ignore[arg-type]
