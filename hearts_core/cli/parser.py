"""The command line of ``hearts``: its commands and their options, each written once.

Three blocks of options are shared: ``--style`` (every command), ``--variant``
and ``--seed`` (the commands that play: ``play``, ``watch``, ``simulate``) and
``--bots`` and ``--save`` (the commands that show one game: ``play`` and
``watch``).

>>> args = build_parser().parse_args(["watch", "--seed", "3", "--bots", "mc:8,rule,rule,rule"])
>>> args.command, args.seed, args.variant, args.bots, args.save, args.style, args.pace
('watch', 3, 'standard', 'mc:8,rule,rule,rule', None, 'auto', None)
"""

from __future__ import annotations

import argparse
from typing import Any, Final

from hearts_core.bots import BOTS
from hearts_core.io.records import RECORD_FORMAT

__all__ = ["COMMANDS", "DEFAULT_VARIANT", "WATCH_PACE", "MAX_PACE", "build_parser"]

COMMANDS: Final = ("play", "watch", "simulate", "arena", "serve", "rules", "variants", "replay")
"""The commands, in the order ``hearts --help`` lists them."""

DEFAULT_VARIANT: Final = "standard"
"""The variant played when ``--variant`` is not given."""

WATCH_PACE: Final = 0.25
"""The seconds ``hearts watch`` pauses after each play when it writes to a terminal
and ``--pace`` is not given (into a pipe or a file it does not pause)."""

MAX_PACE: Final = 60.0
"""The longest pause ``--pace`` may ask for, in seconds."""


def _bot_help() -> str:
    return "; ".join(f"{name}: {text}" for name, text in BOTS.items()).replace("%", "%%")


def _blocks() -> tuple[argparse.ArgumentParser, ...]:
    """The shared blocks of options: style, game (variant and seed), table (bots and save)."""
    style = argparse.ArgumentParser(add_help=False)
    style.add_argument(
        "--style",
        choices=("auto", "rich", "plain"),
        default="auto",
        help="output style: rich colour and tables, plain text, or rich on a terminal "
        "when installed (default: auto)",
    )
    game = argparse.ArgumentParser(add_help=False)
    game.add_argument(
        "--variant",
        default=DEFAULT_VARIANT,
        metavar="NAME|FILE",
        help=f"the rules: a shipped variant (default: {DEFAULT_VARIANT}; see 'hearts "
        "variants') or the path of your own variant file (.toml)",
    )
    game.add_argument("--seed", type=int, default=None, help="seed for the deals and the bots")
    table = argparse.ArgumentParser(add_help=False)
    table.add_argument(
        "--bots",
        default="rule",
        help="one bot for every seat, or a comma-separated list of one per seat (in 'play', "
        f"one per opponent) (default: rule). {_bot_help()}",
    )
    table.add_argument("--save", metavar="FILE", help="write the game record (JSON) to FILE")
    return style, game, table


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``hearts``, with a sub-parser per command.

    >>> build_parser().parse_args(["rules", "maria"]).variant
    'maria'
    """
    style, game, table = _blocks()
    parser = argparse.ArgumentParser(
        prog="hearts",
        description="Play Hearts against bots, watch bots play, measure them, read the rules.",
        epilog="With no command, 'hearts' watches: 'hearts --seed 3' is 'hearts watch --seed 3'.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    _add_games(commands, style, game, table)
    _add_arena(commands, style)
    _add_serve(commands, style, game)
    _add_books(commands, style)
    return parser


def _add_games(
    commands: Any,
    style: argparse.ArgumentParser,
    game: argparse.ArgumentParser,
    table: argparse.ArgumentParser,
) -> None:
    """The commands that play: play, watch, simulate."""
    commands.add_parser(
        "play",
        parents=[style, game, table],
        help="play a game against bots in the terminal",
        description="Play a game at North against bots. Type cards as QS, q♠, 10h or "
        "'queen of spades'; 'help' at any prompt lists the commands.",
    )
    watch = commands.add_parser(
        "watch",
        parents=[style, game, table],
        help="watch bots play a game, hand by hand",
        description="Bots play a whole game, one at each seat; every pass, trick and score "
        "is printed hand by hand, at a pace a person can follow on a terminal.",
    )
    watch.add_argument(
        "--pace",
        type=float,
        default=None,
        metavar="SECONDS",
        help=f"the pause after each play, 0 to {MAX_PACE:g} (default: {WATCH_PACE:g} when "
        "the output is a terminal, a trick a second; 0, no pause, into a pipe or a file)",
    )
    simulate = commands.add_parser(
        "simulate",
        parents=[style, game],
        help="play many bot games and tabulate wins, points and moons",
        description="Play GAMES games between the bots, moving them one seat left after "
        "each game, then show each bot's win rate, mean points per hand (with a 95% "
        "confidence interval) and moon shots. Game g is dealt from seed SEED + g.",
    )
    simulate.add_argument("--games", type=int, required=True, help="number of games")
    simulate.add_argument(
        "--bots",
        default="rule,random",
        help="one bot per seat, comma-separated; a shorter list is repeated round the table "
        f"(default: rule,random). {_bot_help()}",
    )


def _add_arena(commands: Any, style: argparse.ArgumentParser) -> None:
    """The arena: two bots on duplicate deals."""
    arena = commands.add_parser(
        "arena",
        parents=[style],
        help="measure bot A against bot B on duplicate deals",
        description="Play each of DEALS deals once per seat, BOT_A in that seat and BOT_B in "
        "the others, and report BOT_A's payoff per deal (the mean of the other seats' points "
        "less its own) with its standard error and 95% interval, its points, moons, rank "
        "points and each bot's decisions per second. The same seed gives the same figures "
        "with any backend and worker count.",
    )
    arena.add_argument("bot_a", metavar="BOT_A", help="the bot measured; cmd:COMMAND runs a "
                       f"program over the bot protocol. {_bot_help()}")  # fmt: skip
    arena.add_argument("bot_b", metavar="BOT_B", help="its opponent, in every other seat")
    arena.add_argument("--deals", type=int, default=100, help="deals to play (default: 100)")
    arena.add_argument("--seed", type=int, default=None, help="seed of the deals (default: 0)")
    arena.add_argument(
        "--variant",
        default=DEFAULT_VARIANT,
        metavar="NAME|FILE",
        help=f"the rules (default: {DEFAULT_VARIANT})",
    )
    arena.add_argument(
        "--backend",
        choices=("local", "ray"),
        default="local",
        help="local worker processes, or Ray tasks (the ray extra) (default: local)",
    )
    arena.add_argument(
        "--workers", type=int, default=1, help="worker processes, or Ray tasks in flight "
        "(default: 1, which plays in this process)"
    )  # fmt: skip
    arena.add_argument(
        "--address", default=None, help="the Ray cluster to join (default: RAY_ADDRESS, "
        "else a local Ray)"
    )  # fmt: skip
    arena.add_argument(
        "--time-limit", type=float, default=10.0, metavar="SECONDS",
        help="a cmd: bot's time limit for each decision (default: 10)",
    )  # fmt: skip
    arena.add_argument("--json", action="store_true", help="print one JSON object, no table")


def _add_serve(
    commands: Any, style: argparse.ArgumentParser, game: argparse.ArgumentParser
) -> None:
    """The web table: hearts serve."""
    serve = commands.add_parser(
        "serve",
        parents=[style, game],
        help="serve the web table: play in a browser against bots and friends",
        description="Serve Hearts to browsers at http://HOST:PORT/: make a table, play "
        "against bots, send friends a link to a seat. Needs the web extra: pip install "
        "'hearts-core[web]'.",
    )
    serve.add_argument(
        "--host", default="127.0.0.1", help="the address to listen on (default: 127.0.0.1, "
        "this machine only; 0.0.0.0 opens it to the network)"
    )
    serve.add_argument("--port", type=int, default=8000, help="the port (default: 8000)")
    serve.add_argument(
        "--bots",
        default="rule",
        help="the bots of seats 1, 2, ...: one bot, or a comma-separated list repeated round "
        f"the table (default: rule). {_bot_help()}",
    )
    serve.add_argument(
        "--delay", type=float, default=0.7, help="seconds between bot moves (default: 0.7)"
    )


def _add_books(commands: Any, style: argparse.ArgumentParser) -> None:
    """The commands that read: rules, variants, replay."""
    rules = commands.add_parser(
        "rules",
        parents=[style],
        help="print the rulebook of a variant",
        description="The rulebook of a variant (rendered by rich, or as plain text).",
    )
    rules.add_argument(
        "variant",
        nargs="?",
        default=DEFAULT_VARIANT,
        metavar="NAME|FILE",
        help="a shipped variant, or the path of a variant file (default: standard)",
    )
    commands.add_parser(
        "variants",
        parents=[style],
        help="list the shipped variants",
        description="The shipped variants: name, players, aliases and what each is.",
    )
    replay = commands.add_parser(
        "replay",
        parents=[style],
        help="show a saved game record, trick by trick",
        description=f"Show a game record ({RECORD_FORMAT} JSON, as play --save and watch "
        "--save write) hand by hand and trick by trick, as watch shows a game.",
    )
    replay.add_argument("file", help="the record, a JSON file ('-' for standard input)")
