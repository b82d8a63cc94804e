"""``hearts replay FILE``: a saved game record, shown hand by hand and trick by trick.

The file is untrusted input. Whatever it holds, the command either shows a
valid game or prints one line saying what is wrong and exits with status 2:
a file that is missing, unreadable, not a regular file (a directory, a
named pipe or a device, refused before it is opened, so a pipe cannot hang
the command), larger than a record can be, not UTF-8 text, not JSON, or not
a valid record (each problem with its JSON path). Names and labels in the
record are shown with their control characters escaped (see
:func:`~hearts_core.cli.screen.printable`).
"""

from __future__ import annotations

import argparse
from typing import Final, TextIO

from hearts_core.cli.arguments import read_regular_file
from hearts_core.cli.errors import UsageError
from hearts_core.cli.narration import Narrator, narrate
from hearts_core.cli.screen import Screen, printable
from hearts_core.engine import step
from hearts_core.io.errors import RecordError
from hearts_core.io.jsontext import loads
from hearts_core.io.limits import MAX_DOCUMENT_CHARACTERS
from hearts_core.io.records import GameRecord, record_from_json
from hearts_core.rules import PLAYERS
from hearts_core.rules.fields import LIMITS
from hearts_core.seat_names import seat_names

__all__ = ["replay", "read_record", "MAX_RECORD_BYTES", "SHOWN_PROBLEMS"]

MAX_RECORD_BYTES: Final = 4 * MAX_DOCUMENT_CHARACTERS
"""The most bytes read from a record file: a longer one is refused unread."""

SHOWN_PROBLEMS: Final = 3
"""The most problems of an invalid record the one-line error lists."""


def _text(name: str, stdin: TextIO) -> str:
    """The text of the file ``name`` (``-``: standard input), read within the limits."""
    if name != "-":
        data: str | bytes = read_regular_file(name, MAX_RECORD_BYTES + 1)
    else:
        buffer = getattr(stdin, "buffer", None)
        try:
            data = (
                buffer.read(MAX_RECORD_BYTES + 1)
                if buffer is not None
                else stdin.read(MAX_DOCUMENT_CHARACTERS + 1)
            )
        except UnicodeDecodeError as error:
            raise UsageError(
                f"{name} is not a game record: not UTF-8 text ({error.reason})"
            ) from None
        except (OSError, ValueError) as error:
            reason = getattr(error, "strerror", None) or str(error)
            raise UsageError(f"cannot read {name}: {reason}") from None
    limit = MAX_RECORD_BYTES if isinstance(data, bytes) else MAX_DOCUMENT_CHARACTERS
    if len(data) > limit:
        raise UsageError(f"{name} is not a game record: larger than any record can be")
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise UsageError(
            f"{name} is not a game record: not UTF-8 text ({error.reason} at byte {error.start})"
        ) from None


def _seats_of(text: str) -> tuple[str, ...]:
    """The seat names of the table a record's text is for, to name the seats in its
    problems: a problem about a seat comes from replaying the actions, which needs
    valid rules (the default table when they say nothing of players)."""
    try:
        rules = loads(text).get("rules", {})
        players = rules.get("players", PLAYERS)
    except (RecordError, AttributeError):
        players = PLAYERS
    low, high = LIMITS["players"]
    return seat_names(players if type(players) is int and low <= players <= high else PLAYERS)


def read_record(name: str, stdin: TextIO, screen: Screen) -> GameRecord:
    """The game record in the file ``name`` (``-``: standard input).

    Raises:
        UsageError: with a one-line message, for anything but a valid record; its
            problems name seats and write cards as ``screen`` does.

    >>> import io
    >>> screen = Screen(io.StringIO(), use_rich=False)
    >>> read_record("-", io.StringIO('{"format": "hearts-record/2"}'), screen)
    Traceback (most recent call last):
    ...
    hearts_core.cli.errors.UsageError: - is not a valid game record: 2 problems: \
$.rules: missing; $.actions: missing
    """
    text = _text(name, stdin)
    try:
        return record_from_json(text)
    except RecordError as error:
        names = _seats_of(text)
        problems = [screen.message(str(problem), names) for problem in error.problems]
        more = len(problems) - SHOWN_PROBLEMS + error.more
        listed = "; ".join(problems[:SHOWN_PROBLEMS]) + (f"; and {more} more" if more > 0 else "")
        count = len(problems) + error.more
        about = listed if count == 1 else f"{count} problems: {listed}"
        raise UsageError(f"{name} is not a valid game record: {about}") from None


def replay(args: argparse.Namespace, screen: Screen, stdin: TextIO) -> int:
    """Run ``hearts replay`` with parsed arguments; the exit status (see the module).

    >>> import io
    >>> from hearts_core.cli.parser import build_parser
    >>> from hearts_core.io.records import GameRecord, record_to_json
    >>> text = record_to_json(GameRecord.for_variant("standard", players=("Ann", "Bo", "Cy", "Di")))
    >>> out = io.StringIO()
    >>> replay(build_parser().parse_args(["replay", "-"]), Screen(out, use_rich=False),
    ...        io.StringIO(text))
    0
    >>> print(out.getvalue().splitlines()[1])
      North: Ann, East: Bo, South: Cy, West: Di
    """
    record = read_record(args.file, stdin, screen)
    rules = record.rules
    names = seat_names(rules.players)
    about = [f"variant {record.variant!r}" if record.variant else "its own rules"]
    about += [printable(text) for text in (record.date, record.event) if text]
    screen.say(f"Game record {printable(args.file)}: " + ", ".join(about), style="bold")
    if record.players:
        players = zip(names, record.players, strict=True)
        screen.say("  " + ", ".join(f"{seat}: {printable(name)}" for seat, name in players))
    if record.hand_number or any(record.totals):
        totals = zip(names, record.totals, strict=True)
        scores = ", ".join(f"{seat} {total}" for seat, total in totals)
        screen.say(f"  Starting at hand {record.hand_number + 1}, totals {scores}")
    narrator = Narrator(rules.moon_amount, names, screen.card)
    state = record.start
    for action in record.actions:
        state, events = step(state, action)
        narrate(screen, narrator, events)
    if not state.is_over:
        screen.say("")
        screen.say(f"The record ends here, in phase {state.phase.value!r}: the game is unfinished.")
    return 0
