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
from pathlib import Path

import attrs

from hearts_core.errors import InvalidRulesError
from hearts_core.immutable import stay_frozen
from hearts_core.rules.fields import shown
from hearts_core.rules.files import read_variant_file, variants_dir
from hearts_core.rules.ruleset import Rules, rules_of_file

__all__ = ["Variant", "variant", "variant_info", "variant_names", "load_variant", "variants_dir"]


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


def load_variant(path: str | Path) -> Variant:
    """Read a variant file (the shipped ones, or your own house rules).

    The file's format is described field by field in the documentation's house
    rules page (``docs/house-rules.md``).

    Raises:
        InvalidRulesError: naming the file, and in ``problems`` every problem found
            (the first :data:`~hearts_core.errors.MAX_PROBLEMS`; the message then
            says how many more), each with its key: an unreadable file, a path that is
            not a regular file (a directory, a named pipe, a device), refused before
            it is read, text that is not UTF-8 or not TOML, wrong metadata, unknown
            keys, wrong types, inconsistent rules and a circular ``extends`` chain.

    >>> load_variant(variants_dir() / "moon-choice.toml").rules.moon.value
    'shooter-chooses'
    """
    read = read_variant_file(path)
    return Variant(read.name, read.aliases, read.description, read.sources, rules_of_file(read))


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
