"""The engine's transition (``hearts_core/_transition.py``) in both builds: the compiled
build makes the very states, events and listings of the pure one, card for card through
whole games of several variants. The compiled build's states are filled slot by slot in
C, so the comparison is of every field. The other build runs in a child process."""

from __future__ import annotations

import hashlib
import os
import random
import subprocess
import sys
from typing import Any

from helpers.builds import needs_compiled

from hearts_core import Phase, new_game, random_deal
from hearts_core.kernel import KERNEL

VARIANTS = (None, "omnibus", "spot-hearts", "black-maria", "six-player")


def digest_of_games(seeds: int) -> str:
    """A digest of every state (each field's repr) and the events of the action that led
    to it, through two hands of each variant for each seed, random legal actions throughout."""
    import attrs

    from hearts_core import legal_actions
    from hearts_core.kernel import advance

    digest = hashlib.sha256()
    for variant in VARIANTS:
        for seed in range(seeds):
            rng = random.Random(seed)
            state = new_game(variant)
            for _ in range(2):
                events: list[Any] = []
                state = advance(state, random_deal(state.rules, rng), events)
                while state.phase is not Phase.DEAL and state.phase is not Phase.GAME_OVER:
                    fields = [repr(getattr(state, f.name)) for f in attrs.fields(type(state))]
                    digest.update(repr((fields, events)).encode())
                    events = []
                    listed = legal_actions(state)
                    digest.update(repr(listed).encode())
                    state = advance(state, rng.choice(listed), events)
                digest.update(repr((state.totals, events)).encode())
    return digest.hexdigest()


CHILD = """
import sys
sys.path[:0] = [{tests!r}]
from engine.test_kernel_transition_builds import digest_of_games
from hearts_core.kernel import KERNEL
print(KERNEL, digest_of_games(3))
"""


@needs_compiled
def test_the_compiled_build_makes_the_pure_builds_states_and_events() -> None:
    # The other build runs in a child process: the compiled one's if this one is pure.
    other = "compiled" if KERNEL == "pure" else "pure"
    tests = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    child = subprocess.run(
        [sys.executable, "-c", CHILD.format(tests=tests)],
        env={**os.environ, "HEARTS_CORE_PURE": "1" if other == "pure" else "0"},
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    kernel, theirs = child.stdout.split()
    assert kernel == other
    assert digest_of_games(3) == theirs
