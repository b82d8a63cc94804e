"""The arguments after parsing: the variant, the bots and the seed, and the command's errors.

A command reads what its arguments name with :func:`variant_of`,
:func:`bots_of` and :func:`seed_of`; anything wrong raises :class:`UsageError`,
which ``hearts`` reports as one line on standard error, with exit status 2.

>>> variant_of("CLASSIC").name, bots_of("mc:8,rule", 2)
('classic', [MonteCarloBot(samples=8, rollout='rule'), RuleBot()])
"""

from __future__ import annotations

import argparse
import os
import random
import stat
from pathlib import Path
from typing import Final

from hearts_core.bots import Bot, make_bot, split_specs
from hearts_core.cli.errors import UsageError
from hearts_core.errors import HeartsError, InvalidRulesError
from hearts_core.rules.variants import Variant, load_variant, variant_info

__all__ = [
    "one_line",
    "variant_of",
    "bots_of",
    "seed_of",
    "NONBLOCK",
    "regular_file",
    "read_regular_file",
    "writable_file",
]


def one_line(error: BaseException) -> str:
    """An error's message on one line: the lines of a message that lists several
    problems are joined with ``;``.

    >>> from hearts_core import Rules
    >>> try:
    ...     Rules.from_mapping({"players": 9, "target_score": 0})
    ... except HeartsError as error:
    ...     print(one_line(error))
    2 problems: players: must be between 3 and 6, not 9; target_score: must be between 1 and \
1000000, not 0
    """
    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    if len(lines) <= 1:
        return "".join(lines)
    first, rest = lines[0], lines[1:]
    return first + (" " if first.endswith(":") else "; ") + "; ".join(rest)


def _is_path(text: str) -> bool:
    return text.lower().endswith(".toml") or "/" in text or "\\" in text


def variant_of(text: str) -> Variant:
    """The variant ``--variant`` (or ``hearts rules``) names: a shipped variant by name or
    alias, or the path of a variant file (one ending in ``.toml``, or with a ``/``).

    Raises:
        UsageError: for a name no variant has, and for a file that cannot be
            read or is not a valid variant (not a regular file, or refused by
            :func:`~hearts_core.load_variant`: too large, not UTF-8, not TOML, bad rules).

    >>> variant_of("Maria").rules.players
    3
    >>> variant_of("no-such-rules")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    hearts_core.cli.errors.UsageError: no variant named 'no-such-rules'; known: ...
    """
    if not _is_path(text):
        try:
            return variant_info(text)
        except InvalidRulesError as error:
            raise UsageError(error.reason) from None
    path = regular_file(text, "variant file ")
    try:
        return load_variant(path)
    except InvalidRulesError as error:
        found = [why if key == "(file)" else f"{key}: {why}" for key, why in error.problems]
        count = "" if len(found) == 1 else f"{len(found)} problems: "
        raise UsageError(
            f"{text} is not a valid variant file: {count}{'; '.join(found)}"
        ) from None


NONBLOCK: Final = getattr(os, "O_NONBLOCK", 0)
"""The flag that opens a file without waiting (POSIX ``O_NONBLOCK``; 0 where there
are no named pipes): a named pipe with nobody at its other end is then refused at
once, never waited on."""


def _kind(mode: int) -> str:
    """What a file that is not a regular file is, in words."""
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def _reason(error: OSError | ValueError) -> str:
    return getattr(error, "strerror", None) or str(error)


def _not_regular(doing: str, text: str, mode: int) -> str:
    return f"cannot {doing} {text}: not a regular file ({_kind(mode)})"


def regular_file(text: str, what: str = "") -> Path:
    """The path ``text``, checked to name an existing regular file, before anything
    opens it: a named pipe would block the command for ever and a device
    (``/dev/zero``) never end, so both are refused, as are directories.

    Args:
        text: The path, as typed.
        what: What the file is, for the message (``"variant file "``).

    Raises:
        UsageError: naming the path, for a missing or unreadable path and for
            anything but a regular file.

    >>> regular_file("/dev/null")
    Traceback (most recent call last):
    ...
    hearts_core.cli.errors.UsageError: cannot read /dev/null: not a regular file (a device)
    """
    path = Path(text)
    try:
        status = path.stat()
    except (OSError, ValueError) as error:
        raise UsageError(f"cannot read {what}{text}: {_reason(error)}") from None
    if not stat.S_ISREG(status.st_mode):
        raise UsageError(_not_regular("read", f"{what}{text}", status.st_mode))
    return path


def read_regular_file(text: str, limit: int) -> bytes:
    """At most ``limit`` bytes of the regular file ``text``
    (checked by :func:`regular_file`). The file is opened without blocking and
    checked again once open, so a named pipe put in its place after the check
    is refused too, never waited on.

    Raises:
        UsageError: as :func:`regular_file`, and if the file cannot be read.

    >>> read_regular_file("/", 10)
    Traceback (most recent call last):
    ...
    hearts_core.cli.errors.UsageError: cannot read /: not a regular file (a directory)
    """
    regular_file(text)
    try:
        handle = os.fdopen(os.open(text, os.O_RDONLY | NONBLOCK), "rb")
    except (OSError, ValueError) as error:
        raise UsageError(f"cannot read {text}: {_reason(error)}") from None
    with handle:
        mode = os.fstat(handle.fileno()).st_mode
        if not stat.S_ISREG(mode):
            raise UsageError(_not_regular("read", text, mode))
        try:
            return handle.read(limit)
        except OSError as error:
            raise UsageError(f"cannot read {text}: {_reason(error)}") from None


def writable_file(text: str) -> str:
    """The path ``text`` for a file to write (``--save``), checked before the game
    starts: either a regular file (replaced) or a new file in an existing
    folder. A named pipe, a device or a directory is refused, so the game
    cannot end waiting on a pipe nobody reads, or be lost on a bad path.

    Raises:
        UsageError: naming the path and what is wrong with it.

    >>> writable_file("/dev/null")
    Traceback (most recent call last):
    ...
    hearts_core.cli.errors.UsageError: cannot write /dev/null: not a regular file (a device)
    >>> writable_file("no/such/folder/game.json")
    Traceback (most recent call last):
    ...
    hearts_core.cli.errors.UsageError: cannot write no/such/folder/game.json: No such file \
or directory
    """
    try:
        mode = os.stat(text).st_mode
    except FileNotFoundError:
        folder = os.path.dirname(text) or "."
        try:
            is_folder = stat.S_ISDIR(os.stat(folder).st_mode)
        except (OSError, ValueError) as error:
            raise UsageError(f"cannot write {text}: {_reason(error)}") from None
        if not is_folder:
            raise UsageError(f"cannot write {text}: {folder} is not a folder") from None
        return text
    except (OSError, ValueError) as error:
        raise UsageError(f"cannot write {text}: {_reason(error)}") from None
    if not stat.S_ISREG(mode):
        raise UsageError(_not_regular("write", text, mode))
    return text


def bots_of(text: str, seats: int, *, cycle: bool = False) -> list[Bot]:
    """The bots ``--bots`` names for ``seats`` seats: one spec for every seat, or a
    comma-separated list of one per seat. A spec keeps its own options
    (``mc:samples=64,rollout=random`` is one bot; see
    :func:`~hearts_core.bots.split_specs`). With ``cycle``, a list shorter than
    ``seats`` is repeated round the table.

    Raises:
        UsageError: for an unknown bot, a bad option, or a list of the wrong length.

    >>> bots_of("rule", 3)
    [RuleBot(), RuleBot(), RuleBot()]
    >>> bots_of("mc:samples=4,rollout=random,rule", 2)
    [MonteCarloBot(samples=4, rollout='random'), RuleBot()]
    >>> bots_of("rule,random", 4, cycle=True)
    [RuleBot(), RandomBot(), RuleBot(), RandomBot()]
    """
    specs = split_specs(text)
    if cycle:
        if not 1 <= len(specs) <= seats:
            raise UsageError(f"--bots: give 1 to {seats} bots, not {len(specs)}")
        specs = [specs[i % len(specs)] for i in range(seats)]
    elif len(specs) == 1:
        specs = specs * seats
    if len(specs) != seats:
        raise UsageError(
            f"--bots: give one bot, or {seats} separated by commas, not {len(specs)}"
        )
    try:
        return [make_bot(spec) for spec in specs]
    except HeartsError as error:
        raise UsageError(f"--bots: {error}") from None


def seed_of(args: argparse.Namespace) -> int:
    """The seed the arguments give, or a new random one.

    >>> seed_of(argparse.Namespace(seed=3))
    3
    """
    return int(args.seed) if args.seed is not None else random.randrange(2**32)
