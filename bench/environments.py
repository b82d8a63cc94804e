"""Learning environments: decisions per second against Shimmy, steps per second against C++.

Two comparisons, each in one process, the sides alternating in short rounds;
each ratio is ours over the peer's within a round, and the median over the
rounds is reported, so load from other processes falls on both sides.

**PettingZoo AEC loop, decisions per second.** The same random agent drives
each environment: at every turn it reads ``env.last()`` and the action mask,
and steps a uniformly random legal action (a terminated agent steps ``None``);
when no agent is left it resets. Only the steps that take an action count.

* ``hearts_core env()``: ``hearts_core.adapters.pettingzoo.env()``, the
  standard rules, one hand per episode (deal, 12 single-card passes when the
  hand passes, 52 plays), the mask read from ``observation["action_mask"]``;
* ``hearts_core raw_env()``: the same, unwrapped;
* ``shimmy``: Shimmy's ``OpenSpielCompatibilityV0(game_name="hearts")``, the mask
  read from ``info["action_mask"]``. It builds OpenSpiel's 5,088-float
  information-state tensor for every seat at every step, and truncates every
  episode after 11 decisions (it counts the 53 chance nodes against OpenSpiel's
  ``max_game_length`` of 64), so its count includes a reset every 11 decisions
  where ours has one every 52 or 64. Decisions, not hands, are compared.

**OpenSpiel, steps per second.** ``state.apply_action(rng.choice(state.legal_actions()))``
at every node, chance included, from ``new_initial_state()`` to the end, in
OpenSpiel's C++ ``hearts`` and in the ``hearts_core`` Python game with
``variant="openspiel"`` (the same game, action for action): 117 or 105 steps
per hand.

    python bench/environments.py [--seconds 1.0] [--rounds 7] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

Runner = Callable[[float, int], float]


def _mask_in_observation(observation: Any, info: Any) -> Any:
    return observation["action_mask"]


def _mask_in_info(observation: Any, info: Any) -> Any:
    return info["action_mask"]


def decisions_per_second(
    make: Callable[[], Any],
    mask_of: Callable[[Any, Any], Any],
    seconds: float,
    seed: int,
) -> float:
    """Decisions per second of a random agent in the AEC environment ``make()`` builds."""
    rng = random.Random(seed)
    game = make()
    game.reset(seed=seed)
    decisions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(50):
            if not game.agents:
                game.reset()
            observation, _, terminated, truncated, info = game.last()
            if terminated or truncated:
                game.step(None)
                continue
            legal = np.flatnonzero(mask_of(observation, info))
            game.step(int(legal[rng.randrange(len(legal))]))
            decisions += 1
    return decisions / (time.perf_counter() - start)


def environment_runners() -> dict[str, Runner]:
    """The AEC loops, by name: ours, and Shimmy's when it is installed."""
    from hearts_core.adapters.pettingzoo import env, raw_env

    runners: dict[str, Runner] = {
        "hearts_core env()": lambda s, seed: decisions_per_second(
            env, _mask_in_observation, s, seed
        ),
        "hearts_core raw_env()": lambda s, seed: decisions_per_second(
            raw_env, _mask_in_observation, s, seed
        ),
    }
    try:
        from shimmy import OpenSpielCompatibilityV0  # type: ignore[import-untyped]
    except ImportError:
        return runners

    def shimmy() -> Any:
        return OpenSpielCompatibilityV0(game_name="hearts")

    runners["shimmy"] = lambda s, seed: decisions_per_second(shimmy, _mask_in_info, s, seed)
    return runners


def steps_per_second(game: Any, seconds: float, seed: int) -> float:
    """Steps per second of random play through every node of ``game``'s hands."""
    rng = random.Random(seed)
    choice = rng.choice
    steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
            steps += 1
    return steps / (time.perf_counter() - start)


def openspiel_runners() -> dict[str, Runner]:
    """The OpenSpiel loops, by name (none when OpenSpiel is not installed)."""
    try:
        import pyspiel  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return {}
    from hearts_core.adapters.openspiel import register_game

    register_game()
    ours = pyspiel.load_game("hearts_core", {"variant": "openspiel"})
    theirs = pyspiel.load_game("hearts")
    return {
        "hearts_core (Python)": lambda s, seed: steps_per_second(ours, s, seed),
        "hearts (C++)": lambda s, seed: steps_per_second(theirs, s, seed),
    }


def measure(
    runners: dict[str, Runner], seconds: float, rounds: int, seed: int
) -> dict[str, list[float]]:
    """Each runner's rate in each round, the runners alternating within a round."""
    rates: dict[str, list[float]] = {name: [] for name in runners}
    for round_number in range(rounds):
        for name, run in runners.items():
            rates[name].append(run(seconds, seed + round_number))
    return rates


def report(title: str, rates: dict[str, list[float]], peer: str) -> None:
    """Print the median rates and the median per-round ratios to ``peer``."""
    print(title)
    for name, found in rates.items():
        print(f"  {name:24s} {statistics.median(found):10.0f}")
    if peer not in rates:
        print(f"  {peer}: not installed - no ratios")
        return
    for name, found in rates.items():
        if name != peer:
            ratios = [ours / theirs for ours, theirs in zip(found, rates[peer], strict=True)]
            low, high = min(ratios), max(ratios)
            print(
                f"  {name} / {peer}: {statistics.median(ratios):.1f}x median "
                f"(rounds {low:.1f}x to {high:.1f}x)"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per loop per round")
    parser.add_argument("--rounds", type=int, default=7, help="alternating rounds")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rounds = max(args.rounds, 1)
    rates = measure(environment_runners(), args.seconds, rounds, args.seed)
    report(f"AEC decisions per second, median of {rounds} rounds:", rates, "shimmy")
    spiel = openspiel_runners()
    if spiel:
        rates = measure(spiel, args.seconds, rounds, args.seed)
        report(f"OpenSpiel steps per second, median of {rounds} rounds:", rates, "hearts (C++)")
    else:
        print("OpenSpiel: not installed (pip install open-spiel) - no steps per second")


if __name__ == "__main__":
    main()
