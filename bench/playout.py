"""Random playouts per second: hearts_core against OpenSpiel's C++ Hearts, in one process.

Every loop plays whole hands of the default four-seat rules by uniform random
choice, each engine through its public Python API, and counts hands per second.
The hand numbers cycle, so a quarter of the hands pass no cards, as OpenSpiel
draws its pass direction uniformly among the same four.

What each side does per hand:

* ``hearts_core loop``: ``new_game(hand_number=h)``, ``apply(random_deal(...))``,
  then ``state = apply(state, rng.choice(legal_actions(state)))`` until
  ``legal_actions`` is empty (the next hand's deal): 4 passes (when the hand
  passes) and 52 plays, every one checked.
* ``hearts_core step``: the same with ``step``, which also builds the events.
* ``hearts_core rollout``: ``new_game``, ``apply(random_deal(...))``, then
  ``rollout(state, rng)``, which plays the hand out in the kernel, uniformly at random,
  and builds the next hand's state.
* ``hearts_core rollouts``: per hand, ``rollouts(state, 1000, rng)`` from a state dealt
  as above (one deal for every 1,000 hands): the scores of each hand, no state built.
* ``openspiel``: ``state.apply_action(rng.choice(state.legal_actions()))`` at
  every node from ``new_initial_state()`` to the terminal state: the pass
  direction, 52 deal outcomes (at a chance node ``legal_actions`` lists the
  outcomes, all equally likely in Hearts), 12 single-card pass moves and 52
  plays. This is the cheapest way its Python API allows.
* ``openspiel shuffle``: the stricter peer. The pass direction as above, then
  the deal from one ``rng.shuffle`` of the 52 card ids applied in order, then
  the passes and plays as above.

The engines alternate in short rounds, and each ratio is ours over OpenSpiel's
within one round; the median over the rounds is reported, so load from other
processes falls on both sides. ``MonteCarloBot`` decisions per second are
reported too (default settings, on positions from random games). The figures are for
the kernel build that runs (``hearts_core.KERNEL``, printed first):
``HEARTS_CORE_PURE=1`` measures the pure one, and ``bench/builds.py`` sets the two
side by side.

    python bench/playout.py [--seconds 1.0] [--rounds 7] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import hearts_core
from hearts_core import Phase, Rules, apply, legal_actions, new_game, observe, random_deal, step
from hearts_core.bots import MonteCarloBot
from hearts_core.playout import rollout, rollouts

Runner = Callable[[float, int], float]
_RULES = Rules()


def timed(body: Callable[[random.Random, int], object], seconds: float, seed: int) -> float:
    """Hands per second of ``body(rng, hand)``, run in batches until ``seconds`` pass."""
    rng = random.Random(seed)
    hands = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(20):
            body(rng, hands)
            hands += 1
    return hands / (time.perf_counter() - start)


def _loop_hand(rng: random.Random, hand: int) -> None:
    choice = rng.choice
    state = new_game(_RULES, hand_number=hand % 4)
    state = apply(state, random_deal(_RULES, rng))
    while True:
        actions = legal_actions(state)
        if not actions:
            return
        state = apply(state, choice(actions))


def _step_hand(rng: random.Random, hand: int) -> None:
    choice = rng.choice
    state = new_game(_RULES, hand_number=hand % 4)
    state, _ = step(state, random_deal(_RULES, rng))
    while True:
        actions = legal_actions(state)
        if not actions:
            return
        state, _ = step(state, choice(actions))


def _rollout_hand(rng: random.Random, hand: int) -> None:
    state = new_game(_RULES, hand_number=hand % 4)
    rollout(apply(state, random_deal(_RULES, rng)), rng)


_BATCH = 1000


def _rollouts_batch(rng: random.Random, batch: int) -> None:
    state = new_game(_RULES, hand_number=batch % 4)
    rollouts(apply(state, random_deal(_RULES, rng)), _BATCH, rng)


def timed_batches(seconds: float, seed: int) -> float:
    """Hands per second of :func:`rollouts`, ``_BATCH`` hands a call."""
    return timed(_rollouts_batch, seconds, seed) * _BATCH


def hearts_core_runners() -> dict[str, Runner]:
    """The hearts_core loops, by name."""
    return {
        "hearts_core loop": lambda seconds, seed: timed(_loop_hand, seconds, seed),
        "hearts_core step": lambda seconds, seed: timed(_step_hand, seconds, seed),
        "hearts_core rollout": lambda seconds, seed: timed(_rollout_hand, seconds, seed),
        "hearts_core rollouts": timed_batches,
    }


def openspiel_runners() -> dict[str, Runner]:
    """OpenSpiel's loops, by name (none when it is not installed)."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return {}
    game = pyspiel.load_game("hearts")

    def cheapest(rng: random.Random, hand: int) -> None:
        choice = rng.choice
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))

    def shuffled(rng: random.Random, hand: int) -> None:
        choice = rng.choice
        state = game.new_initial_state()
        state.apply_action(choice(state.legal_actions()))  # the pass direction
        deck = list(range(52))
        rng.shuffle(deck)
        for card in deck:
            state.apply_action(card)
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))

    return {
        "openspiel": lambda seconds, seed: timed(cheapest, seconds, seed),
        "openspiel shuffle": lambda seconds, seed: timed(shuffled, seconds, seed),
    }


def monte_carlo_decisions(seconds: float, seed: int) -> float:
    """``MonteCarloBot()`` decisions per second, on the play positions of random games."""
    rng = random.Random(seed)
    bot = MonteCarloBot()
    decisions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = apply(new_game(_RULES, hand_number=3), random_deal(_RULES, rng))
        while state.phase is Phase.PLAY and time.perf_counter() < deadline:
            seat = state.to_act[0]
            state = apply(state, bot.choose(observe(state, seat), rng))
            decisions += 1
    return decisions / (time.perf_counter() - start)


def arguments(description: str) -> argparse.Namespace:
    """The bench scripts' options: seconds per loop per round, rounds, seed."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--seconds", type=float, default=1.0, help="time per loop per round")
    parser.add_argument("--rounds", type=int, default=7, help="alternating rounds (at least 5)")
    parser.add_argument("--seed", type=int, default=1)
    return parser.parse_args()


def alternate(runners: dict[str, Runner], args: argparse.Namespace) -> dict[str, list[float]]:
    """Each runner's hands per second in every round, the runners taking turns, printed
    as the median of the rounds."""
    rates: dict[str, list[float]] = {name: [] for name in runners}
    for round_number in range(max(args.rounds, 1)):
        for name, run in runners.items():
            rates[name].append(run(args.seconds, args.seed + round_number))
    print(f"hands per second, median of {args.rounds} rounds of {args.seconds:g} s each:")
    for name, found in rates.items():
        print(f"  {name:20s} {statistics.median(found):8.0f}")
    return rates


def print_ratios(rates: dict[str, list[float]], names: list[str], peer: str) -> None:
    """The median over the rounds of each runner's rate over the peer's in that round."""
    print(f"ratios to {peer} (median of the per-round ratios):")
    for name in names:
        ratios = [a / b for a, b in zip(rates[name], rates[peer], strict=True)]
        print(f"  {name:20s} {statistics.median(ratios):8.2f}x")


def main() -> None:
    args = arguments((__doc__ or "").splitlines()[0])
    print(f"kernel: {hearts_core.KERNEL}")
    ours = hearts_core_runners()
    theirs = openspiel_runners()
    rates = alternate({**ours, **theirs}, args)
    if not theirs:
        print("openspiel: not installed (pip install open-spiel) - no ratios")
    for peer in theirs:
        print_ratios(rates, list(ours), peer)
    mc = monte_carlo_decisions(max(args.seconds, 2.0), args.seed)
    print(f"MonteCarloBot (24 samples): {mc:.1f} decisions per second")


if __name__ == "__main__":
    main()
