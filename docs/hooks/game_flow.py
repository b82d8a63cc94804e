"""MkDocs hook: the pictures of the game-flow page, drawn at build time by hearts_core.

Nothing is drawn by hand, so the pictures show what the engine does:

* ``<!-- phase-diagram -->`` becomes an SVG diagram of the phases
  (:class:`hearts_core.Phase`, every member) with an arrow for each change of
  phase that the engine makes in a set of short scripted games, labelled with
  the kind of action that made it;
* ``<!-- hearts-table: NAME -->`` becomes :func:`hearts_core.svg.table` of one of
  the example positions in ``POSITIONS``.

A phase added to the engine without a place in ``PLACES`` fails the build.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable, Iterator
from typing import Any
from xml.sax.saxutils import escape

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.pages import Page

from hearts_core import (
    Action,
    ChooseMoon,
    Deal,
    GameState,
    MoonOption,
    Phase,
    PlayerView,
    apply,
    legal_actions,
    new_game,
    observe,
    random_deal,
    variant,
)
from hearts_core.rules import PassDirection
from hearts_core.svg import table

Edge = tuple[Phase, Phase, str]

# Where each phase sits in the diagram (its centre), in the diagram's units.
PLACES: dict[Phase, tuple[float, float]] = {
    Phase.DEAL: (90.0, 190.0),
    Phase.PASS: (300.0, 90.0),
    Phase.PLAY: (510.0, 190.0),
    Phase.MOON: (510.0, 320.0),
    Phase.GAME_OVER: (740.0, 190.0),
}
# How far an arrow bows from the straight line (to the left of its direction when
# positive), so that arrows between the same boxes, or crossing others, stay apart.
BENDS: dict[tuple[Phase, Phase], float] = {
    (Phase.PLAY, Phase.DEAL): 45.0,
    (Phase.MOON, Phase.DEAL): -45.0,
}
_BOX = (130.0, 44.0)
_SUITS = [" ".join(rank + suit for rank in "23456789TJQKA") for suit in "CDHS"]
_MARKER = re.compile(r"<!-- hearts-table: ([a-z-]+) -->")


def _played(state: GameState, choose: Callable[[GameState], Action]) -> Iterator[Edge]:
    """Play ``state`` to its end with ``choose``, yielding each action's phase change."""
    while not state.is_over:
        action = choose(state)
        after = apply(state, action)
        yield state.phase, after.phase, type(action).__name__
        if after.phase is Phase.DEAL:
            return
        state = after


def _first_legal(state: GameState) -> Action:
    return legal_actions(state)[0]


def _moon_choice(state: GameState) -> Action:
    if state.phase is Phase.MOON:
        return ChooseMoon(state.to_act[0], MoonOption.ADD_TO_OTHERS)
    return _first_legal(state)


def _dealt(deal: Deal) -> Callable[[GameState], Action]:
    def choose(current: GameState) -> Action:
        return deal if current.phase is Phase.DEAL else _moon_choice(current)

    return choose


def phase_edges() -> list[Edge]:
    """Every change of phase the engine makes in the scripted games, in the order met.

    The games: a classic hand with passing; a classic hand without passing in which
    seat 0, dealt every club, shoots the moon and chooses; the same as a one-hand
    game without passing; and a one-hand game without a moon choice (``openspiel``).
    """
    classic = variant("classic")
    one_hand_no_passing = classic.evolve(single_hand=True, pass_cycle=(PassDirection.HOLD,))
    rng = random.Random(14)
    games = [
        (new_game(classic), _dealt(random_deal(classic, rng))),
        (new_game(classic, hand_number=3), _dealt(Deal(_SUITS))),
        (new_game(one_hand_no_passing), _dealt(Deal(_SUITS))),
        (new_game("openspiel"), _dealt(random_deal(variant("openspiel"), rng))),
    ]
    edges: list[Edge] = []
    for start, choose in games:
        for edge in _played(start, choose):
            if edge not in edges:
                edges.append(edge)
    return edges


def _node(phase: Phase) -> str:
    x, y = PLACES[phase]
    width, height = _BOX
    return (
        f"<g class='phase' data-phase='{phase.value}'>"
        f"<rect x='{x - width / 2:.0f}' y='{y - height / 2:.0f}' width='{width:.0f}' "
        f"height='{height:.0f}' rx='10' fill='#fdf6e3' stroke='#b71c1c' stroke-width='2'/>"
        f"<text x='{x:.0f}' y='{y + 6:.0f}' font-size='17' font-weight='bold' "
        f"text-anchor='middle' font-family='sans-serif' fill='#222'>{phase.name}</text></g>"
    )


def _inset(ux: float, uy: float) -> float:
    """How far from a box's centre a line in direction (``ux``, ``uy``) leaves the box."""
    width, height = _BOX
    across = width / 2 / abs(ux) if ux else math.inf
    down = height / 2 / abs(uy) if uy else math.inf
    return min(across, down)


def _edge(source: Phase, target: Phase, label: str, bend: float) -> str:
    (x1, y1), (x2, y2) = PLACES[source], PLACES[target]
    anchor = "middle"
    if source is target:  # a loop above the box
        top = y1 - _BOX[1] / 2
        path = (
            f"M{x1 - 20:.0f},{top:.0f} C{x1 - 45:.0f},{top - 50:.0f} "
            f"{x1 + 45:.0f},{top - 50:.0f} {x1 + 20:.0f},{top:.0f}"
        )
        lx, ly = x1, top - 44
    else:
        length = math.hypot(x2 - x1, y2 - y1)
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        inset = _inset(ux, uy)
        sx, sy = x1 + ux * inset, y1 + uy * inset
        ex, ey = x2 - ux * (inset + 4), y2 - uy * (inset + 4)
        nx, ny = -uy, ux  # the left of the direction, on the screen
        cx, cy = (sx + ex) / 2 + nx * bend, (sy + ey) / 2 + ny * bend
        path = f"M{sx:.0f},{sy:.0f} Q{cx:.0f},{cy:.0f} {ex:.0f},{ey:.0f}"
        side = 1.0 if bend >= 0 else -1.0  # the label goes on the side the arrow bows to
        lx = (sx + 2 * cx + ex) / 4 + nx * side * 10
        ly = (sy + 2 * cy + ey) / 4 + ny * side * 10 + (10 if ny * side > 0.5 else 0)
        if nx * side < -0.5:
            anchor = "end"
        elif nx * side > 0.5:
            anchor = "start"
    return (
        f"<g class='change' data-from='{source.value}' data-to='{target.value}' "
        f"data-action='{escape(label)}'>"
        f"<path d='{path}' fill='none' stroke='#555' stroke-width='1.6' "
        f"marker-end='url(#hearts-flow-arrow)'/>"
        f"<text x='{lx:.0f}' y='{ly:.0f}' font-size='13' text-anchor='{anchor}' "
        f"font-family='monospace' fill='#1a237e'>{escape(label)}</text></g>"
    )


def phase_diagram(edges: list[Edge] | None = None) -> str:
    """The phases and the changes between them, as an SVG document."""
    missing = [phase for phase in Phase if phase not in PLACES]
    if missing:
        raise RuntimeError(f"the phase diagram has no place for {missing}: add them to PLACES")
    found = phase_edges() if edges is None else edges
    labels: dict[tuple[Phase, Phase], list[str]] = {}
    for source, target, action in found:
        labels.setdefault((source, target), []).append(action)
    parts = [
        "<svg xmlns='http://www.w3.org/2000/svg' class='phase-diagram' viewBox='0 0 820 360' "
        "role='img'><title>The phases of a game and the actions that change them</title>"
        "<defs><marker id='hearts-flow-arrow' viewBox='0 0 10 10' refX='9' refY='5' "
        "markerWidth='8' markerHeight='8' orient='auto-start-reverse'>"
        "<path d='M0,0 L10,5 L0,10 z' fill='#555'/></marker></defs>"
    ]
    for (source, target), actions in labels.items():
        bend = BENDS.get((source, target), 0.0)
        parts.append(_edge(source, target, " / ".join(actions), bend))
    parts.extend(_node(phase) for phase in Phase)
    parts.append("</svg>")
    return "".join(parts)


# --- example positions ------------------------------------------------------------------


def _pass_position() -> PlayerView:
    classic = variant("classic")
    state = apply(new_game(classic), random_deal(classic, random.Random(5)))
    return observe(state, 2)


def _play_position() -> PlayerView:
    classic = variant("classic")
    state = apply(new_game(classic), random_deal(classic, random.Random(5)))
    while state.phase is Phase.PASS or len(state.tricks) < 3 or len(state.current_trick) < 2:
        state = apply(state, legal_actions(state)[-1])
    return observe(state, state.to_act[0])


def _three_players() -> GameState:
    rules = variant("three-player")
    state = apply(new_game(rules), random_deal(rules, random.Random(3)))
    while state.phase is Phase.PASS or len(state.tricks) < 4 or len(state.current_trick) < 2:
        state = apply(state, legal_actions(state)[0])
    return state


POSITIONS: dict[str, tuple[Callable[[], PlayerView | GameState], str]] = {
    "pass": (
        _pass_position,
        "South's view in the pass phase of a classic game: its hand face up, "
        "the other seats as card backs with their counts.",
    ),
    "play": (
        _play_position,
        "The view of the seat to play, in the fourth trick: the cards it may play "
        "are white, the others grey; the trick shows who played what.",
    ),
    "above": (
        _three_players,
        "A three-player game from above (a GameState drawn with seat=None): "
        "every hand face up, North at the top.",
    ),
}
"""The example positions: a name for the page's marker, how to build it, a caption."""


def position_figure(name: str) -> str:
    """The ``<figure>`` of the example position ``name``."""
    build, caption = POSITIONS[name]
    return (
        f"<figure class='hearts-table-figure' style='width: 100%'>{table(build())}"
        f"<figcaption>{escape(caption)}</figcaption></figure>"
    )


def fill(markdown: str) -> str:
    """The page with its markers replaced by the pictures."""
    if "<!-- phase-diagram -->" in markdown:
        figure = (
            f"<figure class='phase-diagram-figure' style='width: 100%'>{phase_diagram()}"
            "<figcaption>The phases and the actions that change them, as the engine "
            "played them when this page was built.</figcaption></figure>"
        )
        markdown = markdown.replace("<!-- phase-diagram -->", figure)
    return _MARKER.sub(lambda match: position_figure(match[1]), markdown)


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, **kwargs: Any) -> str:
    """Draw the game-flow pictures into any page that asks for them."""
    return fill(markdown)
