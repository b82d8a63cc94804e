"""Markdown as plain text: the rulebooks, readable where rich is not installed.

:func:`plain_text` reads the Markdown the rulebooks are written in (see
:func:`~hearts_core.rules.describe_variant`): headings, paragraphs, bulleted and
numbered lists, tables, code blocks, and inline ``code``, **bold** and
[links](url). It writes wrapped plain text: a heading underlined, a paragraph
filled to the width, a list item indented under its bullet, a table in aligned
columns (or, when it is too wide, one wrapped line per row).

>>> print(plain_text("# classic\\n\\nThe rules of `001`.\\n\\n- one\\n- two"), end="")
classic
=======
<BLANKLINE>
The rules of 001.
<BLANKLINE>
  - one
  - two
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterator
from typing import Final

__all__ = ["plain_text"]

_HEADING: Final = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_ITEM: Final = re.compile(r"^(\s*)([-*+]|\d{1,9}[.)])\s+(.*)$")
_RULE_ROW: Final = re.compile(r"^\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$")
_FENCE: Final = re.compile(r"^\s*(```|~~~)")
_INLINE: Final = (
    (re.compile(r"`([^`]*)`"), r"\1"),
    (re.compile(r"\*\*(.+?)\*\*|__(.+?)__"), lambda m: m[1] or m[2]),
    (re.compile(r"!?\[([^\]]*)\]\(([^)\s]*)\)"), r"\1 (\2)"),
    (re.compile(r"\\([\\`*_{}\[\]()#+\-.!|])"), r"\1"),
)


def _inline(text: str) -> str:
    for pattern, replacement in _INLINE:
        text = pattern.sub(replacement, text)
    return text


def _cells(line: str) -> list[str]:
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|") and not line.endswith("\\|"):
        line = line[:-1]
    return [_inline(cell.strip()) for cell in re.split(r"(?<!\\)\|", line)]


def _table(lines: list[str], width: int) -> list[str]:
    """A Markdown table as aligned columns, or one wrapped line per row if too wide."""
    header = _cells(lines[0])
    rule = _cells(lines[1]) if len(lines) > 1 and _RULE_ROW.match(lines[1]) else None
    body = [_cells(line) for line in lines[(2 if rule is not None else 1) :]]
    count = len(header)
    rows = [(row + [""] * count)[:count] for row in [header, *body]]
    right = [bool(rule and i < len(rule) and rule[i].endswith(":")) for i in range(count)]
    widths = [max(len(row[i]) for row in rows) for i in range(count)]
    if sum(widths) + 2 * (count - 1) <= width:
        out = []
        for n, row in enumerate(rows):
            columns = zip(row, widths, right, strict=True)
            cells = [cell.rjust(w) if r else cell.ljust(w) for cell, w, r in columns]
            out.append("  ".join(cells).rstrip())
            if n == 0:
                out.append("  ".join("-" * w for w in widths))
        return out
    out = []
    for row in rows[1:]:
        text = "; ".join(f"{h}: {c}" if h else c for h, c in zip(header, row, strict=True) if c)
        out += textwrap.wrap(text, width, initial_indent="  - ", subsequent_indent="    ")
    return out


def _blocks(markdown: str) -> Iterator[tuple[str, list[str]]]:
    """The blocks of ``markdown``: (kind, lines), kind one of heading, item, table,
    code, paragraph."""
    lines = markdown.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
        elif _FENCE.match(line):
            end = next((j for j in range(i + 1, len(lines)) if _FENCE.match(lines[j])), len(lines))
            yield "code", lines[i + 1 : end]
            i = end + 1
        elif _HEADING.match(line):
            yield "heading", [line]
            i += 1
        elif line.lstrip().startswith("|"):
            end = next(
                (j for j in range(i, len(lines)) if not lines[j].lstrip().startswith("|")),
                len(lines),
            )
            yield "table", lines[i:end]
            i = end
        else:
            kind = "item" if _ITEM.match(line) else "paragraph"
            end = i + 1
            while end < len(lines) and lines[end].strip() and not _starts_block(lines[end]):
                end += 1
            yield kind, lines[i:end]
            i = end


def _starts_block(line: str) -> bool:
    return bool(
        _ITEM.match(line)
        or _HEADING.match(line)
        or _FENCE.match(line)
        or line.lstrip().startswith("|")
    )


def plain_text(markdown: str, width: int = 79) -> str:
    """Markdown as wrapped plain text, no line longer than ``width`` (save for an
    unbreakable word or a code line); blocks are separated by a blank line.

    >>> table = "| Card | Points |\\n| --- | ---: |\\n| Q♠ | 13 |"
    >>> print(plain_text("## Scoring\\n\\n" + table), end="")
    Scoring
    -------
    <BLANKLINE>
    Card  Points
    ----  ------
    Q♠        13
    >>> print(plain_text("- " + "word " * 20, width=30), end="")
      - word word word word word
        word word word word word
        word word word word word
        word word word word word
    """
    width = max(width, 20)
    out: list[str] = []
    previous = ""
    for kind, lines in _blocks(markdown):
        if out and not (kind == "item" and previous == "item"):
            out.append("")
        previous = kind
        if kind == "heading":
            match = _HEADING.match(lines[0])
            assert match is not None
            title = _inline(match[2])
            out.append(title)
            if len(match[1]) <= 2:
                out.append(("=" if len(match[1]) == 1 else "-") * min(len(title), width))
        elif kind == "item":
            match = _ITEM.match(lines[0])
            assert match is not None
            bullet = "-" if match[2] in "-*+" else match[2]
            indent = "  " + " " * len(match[1])
            text = _inline(" ".join([match[3], *(line.strip() for line in lines[1:])]))
            out += textwrap.wrap(
                text,
                width,
                initial_indent=f"{indent}{bullet} ",
                subsequent_indent=indent + " " * (len(bullet) + 1),
                break_on_hyphens=False,
            ) or [f"{indent}{bullet}"]
        elif kind == "table":
            out += _table(lines, width)
        elif kind == "code":
            out += ["    " + line for line in lines]
        else:
            text = _inline(" ".join(line.strip() for line in lines))
            out += textwrap.wrap(text, width, break_on_hyphens=False)
    return "\n".join(out) + "\n" if out else ""
