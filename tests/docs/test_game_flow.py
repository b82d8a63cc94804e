"""The game-flow page's pictures: the phase diagram has every phase and exactly the
changes of phase the rules allow (listed here by hand from the rules), and the example
positions are valid pictures of what they say."""

from __future__ import annotations

import importlib.util
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

from hearts_core import Phase

DOCS = Path(__file__).resolve().parents[2] / "docs"
SVG = "{http://www.w3.org/2000/svg}"


def hook() -> ModuleType:
    path = DOCS / "hooks" / "game_flow.py"
    spec = importlib.util.spec_from_file_location("docs_hook_game_flow", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# Every change of phase a game can make, and the action that makes it.
CHANGES = {
    ("deal", "pass", "Deal"),  # a hand that passes
    ("deal", "play", "Deal"),  # a hold hand
    ("pass", "pass", "PassCards"),  # not the last seat to pass
    ("pass", "play", "PassCards"),  # the last: the exchange
    ("play", "play", "PlayCard"),
    ("play", "deal", "PlayCard"),  # the hand's last card, the game goes on
    ("play", "moon", "PlayCard"),  # ... the shooter chooses
    ("play", "game-over", "PlayCard"),  # ... the game ends
    ("moon", "deal", "ChooseMoon"),
    ("moon", "game-over", "ChooseMoon"),
}


def test_the_engine_makes_every_change_of_phase_and_no_other() -> None:
    edges = {(a.value, b.value, action) for a, b, action in hook().phase_edges()}
    assert edges == CHANGES


def test_the_diagram_draws_every_phase_and_every_change() -> None:
    root = ET.fromstring(hook().phase_diagram())
    assert root.tag == SVG + "svg"
    groups = list(root.iter(SVG + "g"))
    phases = {g.get("data-phase") for g in groups if g.get("class") == "phase"}
    assert phases == {phase.value for phase in Phase}
    changes = {
        (g.get("data-from"), g.get("data-to"), g.get("data-action"))
        for g in groups
        if g.get("class") == "change"
    }
    assert changes == CHANGES


def test_a_phase_without_a_place_fails_the_build() -> None:
    module = hook()
    del module.PLACES[Phase.MOON]
    try:
        module.phase_diagram([])
    except RuntimeError as error:
        assert "MOON" in str(error)
    else:
        raise AssertionError("a phase without a place was drawn")


def test_the_page_markers_become_pictures() -> None:
    module = hook()
    page = (DOCS / "game-flow.md").read_text(encoding="utf-8")
    filled = module.fill(page)
    assert "<!--" not in filled
    assert filled.count("<figure class='hearts-table-figure'") == len(module.POSITIONS) == 3
    assert filled.count("<figure class='phase-diagram-figure'") == 1


def test_the_example_positions_are_what_their_captions_say() -> None:
    module = hook()
    pictures = {
        name: ET.fromstring(module.table(build())) for name, (build, _) in module.POSITIONS.items()
    }
    passing = pictures["pass"]
    assert (passing.get("data-phase"), passing.get("data-seat")) == ("pass", "2")
    assert len([e for e in passing.iter() if e.get("data-card")]) == 13
    playing = pictures["play"]
    assert playing.get("data-phase") == "play"
    assert playing.get("data-seat") == playing.get("data-to-act")
    classes = {e.get("class") for e in playing.iter() if e.get("data-card")}
    assert {"card legal", "card played"} <= classes
    above = pictures["above"]
    assert above.get("data-players") == "3" and above.get("data-seat") is None
    hands = [e for e in above.iter() if e.get("class") == "hand"]
    assert len(hands) == 3 and all(len(hand) > 0 for hand in hands)
