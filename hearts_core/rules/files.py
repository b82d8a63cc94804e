"""Variant files as read: a bounded read of a regular file, its TOML, its metadata and its
``extends`` chain, every problem noted with its key. Nothing here builds a
:class:`~hearts_core.Rules`: :func:`~hearts_core.rules.ruleset.rules_of_file` does, so that
``Rules.from_toml`` and :func:`~hearts_core.rules.load_variant` read files the same way.

>>> read = read_variant_file(variants_dir() / "classic.toml")
>>> read.name, read.fields["moon"], read.problems
('classic', 'shooter-chooses', ())
"""

from __future__ import annotations

import functools
import os
import stat
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

import attrs

from hearts_core.errors import MAX_PROBLEMS, InvalidRulesError
from hearts_core.immutable import stay_frozen
from hearts_core.rules.fields import shown

__all__ = ["VariantFile", "read_variant_file", "refusal", "variants_dir", "MAX_VARIANT_FILE_BYTES"]


_META_KEYS = ("name", "aliases", "description", "sources", "extends")


MAX_VARIANT_FILE_BYTES = 1_000_000
"""The largest variant file read: a house-rules file is a few kilobytes.

>>> MAX_VARIANT_FILE_BYTES
1000000
"""


def variants_dir() -> Path:
    """The folder the shipped variant files are read from.

    >>> (variants_dir() / "standard.toml").is_file()
    True
    """
    package = Path(__file__).resolve().parents[1]  # hearts_core/, above rules/
    packaged = package / "_variants"
    if packaged.is_dir():
        return packaged
    return package.parent / "variants"


_Problems = list[tuple[str, str]]


def _text_list(data: Mapping[str, Any], key: str, problems: _Problems) -> tuple[str, ...]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        problems.append((key, f"must be a list of strings, not {shown(value)}"))
        return ()
    return tuple(value)


def _text(
    data: Mapping[str, Any], key: str, problems: _Problems, default: str | None = None
) -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        problems.append(
            (key, f"must be a string, not {shown(value)}" if key in data else "is required")
        )
        return ""
    return value


def _label(data: Mapping[str, Any], path: Path) -> str:
    """What a chain of ``extends`` calls a file: its name, or its file name without one."""
    name = data.get("name")
    return name if isinstance(name, str) and name else path.name


def _fields(
    data: Mapping[str, Any], problems: _Problems, chain: tuple[tuple[str, Path], ...]
) -> dict[str, Any]:
    """The rule fields a variant sets, its ``extends`` chain merged in (its own win); a
    problem with ``extends`` is added to ``problems``.

    ``chain`` holds each file read so far, this one last, as its label and its resolved
    path: a chain is circular when it comes back to a file already in it, not when two
    files share a name (a house file may call itself ``standard`` and extend ``classic``)."""
    own = {k: v for k, v in data.items() if k not in _META_KEYS}
    if "extends" not in data:
        return own
    parent = _text(data, "extends", problems)
    if not isinstance(data.get("extends"), str):
        return own
    wanted = parent.strip().lower()
    path = _shipped_paths().get(wanted)
    labels = [label for label, _ in chain]
    if path is None:
        if len(chain) == 1 and wanted == labels[0].strip().lower():
            # a file that names itself, when no shipped variant has its name
            problems.append(("extends", f"circular: {labels[0]} -> {parent}"))
            return own
        known = ", ".join(sorted({p.stem for p in _shipped_paths().values()}))
        problems.append(("extends", f"no shipped variant named {parent!r}; known: {known}"))
        return own
    where = path.resolve()
    if any(seen == where for _, seen in chain):
        problems.append(("extends", f"circular: {' -> '.join((*labels, parent))}"))
        return own
    parent_data = _read(path)
    inherited = _fields(parent_data, problems, (*chain, (_label(parent_data, path), where)))
    return {**inherited, **own}


def refusal(problems: _Problems, source: str) -> InvalidRulesError:
    """The error listing ``problems``: the first :data:`~hearts_core.errors.MAX_PROBLEMS`
    of them, then how many more, as a record's error does.

    >>> error = refusal([("players", "must be an integer"), ("moon", "unknown")], "house.toml")
    >>> error.field, [field for field, _ in error.problems]
    ('players', ['players', 'moon'])
    """
    listed = tuple(problems[:MAX_PROBLEMS])
    field, reason = listed[0]
    error = InvalidRulesError(field, reason, source, listed)
    more = len(problems) - len(listed)
    if more:
        lines = "\n".join(f"  {key}: {why}" for key, why in listed)
        error.args = (f"{source}: {len(problems)} problems:\n{lines}\n  ... and {more} more",)
    return error


@functools.cache
def _shipped_paths() -> dict[str, Path]:
    """Each shipped file by its name and its aliases (lower case), read without building rules."""
    paths: dict[str, Path] = {}
    for path in sorted(variants_dir().glob("*.toml")):
        data = _read(path)
        paths[str(data.get("name", path.stem)).lower()] = path
        for alias in data.get("aliases", []):
            paths[str(alias).lower()] = path
    return paths


def _source(path: Path) -> str:
    """The path as errors name it, cut short when it is very long."""
    text = str(path)
    return text if len(text) <= 200 else text[:200] + "..."


_KINDS: Final = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
)


# Opening a named pipe without O_NONBLOCK waits for a writer; with it, the open returns
# at once and fstat shows what was opened.
_OPEN_FLAGS: Final = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_BINARY", 0)
)


def _not_regular(mode: int) -> str | None:
    """Why a file of this mode is not read (``None`` for a regular file)."""
    if stat.S_ISREG(mode):
        return None
    kind = next((what for test, what in _KINDS if test(mode)), "a special file")
    return f"cannot read: not a regular file ({kind})"


def _read_regular(path: str | os.PathLike[str], limit: int, source: str) -> bytes:
    """The first ``limit + 1`` bytes of the regular file at ``path``, so that a caller sees
    whether it is larger than ``limit``.

    Anything but a regular file (a directory, a named pipe, a device such as
    ``/dev/zero``, a socket) is refused before it is read, and checked again on the
    opened file, so that one swapped in between cannot make the read wait or never end.

    Raises:
        InvalidRulesError: field ``(file)``, naming ``source``: the system's reason when
            the path cannot be opened, or what it is when it is not a regular file.

    >>> _read_regular(variants_dir() / "standard.toml", 6, "standard.toml")
    b'name = '
    >>> _read_regular(variants_dir(), 6, "variants")
    Traceback (most recent call last):
    ...
    hearts_core.errors.InvalidRulesError: variants: (file): cannot read: not a regular file \
(a directory)
    """
    try:
        why = _not_regular(os.stat(path).st_mode)
        descriptor = -1 if why is not None else os.open(path, _OPEN_FLAGS)
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the path
        reason = exc.strerror if isinstance(exc, OSError) else str(exc)
        raise InvalidRulesError("(file)", f"cannot read: {reason}", source) from None
    if why is not None:
        raise InvalidRulesError("(file)", why, source)
    with os.fdopen(descriptor, "rb") as file:
        why = _not_regular(os.fstat(descriptor).st_mode)
        if why is not None:
            raise InvalidRulesError("(file)", why, source)
        try:
            return file.read(limit + 1)
        except OSError as exc:
            raise InvalidRulesError("(file)", f"cannot read: {exc.strerror}", source) from None


def _read(path: Path) -> dict[str, Any]:
    source = _source(path)
    raw = _read_regular(path, MAX_VARIANT_FILE_BYTES, source)
    if len(raw) > MAX_VARIANT_FILE_BYTES:
        raise InvalidRulesError(
            "(file)", f"larger than {MAX_VARIANT_FILE_BYTES} bytes: not a variant file", source
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidRulesError(
            "(file)", f"not UTF-8 text: byte {exc.start} is {raw[exc.start]:#04x}", source
        ) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InvalidRulesError("(file)", f"not valid TOML: {exc}", source) from None
    except RecursionError:
        raise InvalidRulesError("(file)", "values nested too deeply", source) from None
    except ValueError as exc:  # an integer of more digits than Python converts
        raise InvalidRulesError("(file)", f"not readable: {exc}", source) from None


@stay_frozen
@attrs.frozen
class VariantFile:
    """A variant file as read: its metadata, its rule fields (its ``extends`` chain merged
    in, its own winning) and every problem found so far, each with its key.

    >>> read_variant_file(variants_dir() / "standard.toml").sources != ()
    True
    """

    name: str
    """The ``name`` key (empty when missing: a problem says so)."""
    aliases: tuple[str, ...]
    """The ``aliases`` key."""
    description: str
    """The ``description`` key."""
    sources: tuple[str, ...]
    """The ``sources`` key."""
    fields: dict[str, Any]
    """Every other key: the rule fields, not yet checked."""
    problems: tuple[tuple[str, str], ...]
    """The problems with the metadata and the ``extends`` chain, as ``(key, reason)``."""
    source: str
    """The path as errors name it."""


def read_variant_file(path: object) -> VariantFile:
    """Read the variant file at ``path`` (a ``str`` or path-like object), metadata checked.

    Raises:
        InvalidRulesError: field ``(file)``, for a path that is not one, a file that cannot
            be read or is not a regular file, text that is not UTF-8 or not TOML.

    >>> read_variant_file(variants_dir() / "moon-choice.toml").fields["moon"]
    'shooter-chooses'
    """
    if not isinstance(path, str | os.PathLike):
        raise InvalidRulesError("(file)", f"must be a path, not {shown(path)}")
    path = Path(path)
    data = _read(path)
    problems: _Problems = []
    name = _text(data, "name", problems)
    aliases = _text_list(data, "aliases", problems)
    description = _text(data, "description", problems, "")
    sources = _text_list(data, "sources", problems)
    fields = _fields(data, problems, ((_label(data, path), path.resolve()),))
    return VariantFile(name, aliases, description, sources, fields, tuple(problems), _source(path))
