"""Named variants: TOML files that set :class:`~hearts_core.Rules` fields.

A variant file holds the metadata keys ``name``, ``aliases``, ``description``,
``sources`` and optionally ``extends`` (another variant's name); every other
key is a ``Rules`` field. For example ``variants/classic.toml``::

    name = "classic"
    description = "..."
    sources = ["..."]
    queen_breaks_hearts = true
    moon = "shooter-chooses"

The shipped files are found inside the installed package (a wheel carries
them as ``hearts_core/_variants``) or, in a source checkout or an editable
install, in the repository's ``variants/`` folder.
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

from hearts_core.errors import InvalidRulesError
from hearts_core.fields import shown
from hearts_core.immutable import stay_frozen
from hearts_core.io.limits import MAX_PROBLEMS
from hearts_core.rules import Rules

__all__ = ["Variant", "variant", "variant_info", "variant_names", "load_variant", "variants_dir"]

_META_KEYS = ("name", "aliases", "description", "sources", "extends")

MAX_VARIANT_FILE_BYTES = 1_000_000
"""The largest variant file read: a house-rules file is a few kilobytes.

>>> MAX_VARIANT_FILE_BYTES
1000000
"""


@stay_frozen
@attrs.frozen
class Variant:
    """A named ruleset with where it comes from.

    >>> info = variant_info("classic")
    >>> info.name, info.rules.queen_breaks_hearts
    ('classic', True)
    """

    name: str
    """The variant's name, as used by :func:`variant`."""
    aliases: tuple[str, ...]
    """Other names it answers to."""
    description: str
    """One paragraph saying what it is."""
    sources: tuple[str, ...]
    """Where its rules come from."""
    rules: Rules
    """The ruleset."""


def variants_dir() -> Path:
    """The folder the shipped variant files are read from.

    >>> (variants_dir() / "standard.toml").is_file()
    True
    """
    here = Path(__file__).resolve().parent
    packaged = here / "_variants"
    if packaged.is_dir():
        return packaged
    return here.parent / "variants"


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


def _from_data(data: Mapping[str, Any], path: Path) -> Variant:
    """The variant a file's ``data`` describes; every problem found, the metadata's and the
    rules', is reported at once in one :class:`~hearts_core.InvalidRulesError`."""
    source = _source(path)
    problems: _Problems = []
    name = _text(data, "name", problems)
    aliases = _text_list(data, "aliases", problems)
    description = _text(data, "description", problems, "")
    sources = _text_list(data, "sources", problems)
    fields = _fields(data, problems, ((_label(data, path), path.resolve()),))
    rules: Rules | None = None
    try:
        rules = Rules.from_mapping(fields, source)
    except InvalidRulesError as exc:
        problems.extend(exc.problems)
    if problems or rules is None:
        raise _refusal(problems, source)
    return Variant(
        name=name, aliases=aliases, description=description, sources=sources, rules=rules
    )


def _refusal(problems: _Problems, source: str) -> InvalidRulesError:
    """The error listing ``problems``: the first :data:`~hearts_core.io.limits.MAX_PROBLEMS`
    of them, then how many more, as a record's error does."""
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


def load_variant(path: str | Path) -> Variant:
    """Read a variant file (the shipped ones, or your own house rules).

    The file's format is described field by field in the documentation's house
    rules page (``docs/house-rules.md``).

    Raises:
        InvalidRulesError: naming the file, and in ``problems`` every problem found
            (the first :data:`~hearts_core.io.limits.MAX_PROBLEMS`; the message then
            says how many more), each with its key: an unreadable file, a path that is
            not a regular file (a directory, a named pipe, a device), refused before
            it is read, text that is not UTF-8 or not TOML, wrong metadata, unknown
            keys, wrong types, inconsistent rules and a circular ``extends`` chain.

    >>> load_variant(variants_dir() / "moon-choice.toml").rules.moon.value
    'shooter-chooses'
    """
    if not isinstance(path, str | os.PathLike):
        raise InvalidRulesError("(file)", f"must be a path, not {shown(path)}")
    path = Path(path)
    return _from_data(_read(path), path)


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


@functools.cache
def _catalogue() -> dict[str, Variant]:
    found: dict[str, Variant] = {}
    for path in sorted(variants_dir().glob("*.toml")):
        info = load_variant(path)
        found[info.name] = info
    return found


def variant_names() -> tuple[str, ...]:
    """The names of the shipped variants, sorted.

    >>> "standard" in variant_names() and "classic" in variant_names()
    True
    """
    return tuple(sorted(_catalogue()))


def variant_info(name: str) -> Variant:
    """A shipped variant by name or alias (case-insensitive), with its metadata.

    Raises:
        InvalidRulesError: if no variant has that name.

    >>> info = variant_info("Maria")
    >>> info.name, info.aliases, info.rules.players
    ('black-maria', ('maria', 'slippery-anne'), 3)
    """
    if type(name) is not str:
        raise InvalidRulesError("name", f"must be a variant name, not {shown(name)}")
    wanted = name.strip().lower()
    for info in _catalogue().values():
        if wanted == info.name or wanted in (a.lower() for a in info.aliases):
            return info
    raise InvalidRulesError(
        "name", f"no variant named {shown(name)}; known: {', '.join(variant_names())}"
    )


def variant(name: str) -> Rules:
    """The rules of a shipped variant, by name or alias.

    >>> variant("standard") == Rules()
    True
    >>> variant("classic").moon.value
    'shooter-chooses'
    """
    return variant_info(name).rules
