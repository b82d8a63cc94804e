"""``hearts watch``: bots play a whole game, told hand by hand and trick by trick.

One bot sits at each seat (``--bots``); the game runs in the one game loop,
:func:`~hearts_core.bots.transitions`, dealt and fed from ``--seed``, so the
same seed plays the same game. ``--save`` writes its record.
"""

from __future__ import annotations

import argparse
import random

from hearts_core.bots import transitions
from hearts_core.cli.arguments import bots_of, seed_of, variant_of, writable_file
from hearts_core.cli.narration import Narrator, narrate
from hearts_core.cli.recording import Recorder
from hearts_core.cli.screen import Screen
from hearts_core.seats import seat_names

__all__ = ["watch"]


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
    screen.out.flush()
    recorder.save(args.save, screen)
    return 0
