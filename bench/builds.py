"""The kernel's two builds side by side: the compiled build's rates over the pure build's.

Each round runs ``bench/playout.py``'s hearts_core loops and ``MonteCarloBot`` once in a
child process of each build (``HEARTS_CORE_PURE=1`` for the pure one), the builds taking
turns, and the ratio of the two rates in that round is kept; the median over the rounds
is printed, so load from other processes falls on both builds alike.

    python bench/builds.py [--seconds 1.0] [--rounds 7] [--seed 1]
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from playout import arguments, hearts_core_runners, monte_carlo_decisions

HERE = Path(__file__).resolve().parent


def child(seconds: float, seed: int) -> None:
    """Print, as JSON, the kernel build and each loop's rate in this process."""
    import hearts_core

    rates = {name: run(seconds, seed) for name, run in hearts_core_runners().items()}
    rates["MonteCarloBot decisions"] = monte_carlo_decisions(max(seconds, 2.0), seed)
    print(json.dumps({"kernel": hearts_core.KERNEL, "rates": rates}))


def one_round(build: str, seconds: float, seed: int) -> dict[str, float]:
    """One round's rates in a child process of ``build`` ("compiled" or "pure")."""
    env = {**os.environ, "HEARTS_CORE_PURE": "1" if build == "pure" else ""}
    done = subprocess.run(
        [sys.executable, str(HERE / "builds.py"), "--child", str(seconds), str(seed)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    found = json.loads(done.stdout.strip().splitlines()[-1])
    if found["kernel"] != build:
        raise SystemExit(f"asked for the {build} kernel, the child ran {found['kernel']}")
    rates: dict[str, float] = found["rates"]
    return rates


def main() -> None:
    args = arguments((__doc__ or "").splitlines()[0])
    ratios: dict[str, list[float]] = {}
    for round_number in range(max(args.rounds, 1)):
        seed = args.seed + round_number
        compiled = one_round("compiled", args.seconds, seed)
        pure = one_round("pure", args.seconds, seed)
        for name, rate in compiled.items():
            ratios.setdefault(name, []).append(rate / pure[name])
    print(f"compiled kernel over pure kernel, median of {args.rounds} rounds:")
    for name, found in ratios.items():
        print(f"  {name:26s} {statistics.median(found):8.2f}x")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child(float(sys.argv[2]), int(sys.argv[3]))
    else:
        main()
