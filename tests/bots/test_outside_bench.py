"""bench/outside.py: a bot seated in another engine's tournament over a JSON-lines pipe."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from types import ModuleType
from typing import Any

import pytest
from helpers.bench import BENCH, load_script

from hearts_core import Phase, Rules, apply, new_game, observe, random_deal
from hearts_core.bots import RuleBot
from hearts_core.observation import PlayerView

_SCRIPT = BENCH / "outside.py"


def _outside() -> ModuleType:
    return load_script("outside")


def _request(view: PlayerView) -> dict[str, Any]:
    """The request the other engine's harness sends for ``view``'s decision."""
    seats = "NESW"
    plays = [
        [seats[(trick.leader + i) % 4], str(card)]
        for trick in view.tricks
        for i, card in enumerate(trick.cards)
    ]
    plays += [[seats[(view.leader + i) % 4], str(c)] for i, c in enumerate(view.current_trick)]
    return {
        "kind": "pass" if view.phase is Phase.PASS else "play",
        "seat": seats[view.seat],
        "dir": view.pass_direction.value,
        "hand": [str(c) for c in view.hand],
        "outgoing": [str(c) for c in view.passed or ()],
        "incoming": [str(c) for c in view.received or ()],
        "plays": plays,
    }


def test_a_request_gives_the_view_the_game_shows() -> None:
    # Every decision of four whole hands a game (each pass direction), rebuilt from the
    # request alone, against the view the engine shows: the same hand, record and legal
    # cards (not the totals or hand number, which a request does not carry).
    outside = _outside()
    rules = Rules()
    bot = RuleBot()
    same = _hand("seat phase pass_direction hand passed received hand_sizes tricks")
    same += ["current_trick", "leader", "hearts_broken", "hand_points"]
    checked = set()
    for game in range(3):
        rng = random.Random(game)
        state = new_game(rules)
        while state.phase is not Phase.GAME_OVER and state.hand_number < 4:
            if state.phase is Phase.DEAL:
                state = apply(state, random_deal(rules, rng))
                continue
            view = observe(state, state.to_act[0])
            rebuilt = outside.view_of(_request(view), rules)
            for name in same:
                assert getattr(rebuilt, name) == getattr(view, name), name
            if view.phase is Phase.PLAY:
                assert rebuilt.to_act == view.to_act
                assert rebuilt.legal_cards == view.legal_cards
            checked.add((view.phase, view.pass_direction.value))
            state = apply(state, bot.choose(view, rng))
    kinds = {(Phase.PASS, d) for d in ("left", "right", "across")}
    assert checked >= kinds | {(Phase.PLAY, d) for d in ("left", "right", "across", "hold")}


def _run(*lines: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(_SCRIPT), "rule"],
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        timeout=120,
    )


def _hand(text: str) -> list[str]:
    return text.split()


_HOLD_LEAD = {
    "kind": "play",
    "seat": "W",
    "dir": "hold",
    "hand": _hand("2C 5C 9D 2H 3H 4H 5H 6H 7H 8H 9H TH JH"),
    "outgoing": [],
    "incoming": [],
    "plays": [],
}


def test_the_script_answers_each_line_with_the_card_and_the_legal_cards() -> None:
    # Hand-checked: the 2C holder must lead it; then, the 2C led by West and 3C, 4C
    # played, South holding clubs must follow with one (QC or AC).
    south = {
        "kind": "play",
        "seat": "S",
        "dir": "hold",
        "hand": _hand("QC AC 2D 3D 4D 5D 6D 7D 8D 9D QS KS AS"),
        "outgoing": [],
        "incoming": [],
        "plays": [["W", "2C"], ["N", "3C"], ["E", "4C"]],
    }
    done = _run(json.dumps(_HOLD_LEAD), json.dumps(south))
    assert done.returncode == 0, done.stderr
    first, second = done.stdout.splitlines()
    assert first == '{"card":"2C","legal":["2C"]}'
    reply = json.loads(second)
    assert reply["legal"] == ["QC", "AC"] and reply["card"] in ("QC", "AC")


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"kind": "bid"}, "neither 'pass' nor 'play'"),
        ({"plays": [["N", "2C"], ["S", "3C"], ["E", "4C"], ["W", "5C"]]}, "playing order"),
        ({"hand": ["2C", "2C"]}, "bad request"),
        ({"seat": "X"}, "bad request"),
    ],
)
def test_a_bad_request_stops_the_script_with_its_reason(
    change: dict[str, Any], reason: str
) -> None:
    done = _run(json.dumps({**_HOLD_LEAD, **change}))
    assert done.returncode == 1 and done.stdout == ""
    assert "bad request" in done.stderr and reason in done.stderr
