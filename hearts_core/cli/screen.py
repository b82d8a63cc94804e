"""Where the command writes: plain lines, or rich colour, tables and progress bars.

Everything the command prints goes through a :class:`Screen`, which keeps
three promises:

* **One card notation.** A card is written rank then suit symbol, ``Q♠``,
  ``10♥``, ``2♣``, in logs, prompts, tables and error messages alike; on an
  output that cannot encode the symbols, the letters of the record format
  instead (``QS``, ``TH``, ``2C``). :meth:`Screen.message` rewrites the
  library's messages, which write ``QS``, to match.
* **Nothing from a file reaches the terminal raw.** Control characters
  (C0 and C1, escape sequences, bidirectional overrides) are shown escaped,
  as ``\\x1b``, by :func:`printable`: a player's name in a record cannot clear
  the screen or ring the bell.
* **Plain text without rich.** Colour, tables and progress bars come from
  rich when it is installed and wanted; otherwise the same lines in plain text.

>>> import io
>>> out = io.StringIO()
>>> screen = Screen(out, use_rich=False)
>>> screen.say("Eve\\x1b[2J plays " + screen.card(Card.parse("TH")))
>>> out.getvalue()
'Eve\\\\x1b[2J plays 10♥\\n'
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import textwrap
from collections.abc import Iterator, Sequence
from typing import Any, Final, TextIO

from hearts_core.cards import Card, CardSet
from hearts_core.cli.markdown import plain_text
from hearts_core.seat_names import name_seats

__all__ = [
    "Screen",
    "printable",
    "rich_installed",
    "isatty",
    "terminal_width",
    "wrap",
    "sentence",
    "FALLBACK_WIDTH",
]

FALLBACK_WIDTH: Final = 80
"""The width lines are wrapped to on a terminal that cannot say how wide it is."""

# Characters never written as they are: C0 and C1 controls, DEL, the line and
# paragraph separators and the bidirectional overrides and isolates.
_NEVER: Final = "\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069"
_UNSAFE: Final = re.compile(f"[\t\n{_NEVER}]")
_UNSAFE_BUT_LINES: Final = re.compile(f"[{_NEVER}]")
# A card as the library's messages write it: QS, TH, 2C.
_LETTER_CARD: Final = re.compile(r"\b[2-9TJQKA][CDHS]\b")
# Cards (and suit symbols) that rich shows in red.
_RED_CARD: Final = r"\S*[♥♦]"
_SYMBOLS: Final = "♣♦♥♠·—…"


_NAMED: Final = {"\n": "\\n", "\t": "\\t", "\r": "\\r"}


def _escape(match: re.Match[str]) -> str:
    char = match[0]
    code = ord(char)
    return _NAMED.get(char) or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")


def printable(text: str, *, lines: bool = False) -> str:
    """``text`` safe to write to a terminal: each control character shown escaped.

    C0 and C1 control characters (escape sequences included), DEL and the
    Unicode bidirectional overrides become ``\\xNN`` or ``\\uNNNN``. With
    ``lines``, newlines and tabs are kept (for text of several lines); without,
    they are escaped too, so a name stays on one line.

    >>> printable("Eve\\x1b[2J\\a")
    'Eve\\\\x1b[2J\\\\x07'
    >>> printable("two\\nlines"), printable("two\\nlines", lines=True)
    ('two\\\\nlines', 'two\\nlines')
    """
    if not isinstance(text, str):
        text = str(text)
    return (_UNSAFE_BUT_LINES if lines else _UNSAFE).sub(_escape, text)


def rich_installed() -> bool:
    """Whether rich can be imported.

    >>> isinstance(rich_installed(), bool)
    True
    """
    try:
        import rich  # noqa: F401
    except ImportError:
        return False
    return True


def isatty(stream: object) -> bool:
    """Whether ``stream`` is a terminal (False for anything that cannot say).

    >>> import io
    >>> isatty(io.StringIO()), isatty(None)
    (False, False)
    """
    try:
        return bool(stream.isatty())  # type: ignore[attr-defined]
    except (AttributeError, ValueError, OSError):
        return False


def terminal_width(stream: object) -> int | None:
    """The width of the terminal ``stream`` writes to, or ``None`` when it is not a
    terminal or its width is unknown. ``COLUMNS``, when set, is the width.

    >>> import io
    >>> terminal_width(io.StringIO()) is None
    True
    """
    if not isatty(stream):
        return None
    columns = os.environ.get("COLUMNS", "")
    if columns.isascii() and columns.isdigit() and int(columns) > 0:
        return int(columns)
    try:
        return os.get_terminal_size(stream.fileno()).columns  # type: ignore[attr-defined]
    except (AttributeError, OSError, ValueError):
        return None


def wrap(text: str, width: int) -> str:
    """``text`` with each line longer than ``width`` broken at spaces, never inside a
    word, each piece keeping the line's indentation (a word longer than the line
    is left whole).

    >>> print(wrap("  You must follow clubs and hold 3♣, 4♣, 5♣", 20))
      You must follow
      clubs and hold 3♣,
      4♣, 5♣
    """
    lines = []
    for line in text.split("\n"):
        if len(line) <= width:
            lines.append(line)
            continue
        indent = line[: len(line) - len(line.lstrip(" "))]
        lines += textwrap.wrap(
            line,
            width=max(width, len(indent) + 10),
            subsequent_indent=indent,
            break_long_words=False,
            break_on_hyphens=False,
        ) or [line]
    return "\n".join(lines)


def sentence(text: str) -> str:
    """``text`` as a sentence: its first letter a capital (the library's messages
    start in lower case, to be put after a colon).

    >>> sentence("not a card: 'ZZ'")
    "Not a card: 'ZZ'"
    """
    return text[:1].upper() + text[1:]


def _encoding_of(out: TextIO) -> str:
    encoding = getattr(out, "encoding", None) or "utf-8"
    try:
        "".encode(encoding)
    except LookupError:
        return "utf-8"
    return encoding


class Screen:
    """Where the command writes: plain lines, or rich markup, tables and progress bars.

    Args:
        out: The output stream.
        use_rich: Whether to write with rich (which must be installed).

    Every text written is passed through :func:`printable` (newlines kept)
    and, on an output that cannot encode a character, has it replaced by
    ``?`` rather than failing.

    >>> import io
    >>> out = io.StringIO()
    >>> screen = Screen(out, use_rich=False)
    >>> screen.table(["seat", "points"], [["North", "3"], ["East", "13"]])
    >>> print(out.getvalue(), end="")
    seat   points
    North       3
    East       13
    """

    def __init__(self, out: TextIO, use_rich: bool) -> None:
        self.out = out
        self.encoding = _encoding_of(out)
        self.symbols = self._fits(_SYMBOLS)
        """Whether the output can show suit symbols (else cards are written ``QS``)."""
        self.console: Any = None
        if use_rich:
            from rich.console import Console

            self.console = Console(file=out, highlight=False, soft_wrap=True)

    @property
    def rich(self) -> bool:
        """Whether rich writes the output."""
        return self.console is not None

    @property
    def width(self) -> int | None:
        """The width of the terminal written to, or ``None`` when it is not a terminal
        (a pipe, a file)."""
        return terminal_width(self.out)

    def fit(self, text: str) -> str:
        """``text`` wrapped at word boundaries to the terminal (one column short of its
        edge; :data:`FALLBACK_WIDTH` columns, or ``COLUMNS``, for a terminal that
        cannot say its width); whole when the output is not a terminal.

        >>> import io
        >>> Screen(io.StringIO(), use_rich=False).fit("a b " * 50) == "a b " * 50
        True
        """
        if not isatty(self.out):
            return text
        width = self.width
        if width is None:  # a terminal that cannot say: the usual guess
            width = shutil.get_terminal_size((FALLBACK_WIDTH, 24)).columns or FALLBACK_WIDTH
        if all(len(line) < width for line in text.split("\n")):
            return text
        return wrap(text, width - 1)

    def _fits(self, text: str) -> bool:
        try:
            text.encode(self.encoding)
        except UnicodeEncodeError:
            return False
        return True

    def clean(self, text: str, *, lines: bool = True) -> str:
        """``text`` as it can be written here: :func:`printable`, and encodable.

        >>> import io
        >>> Screen(io.StringIO(), use_rich=False).clean("a\\x07b")
        'a\\\\x07b'
        """
        text = printable(text, lines=lines)
        if self._fits(text):
            return text
        return text.encode(self.encoding, "replace").decode(self.encoding)

    def say(self, text: str = "", style: str | None = None, *, wrap: bool = True) -> None:
        """Write ``text`` and a newline (``style``: a rich style, ignored in plain text),
        wrapped to a terminal (:meth:`fit`) unless ``wrap`` is false (a table's row)."""
        text = self.clean(text)
        if wrap:
            text = self.fit(text)
        if self.console is not None:
            from rich.text import Text

            line = Text(text, style=style or "")
            line.highlight_regex(_RED_CARD, "bold red")
            self.console.print(line)
        else:
            self.out.write(text + "\n")

    def prompt(self, text: str) -> None:
        """Write ``text`` with no newline, and flush: the player answers after it.
        On a terminal a long prompt is wrapped as :meth:`say` wraps, the answer
        typed after its last line."""
        text = self.clean(text)
        body = text.rstrip(" ")
        text = self.fit(body) + text[len(body) :]
        if self.console is not None:
            from rich.text import Text

            self.console.print(Text(text, style="bold"), end="")
        else:
            self.out.write(text)
        self.out.flush()

    def echo(self, text: str) -> None:
        """Write what the player typed, when it did not come from a terminal (so a
        scripted game reads as a dialogue)."""
        self.out.write(self.clean(text, lines=False) + "\n")

    def card(self, card: Card) -> str:
        """A card in the one notation: ``Q♠``, ``10♥`` (``QS``, ``TH`` where the output
        cannot show suit symbols).

        >>> import io
        >>> Screen(io.StringIO(), use_rich=False).card(Card.parse("TH"))
        '10♥'
        """
        return card.symbol if self.symbols else str(card)

    def cards(self, cards: Sequence[Card] | CardSet) -> str:
        """Cards in the one notation, separated by spaces."""
        return " ".join(self.card(c) for c in cards)

    def message(self, text: str, names: Sequence[str], you: int | None = None) -> str:
        """A message of the library as this screen shows it: each ``seat N`` named
        (:func:`~hearts_core.seat_names.name_seats`, ``you`` in the second person), each
        card in the one notation, control characters escaped.

        >>> import io
        >>> screen = Screen(io.StringIO(), use_rich=False)
        >>> screen.message("seat 0 does not hold QS, TH", ("You", "East", "South", "West"), you=0)
        'You do not hold Q♠, 10♥'
        """
        named = name_seats(text, names, you)
        if self.symbols:
            named = _LETTER_CARD.sub(lambda m: Card.parse(m[0]).symbol, named)
        return printable(named)

    def table(
        self,
        headers: Sequence[str],
        rows: Sequence[Sequence[str]],
        title: str | None = None,
        align: str | None = None,
        shorten: int | None = None,
    ) -> None:
        """A table; ``align`` has an ``l`` or ``r`` per column (default: the first column
        left-aligned, the others right-aligned). Column ``shorten``, if given, is cut
        short with ``…`` to fit a terminal of known width; elsewhere (a pipe) every
        cell is written whole."""
        if align is None:
            align = "l" + "r" * (len(headers) - 1)
        headers = [self.clean(h, lines=False) for h in headers]
        rows = [[self.clean(c, lines=False) for c in row] for row in rows]
        if self.console is not None:
            self._rich_table(headers, rows, title, align, shorten)
            return
        if title:
            self.out.write(self.clean(title) + "\n")
        widths = [max(len(r[i]) for r in [headers, *rows]) for i in range(len(headers))]
        width = self.width
        if shorten is not None and width is not None:
            others = sum(w + 2 for i, w in enumerate(widths) if i != shorten)
            room = max(width - 1 - others, len(headers[shorten]), 10)
            if widths[shorten] > room:
                widths[shorten] = room
                dots = "…" if self.symbols else "..."
                rows = [
                    [_cut(c, room, dots) if i == shorten else c for i, c in enumerate(row)]
                    for row in rows
                ]
        for row in [headers, *rows]:
            cells = [
                cell.ljust(w) if side == "l" else cell.rjust(w)
                for cell, w, side in zip(row, widths, align, strict=True)
            ]
            self.out.write("  ".join(cells).rstrip() + "\n")

    def _rich_table(
        self,
        headers: Sequence[str],
        rows: Sequence[Sequence[str]],
        title: str | None,
        align: str,
        shorten: int | None,
    ) -> None:
        from rich.table import Table

        table = Table(title=self.clean(title) if title else None, title_justify="left")
        on_terminal = self.console.is_terminal
        for i, (header, side) in enumerate(zip(headers, align, strict=True)):
            cut = i == shorten and on_terminal
            table.add_column(
                header,
                justify="left" if side == "l" else "right",
                no_wrap=cut,
                overflow="ellipsis" if cut else "fold",
            )
        for row in rows:
            table.add_row(*row)
        self.console.print(table)

    def markdown(self, text: str) -> None:
        """Markdown (a rulebook), rendered by rich or as wrapped plain text, to the width
        of the terminal (80 columns elsewhere)."""
        text = self.clean(text)
        if self.console is not None:
            from rich.markdown import Markdown

            self.console.print(Markdown(text), soft_wrap=False)
        else:
            self.out.write(plain_text(text, min((self.width or 80) - 1, 100)))

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


def _cut(text: str, width: int, dots: str) -> str:
    return text if len(text) <= width else text[: width - len(dots)].rstrip() + dots


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
        self.tty = isatty(out)
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
