"""Drawing an index exactly as ``random.Random.choice`` does, for fast play-outs.

:func:`~hearts_core.rollout` must leave a ``random.Random`` in the state the
plain loop ``rng.choice(legal_actions(state))`` leaves it, while never building
the list of actions. ``rng.choice(seq)`` is ``seq[below(len(seq))]``, where
``below`` is the generator's index drawer: :func:`index_drawer` returns it, and
:func:`draws_inline` says whether this Python draws that index as
``getrandbits(n.bit_length())`` repeated until it is below ``n``, so that a hot
loop may do the same inline.

>>> import random
>>> ours, theirs = random.Random(5), random.Random(5)
>>> draw = index_drawer(ours)
>>> "ABCDEFG"[draw(7)] == theirs.choice("ABCDEFG"), ours.getstate() == theirs.getstate()
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

__all__ = ["index_drawer", "draws_inline", "PATTERN_BITS"]


def index_drawer(rng: random.Random) -> Callable[[int], int]:
    """The function ``rng.choice`` draws an index with: ``rng.choice(seq)`` is
    ``seq[below(len(seq))]``, so drawing through it keeps ``rng`` in step with code
    that calls ``rng.choice``.

    >>> import random
    >>> ours, theirs = random.Random(7), random.Random(7)
    >>> below = index_drawer(ours)
    >>> [below(13) for _ in range(5)] == [theirs.choice(range(13)) for _ in range(5)]
    True
    """
    below = getattr(rng, "_randbelow", None)
    if callable(below):
        return below  # type: ignore[no-any-return]
    return lambda n: rng.choice(range(n))  # pragma: no cover - every Random has _randbelow


_RANDBELOW: Final = getattr(random.Random, "_randbelow", None)


_CHECKED_SIZES: Final = (1, 2, 3, 5, 7, 13, 286, 1144)
"""The sizes the check draws below: every bit length from 1 to 4, a suit (13), the
three-card passes from a 13-card hand (286), and the passes of four such seats together
(1144, as ``legal_actions`` lists them while every seat is still to pass)."""


def _inline_draws_match(kind: type[random.Random] = random.Random) -> bool:
    """Whether generators of class ``kind`` draw ``rng.choice``'s index as
    ``getrandbits(n.bit_length())`` repeated until it is below ``n``, so that the
    play-out may do the same inline: their ``_randbelow`` must be the getrandbits drawer,
    draw the same indices as the inline loop for every size of :data:`_CHECKED_SIZES`, and
    leave the generator in the same state.

    >>> _inline_draws_match()
    True
    """
    drawer = getattr(kind, "_randbelow", None)
    if drawer is None or drawer is not getattr(kind, "_randbelow_with_getrandbits", None):
        return False
    ours, theirs = kind(2026), kind(2026)
    for n in _CHECKED_SIZES:
        k = n.bit_length()
        r = ours.getrandbits(k)
        while r >= n:
            r = ours.getrandbits(k)
        if r != theirs._randbelow(n):  # type: ignore[attr-defined]
            return False
    return ours.getstate() == theirs.getstate()


_INLINE_DRAWS: Final = _inline_draws_match()


def draws_inline(rng: random.Random) -> bool:
    """Whether a loop may draw ``rng.choice``'s index inline, as
    ``getrandbits(n.bit_length())`` repeated until it is below ``n``: true when this
    Python's ``random.Random`` draws that way (checked once, at import, against the real
    thing) and ``rng`` does not replace the drawer.

    >>> import random
    >>> class Odd(random.Random):
    ...     def _randbelow(self, n: int) -> int:
    ...         return 0
    >>> draws_inline(random.Random(1)), draws_inline(Odd(1))
    (True, False)
    """
    return _INLINE_DRAWS and getattr(type(rng), "_randbelow", None) is _RANDBELOW


def _pattern_bits() -> tuple[tuple[tuple[int, ...], int, int], ...]:
    bits: list[tuple[int, ...]] = [()]
    for pattern in range(1, 1 << 13):
        low = pattern & -pattern
        bits.append((low, *bits[pattern ^ low]))
    return tuple((row, len(row), len(row).bit_length()) for row in bits)


PATTERN_BITS: Final = _pattern_bits()
"""For each 13-bit pattern of one suit's cards (a mask shifted down to its suit's lowest
bit): its bits low to high, how many there are, and how many random bits ``rng.choice``
draws to pick one of them. The ``i``-th card of a suit, as ``legal_actions`` lists them, is
read from here without a loop.

>>> bits, count, k = PATTERN_BITS[0b1011]
>>> bits, count, k
((1, 2, 8), 3, 2)
"""
