"""``hearts play``: you against bots, in the terminal.

You sit at seat 0 (North) and are called "You" in everything shown, the
score tables and the messages included; the bots sit at the other seats,
named by :func:`~hearts_core.seat_names.seat_names`. The game runs in the one
game loop, :func:`~hearts_core.bots.transitions`, with you as a
:class:`~hearts_core.cli.table.HumanSeat`: the same seed deals the same cards
and the bots play as they would against one another. :class:`TableTalk` tells
you what you may see: your passes, every card played (yours too), the
tricks and the scores.

>>> import io
>>> main_out = io.StringIO()
>>> from hearts_core.cli import main
>>> main(["play", "--seed", "1", "--style", "plain"], stdin=io.StringIO("quit\\n"),
...      stdout=main_out)
0
>>> print(main_out.getvalue().splitlines()[0])
Hearts (standard), seed 1: you sit North, against East, South and West (rule bots).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterable, Sequence
from typing import TextIO

from hearts_core.bots import Bot, Transition, transitions
from hearts_core.cards import CardSet
from hearts_core.cli.arguments import bots_of, seed_of, variant_of, writable_file
from hearts_core.cli.errors import GameAbandoned
from hearts_core.cli.recording import Recorder
from hearts_core.cli.screen import Screen
from hearts_core.cli.table import HumanSeat
from hearts_core.events import (
    CardPlayed,
    CardsPassed,
    Event,
    GameOver,
    HandDealt,
    HandScored,
    HeartsBroken,
    MoonChosen,
    MoonShot,
    SunShot,
    TrickTaken,
)
from hearts_core.rules import MoonOption, PassDirection, Rules
from hearts_core.rules.rulebook import describe_variant
from hearts_core.seat_names import seat_names
from hearts_core.state import GameState, Phase

__all__ = ["play", "play_at_table", "TableTalk"]

YOU = 0
"""The seat the person plays."""


class TableTalk:
    """Tells the person at seat ``you`` the events they may see, in the second person.

    Args:
        screen: Where to write.
        names: The seats' names, seat 0 first (the person's is ``"You"``).
        moon_amount: The points a moon shot moves.
        you: The person's seat.

    >>> import io
    >>> from hearts_core import Card, CardPlayed
    >>> out = io.StringIO()
    >>> talk = TableTalk(Screen(out, use_rich=False), ("You", "East", "South", "West"), 26)
    >>> talk.tell(CardPlayed(0, Card.parse("QS"))); talk.tell(CardPlayed(1, Card.parse("TH")))
    >>> print(out.getvalue(), end="")
    You play Q♠
    East plays 10♥
    """

    def __init__(
        self, screen: Screen, names: Sequence[str], moon_amount: int, you: int = 0
    ) -> None:
        self.screen = screen
        self.names = tuple(names)
        self.moon_amount = moon_amount
        self.you = you

    def begin(self, state: GameState) -> None:
        """Head the trick ``state`` is about to start, if it is: a blank line, then
        ``Trick 2 · scores: You 0, East 0 (+1), ...`` (each total, with the points
        taken this hand). Called after each step's events, so the heading comes
        before the trick's first card, whoever leads it.

        >>> import io
        >>> from hearts_core import new_game
        >>> out = io.StringIO()
        >>> talk = TableTalk(Screen(out, use_rich=False), ("You", "East", "South", "West"), 26)
        >>> talk.begin(new_game())  # waiting for a deal: no trick starts
        >>> out.getvalue()
        ''
        """
        if state.phase is not Phase.PLAY or state.current_trick:
            return
        parts = [
            f"{name} {total}" + (f" (+{pts})" if pts > 0 else f" ({pts})" if pts < 0 else "")
            for name, total, pts in zip(self.names, state.totals, state.hand_points, strict=True)
        ]
        dot = "·" if self.screen.symbols else "-"
        self.screen.say("")
        self.screen.say(
            f"Trick {len(state.tricks) + 1} {dot} scores: " + ", ".join(parts), style="bold"
        )

    def _verb(self, seat: int, yours: str, theirs: str) -> str:
        return yours if seat == self.you else theirs

    def tell(self, event: Event) -> None:
        """Write what ``event`` shows the person (nothing for what they may not see)."""
        screen, name = self.screen, self.names
        match event:
            case HandDealt(hand_number=number, dealer=dealer, pass_direction=direction):
                passing = (
                    "no passing" if direction is PassDirection.HOLD else "pass " + direction.value
                )
                screen.say("")
                heading = f"— Hand {number + 1}: {name[dealer]} dealt; {passing} —"
                screen.say(heading, style="bold")
            case CardsPassed(from_seat=giver, to_seat=receiver, cards=CardSet() as cards):
                if giver == self.you:
                    screen.say(f"You passed {screen.cards(cards)} to {name[receiver]}.")
                elif receiver == self.you:
                    screen.say(f"{name[giver]} passed you {screen.cards(cards)}.")
            case CardPlayed(seat=seat, card=card):
                verb = self._verb(seat, "play", "plays")
                screen.say(f"{name[seat]} {verb} {screen.card(card)}")
            case HeartsBroken():
                screen.say("Hearts are broken.", style="red")
            case TrickTaken(winner=winner, points=points):
                unit = "point" if points in (1, -1) else "points"
                verb = self._verb(winner, "take", "takes")
                screen.say(f"{name[winner]} {verb} the trick ({points} {unit}).", style="bold")
            case SunShot(seat=seat):
                screen.say(f"{name[seat]} shot the sun: every trick!", style="bold green")
            case MoonShot(seat=seat, option=option) | MoonChosen(seat=seat, option=option) if (
                option is not None
            ):
                self._moon(seat, option)
            case HandScored(points=points, scores=scores, totals=totals):
                rows = [["points", *map(str, points)]]
                if scores != points:
                    rows.append(["scores", *map(str, scores)])
                rows.append(["totals", *map(str, totals)])
                screen.table(["", *name], rows)
            case GameOver(winners=winners, totals=totals):
                who = " and ".join(name[w] for w in winners)
                verb = "wins" if len(winners) == 1 and winners[0] != self.you else "win"
                screen.say("")
                screen.say(f"Game over. {who} {verb} with {totals[winners[0]]}.", style="bold")

    def _moon(self, seat: int, option: MoonOption) -> None:
        how = (
            f"takes {self.moon_amount} off the shooter's total"
            if option is MoonOption.SUBTRACT_FROM_SHOOTER
            else f"adds {self.moon_amount} to everyone else"
        )
        self.screen.say(f"{self.names[seat]} shot the moon: it {how}.", style="bold green")


def play_at_table(
    talk: TableTalk,
    seats: Sequence[Bot],
    rules: Rules,
    rng: random.Random,
    state: GameState | None = None,
    recorder: Recorder | None = None,
) -> bool:
    """Play to the end of the game (from ``state``, if given), telling each event;
    ``False`` if the person left it first.

    >>> import io
    >>> from hearts_core.bots import RuleBot
    >>> out = io.StringIO()
    >>> talk = TableTalk(Screen(out, use_rich=False), seat_names(4), 26, you=-1)
    >>> play_at_table(talk, [RuleBot()] * 4, Rules(), random.Random(2))
    True
    >>> out.getvalue().splitlines()[-1]
    'Game over. East wins with 44.'
    """
    moves: Iterable[Transition] = transitions(seats, rules, rng, state)
    if recorder is not None:
        moves = recorder.follow(moves)
    if state is not None:
        talk.begin(state)
    try:
        for move in moves:
            for event in move.events:
                talk.tell(event)
            talk.begin(move.after)
    except GameAbandoned:
        return False
    return True


def play(args: argparse.Namespace, screen: Screen, stdin: TextIO) -> int:
    """Run ``hearts play`` with parsed arguments; the exit status.

    >>> import io
    >>> from hearts_core.cli.parser import build_parser
    >>> args = build_parser().parse_args(["play", "--seed", "2"])
    >>> out = io.StringIO()
    >>> play(args, Screen(out, use_rich=False), io.StringIO(""))
    0
    >>> out.getvalue().splitlines()[-1]
    'Game abandoned.'
    """
    info = variant_of(args.variant)
    rules = info.rules
    bots = bots_of(args.bots, rules.players - 1)
    if args.save is not None:  # before the game, not after it
        writable_file(args.save)
    seed = seed_of(args)
    compass = seat_names(rules.players)
    names = ("You", *compass[1:])
    human = HumanSeat(screen, stdin, names, describe_variant(info))
    others = compass[1:]
    against = ", ".join(others[:-1]) + " and " + others[-1]
    screen.say(
        f"Hearts ({info.name}), seed {seed}: you sit {compass[YOU]}, against {against} "
        f"({args.bots} bots).",
        style="bold",
    )
    screen.say("Type 'help' for how to play, 'rules' for the rules.")
    recorder = Recorder(info, ["You", *(repr(bot) for bot in bots)])
    talk = TableTalk(screen, names, rules.moon_amount, YOU)
    finished = play_at_table(talk, [human, *bots], rules, random.Random(seed), recorder=recorder)
    if not finished:
        screen.say("Game abandoned.")
    recorder.save(args.save, screen)
    return 0
