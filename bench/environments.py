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

**Vector env, decisions per second.** A random learner drives
``hearts_core.adapters.vector.vector_env(256, opponents=...)``: at every step it draws,
for each table at once, a uniformly random action among those its mask allows (one
NumPy operation for the batch), and steps them all; tables reset themselves. Counted:

* the learner's decisions (one per table per step): the samples a learner gets;
* the table's decisions: every seat's, as the AEC loop counts them. Every seat makes
  the same number of decisions in a hand (its pass picks and its plays), so this is the
  learner's times the number of seats (up to the hands in progress when time runs out).

It runs with ``random`` opponents and with ``rule`` opponents (RuleBot, played in the
kernel), in the same rounds as ``hearts_core env()``, the peer of both ratios.

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


def vector_decisions_per_second(opponents: str, seconds: float, seed: int) -> float:
    """Learner decisions per second of a random learner in a 256-table vector env."""
    from hearts_core.adapters.vector import vector_env

    tables = vector_env(256, opponents=opponents)
    seen, _ = tables.reset(seed=seed)
    rng = np.random.default_rng(seed)
    decisions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        masks = seen["action_mask"]
        actions = (rng.random(masks.shape) * masks).argmax(axis=1)  # uniform among the legal
        seen, *_ = tables.step(actions)
        decisions += len(actions)
    return decisions / (time.perf_counter() - start)


PLAYERS = 4  # the standard game: a table's decisions are the learner's times four


def vector_runners() -> dict[str, Runner]:
    """The AEC loop and the vector env's, by name."""
    from hearts_core.adapters.pettingzoo import env

    return {
        "hearts_core env()": lambda s, seed: decisions_per_second(
            env, _mask_in_observation, s, seed
        ),
        "vector, random (learner)": lambda s, seed: vector_decisions_per_second(
            "random", s, seed
        ),
        "vector, rule (learner)": lambda s, seed: vector_decisions_per_second("rule", s, seed),
    }


def report_vector(rates: dict[str, list[float]]) -> None:
    """The vector env's rates, by the learner's decisions and by the table's, and their
    ratios to the AEC env's in the same rounds."""
    peer = rates["hearts_core env()"]
    print(f"  {'hearts_core env()':32s} {statistics.median(peer):10.0f}")
    for name, found in rates.items():
        if name == "hearts_core env()":
            continue
        for unit, factor in (("learner", 1), ("table", PLAYERS)):
            label = name.replace("learner", unit)
            ratios = [factor * ours / theirs for ours, theirs in zip(found, peer, strict=True)]
            print(
                f"  {label:32s} {factor * statistics.median(found):10.0f}   "
                f"{statistics.median(ratios):.1f}x env() (rounds {min(ratios):.1f}x to "
                f"{max(ratios):.1f}x)"
            )


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
    rates = measure(vector_runners(), args.seconds, rounds, args.seed)
    print(f"Vector env (256 tables) decisions per second, median of {rounds} rounds:")
    report_vector(rates)
    spiel = openspiel_runners()
    if spiel:
        rates = measure(spiel, args.seconds, rounds, args.seed)
        report(f"OpenSpiel steps per second, median of {rounds} rounds:", rates, "hearts (C++)")
    else:
        print("OpenSpiel: not installed (pip install open-spiel) - no steps per second")


if __name__ == "__main__":
    main()
