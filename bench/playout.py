"""Random playouts, in hands per second, for hearts_core and (when installed) OpenSpiel.

Each hand goes from the deal to the end of play by uniform choice among the
legal actions, through each engine's public API. Both engines run in the same
process, alternating in rounds, so the ratio is fair on a noisy machine.

    python bench/playout.py [--seconds 1.5] [--rounds 8] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from hearts_core import Phase, Rules, apply, legal_actions, random_deal
from hearts_core.state import GameState, HandContext


def hearts_core_hands(seconds: float, seed: int) -> float:
    """Hands per second for hearts_core under the default rules.

    Each hand starts from a fresh state whose pass direction cycles with the
    hand number, as in a real game (a quarter of the hands hold).
    """
    rng = random.Random(seed)
    rules = Rules()
    choice = rng.choice
    hands = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(20):
            state = GameState(HandContext(rules, hands, (0, 0, 0, 0)), Phase.DEAL)
            state = apply(state, random_deal(rules, rng))
            while state.phase is not Phase.DEAL and state.phase is not Phase.GAME_OVER:
                state = apply(state, choice(legal_actions(state)))
            hands += 1
    return hands / (time.perf_counter() - start)


def openspiel_hands(seconds: float, seed: int) -> float | None:
    """Hands per second for OpenSpiel's C++ Hearts driven from Python, or None if absent."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    rng = random.Random(seed)
    choice = rng.choice
    hands = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(20):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    actions = [a for a, _ in state.chance_outcomes()]
                else:
                    actions = state.legal_actions()
                state.apply_action(choice(actions))
            hands += 1
    return hands / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.5, help="time per engine per round")
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    runs: dict[str, list[float]] = {"hearts_core": [], "openspiel": []}
    engines: dict[str, Callable[[float, int], float | None]] = {
        "hearts_core": hearts_core_hands,
        "openspiel": openspiel_hands,
    }
    for round_number in range(args.rounds):
        for name, run in engines.items():
            rate = run(args.seconds, args.seed + round_number)
            if rate is not None:
                runs[name].append(rate)
    ours = max(runs["hearts_core"])
    print(f"hearts_core: {ours:8.0f} hands/s (best of {args.rounds})")
    if runs["openspiel"]:
        theirs = max(runs["openspiel"])
        print(f"openspiel:   {theirs:8.0f} hands/s (best of {args.rounds})")
        print(f"ratio:       {ours / theirs:8.2f}x OpenSpiel (best against best)")
        # Each round runs the two engines back to back, so a round's ratio
        # shares its noise; the median over rounds is the steadier figure.
        ratios = [a / b for a, b in zip(runs["hearts_core"], runs["openspiel"], strict=True)]
        print(f"             {statistics.median(ratios):8.2f}x OpenSpiel (median of round ratios)")
    else:
        print("openspiel:   not installed (pip install open-spiel) - no ratio")


if __name__ == "__main__":
    main()
