"""``hearts arena BOT_A BOT_B``: two bots on duplicate deals, and bot A's payoff with its interval.

Each deal is played once per seat, bot A in that seat and bot B in the
others (see :mod:`hearts_core.bots.arena` for the payoff, the rank points
and how the seeds are drawn). A progress bar runs while the deals are
played; a table follows, or with ``--json`` one JSON object and nothing else.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import json
import signal
import sys
from collections.abc import Iterator

import attrs

from hearts_core.bots.arena import ArenaResult, make_arena_bot, run_arena
from hearts_core.bots.command import CommandBot
from hearts_core.bots.errors import BotError
from hearts_core.cli.arguments import variant_of
from hearts_core.cli.errors import UsageError
from hearts_core.cli.screen import Screen, sentence
from hearts_core.errors import UnknownNameError

__all__ = ["arena", "report_rows"]


def _check(args: argparse.Namespace) -> None:
    if args.deals < 1:
        raise UsageError("--deals must be at least 1")
    if args.workers < 1:
        raise UsageError("--workers must be at least 1")
    if not 0 < args.time_limit < float("inf"):
        raise UsageError("--time-limit must be a positive number of seconds")
    if args.backend == "ray" and importlib.util.find_spec("ray") is None:
        raise UsageError("the ray backend needs Ray: pip install 'hearts-core[ray]'")
    if args.address is not None and args.backend != "ray":
        raise UsageError("--address is for the ray backend")
    for spec in (args.bot_a, args.bot_b):
        try:
            make_arena_bot(spec)
        except (BotError, UnknownNameError) as error:
            raise UsageError(str(error)) from None


def _bot(spec: str, seconds: float) -> str | CommandBot:
    """A ``cmd:`` spec as a :class:`CommandBot` with the time limit; other specs as they are."""
    kind, colon, rest = spec.strip().partition(":")
    if colon and kind.strip().lower() == "cmd":
        return CommandBot(rest.strip(), seconds=seconds)
    return spec


def report_rows(result: ArenaResult) -> list[list[str]]:
    """The rows of the table ``hearts arena`` prints: a figure and its value each.

    >>> from hearts_core.bots.arena import run_arena
    >>> rows = report_rows(run_arena("rule", "rule", deals=2, seed=1))
    >>> rows[0]
    ['payoff per deal (others - bot A)', '+0.00 ± 0.00  (95%: +0.00 to +0.00)']
    """
    payoff = result.payoff
    se = "n/a" if payoff.se is None else f"{payoff.se:.2f}"
    return [
        [
            "payoff per deal (others - bot A)",
            f"{payoff.mean:+.2f} ± {se}  (95%: {payoff.low:+.2f} to {payoff.high:+.2f})",
        ],
        ["bot A's points per hand", f"{result.points:.2f}"],
        ["bot B's points per hand and seat", f"{result.opponent_points:.2f}"],
        ["moons shot by bot A", str(result.moons_shot)],
        ["moons suffered by bot A", str(result.moons_suffered)],
        [
            f"rank points per hand (0 to {result.players - 1})",
            f"{result.rank_points:.3f}",
        ],
        ["bot A decisions per second", f"{result.speed_a.per_second:.1f}"],
        ["bot B decisions per second", f"{result.speed_b.per_second:.1f}"],
        ["protocol failures", str(len(result.failures))],
    ]


@contextlib.contextmanager
def _terminated_as_exit() -> Iterator[None]:
    """While inside, SIGTERM raises ``SystemExit(143)`` instead of ending the process at
    once, so the ``finally`` blocks that stop the bot programs (and kill their process
    groups) run. Only the main thread may set a handler; elsewhere nothing changes.

    >>> with _terminated_as_exit():
    ...     signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL
    True
    >>> signal.getsignal(signal.SIGTERM) is signal.SIG_DFL
    True
    """

    def stop(number: int, frame: object) -> None:
        sys.exit(128 + number)  # an exit, not an error: the finally blocks run

    try:
        previous = signal.signal(signal.SIGTERM, stop)
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def arena(args: argparse.Namespace, screen: Screen) -> int:
    """Run ``hearts arena`` with parsed arguments; the exit status (see the module).
    A SIGTERM stops the run as an exit does, stopping the bot programs first.

    >>> import io
    >>> from hearts_core.cli.parser import build_parser
    >>> out = io.StringIO()
    >>> args = build_parser().parse_args(["arena", "rule", "random", "--deals", "2", "--json"])
    >>> arena(args, Screen(out, use_rich=False))
    0
    >>> data = json.loads(out.getvalue())
    >>> data["deals"], sorted(data["payoff"])
    (2, ['high', 'low', 'mean', 'se'])
    """
    with _terminated_as_exit():
        return _arena(args, screen)


def _arena(args: argparse.Namespace, screen: Screen) -> int:
    _check(args)
    info = variant_of(args.variant)
    seed = 0 if args.seed is None else args.seed
    if not args.json:
        screen.say(
            f"Arena: {args.bot_a} (A) against {args.bot_b} (B), {args.deals} deals of "
            f"{info.name!r} in every rotation, seed {seed}, {args.backend} backend, "
            f"{args.workers} worker{'s' if args.workers != 1 else ''}",
            style="bold",
        )
    bots = [_bot(spec, args.time_limit) for spec in (args.bot_a, args.bot_b)]
    options = {
        "deals": args.deals,
        "seed": seed,
        "rules": info.rules,
        "backend": args.backend,
        "workers": args.workers,
        "address": args.address,
    }
    if args.json:
        result = attrs.evolve(run_arena(*bots, **options), bot_a=args.bot_a, bot_b=args.bot_b)
        data = result.to_data()
        data["variant"] = info.name
        screen.out.write(json.dumps(data, indent=2) + "\n")
        return 0
    with screen.progress(args.deals, "deals") as ticker:
        done = [0]

        def progress(finished: int, total: int) -> None:
            for _ in range(finished - done[0]):
                ticker.advance()
            done[0] = finished

        result = run_arena(*bots, progress=progress, **options)
    result = attrs.evolve(result, bot_a=args.bot_a, bot_b=args.bot_b)
    screen.table(["figure", "value"], report_rows(result), title=_title(result, info.name))
    for failure in result.failures[:10]:
        screen.say(sentence(str(failure)))
    if len(result.failures) > 10:
        screen.say(f"And {len(result.failures) - 10} more failures: see --json.")
    return 0


def _title(result: ArenaResult, variant: str) -> str:
    hands = result.deals * result.players
    return (
        f"{result.bot_a} against {result.bot_b}: {result.deals} deals, {hands} hands of {variant}"
    )
