"""Playing strength of the bots: mean points per hand of one bot against three copies of another.

Each pairing plays the same fixed deals (hand ``i`` is dealt and played from
``random.Random(seed + i)``) under the standard rules. Every hand is played on
its own from zero totals, with the pass direction of hand ``i`` of a game
(left, right, across, hold), and the tested bot sits at seat ``i % 4``, so
it plays every seat equally. The figures are the hand scores after any moon
adjustment: lower is better, and a hand's scores add up to 26 (78 after a moon
shot that adds to the others).

For each pairing the table gives the tested bot's mean points per hand, the
opponents' mean (per seat), and the difference with a 95% confidence interval
(normal approximation over hands; each hand's difference is the tested bot's
score less the mean of the three others). A difference whose interval lies
below zero means the tested bot clearly beats its opponents.

    python bench/strength.py [--hands 2000] [--samples 24] [--workers 2] [--seed 1]
        [--pairings rule/random,mc/rule] [--out docs/strength.md]

The hands are shared among ``--workers`` processes; the results do not depend
on how many.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from hearts_core import MoonShot, Phase, Rules, new_game
from hearts_core.bots import Bot, make_bot, transitions

PAIRINGS = ("random/random", "rule/random", "random/rule", "rule/rule", "mc/random", "mc/rule")
"""Tested bot / opponent bot, in the order of the table."""

NAMES = {
    "random": "RandomBot",
    "rule": "RuleBot",
    "mc": "MonteCarloBot",
}


def make(name: str, samples: int) -> Bot:
    """A fresh bot by its short name, from the registry (``mc`` with ``samples`` samples)."""
    return make_bot(f"mc:samples={samples}" if name == "mc" else name)


def play_hands(
    tested: str, opponent: str, first: int, count: int, seed: int, samples: int
) -> tuple[list[tuple[int, float]], int, float]:
    """Hands ``first`` to ``first + count - 1``: per hand, the tested bot's score and the mean of
    the other seats'; also the tested bot's moon shots and the CPU seconds used."""
    started = time.process_time()
    rules = Rules()
    players = rules.players
    me = make(tested, samples)
    them = make(opponent, samples)
    results: list[tuple[int, float]] = []
    moons = 0
    for hand in range(first, first + count):
        rng = random.Random(seed + hand)
        seat = hand % players
        bots = [me if s == seat else them for s in range(players)]
        # The game loop from hand `hand`, left when the hand is over: nothing more is dealt.
        # The engine refuses an illegal action (IllegalActionError), so none slips through.
        state = new_game(rules, hand_number=hand)
        for move in transitions(bots, rules, rng, state):
            state = move.after
            moons += sum(1 for e in move.events if isinstance(e, MoonShot) and e.seat == seat)
            if state.phase in (Phase.DEAL, Phase.GAME_OVER):
                break
        scores = state.totals
        others = (sum(scores) - scores[seat]) / (players - 1)
        results.append((scores[seat], others))
    return results, moons, time.process_time() - started


def _mean_ci(values: Sequence[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(variance / n)


def measure(
    pairing: str, hands: int, seed: int, samples: int, workers: int
) -> dict[str, float | int | str]:
    """One pairing over ``hands`` hands, in chunks over ``workers`` processes."""
    tested, opponent = pairing.split("/")
    chunk = 25
    starts = list(range(0, hands, chunk))
    wall = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [
            pool.submit(play_hands, tested, opponent, s, min(chunk, hands - s), seed, samples)
            for s in starts
        ]
        parts = [f.result() for f in futures]
    wall = time.perf_counter() - wall
    results = [r for part in parts for r in part[0]]
    mine = [m for m, _ in results]
    others = [o for _, o in results]
    diffs = [m - o for m, o in results]
    mean, half = _mean_ci(mine)
    other_mean, other_half = _mean_ci(others)
    diff, diff_half = _mean_ci(diffs)
    return {
        "pairing": pairing,
        "tested": tested,
        "opponent": opponent,
        "hands": len(results),
        "mean": mean,
        "half": half,
        "others": other_mean,
        "others_half": other_half,
        "diff": diff,
        "diff_half": diff_half,
        "moons": sum(p[1] for p in parts),
        "cpu": sum(p[2] for p in parts),
        "wall": wall,
    }


def _bot(name: str, samples: int) -> str:
    return f"MonteCarloBot({samples} samples)" if name == "mc" else NAMES[name]


def summary(rows: list[dict[str, float | int | str]], samples: int) -> list[str]:
    """One sentence per pairing: who beats whom, by how much, and (when the table has the
    opponent against itself) what the opponent scored in the same seat on the same deals."""
    by_pair = {str(row["pairing"]): row for row in rows}
    lines = []
    for row in rows:
        tested, opponent = str(row["tested"]), str(row["opponent"])
        diff, half = float(row["diff"]), float(row["diff_half"])
        if diff + half < 0:
            verdict = "clearly beats"
        elif diff - half > 0:
            verdict = "clearly loses to"
        else:
            verdict = "cannot be told apart from"
        line = (
            f"- {_bot(tested, samples)} {verdict} three {_bot(opponent, samples)}s: "
            f"{float(row['mean']):.2f} points a hand against their {float(row['others']):.2f} "
            f"(difference {diff:+.2f} ± {half:.2f})"
        )
        same = by_pair.get(f"{opponent}/{opponent}")
        if same is not None and tested != opponent:
            line += (
                f"; in the same seat on the same deals a {_bot(opponent, samples)} "
                f"took {float(same['mean']):.2f}"
            )
        lines.append(line + ".")
    return lines


def markdown(rows: list[dict[str, float | int | str]], args: argparse.Namespace) -> str:
    """The results as the docs page."""
    lines = [
        "# Playing strength",
        "",
        "How well the bots in `hearts_core.bots` play, measured by `bench/strength.py`: the",
        "mean points per hand of one bot playing against three copies of another. Lower is",
        "better; a hand's scores add up to 26 (78 after a moon shot that adds 26 to the others),",
        "so four equal players average 6.5 points a hand or a little more.",
        "",
        *summary(rows, args.samples),
        "",
        "| Bot | against three | hands | bot's points/hand | opponents' points/hand | "
        "difference (95% CI) | bot's moons | CPU time | wall time |",
        "|---|---|--:|--:|--:|--:|--:|--:|--:|",
    ]
    for row in rows:
        tested, opponent = str(row["tested"]), str(row["opponent"])
        lines.append(
            f"| {_bot(tested, args.samples)} | {_bot(opponent, args.samples)} | {row['hands']} "
            f"| {row['mean']:.2f} ± {row['half']:.2f} "
            f"| {row['others']:.2f} ± {row['others_half']:.2f} "
            f"| {row['diff']:+.2f} ± {row['diff_half']:.2f} "
            f"| {row['moons']} | {row['cpu']:.1f} s | {row['wall']:.1f} s |"
        )
    lines += [
        "",
        "The ± figures are 95% confidence intervals (normal approximation, 1.96 standard",
        "errors over hands). The difference is the bot's score less the mean of its three",
        "opponents' in the same hand; an interval entirely below zero means the bot clearly",
        "beats them.",
        "",
        "## How it is measured",
        "",
        f"- Standard rules (`Rules()`), four players; {args.hands} hands per pairing.",
        f"- Hand *i* is dealt and played from `random.Random({args.seed} + i)`, so every",
        "  pairing plays the same deals, and the same command gives the same points (the",
        "  times vary with the machine).",
        "- Each hand is played on its own from zero totals, with the pass direction hand *i* of",
        "  a game would have (left, right, across, hold); the tested bot sits at seat *i* mod 4.",
        f"- The Monte-Carlo bot samples {args.samples} deals of the hidden cards per decision",
        "  and plays each out with the engine, every seat following a fast rule of thumb.",
        f"- CPU time is summed over the {args.workers} worker processes; wall time is the",
        "  elapsed time of the pairing on the machine below, which was shared with other work,",
        "  so it is an upper bound.",
        f"- Machine: {platform.python_implementation()} {platform.python_version()} on "
        f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs.",
        "",
        "Run it again with:",
        "",
        "```sh",
        f"python bench/strength.py --hands {args.hands} --samples {args.samples} "
        f"--workers {args.workers} --seed {args.seed}",
        "```",
        "",
        "The same comparison for whole games, with win rates, is one command away:",
        "",
        "```sh",
        "hearts simulate --games 200 --bots mc,rule,rule,rule --seed 1",
        "```",
        "",
    ]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Measure the pairings, print each as it finishes, and write the Markdown page."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=2000, help="hands per pairing")
    parser.add_argument("--samples", type=int, default=24, help="Monte-Carlo samples a decision")
    parser.add_argument("--workers", type=int, default=2, help="worker processes")
    parser.add_argument("--seed", type=int, default=1, help="hand i uses seed + i")
    parser.add_argument(
        "--pairings", default=",".join(PAIRINGS), help="tested/opponent pairs, comma-separated"
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=Path(__file__).resolve().parents[1] / "docs" / "strength.md",
        help="where to write the Markdown page ('-' for none)",
    )
    args = parser.parse_args(argv)
    rows = []
    for pairing in args.pairings.split(","):
        row = measure(pairing.strip(), args.hands, args.seed, args.samples, args.workers)
        rows.append(row)
        print(
            f"{pairing:15} {row['mean']:6.2f} ± {row['half']:.2f}  others {row['others']:6.2f}"
            f"  diff {row['diff']:+.2f} ± {row['diff_half']:.2f}  moons {row['moons']}"
            f"  cpu {row['cpu']:.0f} s  wall {row['wall']:.0f} s",
            flush=True,
        )
    if str(args.out) != "-":
        args.out.write_text(markdown(rows, args), encoding="utf-8")
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
