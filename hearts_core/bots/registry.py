"""Bots by name: the specs that ``hearts --bots`` and the benchmarks accept.

A spec is a bot's name, optionally followed by a colon and its options::

    rule
    mc                              MonteCarloBot() with its defaults
    mc:64                           the main option (for mc: samples) by value
    mc:samples=64,rollout=random    options by name, comma-separated
    mc:32,seconds=0.5               both

Names, option names and values are read without regard to case or
surrounding spaces. A name or option that does not exist raises
:class:`~hearts_core.UnknownNameError`; a bad value or a malformed spec raises
:class:`~hearts_core.bots.BotError`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Final, NamedTuple

from hearts_core.bots.errors import BotError
from hearts_core.bots.ismcts import STRONG, IsmctsBot
from hearts_core.bots.monte_carlo import MonteCarloBot
from hearts_core.bots.protocol import Bot
from hearts_core.bots.random_bot import RandomBot
from hearts_core.bots.rule_bot import RuleBot
from hearts_core.errors import UnknownNameError

__all__ = ["BOTS", "make_bot", "split_specs"]

BOTS: Final[dict[str, str]] = {
    "random": "RandomBot: a uniformly random legal action",
    "rule": "RuleBot: rules of thumb for passing and play",
    "mc": "MonteCarloBot: samples the hidden hands and plays each card out "
    "(mc:N for N samples; options samples=N, rollout=rule|random, seconds=S)",
    "ismcts": "IsmctsBot: search over sampled deals in the kernel's batches, with moon plans "
    "and claims (ismcts:N for N sampled deals a decision, ismcts:strong for the strong preset; "
    "options iterations=N, seconds=S, exploration=C, moon=yes|no, widen=N, pass_playouts=N, "
    "pass_moon=yes|no, search=batch|walk)",
    "learned": "LearnedBot: the network trained with PPO that ships with the library, played with "
    "NumPy (the rl extra; learned:path=FILE for other weights)",
}
"""The bot names :func:`make_bot` knows, with a line saying what each is."""

_ALIASES: Final = {"is-mcts": "ismcts", "simple": "rule", "montecarlo": "mc", "monte-carlo": "mc"}


def _samples(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() and int(text) >= 1 else None


def _playouts(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() else None


def _seconds(text: str) -> float | None:
    try:
        value = float(text)
    except ValueError:
        return None
    return value if 0 < value < math.inf else None


def _exploration(text: str) -> float | None:
    try:
        value = float(text)
    except ValueError:
        return None
    return value if 0 <= value < math.inf else None


def _yes_no(text: str) -> bool | None:
    return {"yes": True, "true": True, "no": False, "false": False}.get(text)


def _path(text: str) -> str | None:
    return text or None


def _learned(**options: object) -> Bot:
    try:
        import numpy  # noqa: F401  (the network is played with NumPy, loaded only when asked)
    except ImportError:
        raise BotError("learned plays with NumPy: install the rl extra") from None
    from hearts_core.bots.policy import LearnedBot

    path = options.get("path")
    return LearnedBot(None if path is None else str(path))


def _rollout(text: str) -> str | None:
    return text if text in ("rule", "random") else None


def _search(text: str) -> str | None:
    return text if text in ("batch", "walk") else None


class _Option(NamedTuple):
    read: Callable[[str], object]
    """The value a text gives, or None if it gives none."""
    wanted: str
    """What a good value is, for the error message."""
    keep_case: bool = False
    """Whether the value is read as given (a file's path), not in lower case."""


class _Entry(NamedTuple):
    make: Callable[..., Bot]
    """Builds the bot from its options, as keyword arguments."""
    options: Mapping[str, _Option]
    """Its options by name."""
    main: str = ""
    """The option a bare value sets (``mc:64`` is ``mc:samples=64``), if any."""
    presets: Mapping[str, Mapping[str, object]] = {}
    """Named sets of options a bare name sets (``ismcts:strong``); options given beside
    one override its own."""


_ENTRIES: Final[Mapping[str, _Entry]] = {
    "random": _Entry(RandomBot, {}),
    "rule": _Entry(RuleBot, {}),
    "mc": _Entry(
        MonteCarloBot,
        {
            "samples": _Option(_samples, "a whole number of at least 1"),
            "rollout": _Option(_rollout, "'rule' or 'random'"),
            "seconds": _Option(_seconds, "a positive number of seconds"),
        },
        main="samples",
    ),
    "ismcts": _Entry(
        IsmctsBot,
        {
            "iterations": _Option(_samples, "a whole number of at least 1"),
            "seconds": _Option(_seconds, "a positive number of seconds"),
            "exploration": _Option(_exploration, "a number of at least 0"),
            "moon": _Option(_yes_no, "yes or no"),
            "widen": _Option(_samples, "a whole number of at least 1"),
            "pass_playouts": _Option(_playouts, "a whole number of at least 0"),
            "search": _Option(_search, "'batch' or 'walk'"),
            "pass_moon": _Option(_yes_no, "yes or no"),
        },
        main="iterations",
        presets={"strong": STRONG},
    ),
    "learned": _Entry(_learned, {"path": _Option(_path, "a path to a .npz file", True)}),
}
"""Each bot of :data:`BOTS` by name: how to build it, and its options."""


def make_bot(spec: str) -> Bot:
    """A new bot from its spec: ``random``, ``rule``, ``mc`` or ``ismcts``, then any options
    after a colon.

    ``mc:N`` samples N deals a decision; ``mc:samples=N,rollout=random,seconds=S``
    sets :class:`~hearts_core.bots.MonteCarloBot`'s options by name. ``ismcts:N``
    searches over N sampled deals a decision; its options are ``iterations``,
    ``seconds``, ``exploration``, ``moon``, ``widen``, ``pass_playouts``, ``pass_moon`` and
    ``search`` (see
    :class:`~hearts_core.bots.IsmctsBot`).

    Raises:
        UnknownNameError: for a bot or option that does not exist.
        BotError: for a bad value, an option given twice, options to a bot
            that takes none, or an empty spec (or one that is not a string).

    >>> make_bot("rule"), make_bot("mc:10")
    (RuleBot(), MonteCarloBot(samples=10, rollout='rule'))
    >>> make_bot("mc:samples=64,rollout=random")
    MonteCarloBot(samples=64, rollout='random')
    >>> make_bot("ismcts:64,moon=no")
    IsmctsBot(iterations=64, exploration=0.7, moon=False, widen=64, pass_playouts=3200, \
pass_moon=False)
    >>> make_bot("genius")
    Traceback (most recent call last):
    ...
    hearts_core.errors.UnknownNameError: unknown bot 'genius'; known: random, rule, mc, ismcts, \
learned
    >>> make_bot("mc:samples=0")
    Traceback (most recent call last):
    ...
    hearts_core.bots.errors.BotError: bad value for samples in 'mc:samples=0': give a whole \
number of at least 1
    """
    if not isinstance(spec, str):
        raise BotError(f"a bot spec is a string, not {spec!r}")
    text = spec.strip().lower()
    if not text:
        raise BotError(f"no bot named in {spec!r}; known: {', '.join(BOTS)}")
    name, colon, rest = text.partition(":")
    name = name.strip()
    name = _ALIASES.get(name, name)
    entry = _ENTRIES.get(name)
    if entry is None:
        where = "" if not colon else f" in {spec!r}"
        raise UnknownNameError(f"unknown bot {name!r}{where}; known: {', '.join(BOTS)}")
    given = spec.strip().partition(":")[2]  # the options as given, for values kept in case
    options = _read_options(name, entry, given, spec) if rest.strip() else {}
    return entry.make(**options)


def _read_options(name: str, entry: _Entry, text: str, spec: str) -> dict[str, object]:
    """The keyword arguments the options ``text`` give bot ``name``; ``spec`` is for messages."""
    known = entry.options
    if not known:
        raise BotError(f"{name} takes no options, not {text.strip()!r} (in {spec!r})")
    found: dict[str, object] = {}
    preset: Mapping[str, object] = {}
    for item in text.split(","):
        key, equals, value = (part.strip() for part in item.partition("="))
        if not equals and key in entry.presets and not preset:
            preset = entry.presets[key]
            continue
        if not equals:
            key, value = entry.main, key
            if not value:
                raise BotError(f"an empty option in {spec!r}")
        key = key.lower()
        if key in known and not known[key].keep_case:
            value = value.lower()
        if key not in known:
            raise UnknownNameError(
                f"{name} has no option {key!r} (in {spec!r}); its options: {', '.join(known)}"
            )
        if key in found:
            raise BotError(f"{key} given twice in {spec!r}")
        read = known[key].read(value)
        if read is None:
            raise BotError(f"bad value for {key} in {spec!r}: give {known[key].wanted}")
        found[key] = read
    return {**preset, **found}


def split_specs(text: str) -> list[str]:
    """The bot specs in a comma-separated list, keeping each spec's own options together.

    A part with ``=`` and no colon continues the options of the spec before
    it, so ``mc:samples=64,rollout=random,rule`` is two specs. Parts are
    stripped; empty ones are dropped.

    >>> split_specs("mc:samples=64,rollout=random, rule,random")
    ['mc:samples=64,rollout=random', 'rule', 'random']
    >>> [make_bot(spec) for spec in split_specs("mc:8,rule")]
    [MonteCarloBot(samples=8, rollout='rule'), RuleBot()]
    """
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        if "=" in part and ":" not in part and specs and ":" in specs[-1]:
            specs[-1] += "," + part
        else:
            specs.append(part)
    return specs
