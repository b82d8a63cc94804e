"""The ``hearts`` command: play Hearts in a terminal, watch and measure bots, read the rules.

* ``hearts play [--variant NAME|FILE] [--seed N] [--bots BOTS] [--save FILE]``: you
  against bots.
* ``hearts watch [--variant NAME|FILE] [--seed N] [--bots BOTS] [--save FILE]
  [--pace SECONDS]``: bots only, hand by hand, pausing ``SECONDS`` after each play
  (on a terminal 0.25 unless given, a trick a second; into a pipe or a file, no pause).
* ``hearts simulate --games N [--variant NAME|FILE] [--bots BOTS] [--seed N]``: a table
  of win rates, mean points per hand and moons.
* ``hearts arena BOT_A BOT_B [--deals N] [--seed S] [--variant V] [--backend local|ray]
  [--workers K] [--json]``: bot A against bot B on duplicate deals.
* ``hearts serve [--host H] [--port P] [--variant NAME|FILE] [--seed N] [--bots BOTS]``:
  the web table, in a browser (the ``web`` extra).
* ``hearts rules [NAME|FILE]``: the rulebook; ``hearts variants``: the shipped variants.
* ``hearts replay FILE``: a saved game record, trick by trick.

``python -m hearts_core`` runs the same command; with no command it watches
bots play (``hearts --seed 3`` is ``hearts watch --seed 3``). ``--variant`` takes
a shipped variant's name or the path of your own variant file (``.toml``). A
bot is ``random``, ``rule``, ``mc``, ``mc:N``, ``ismcts`` or ``ismcts:N`` (see
:func:`~hearts_core.bots.make_bot`); ``--bots`` takes one for every seat or a
comma-separated list, one per seat (``mc:samples=64,rollout=random`` stays one
bot).

**What you see.** Seats are named by the compass
(:func:`~hearts_core.seat_names.seat_names`: North, East, South, West at four; in
``play`` your seat, North, is "You"), and cards are written rank then suit
symbol (``Q♠``, ``10♥``; ``QS``, ``TH`` on an output that cannot show the
symbols), in the logs, prompts and error messages alike. On a terminal, long
lines (a refused card and the rule it breaks) are wrapped at spaces to its
width, keeping their indentation; into a pipe or a file each is one line.
Every line starts with a capital letter (the one-line errors keep the form
``hearts: message``); after a colon the text goes on in lower case, but for
names: seat names are always capitalised, and so is "You", your seat's name in
``play``. Every path the command is given (``--variant``, ``rules``, ``replay``,
``--save``) must be a regular file: a named pipe, a device or a directory is
refused before it is opened, so nothing waits on a pipe. Text read from files
(names, events, variant descriptions) is shown with its control characters
escaped; a bad argument or file gets one line on standard error and exit
status 2, never a traceback. At a prompt, ``quit`` or Ctrl-D leaves the game
(status 0). Colour, tables and progress bars come from rich when it is
installed (``pip install '.[rich]'`` in a checkout) and the output is a terminal;
``--style plain`` or ``--style rich`` chooses explicitly.

**Where things are.** ``parser`` builds the command line; ``arguments`` reads
the variant, the bots and the seed, and defines the errors; ``screen`` writes
plain or rich output (``markdown`` renders rulebooks as plain text);
``narration`` tells a bots' game; ``table`` is the person's seat and
``recording`` the ``--save`` recorder; then one module per command: ``play``,
``watch``, ``simulate``, ``arena``, ``serve``, ``replay`` and ``rulebooks`` (``rules`` and
``variants``). Every game runs in :func:`~hearts_core.bots.transitions`.

>>> main(["variants", "--style", "plain"])  # doctest: +ELLIPSIS
name ...
standard ...
0
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Sequence
from typing import TextIO

from hearts_core.cli.arena import arena
from hearts_core.cli.arguments import one_line
from hearts_core.cli.errors import CommandError, GameAbandoned, UsageError
from hearts_core.cli.narration import Narrator
from hearts_core.cli.parser import COMMANDS, build_parser
from hearts_core.cli.play import play
from hearts_core.cli.replay import replay
from hearts_core.cli.rulebooks import rules, variants
from hearts_core.cli.screen import Screen, isatty, printable, rich_installed
from hearts_core.cli.serve import serve
from hearts_core.cli.simulate import simulate
from hearts_core.cli.watch import watch
from hearts_core.errors import HeartsError

__all__ = ["main", "Narrator", "UsageError", "CommandError", "GameAbandoned"]


def _parse(argv: Sequence[str], out: TextIO, err: TextIO) -> argparse.Namespace | int:
    """The parsed arguments, or the exit status when argparse ended the command
    (``--help``: 0; a usage error: 2)."""
    words = list(argv)
    if not words or (words[0] not in COMMANDS and words[0] not in ("-h", "--help")):
        words = ["watch", *words]
    parser = build_parser()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            args = parser.parse_args(words)
    except SystemExit as done:
        return done.code if isinstance(done.code, int) else 2
    if args.style == "rich" and not rich_installed():
        err.write("hearts: --style rich needs rich: pip install rich\n")
        return 2
    return args


def _use_rich(style: str, out: TextIO) -> bool:
    if style != "auto":
        return style == "rich"
    return rich_installed() and isatty(out) and os.environ.get("TERM") != "dumb"


def _run(args: argparse.Namespace, screen: Screen, stdin: TextIO) -> int:
    if args.command == "play":
        return play(args, screen, stdin)
    if args.command == "watch":
        return watch(args, screen)
    if args.command == "simulate":
        return simulate(args, screen)
    if args.command == "arena":
        return arena(args, screen)
    if args.command == "serve":
        return serve(args, screen)
    if args.command == "rules":
        return rules(args, screen)
    if args.command == "replay":
        return replay(args, screen, stdin)
    return variants(screen)


def main(
    argv: Sequence[str] | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Run the ``hearts`` command; returns the exit status (0 on success).

    Args:
        argv: The arguments, without the program name (default: ``sys.argv[1:]``).
        stdin: Where ``play`` reads the player's answers and ``replay -`` the record
            (default: ``sys.stdin``).
        stdout: Where everything is written (default: ``sys.stdout``).
        stderr: Where errors go (default: ``sys.stderr``): a bad argument or
            input file is one line, with status 2; a command that could not
            finish (a record it could not write), status 1.

    >>> import io
    >>> answers = io.StringIO("quit\\n")
    >>> main(["play", "--seed", "1", "--style", "plain"], stdin=answers)  # doctest: +ELLIPSIS
    Hearts (standard), seed 1: you sit North, against East, South and West (rule bots).
    ...
    Game abandoned.
    0
    >>> main(["rules", "no-such-rules"], stderr=sys.stdout)  # doctest: +ELLIPSIS
    hearts: no variant named 'no-such-rules'; known: ...
    2
    """
    out = sys.stdout if stdout is None else stdout
    inp = sys.stdin if stdin is None else stdin
    err = sys.stderr if stderr is None else stderr
    args = _parse(sys.argv[1:] if argv is None else argv, out, err)
    if isinstance(args, int):
        return args
    if args.command == "play" and inp is sys.stdin and hasattr(inp, "reconfigure"):
        # Bytes typed at a prompt that are not text are read as U+FFFD (and refused).
        with contextlib.suppress(ValueError, OSError):
            inp.reconfigure(errors="replace")
    screen = Screen(out, _use_rich(args.style, out))
    try:
        return _run(args, screen, inp)
    except HeartsError as error:
        screen.out.flush()
        err.write(f"hearts: {printable(one_line(error))}\n")
        return 2 if isinstance(error, UsageError) else 1
    except BrokenPipeError:  # the reader went away (as with `| head`): stop quietly
        if out is sys.stdout:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        out.write("\nInterrupted.\n")
        return 130
