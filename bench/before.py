"""The library against an earlier commit of itself, in one process: the public loop and
``rollout``, hands per second, in alternating rounds.

The earlier commit's ``hearts_core`` (with its ``variants/``) is taken from git into a
temporary folder and renamed ``hearts_core_before``, imports included, so both load side
by side. The loops are ``bench/playout.py``'s, written once here for either package. The
figure printed is the median over the rounds of this checkout's rate over the earlier
one's in the same round, so load from other processes falls on both.

The kernel build that runs is this checkout's (``HEARTS_CORE_PURE=1`` for the pure one);
the commit before the kernel, ``e432a55``, is the default::

    HEARTS_CORE_PURE=1 python bench/before.py [--commit e432a55] [--seconds 1] [--rounds 7]
"""

from __future__ import annotations

import argparse
import importlib
import io
import random
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RENAMED = "hearts_core_before"


def load_before(commit: str, folder: Path) -> ModuleType:
    """The ``hearts_core`` of ``commit``, extracted into ``folder`` and imported as
    :data:`RENAMED`."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", commit, "hearts_core", "variants"],
        capture_output=True, check=True, timeout=60,
    ).stdout  # fmt: skip
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    package = folder / "hearts_core"
    for path in package.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        path.write_text(re.sub(r"\bhearts_core\b", RENAMED, text), encoding="utf-8")
    package.rename(folder / RENAMED)
    sys.path.insert(0, str(folder))
    return importlib.import_module(RENAMED)


def loops(package: Any) -> dict[str, Any]:
    """The public loop and ``rollout`` of ``package``, each a hand of the default rules."""
    rules = package.Rules()
    new_game, apply, deal = package.new_game, package.apply, package.random_deal
    legal_actions = package.legal_actions
    # rollout lives in the playout module, in this checkout and in the old commit alike
    rollout = importlib.import_module(f"{package.__name__}.playout").rollout

    def loop(rng: random.Random, hand: int) -> None:
        choice = rng.choice
        state = apply(new_game(rules, hand_number=hand % 4), deal(rules, rng))
        while True:
            actions = legal_actions(state)
            if not actions:
                return
            state = apply(state, choice(actions))

    def played_out(rng: random.Random, hand: int) -> None:
        rollout(apply(new_game(rules, hand_number=hand % 4), deal(rules, rng)), rng)

    return {"loop": loop, "rollout": played_out}


def rate(body: Any, seconds: float, seed: int) -> float:
    """Hands per second of ``body(rng, hand)`` for about ``seconds``."""
    rng = random.Random(seed)
    hands = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(10):
            body(rng, hands)
            hands += 1
    return hands / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--commit", default="e432a55", help="the earlier commit")
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    import hearts_core

    with tempfile.TemporaryDirectory() as work:
        before = load_before(args.commit, Path(work))
        ours, theirs = loops(hearts_core), loops(before)
        ratios: dict[str, list[float]] = {name: [] for name in ours}
        for round_number in range(args.rounds):
            for name in ours:
                seed = args.seed + round_number
                mine = rate(ours[name], args.seconds, seed)
                earlier = rate(theirs[name], args.seconds, seed)
                ratios[name].append(mine / earlier)
    print(f"kernel: {hearts_core.KERNEL}; against {args.commit}, median of {args.rounds} rounds:")
    for name, found in ratios.items():
        print(f"  {name:8s} {statistics.median(found):5.2f}x")


if __name__ == "__main__":
    main()
