"""The ``hearts`` command: play Hearts in a terminal, watch and measure bots, read the rules.

* ``hearts play [--variant NAME] [--seed N] [--bots BOT]``: you against bots.
* ``hearts watch [--variant NAME] [--seed N] [--bots BOTS]``: bots only, hand by hand.
* ``hearts simulate --games N [--variant NAME] [--bots BOTS] [--seed N]``: a table of
  win rates, mean points per hand and moons.
* ``hearts rules [VARIANT]``: the rulebook; ``hearts variants``: the shipped variants.
* ``hearts replay FILE``: a saved game record (``play --save`` and ``watch --save`` write
  one), trick by trick.

``python -m hearts_core`` runs the same command; with no subcommand it
watches bots play (``hearts --seed 3`` is ``hearts watch --seed 3``). A bot is ``random``,
``rule``, ``mc`` or ``mc:N`` (see :func:`~hearts_core.bots.make_bot`);
``--bots`` takes one for every seat or a comma-separated list, one per seat.

Colour, tables and progress bars come from rich when it is installed
(``pip install 'hearts-core[rich]'``) and the output is a terminal;
``--style plain`` or ``--style rich`` chooses explicitly. Without rich
everything works in plain text.

>>> main(["variants", "--style", "plain"])  # doctest: +ELLIPSIS
name ...
standard ...
0
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import math
import os
import random
import re
import sys
import time
from collections.abc import Iterator, Sequence
from typing import Any, Final, TextIO

from hearts_core.actions import Action, ChooseMoon, PassCards, PlayCard, random_deal
from hearts_core.bots import BOTS, Bot, make_bot, play_game
from hearts_core.cards import Card, CardSet, Rank, Suit, read_card, read_cards, read_rank
from hearts_core.describe import describe_variant
from hearts_core.engine import new_game, step
from hearts_core.errors import (
    InvalidActionError,
    InvalidCardError,
    InvalidRulesError,
    RecordError,
)
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
from hearts_core.io.records import GameRecord, record_from_json, record_to_json
from hearts_core.legality import explain
from hearts_core.observation import PlayerView, observe
from hearts_core.rules import MoonOption, PassDirection, Rules
from hearts_core.state import GameState, Phase
from hearts_core.variants import variant_info, variant_names

__all__ = ["main", "Narrator"]

_HUMAN: Final = 0
_DEFAULT_VARIANT: Final = "standard"

# ---------------------------------------------------------------------------
# Reading cards the way people type them.

# ---------------------------------------------------------------------------
# Output: plain text, or rich when it is installed and wanted.


# Cards (and suit symbols) that rich shows in red.
_RED_CARD: Final = r"\S*[♥♦]"


def _rich_installed() -> bool:
    try:
        import rich  # noqa: F401
    except ImportError:
        return False
    return True


def _isatty(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def _symbols_ok(out: TextIO) -> bool:
    encoding = getattr(out, "encoding", None) or "utf-8"
    try:
        "♣♦♥♠·—".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


class _Screen:
    """Where the command writes: plain lines, or rich markup, tables and progress bars."""

    def __init__(self, out: TextIO, use_rich: bool) -> None:
        self.out = out
        self.symbols = _symbols_ok(out)
        self.console: Any = None
        if use_rich:
            from rich.console import Console

            self.console = Console(file=out, highlight=False, soft_wrap=True)

    @property
    def rich(self) -> bool:
        return self.console is not None

    def say(self, text: str = "", style: str | None = None) -> None:
        if self.console is not None:
            from rich.text import Text

            line = Text(text, style=style or "")
            line.highlight_regex(_RED_CARD, "bold red")
            self.console.print(line)
        else:
            self.out.write(text + "\n")

    def prompt(self, text: str) -> None:
        if self.console is not None:
            from rich.text import Text

            self.console.print(Text(text, style="bold"), end="")
        else:
            self.out.write(text)
        self.out.flush()

    def card(self, card: Card) -> str:
        """A card as text: ``Q♠`` (or ``QS`` where the output cannot show suit symbols)."""
        return card.symbol if self.symbols else str(card)

    def cards(self, cards: Sequence[Card] | CardSet) -> str:
        return " ".join(self.card(c) for c in cards)

    def table(
        self,
        headers: Sequence[str],
        rows: Sequence[Sequence[str]],
        title: str | None = None,
        align: str | None = None,
    ) -> None:
        """A table; ``align`` has an ``l`` or ``r`` per column (default: the first column
        left-aligned, the others right-aligned)."""
        if align is None:
            align = "l" + "r" * (len(headers) - 1)
        if self.console is not None:
            from rich.table import Table

            table = Table(title=title, title_justify="left")
            for header, side in zip(headers, align, strict=True):
                table.add_column(header, justify="left" if side == "l" else "right")
            for row in rows:
                table.add_row(*row)
            self.console.print(table)
            return
        if title:
            self.out.write(title + "\n")
        widths = [max(len(str(r[i])) for r in [headers, *rows]) for i in range(len(headers))]
        for row in [headers, *rows]:
            cells = [
                cell.ljust(w) if side == "l" else cell.rjust(w)
                for cell, w, side in zip(row, widths, align, strict=True)
            ]
            self.out.write("  ".join(cells).rstrip() + "\n")

    def markdown(self, text: str) -> None:
        if self.console is not None:
            from rich.markdown import Markdown

            self.console.print(Markdown(text))
        else:
            self.out.write(text)

    @contextlib.contextmanager
    def progress(self, total: int, label: str) -> Iterator[Any]:
        """A progress bar; the context value's ``advance()`` moves it one step."""
        if self.console is not None:
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeRemainingColumn,
            )

            columns = (
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeRemainingColumn(),
            )
            with Progress(*columns, console=self.console, transient=False) as bar:
                task = bar.add_task(label, total=total)
                yield _RichTicker(bar, task)
            return
        yield _PlainTicker(self.out, total, label)


class _RichTicker:
    def __init__(self, bar: Any, task: Any) -> None:
        self.bar = bar
        self.task = task

    def advance(self) -> None:
        self.bar.advance(self.task)


class _PlainTicker:
    """A text progress bar: redrawn in place on a terminal, else a line every tenth."""

    def __init__(self, out: TextIO, total: int, label: str) -> None:
        self.out = out
        self.total = max(total, 1)
        self.label = label
        self.done = 0
        self.tty = _isatty(out)
        self.shown = -1

    def advance(self) -> None:
        self.done += 1
        tenth = self.done * 10 // self.total
        if self.tty:
            filled = self.done * 30 // self.total
            bar = "#" * filled + "-" * (30 - filled)
            end = "\n" if self.done >= self.total else ""
            self.out.write(f"\r{self.label} [{bar}] {self.done}/{self.total}{end}")
            self.out.flush()
        elif tenth != self.shown:
            self.shown = tenth
            self.out.write(f"{self.label}: {self.done}/{self.total}\n")


# ---------------------------------------------------------------------------
# Narration of a bots-only game.


def _row(label: str, values: Sequence[int]) -> str:
    return f"  {label:<12}" + "".join(f"{v:>8}" for v in values)


class Narrator:
    """Turns the events of a game into lines of text, one event at a time (for ``hearts watch``).

    Args:
        moon_amount: The points at stake in a moon shot, to say what a shot cost.
        players: The number of seats.

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

    def __init__(self, moon_amount: int, players: int = 4) -> None:
        self.moon_amount = moon_amount
        self.players = players
        self._leader: int | None = None
        self._tricks = 0
        self._broken: str | None = None

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
                    "no passing" if direction is PassDirection.HOLD else "pass " + direction.value
                )
                return ["", f"Hand {number + 1} (seat {dealer} deals): {passing}"]
            case CardsPassed(from_seat=giver, to_seat=receiver, cards=cards):
                return [f"  seat {giver} passes {cards} to seat {receiver}"]
            case CardPlayed(seat=seat):
                if self._leader is None:
                    self._leader = seat
                return []
            case HeartsBroken(card=card):
                self._broken = f"  (hearts broken by {card})"
                return []
            case TrickTaken(winner=winner, cards=cards, points=points):
                self._tricks += 1
                leader = self._leader if self._leader is not None else winner
                played = " ".join(str(card) for card in cards)
                unit = "point" if points in (1, -1) else "points"
                line = (
                    f"  {self._tricks:>2}. seat {leader}: {played} -> seat {winner} "
                    f"({points} {unit}){self._broken or ''}"
                )
                self._leader = None
                self._broken = None
                return [line]
            case SunShot(seat=seat):
                return [f"  seat {seat} shoots the sun: it took every trick"]
            case MoonShot(seat=seat, option=None):
                return [f"  seat {seat} shoots the moon and chooses how to score it"]
            case MoonShot(seat=seat, option=option) | MoonChosen(seat=seat, option=option):
                verb = "chooses to" if isinstance(event, MoonChosen) else "shoots the moon:"
                if option is MoonOption.SUBTRACT_FROM_SHOOTER:
                    return [f"  seat {seat} {verb} subtract {self.moon_amount} from its own total"]
                return [f"  seat {seat} {verb} add {self.moon_amount} to every other seat"]
            case HandScored(points=points, scores=scores, totals=totals):
                lines = ["  " + " " * 12 + "".join(f"  seat {s}" for s in range(len(points)))]
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


# ---------------------------------------------------------------------------
# Arguments.


class _Refused(Exception):
    """A bad argument found after parsing (unknown variant, bot list of the wrong length)."""


class _Failed(Exception):
    """A command that could not do its work (a file unreadable or not a record): status 1."""


def _rules_of(name: str) -> Rules:
    try:
        return variant_info(name).rules
    except InvalidRulesError as error:
        raise _Refused(error.reason) from None


def _bots_of(spec: str, players: int, allow_one: bool = True) -> list[Bot]:
    parts = [p for p in spec.split(",") if p.strip()]
    if len(parts) == 1 and allow_one:
        parts = parts * players
    if len(parts) != players:
        raise _Refused(f"--bots: give one bot, or {players} separated by commas, not {len(parts)}")
    try:
        return [make_bot(p) for p in parts]
    except ValueError as error:
        raise _Refused(f"--bots: {error}") from None


def _bot_help() -> str:
    return "; ".join(f"{name}: {text}" for name, text in BOTS.items())


def _parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--style",
        choices=("auto", "rich", "plain"),
        default="auto",
        help="output style: rich colour and tables, plain text, or rich on a terminal "
        "when installed (default: auto)",
    )
    game = argparse.ArgumentParser(add_help=False)
    game.add_argument(
        "--variant",
        default=_DEFAULT_VARIANT,
        help=f"ruleset to play (default: {_DEFAULT_VARIANT}; see 'hearts variants')",
    )
    game.add_argument("--seed", type=int, default=None, help="seed for the deals and the bots")

    parser = argparse.ArgumentParser(
        prog="hearts",
        description="Play Hearts against bots, watch bots play, measure them, read the rules.",
        epilog="With no command, 'hearts' watches: 'hearts --seed 3' is 'hearts watch --seed 3'.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    play = commands.add_parser(
        "play",
        parents=[common, game],
        help="play a game against bots in the terminal",
        description="Play a game at seat 0 against bots. Type cards as QS, q♠, 10h or "
        "'queen of spades'; 'help' at any prompt lists the commands.",
    )
    play.add_argument(
        "--bots", default="rule", help=f"the opponents (default: rule). {_bot_help()}"
    )
    play.add_argument("--save", metavar="FILE", help="write the game record (JSON) to FILE")
    watch = commands.add_parser(
        "watch",
        parents=[common, game],
        help="watch bots play a game, hand by hand",
        description="Four (or as many as the variant seats) bots play a whole game; every "
        "pass, trick and score is printed hand by hand.",
    )
    watch.add_argument(
        "--bots", default="rule", help=f"one bot, or one per seat (default: rule). {_bot_help()}"
    )
    watch.add_argument("--save", metavar="FILE", help="write the game record (JSON) to FILE")
    simulate = commands.add_parser(
        "simulate",
        parents=[common, game],
        help="play many bot games and tabulate wins, points and moons",
        description="Play GAMES games between the bots, rotating them round the table, then "
        "show each bot's win rate, mean points per hand (with a 95%% confidence interval) "
        "and moon shots. Game g is dealt from seed SEED + g.",
    )
    simulate.add_argument("--games", type=int, required=True, help="number of games")
    simulate.add_argument(
        "--bots",
        default="rule,random",
        help="one bot per seat, comma-separated; a shorter list is repeated round the table "
        f"(default: rule,random). {_bot_help()}",
    )
    rules = commands.add_parser(
        "rules",
        parents=[common],
        help="print the rulebook of a variant",
        description="The rulebook of a variant, as Markdown (rendered when rich is in use).",
    )
    rules.add_argument("variant", nargs="?", default=_DEFAULT_VARIANT, help="variant name")
    commands.add_parser(
        "variants",
        parents=[common],
        help="list the shipped variants",
        description="The shipped variants: name, players, aliases and what each is.",
    )
    replay = commands.add_parser(
        "replay",
        parents=[common],
        help="show a saved game record, trick by trick",
        description="Show a game record (hearts-record/1 JSON, as play --save and watch "
        "--save write) hand by hand and trick by trick, as watch shows a game.",
    )
    replay.add_argument("file", help="the record, a JSON file ('-' for standard input)")
    return parser


_COMMANDS: Final = ("play", "watch", "simulate", "rules", "variants", "replay")


def main(
    argv: Sequence[str] | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """Run the ``hearts`` command; returns the exit status (0 on success).

    Args:
        argv: The arguments, without the program name (default: ``sys.argv[1:]``).
        stdin: Where ``play`` reads the player's answers (default: ``sys.stdin``).
        stdout: Where everything is written (default: ``sys.stdout``). Usage
            errors go to ``sys.stderr``, with status 2.

    >>> import io
    >>> answers = io.StringIO("quit\\n")
    >>> main(["play", "--seed", "1", "--style", "plain"], stdin=answers)  # doctest: +ELLIPSIS
    Hearts (standard), seed 1: you are seat 0, against West, North and East (rule bots).
    ...
    Game abandoned.
    0
    """
    args_list = list(sys.argv[1:] if argv is None else argv)
    if not args_list or (args_list[0] not in _COMMANDS and args_list[0] not in ("-h", "--help")):
        args_list = ["watch", *args_list]
    parser = _parser()
    args = parser.parse_args(args_list)
    out = sys.stdout if stdout is None else stdout
    inp = sys.stdin if stdin is None else stdin
    if args.style == "rich" and not _rich_installed():
        parser.error("--style rich needs rich: pip install 'hearts-core[rich]'")
    use_rich = args.style == "rich" or (
        args.style == "auto"
        and _rich_installed()
        and _isatty(out)
        and os.environ.get("TERM") != "dumb"
    )
    screen = _Screen(out, use_rich)
    try:
        if args.command == "play":
            return _play(args, screen, inp)
        if args.command == "watch":
            return _watch(args, screen)
        if args.command == "simulate":
            return _simulate(args, screen)
        if args.command == "rules":
            screen.markdown(describe_variant(_variant(args.variant)))
            return 0
        if args.command == "replay":
            return _replay(args, screen, inp)
        return _variants(screen)
    except _Refused as error:
        parser.error(str(error))
    except _Failed as error:
        print(f"hearts: {error}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # the reader went away (as with `| head`): stop quietly
        if out is sys.stdout:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        out.write("\nInterrupted.\n")
        return 130


def _variant(name: str) -> Any:
    try:
        return variant_info(name)
    except InvalidRulesError as error:
        raise _Refused(error.reason) from None


def _seed(args: argparse.Namespace) -> int:
    return int(args.seed) if args.seed is not None else random.randrange(2**32)


# ---------------------------------------------------------------------------
# hearts variants


def _first_sentence(text: str) -> str:
    text = " ".join(text.split())
    match = re.match(r"(.+?\.)(\s|$)", text)
    return match.group(1) if match else text


def _variants(screen: _Screen) -> int:
    rows = []
    for name in variant_names():
        info = variant_info(name)
        aliases = ", ".join(info.aliases)
        about = _first_sentence(info.description)
        if len(about) > 72:
            about = about[:71].rstrip() + "…"
        rows.append([name, str(info.rules.players), aliases, about])
    screen.table(["name", "players", "aliases", "description"], rows, align="lrll")
    return 0


# ---------------------------------------------------------------------------
# hearts watch


def _watch(args: argparse.Namespace, screen: _Screen) -> int:
    rules = _rules_of(args.variant)
    bots = _bots_of(args.bots, rules.players)
    seed = _seed(args)
    names = ", ".join(f"{s}: {b!r}" for s, b in enumerate(bots))
    screen.say(f"Hearts, variant {args.variant!r}, seed {seed}: seats {names}", style="bold")
    narrator = Narrator(rules.moon_amount, rules.players)
    recorder = _Recorder(args.variant, [repr(b) for b in bots])
    # play_game's loop, keeping each action for the record: the same seed, the same game.
    rng = random.Random(seed)
    state = new_game(rules)
    while not state.is_over:
        if state.phase is Phase.DEAL:
            action: Action = random_deal(rules, rng)
        else:
            seat = state.to_act[0]
            action = bots[seat].choose(observe(state, seat), rng)
        recorder.add(action)
        state, events = step(state, action)
        _narrate(screen, narrator, events)
    screen.out.flush()
    recorder.save(args.save, screen)
    return 0


def _narrate(screen: _Screen, narrator: Narrator, events: Sequence[Event]) -> None:
    for event in events:
        for line in narrator.lines(event):
            style = "bold" if line.startswith(("Hand", "Game over", "Winner")) else None
            screen.say(line, style=style)


class _Recorder:
    """Keeps the actions of a game as it is played, to save them as a game record."""

    def __init__(self, variant: str, players: Sequence[str]) -> None:
        self.variant = variant
        self.players = tuple(players)
        self.actions: list[Action] = []

    def add(self, action: Action) -> None:
        self.actions.append(action)

    def save(self, path: str | None, screen: _Screen) -> None:
        if path is None:
            return
        record = GameRecord.for_variant(
            self.variant,
            self.actions,
            players=self.players,
            date=datetime.date.today().isoformat(),
        )
        try:
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(record_to_json(record, pretty=True) + "\n")
        except OSError as error:
            raise _Failed(f"cannot write {path}: {error.strerror}") from None
        screen.say(f"Saved the game record to {path}.")


# ---------------------------------------------------------------------------
# hearts simulate


def _interval(values: Sequence[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval (normal approximation)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, 0.0
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(variance / n)


def _simulate(args: argparse.Namespace, screen: _Screen) -> int:
    if args.games < 1:
        raise _Refused("--games must be at least 1")
    rules = _rules_of(args.variant)
    players = rules.players
    specs = [p.strip() for p in args.bots.split(",") if p.strip()]
    if not specs or len(specs) > players:
        raise _Refused(f"--bots: give 1 to {players} bots, not {len(specs)}")
    specs = [specs[i % len(specs)] for i in range(players)]
    bots = _bots_of(",".join(specs), players, allow_one=False)
    seed = _seed(args)
    wins = [0.0] * players
    points: list[list[float]] = [[] for _ in range(players)]
    moons = [0] * players
    suns = [0] * players
    started = time.perf_counter()
    screen.say(
        f"Simulating {args.games} games of {args.variant!r}, seed {seed}: "
        + ", ".join(f"{i + 1}. {spec}" for i, spec in enumerate(specs)),
        style="bold",
    )
    with screen.progress(args.games, "games") as ticker:
        for game in range(args.games):
            # Entry i of the list sits at seat (i + game) % players: each bot sits everywhere.
            seating = [bots[(seat - game) % players] for seat in range(players)]

            def entry(seat: int, game: int = game) -> int:
                return (seat - game) % players

            for _, events in play_game(seating, rules, random.Random(seed + game)):
                for event in events:
                    if isinstance(event, HandScored):
                        for seat, score in enumerate(event.scores):
                            points[entry(seat)].append(score)
                    elif isinstance(event, MoonShot):
                        moons[entry(event.seat)] += 1
                    elif isinstance(event, SunShot):
                        suns[entry(event.seat)] += 1
                    elif isinstance(event, GameOver):
                        for seat in event.winners:
                            wins[entry(seat)] += 1 / len(event.winners)
            ticker.advance()
    elapsed = time.perf_counter() - started
    hands = len(points[0])
    rows = []
    for i, spec in enumerate(specs):
        mean, half = _interval(points[i])
        row = [
            f"{i + 1}. {spec}",
            f"{wins[i]:g}",
            f"{100 * wins[i] / args.games:.1f}%",
            f"{mean:.2f} ± {half:.2f}",
            str(moons[i]),
        ]
        if any(suns):
            row.append(str(suns[i]))
        rows.append(row)
    headers = ["bot", "wins", "win rate", "points/hand (95% CI)", "moons"]
    if any(suns):
        headers.append("suns")
    screen.table(
        headers,
        rows,
        title=f"{args.games} games, {hands} hands of {args.variant} in {elapsed:.1f} s",
    )
    return 0


# ---------------------------------------------------------------------------
# hearts play


_HELP: Final = """\
Type a card as QS, q♠, ♠Q, 10h, th or "queen of spades"; a rank alone (Q) will do when
only one legal card has it. To pass, type the cards separated by spaces or commas.
Commands: 'hand' shows your hand again, 'rules' the variant's rulebook, 'quit' ends the game."""

_DIRECTION_WORD: Final = {
    PassDirection.LEFT: "left",
    PassDirection.RIGHT: "right",
    PassDirection.ACROSS: "across",
}


class _EndOfInput(Exception):
    """The player's input ended (end of file)."""


class _Quit(Exception):
    """The player typed quit."""


class _Table:
    """One interactive game: seat 0 is the person, the others are bots."""

    def __init__(
        self, screen: _Screen, stdin: TextIO, rules: Rules, bots: list[Bot], variant: str
    ) -> None:
        self.screen = screen
        self.stdin = stdin
        self.rules = rules
        self.bots = bots
        self.variant = variant
        players = rules.players
        others = ["West", "North", "East"] if players == 4 else [f"Bot {i}" for i in range(1, 6)]
        self.names = ["You", *others[: players - 1]]
        self.echo = not _isatty(stdin)
        self.state: GameState | None = None
        self.view: PlayerView | None = None
        self.recorder = _Recorder(variant, [self.names[0], *(repr(b) for b in bots[1:])])

    # Input.

    def ask(self, prompt: str) -> str:
        """The next line the player typed, after handling the commands any prompt accepts."""
        while True:
            self.screen.prompt(prompt)
            line = self.stdin.readline()
            if not line:
                self.screen.say("")
                raise _EndOfInput
            text = line.strip()
            if self.echo:  # scripted input: echo it, so the transcript reads as a dialogue
                self.screen.out.write(text + "\n")
            word = text.lower()
            if word in ("quit", "exit"):
                raise _Quit
            if word in ("help", "?"):
                self.screen.say(_HELP)
                continue
            if word == "rules":
                self.screen.markdown(describe_variant(variant_info(self.variant)))
                continue
            if word == "hand" and self.view is not None:
                self.show_hand(self.view)
                continue
            if not text:
                continue
            return text

    # Display.

    def show_hand(self, view: PlayerView) -> None:
        screen = self.screen
        screen.say("Your hand:")
        for suit in Suit:
            cards = view.hand.of_suit(suit)
            if not cards:
                continue
            symbol = suit.symbol if screen.symbols else suit.letter
            ranks = " ".join("10" if c.rank == Rank.TEN else c.rank.letter for c in cards)
            screen.say(f"  {symbol}  {ranks}")

    def show_status(self, view: PlayerView) -> None:
        parts = [
            f"{name} {total}" + (f" (+{pts})" if pts > 0 else f" ({pts})" if pts < 0 else "")
            for name, total, pts in zip(self.names, view.totals, view.hand_points, strict=True)
        ]
        trick = len(view.tricks) + 1
        self.screen.say(f"Trick {trick} · scores: " + ", ".join(parts), style="dim")

    def show_trick(self, view: PlayerView) -> None:
        if not view.current_trick:
            self.screen.say("You lead.")
            return
        plays = [
            f"{self.names[(view.leader + i) % self.rules.players]} {self.screen.card(card)}"
            for i, card in enumerate(view.current_trick)
        ]
        self.screen.say("On the table: " + ", ".join(plays))

    # Decisions.

    def choose_pass(self, view: PlayerView) -> Action:
        count = self.rules.pass_count
        receiver = view.pass_direction.receiver(view.seat, self.rules.players)
        where = _DIRECTION_WORD.get(view.pass_direction, "")
        self.screen.say("")
        self.show_hand(view)
        while True:
            text = self.ask(f"Pass {count} cards to {self.names[receiver]} ({where}): ")
            try:
                cards = read_cards(text)
            except InvalidCardError as error:
                self.screen.say(f"{error}. Type 'help' for how to write cards.", style="red")
                continue
            if len(set(cards)) != len(cards):
                self.screen.say("You named a card twice.", style="red")
                continue
            action = PassCards(view.seat, CardSet(cards))
            problem = self.explain(action)
            if problem is None:
                return action
            self.screen.say(problem, style="red")

    def choose_play(self, view: PlayerView) -> Action:
        legal = [a.card for a in view.legal_actions if isinstance(a, PlayCard)]
        self.screen.say("")
        self.show_status(view)
        self.show_hand(view)
        self.show_trick(view)
        self.screen.say("Legal: " + self.screen.cards(legal))
        while True:
            text = self.ask("Your card: ")
            card = self.read_card(text, legal)
            if card is None:
                continue
            action = PlayCard(view.seat, card)
            problem = self.explain(action)
            if problem is None:
                return action
            self.screen.say(problem, style="red")

    def read_card(self, text: str, legal: list[Card]) -> Card | None:
        rank: Rank | None = None
        with contextlib.suppress(InvalidCardError):
            rank = read_rank(text)
        if rank is not None:
            # A rank alone: fine when one legal card has it.
            matches = [c for c in legal if c.rank is rank]
            if len(matches) == 1:
                return matches[0]
            if matches:
                self.screen.say("Several legal cards have that rank; name the suit too.", "red")
            else:
                self.screen.say("No legal card has that rank.", style="red")
            return None
        try:
            return read_card(text)
        except InvalidCardError as error:
            self.screen.say(f"{error}. Type 'help' for how to write cards.", style="red")
            return None

    def choose_moon(self, view: PlayerView) -> Action:
        amount = self.rules.moon_amount
        self.screen.say("")
        self.screen.say("You shot the moon!", style="bold green")
        while True:
            text = self.ask(
                f"Type 'add' to add {amount} to every other player, "
                f"or 'subtract' to take {amount} off your own total: "
            ).lower()
            if text in ("a", "add", "+", "others", MoonOption.ADD_TO_OTHERS.value):
                return ChooseMoon(view.seat, MoonOption.ADD_TO_OTHERS)
            if text in ("s", "sub", "subtract", "-", MoonOption.SUBTRACT_FROM_SHOOTER.value):
                return ChooseMoon(view.seat, MoonOption.SUBTRACT_FROM_SHOOTER)
            self.screen.say("Please answer 'add' or 'subtract'.", style="red")

    def explain(self, action: Action) -> str | None:
        assert self.state is not None
        error = explain(self.state, action)
        if error is None:
            return None
        if isinstance(error, InvalidActionError):
            return f"Not allowed: {error}"
        rule = error.rule
        return f"Not allowed: {error} ({rule.value}: {rule.summary})"

    # Narration of what the person may see.

    def report(self, event: Event) -> None:
        screen = self.screen
        name = self.names
        match event:
            case HandDealt(hand_number=number, dealer=dealer, pass_direction=direction):
                passing = (
                    "no passing"
                    if direction is PassDirection.HOLD
                    else "pass " + _DIRECTION_WORD[direction]
                )
                screen.say("")
                screen.say(f"— Hand {number + 1}: {name[dealer]} dealt; {passing} —", style="bold")
            case CardsPassed(from_seat=giver, to_seat=receiver, cards=cards):
                if giver == _HUMAN:
                    screen.say(f"You passed {screen.cards(cards)} to {name[receiver]}.")
                elif receiver == _HUMAN:
                    screen.say(f"{name[giver]} passed you {screen.cards(cards)}.")
            case CardPlayed(seat=seat, card=card):
                if seat != _HUMAN:
                    screen.say(f"{name[seat]} plays {screen.card(card)}")
            case HeartsBroken():
                screen.say("Hearts are broken.", style="red")
            case TrickTaken(winner=winner, points=points):
                unit = "point" if points in (1, -1) else "points"
                verb = "take" if winner == _HUMAN else "takes"
                screen.say(f"{name[winner]} {verb} the trick ({points} {unit}).", style="bold")
            case SunShot(seat=seat):
                screen.say(f"{name[seat]} shot the sun: every trick!", style="bold green")
            case MoonShot(seat=seat, option=option) | MoonChosen(seat=seat, option=option) if (
                option is not None
            ):
                how = (
                    f"takes {self.rules.moon_amount} off the shooter's total"
                    if option is MoonOption.SUBTRACT_FROM_SHOOTER
                    else f"adds {self.rules.moon_amount} to everyone else"
                )
                screen.say(f"{name[seat]} shot the moon: it {how}.", style="bold green")
            case HandScored(points=points, scores=scores, totals=totals):
                rows = [["points", *map(str, points)]]
                if scores != points:
                    rows.append(["scores", *map(str, scores)])
                rows.append(["totals", *map(str, totals)])
                screen.table(["", *name], rows)
            case GameOver(winners=winners, totals=totals):
                screen.say("")
                who = " and ".join(name[w] for w in winners)
                verb = "win" if winners == (_HUMAN,) else ("wins" if len(winners) == 1 else "win")
                screen.say(f"Game over. {who} {verb} with {totals[winners[0]]}.", style="bold")

    def run(self, rng: random.Random, state: GameState | None = None) -> int:
        """Play to the end of the game (from ``state``, if given, else a new game)."""
        if state is None:
            state = new_game(self.rules)
        while not state.is_over:
            self.state = state
            if state.phase is Phase.DEAL:
                action: Action = random_deal(self.rules, rng)
            elif _HUMAN in state.to_act:
                view = observe(state, _HUMAN)
                self.view = view
                if state.phase is Phase.PASS:
                    action = self.choose_pass(view)
                elif state.phase is Phase.MOON:
                    action = self.choose_moon(view)
                else:
                    action = self.choose_play(view)
            else:
                seat = state.to_act[0]
                action = self.bots[seat].choose(observe(state, seat), rng)
            self.recorder.add(action)
            state, events = step(state, action)
            for event in events:
                self.report(event)
        return 0


def _play(args: argparse.Namespace, screen: _Screen, stdin: TextIO) -> int:
    rules = _rules_of(args.variant)
    bots = _bots_of(args.bots, rules.players - 1)
    seed = _seed(args)
    # Seat 0 is the person: its entry in the list of bots is never asked.
    table = _Table(screen, stdin, rules, [bots[0], *bots], args.variant)
    others = table.names[1:]
    against = ", ".join(others[:-1]) + " and " + others[-1]
    screen.say(
        f"Hearts ({args.variant}), seed {seed}: you are seat 0, against {against} "
        f"({args.bots} bots).",
        style="bold",
    )
    screen.say("Type 'help' for how to play, 'rules' for the rules.")
    try:
        status = table.run(random.Random(seed))
    except _Quit:
        screen.say("Game abandoned.")
        status = 0
    except _EndOfInput:
        screen.say("Input ended before the game did.")
        status = 1
    table.recorder.save(args.save, screen)
    return status


# ---------------------------------------------------------------------------
# hearts replay


def _replay(args: argparse.Namespace, screen: _Screen, stdin: TextIO) -> int:
    try:
        if args.file == "-":
            text = stdin.read()
        else:
            with open(args.file, encoding="utf-8") as handle:
                text = handle.read()
    except OSError as error:
        raise _Failed(f"cannot read {args.file}: {error.strerror}") from None
    try:
        record = record_from_json(text)
    except RecordError as error:
        raise _Failed(f"{args.file} is not a valid game record: {error}") from None
    rules = record.rules
    about = [f"variant {record.variant!r}" if record.variant else "its own rules"]
    if record.date:
        about.append(record.date)
    if record.event:
        about.append(record.event)
    screen.say(f"Game record {args.file}: " + ", ".join(about), style="bold")
    if record.players:
        screen.say("  " + ", ".join(f"seat {s}: {n}" for s, n in enumerate(record.players)))
    if record.hand_number or any(record.totals):
        scores = ", ".join(str(total) for total in record.totals)
        screen.say(f"  starting at hand {record.hand_number + 1}, totals {scores}")
    narrator = Narrator(rules.moon_amount, rules.players)
    state = record.start
    for action in record.actions:
        state, events = step(state, action)
        _narrate(screen, narrator, events)
    if not state.is_over:
        screen.say("")
        screen.say(f"The record ends here, in phase {state.phase.value!r}: the game is unfinished.")
    return 0
