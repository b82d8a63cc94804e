"""MkDocs hook: the learning curve of the shipped ``learned`` bot, drawn at build time.

``<!-- learning-curve -->`` becomes an SVG picture of ``hearts_core/bots/learned.csv``,
the curve ``examples/train_ppo.py`` wrote while it trained the shipped weights: the mean
payoff per hand against ``RuleBot`` at each update (faint dots), its running mean over
the last ``WINDOW`` updates (the line), against the hands played. Zero, the dashed line, is
what ``RuleBot`` scores against itself.
"""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.pages import Page

CURVE = Path(__file__).resolve().parents[2] / "hearts_core" / "bots" / "learned.csv"
MARKER = "<!-- learning-curve -->"
WINDOW = 25
WIDTH, HEIGHT = 720.0, 300.0
LEFT, RIGHT, TOP, BOTTOM = 60.0, 20.0, 20.0, 50.0


def read_curve(path: Path = CURVE) -> list[tuple[int, float, float]]:
    """The rows of a curve file: hands played, seconds, mean payoff of the update."""
    with path.open(newline="") as file:
        return [
            (int(row["hands"]), float(row["seconds"]), float(row["payoff"]))
            for row in csv.DictReader(file)
        ]


def running_mean(values: list[float], window: int = WINDOW) -> list[float]:
    """Each value's mean with the ``window - 1`` before it (fewer at the start)."""
    found = []
    total = 0.0
    for index, value in enumerate(values):
        total += value
        if index >= window:
            total -= values[index - window]
        found.append(total / min(index + 1, window))
    return found


def picture(rows: list[tuple[int, float, float]]) -> str:
    """The curve as an SVG element."""
    hands = [row[0] for row in rows]
    payoffs = [row[2] for row in rows]
    smooth = running_mean(payoffs)
    low = min(-8.0, min(payoffs))  # every dot on the picture, and 0 with room to spare
    high = max(2.0, max(payoffs))
    most = max(hands)

    def x(value: float) -> float:
        return LEFT + (WIDTH - LEFT - RIGHT) * value / most

    def y(value: float) -> float:
        value = min(max(value, low), high)
        return TOP + (HEIGHT - TOP - BOTTOM) * (high - value) / (high - low)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH:.0f} {HEIGHT:.0f}" '
        f'role="img" class="learning-curve" font-family="sans-serif" font-size="12">',
        "<title>The learned bot's payoff per hand against RuleBot while it trained</title>",
        f'<rect x="0" y="0" width="{WIDTH:.0f}" height="{HEIGHT:.0f}" fill="white"/>',
    ]
    step = 2 if high - low <= 12 else 4
    tick = int(low) - int(low) % step
    while tick <= high:
        if tick >= low:
            style = 'stroke="#555" stroke-dasharray="6 4"' if tick == 0 else 'stroke="#ccc"'
            parts.append(
                f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" '
                f'{style} stroke-width="1"/>'
            )
            parts.append(
                f'<text x="{LEFT - 8}" y="{y(tick) + 4:.1f}" text-anchor="end">{tick:+d}</text>'
            )
        tick += step
    for fraction in (0.0, 0.25, 0.5, 0.75, 1.0):
        count = most * fraction
        parts.append(
            f'<text x="{x(count):.1f}" y="{HEIGHT - BOTTOM + 18}" text-anchor="middle">'
            f"{count / 1000:.0f}k</text>"
        )
    parts.append(
        f'<text x="{(LEFT + WIDTH - RIGHT) / 2}" y="{HEIGHT - 8}" text-anchor="middle">'
        "hands played in training</text>"
    )
    parts.append(
        f'<text x="14" y="{(TOP + HEIGHT - BOTTOM) / 2}" text-anchor="middle" '
        f'transform="rotate(-90 14 {(TOP + HEIGHT - BOTTOM) / 2})">payoff per hand</text>'
    )
    for count, value in zip(hands, payoffs, strict=True):
        parts.append(f'<circle cx="{x(count):.1f}" cy="{y(value):.1f}" r="1.2" fill="#e9a0a0"/>')
    points = " ".join(f"{x(c):.1f},{y(v):.1f}" for c, v in zip(hands, smooth, strict=True))
    parts.append(f'<polyline points="{points}" fill="none" stroke="#c0392b" stroke-width="2"/>')
    parts.append("</svg>")
    return "\n".join(parts)


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, **kwargs: Any) -> str:
    """Draw the curve into the page that asks for it."""
    if MARKER not in markdown:
        return markdown
    return markdown.replace(MARKER, picture(read_curve()))
