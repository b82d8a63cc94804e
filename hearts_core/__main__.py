"""Watch four bots play a game of Hearts: ``python -m hearts_core [--seed N] [--variant NAME]``.

The game is printed hand by hand: the pass, every trick (who led, the cards
in play order, who took it and for how many points), the points of the hand,
any moon shot, and the totals; then the winner. The same seed and variant
always give the same game.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Iterator, Sequence

from hearts_core import (
    CardPlayed,
    CardsPassed,
    Event,
    GameOver,
    HandDealt,
    HandScored,
    HeartsBroken,
    InvalidRulesError,
    MoonOption,
    MoonShot,
    PassDirection,
    TrickTaken,
    variant,
    variant_names,
)
from hearts_core.bots import Bot, SimpleBot, play_game

__all__ = ["Narrator", "main"]

_SEATS = 4


def _row(label: str, values: Sequence[int]) -> str:
    return f"  {label:<12}" + "".join(f"{v:>8}" for v in values)


class Narrator:
    """Turns the events of a game into lines of text, one event at a time.

    Args:
        moon_amount: The points at stake in a moon shot, to say what a shot cost.

    >>> from hearts_core import CardPlayed, Card, TrickTaken, HandScored
    >>> narrator = Narrator(26)
    >>> narrator.lines(CardPlayed(2, Card.parse("2C")))
    []
    >>> cards = tuple(Card.parse(c) for c in ("2C", "KC", "QH", "5C"))
    >>> print(*narrator.lines(TrickTaken(3, cards, 1)))
       1. seat 2: 2C KC QH 5C -> seat 3 (1 point)
    >>> print("\\n".join(narrator.lines(HandScored(0, (0, 0, 0, 1), (0, 0, 0, 1), (0, 0, 0, 1)))))
                    seat 0  seat 1  seat 2  seat 3
      points             0       0       0       1
      totals             0       0       0       1
    """

    def __init__(self, moon_amount: int) -> None:
        self.moon_amount = moon_amount
        self._leader: int | None = None
        self._tricks = 0
        self._broken: str | None = None
        self._choosing: int | None = None

    def lines(self, event: Event) -> list[str]:
        """The lines that report ``event`` (none for events shown later, with their trick).

        >>> from hearts_core import HandDealt, PassDirection
        >>> Narrator(26).lines(HandDealt(4, 3, PassDirection.LEFT))
        ['', 'Hand 5 (seat 3 deals): pass left']
        """
        match event:
            case HandDealt(hand_number=number, dealer=dealer, pass_direction=direction):
                self._tricks = 0
                passing = (
                    "no passing" if direction is PassDirection.HOLD else "pass " + (direction.value)
                )
                return ["", f"Hand {number + 1} (seat {dealer} deals): {passing}"]
            case CardsPassed(from_seat=giver, to_seat=receiver, cards=cards):
                return [f"  seat {giver} passes {cards} to seat {receiver}"]
            case CardPlayed(seat=seat):
                if self._leader is None:
                    self._leader = seat
                return []
            case HeartsBroken(seat=seat, card=card):
                self._broken = f"  (hearts broken by {card})"
                return []
            case TrickTaken(winner=winner, cards=cards, points=points):
                self._tricks += 1
                leader = self._leader if self._leader is not None else winner
                played = " ".join(str(card) for card in cards)
                unit = "point" if points == 1 else "points"
                line = (
                    f"  {self._tricks:>2}. seat {leader}: {played} -> seat {winner} "
                    f"({points} {unit}){self._broken or ''}"
                )
                self._leader = None
                self._broken = None
                return [line]
            case MoonShot(seat=seat, option=None):
                self._choosing = seat
                return [f"  seat {seat} shoots the moon and chooses how to score it"]
            case MoonShot(seat=seat, option=option):
                verb = "chooses to" if self._choosing == seat else "shoots the moon:"
                self._choosing = None
                if option is MoonOption.SUBTRACT_FROM_SHOOTER:
                    return [f"  seat {seat} {verb} subtract {self.moon_amount} from its own total"]
                return [f"  seat {seat} {verb} add {self.moon_amount} to every other seat"]
            case HandScored(points=points, scores=scores, totals=totals):
                lines = ["  " + " " * 12 + "".join(f"  seat {s}" for s in range(_SEATS))]
                lines.append(_row("points", points))
                if scores != points:
                    lines.append(_row("scores", scores))
                lines.append(_row("totals", totals))
                return lines
            case GameOver(winners=winners, totals=totals):
                names = ", ".join(f"seat {w}" for w in winners)
                label = "Winner" if len(winners) == 1 else "Winners"
                return [
                    "",
                    "Game over.",
                    _row("final totals", totals),
                    f"{label}: {names} with {totals[winners[0]]} points",
                ]
        return []


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m hearts_core",
        description="Watch four simple bots play a game of Hearts, hand by hand.",
    )
    parser.add_argument(
        "--seed", type=int, default=None, help="seed for the deals (default: a random one)"
    )
    parser.add_argument(
        "--variant",
        default="standard",
        help=f"ruleset to play (default: standard; known: {', '.join(variant_names())})",
    )
    return parser


def _narrate(seed: int, variant_name: str, bots: Sequence[Bot]) -> Iterator[str]:
    rules = variant(variant_name)
    yield f"Hearts, variant {variant_name!r}, seed {seed}: four SimpleBots at seats 0-3"
    narrator = Narrator(rules.moon_amount)
    for _, events in play_game(bots, rules, random.Random(seed)):
        for event in events:
            yield from narrator.lines(event)


def main(argv: Sequence[str] | None = None) -> int:
    """Play and print one game; returns the exit status.

    Args:
        argv: The command-line arguments, without the program name
            (default: ``sys.argv[1:]``).

    >>> main(["--seed", "3", "--variant", "classic"])  # doctest: +ELLIPSIS
    Hearts, variant 'classic', seed 3: four SimpleBots at seats 0-3
    <BLANKLINE>
    Hand 1 (seat 3 deals): pass left
    ...
    Game over.
    ...
    0
    """
    parser = _parser()
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    try:
        variant(args.variant)
    except InvalidRulesError as error:
        parser.error(error.reason)
    try:
        for line in _narrate(seed, args.variant, [SimpleBot() for _ in range(_SEATS)]):
            print(line)
        sys.stdout.flush()
    except BrokenPipeError:  # the reader went away (as with `| head`): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
