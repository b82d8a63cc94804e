"""``hearts simulate``: many bot games, and a table of wins, points per hand and moons.

The bots of ``--bots`` (a shorter list repeated round the table) start at
North, East, South, ... and move one seat to the left after each game, so
every bot plays from every seat; game ``g`` is dealt from seed ``SEED + g``.
Each row of the table is a bot, named with the seat it starts at.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Sequence

from hearts_core.bots import Bot, split_specs, transitions
from hearts_core.cli.arguments import bots_of, seed_of, variant_of
from hearts_core.cli.errors import UsageError
from hearts_core.cli.screen import Screen
from hearts_core.events import GameOver, HandScored, MoonShot, SunShot
from hearts_core.rules import Rules
from hearts_core.seat_names import seat_names

__all__ = ["simulate", "interval", "Tally"]


def interval(values: Sequence[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval (normal approximation).

    >>> mean, half = interval([1, 2, 3, 4])
    >>> mean, round(half, 3)
    (2.5, 1.265)
    """
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, 0.0
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(variance / n)


class Tally:
    """Wins, points per hand, moons and suns of each entry of the bot list.

    >>> tally = Tally(4)
    >>> tally.count(HandScored(0, (0, 26, 0, 0), (0, 26, 0, 0), (0, 26, 0, 0)), game=1)
    >>> tally.points[0]
    [26]
    """

    def __init__(self, players: int) -> None:
        self.players = players
        self.wins = [0.0] * players
        self.points: list[list[float]] = [[] for _ in range(players)]
        self.moons = [0] * players
        self.suns = [0] * players

    def entry(self, seat: int, game: int) -> int:
        """The entry of the bot list at ``seat`` in game ``game`` (entries move left)."""
        return (seat - game) % self.players

    def count(self, event: object, game: int) -> None:
        """Count ``event`` of game ``game`` (counted from 0)."""
        if isinstance(event, HandScored):
            for seat, score in enumerate(event.scores):
                self.points[self.entry(seat, game)].append(score)
        elif isinstance(event, MoonShot):
            self.moons[self.entry(event.seat, game)] += 1
        elif isinstance(event, SunShot):
            self.suns[self.entry(event.seat, game)] += 1
        elif isinstance(event, GameOver):
            for seat in event.winners:
                self.wins[self.entry(seat, game)] += 1 / len(event.winners)


def _play(bots: Sequence[Bot], rules: Rules, games: int, seed: int, screen: Screen) -> Tally:
    tally = Tally(rules.players)
    with screen.progress(games, "games") as ticker:
        for game in range(games):
            # Entry i of the list sits at seat (i + game) % players: each bot sits everywhere.
            seating = [bots[tally.entry(seat, game)] for seat in range(rules.players)]
            for move in transitions(seating, rules, random.Random(seed + game)):
                for event in move.events:
                    tally.count(event, game)
            ticker.advance()
    return tally


def simulate(args: argparse.Namespace, screen: Screen) -> int:
    """Run ``hearts simulate`` with parsed arguments; the exit status (see the module).

    >>> import io
    >>> from hearts_core.cli.parser import build_parser
    >>> out = io.StringIO()
    >>> args = build_parser().parse_args(["simulate", "--games", "2", "--seed", "1"])
    >>> simulate(args, Screen(out, use_rich=False))
    0
    >>> print(out.getvalue().splitlines()[0])
    Simulating 2 games of 'standard', seed 1: North rule, East random, South rule, West random
    """
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    info = variant_of(args.variant)
    rules = info.rules
    players = rules.players
    bots = bots_of(args.bots, players, cycle=True)
    specs = split_specs(args.bots)
    labels = [
        f"{name} {specs[i % len(specs)]}" for i, name in enumerate(seat_names(players))
    ]
    seed = seed_of(args)
    screen.say(
        f"Simulating {args.games} games of {info.name!r}, seed {seed}: " + ", ".join(labels),
        style="bold",
    )
    started = time.perf_counter()
    tally = _play(bots, rules, args.games, seed, screen)
    elapsed = time.perf_counter() - started
    rows = []
    for i, label in enumerate(labels):
        mean, half = interval(tally.points[i])
        row = [
            label,
            f"{tally.wins[i]:g}",
            f"{100 * tally.wins[i] / args.games:.1f}%",
            f"{mean:.2f} ± {half:.2f}",
            str(tally.moons[i]),
        ]
        rows.append(row + ([str(tally.suns[i])] if any(tally.suns) else []))
    headers = ["bot (first seat)", "wins", "win rate", "points/hand (95% CI)", "moons"]
    hands = len(tally.points[0])
    screen.table(
        headers + (["suns"] if any(tally.suns) else []),
        rows,
        title=f"{args.games} games, {hands} hands of {info.name} in {elapsed:.1f} s",
    )
    return 0
