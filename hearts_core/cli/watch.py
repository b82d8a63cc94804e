"""``hearts watch``: bots play a whole game, told hand by hand and trick by trick.

One bot sits at each seat (``--bots``); the game runs in the one game loop,
:func:`~hearts_core.bots.transitions`, dealt and fed from ``--seed``, so the
same seed plays the same game. ``--save`` writes its record.

On a terminal the game is told at a pace a person can follow: a pause of
``--pace`` seconds after each play (:data:`~hearts_core.cli.parser.WATCH_PACE`
unless given, so a trick a second). Into a pipe or a file there is no pause
unless ``--pace`` asks for one, so scripts and tests run at full speed.
"""

from __future__ import annotations

import argparse
import random
import time

from hearts_core.actions import Deal
from hearts_core.bots import transitions
from hearts_core.cli.arguments import bots_of, seed_of, variant_of, writable_file
from hearts_core.cli.errors import UsageError
from hearts_core.cli.narration import Narrator, narrate
from hearts_core.cli.parser import MAX_PACE, WATCH_PACE
from hearts_core.cli.recording import Recorder
from hearts_core.cli.screen import Screen, isatty
from hearts_core.seat_names import seat_names

__all__ = ["watch", "pace_of"]


def pace_of(args: argparse.Namespace, screen: Screen) -> float:
    """The seconds to pause after each play: ``--pace``, else
    :data:`~hearts_core.cli.parser.WATCH_PACE` on a terminal and 0 elsewhere.

    Raises:
        UsageError: for a pace that is not a number of seconds from 0 to
            :data:`~hearts_core.cli.parser.MAX_PACE`.

    >>> import io
    >>> pace_of(argparse.Namespace(pace=None), Screen(io.StringIO(), use_rich=False))
    0.0
    >>> pace_of(argparse.Namespace(pace=-1.0), Screen(io.StringIO(), use_rich=False))
    Traceback (most recent call last):
    ...
    hearts_core.cli.errors.UsageError: --pace must be a number of seconds from 0 to 60, not -1
    """
    if args.pace is None:
        return WATCH_PACE if isatty(screen.out) else 0.0
    pace = float(args.pace)
    if not 0 <= pace <= MAX_PACE:  # NaN too
        raise UsageError(
            f"--pace must be a number of seconds from 0 to {MAX_PACE:g}, not {pace:g}"
        )
    return pace


def watch(args: argparse.Namespace, screen: Screen) -> int:
    """Run ``hearts watch`` with parsed arguments; the exit status (see the module).

    >>> import io
    >>> from hearts_core.cli.parser import build_parser
    >>> out = io.StringIO()
    >>> watch(build_parser().parse_args(["watch", "--seed", "3"]), Screen(out, use_rich=False))
    0
    >>> print(out.getvalue().splitlines()[0])  # doctest: +ELLIPSIS
    Hearts, variant 'standard', seed 3: North RuleBot(), East RuleBot(), South RuleBot(), ...
    """
    pace = pace_of(args, screen)
    info = variant_of(args.variant)
    rules = info.rules
    bots = bots_of(args.bots, rules.players)
    if args.save is not None:  # before the game, not after it
        writable_file(args.save)
    seed = seed_of(args)
    names = seat_names(rules.players)
    seats = ", ".join(f"{name} {bot!r}" for name, bot in zip(names, bots, strict=True))
    screen.say(f"Hearts, variant {info.name!r}, seed {seed}: {seats}", style="bold")
    narrator = Narrator(rules.moon_amount, names, screen.card)
    recorder = Recorder(info, [repr(bot) for bot in bots])
    for move in recorder.follow(transitions(bots, rules, random.Random(seed))):
        narrate(screen, narrator, move.events)
        if pace and not isinstance(move.action, Deal) and not move.after.is_over:
            screen.out.flush()  # what the play completed is shown during the pause
            time.sleep(pace)
    screen.out.flush()
    recorder.save(args.save, screen)
    return 0
