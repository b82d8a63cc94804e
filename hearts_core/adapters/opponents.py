"""Who plays the seats beside a learner, shared by the single and the vector environments.

An opponent is a bot from any spec ``hearts arena`` takes, or the environments' own
random player: the spec ``"random"`` is played from the kernel's generator
(:class:`~hearts_core.kernel.Rng`), each action uniformly among the legal ones (a pass
drawn as one set of cards), so that the vector environment plays it in the kernel and
both environments draw the same words. ``"rule"`` is :class:`~hearts_core.bots.RuleBot`,
which the vector environment plays in the kernel too, card for card the same.

>>> opponents("rule", 4)
(RuleBot(), RuleBot(), RuleBot())
>>> opponents(["random", "rule", "random"], 4)
(None, RuleBot(), None)
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from typing import Any, Final

from hearts_core.bots.arena import BotSpec, make_arena_bot
from hearts_core.bots.protocol import Bot
from hearts_core.errors import InvalidRulesError
from hearts_core.kernel import Rng

__all__ = ["Opponent", "opponents", "draws_for", "saved_draws", "restored_draws"]

Opponent = Bot | None
"""A seat's player: a bot, or ``None`` for the kernel's random player."""

_RANDOM: Final = ("random",)


def _one(spec: BotSpec) -> Opponent:
    if isinstance(spec, str) and spec.strip().lower() in _RANDOM:
        return None
    return make_arena_bot(spec)


def opponents(specs: BotSpec | Sequence[BotSpec], players: int) -> tuple[Opponent, ...]:
    """The players of the ``players - 1`` seats beside the learner, from its left: one spec
    for all, or one spec (or bot) per seat.

    Raises:
        InvalidRulesError: for a sequence of the wrong length.
        UnknownNameError, BotError: for a spec ``hearts arena`` would refuse.

    >>> opponents(["rule", "random"], 4)
    Traceback (most recent call last):
    ...
    hearts_core.errors.InvalidRulesError: opponents: give one bot, or 3 (one per other seat, \
from the learner's left), not 2
    """
    if isinstance(specs, str | Bot):
        return tuple(_one(specs) for _ in range(players - 1))
    if not isinstance(specs, Sequence):
        raise InvalidRulesError(
            "opponents", f"must be a bot spec or a sequence of them, not {specs!r}"
        )
    found = tuple(specs)
    if len(found) != players - 1:
        raise InvalidRulesError(
            "opponents",
            f"give one bot, or {players - 1} (one per other seat, from the learner's left), "
            f"not {len(found)}",
        )
    return tuple(_one(spec) for spec in found)


def draws_for(seed: int | None) -> Rng:
    """The kernel generator the random players draw from, after a reset with ``seed``.

    >>> draws_for(3).word() == draws_for(3).word()
    True
    """
    return Rng(random.Random(None if seed is None else f"{seed}:draws"))


def saved_draws(draws: Rng) -> tuple[Any, ...]:
    """What a copy or a pickle of the environments keeps of a kernel generator: its
    source, the bytes drawn and where it reads them (the compiled build's generator is not
    picklable itself).

    >>> draws = draws_for(1)
    >>> copy = restored_draws(saved_draws(draws))
    >>> [copy.word() for _ in range(70)] == [draws.word() for _ in range(70)]
    True
    """
    return (copy.deepcopy(draws.source), bytes(draws.words), draws.place, draws.block)


def restored_draws(saved: tuple[Any, ...]) -> Rng:
    """The generator :func:`saved_draws` kept, reading on from where it was.

    >>> draws = draws_for(2)
    >>> _ = draws.word()
    >>> restored_draws(saved_draws(draws)).word() == draws.word()
    True
    """
    source, words, place, block = saved
    draws = Rng(random.Random(0), block)
    draws.source = source
    draws.words = bytes(words)
    draws.place = place
    return draws
