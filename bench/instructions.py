"""Machine instructions per hand, counted by Valgrind: a speed figure that load cannot blur.

Timings on a shared machine move by a third from one run to the next; the
number of instructions a piece of work executes does not. This script runs
each piece of work under ``valgrind --tool=callgrind`` twice, once with no
repetitions and once with ``--repeat`` of them, and reports the difference
divided by the repetitions: the instructions of one repetition, without the
interpreter's start-up and imports. ``PYTHONHASHSEED=0`` makes the runs repeat
exactly.

The pieces:

* ``loop``: one hand through the public loop, as ``bench/playout.py`` plays it
  (``new_game``, ``apply(random_deal(...))``, then ``legal_actions`` +
  ``random.choice`` + ``apply`` to the next deal).
* ``step``: the same hand through ``step`` (the events too).
* ``rollout``: one hand as ``bench/playout.py``'s rollout plays it.
* ``rollouts``: one hand of ``rollouts(state, 1000, rng)`` from a dealt state, as
  ``bench/playout.py`` plays them (a repetition is a call of 1,000 hands; the figure is
  per hand).
* ``openspiel``: one hand of OpenSpiel's C++ Hearts driven the cheapest way
  (``apply_action(rng.choice(legal_actions()))`` at every node).
* ``deal``: ``new_game`` and ``apply(random_deal(...))`` alone.
* ``play``: ``rollout`` from the first lead of a dealt hand (no passing).
* ``mc``: one ``MonteCarloBot()`` decision (24 samples), on the view of the
  seat to play eight cards into one of 50 dealt hands.

Instructions are not time: the interpreter's instructions run slower on
average than compiled C++, so a ratio of instructions overstates the ratio of
times (by about a fifth on the machine the README's figures come from).

    python bench/instructions.py [--repeat 200] [piece ...]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

PIECES = ("loop", "step", "rollout", "rollouts", "openspiel", "deal", "play", "mc")

# The child: builds its inputs, warms up, then repeats one piece.
_CHILD = r"""
import random, sys
from hearts_core import Rules, apply, legal_actions, new_game, random_deal
from hearts_core.playout import rollout
from hearts_core.playout import rollouts
from hearts_core import step
rules = Rules()
piece, repeat = sys.argv[1], int(sys.argv[2])
rng = random.Random(5)
choice = rng.choice
plays = [apply(new_game(rules, hand_number=3), random_deal(rules, random.Random(i)))
         for i in range(50)]

def loop(h):
    state = apply(new_game(rules, hand_number=h % 4), random_deal(rules, rng))
    while actions := legal_actions(state):
        state = apply(state, choice(actions))

def stepped(h):
    state, _ = step(new_game(rules, hand_number=h % 4), random_deal(rules, rng))
    while actions := legal_actions(state):
        state, _ = step(state, choice(actions))

def many(h):
    rollouts(apply(new_game(rules, hand_number=h % 4), random_deal(rules, rng)), 1000, rng)

def whole_rollout(h):
    rollout(apply(new_game(rules, hand_number=h % 4), random_deal(rules, rng)), rng)

def openspiel(h, games=[]):
    if not games:
        import pyspiel
        games.append(pyspiel.load_game("hearts"))
    state = games[0].new_initial_state()
    while not state.is_terminal():
        state.apply_action(choice(state.legal_actions()))

def deal(h):
    apply(new_game(rules, hand_number=h % 4), random_deal(rules, rng))

def play(h):
    rollout(plays[h % 50], rng)

def mc(h, views=[]):
    from hearts_core import observe
    from hearts_core.bots import MonteCarloBot
    if not views:
        walk = random.Random(8)
        for state in plays:
            for _ in range(8):
                state = apply(state, walk.choice(legal_actions(state)))
            views.append(observe(state, state.to_act[0]))
    MonteCarloBot().choose(views[h % 50], random.Random(h))

body = {"loop": loop, "step": stepped, "rollout": whole_rollout, "rollouts": many,
        "openspiel": openspiel, "deal": deal, "play": play, "mc": mc}[piece]
for h in range(4):
    body(h)
for h in range(repeat):
    body(h)
"""


def count(piece: str, repeat: int) -> int:
    """Instructions of the whole child process for ``repeat`` repetitions of ``piece``."""
    environment = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
         sys.executable, "-c", _CHILD, piece, str(repeat)],
        capture_output=True, text=True, env=environment, check=True,
    )  # fmt: skip
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise RuntimeError(f"valgrind gave no count: {done.stderr[-500:]}")
    return int(found.group(1))


HANDS = {"rollouts": 1000}
"""The hands in one repetition of a piece, where it is more than one."""


def per_repetition(piece: str, repeat: int) -> int:
    """Instructions of one repetition of ``piece``, per hand."""
    return (count(piece, repeat) - count(piece, 0)) // (repeat * HANDS.get(piece, 1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("pieces", nargs="*", metavar="piece", help=", ".join(PIECES))
    args = parser.parse_args()
    unknown = [piece for piece in args.pieces if piece not in PIECES]
    if unknown:
        parser.error(f"unknown pieces {unknown}: choose from {', '.join(PIECES)}")
    if shutil.which("valgrind") is None:
        sys.exit("bench/instructions.py needs valgrind (apt-get install valgrind)")
    os.chdir(Path(__file__).resolve().parent.parent)
    for piece in args.pieces or PIECES:
        print(f"  {piece:14} {per_repetition(piece, args.repeat):>10,} instructions")


if __name__ == "__main__":
    main()
