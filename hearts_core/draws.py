"""Exact draws for the belief sampler: numbers below a bound, each exactly as likely, from a
``random.Random``'s ``getrandbits`` (each draw checked) or from the hand kernel's bytes.

:class:`~hearts_core.belief.Belief` draws states through :class:`CheckedDraws`, whose
numbers are those ``random.Random`` itself gives for ``randrange`` and ``shuffle``, and deals
of masks for the searching bots through :func:`below_words`, from the kernel's
:class:`~hearts_core.kernel.Rng` (the same bytes in both builds of the kernel).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from hearts_core.actions import pass_count_of, pass_mask
from hearts_core.errors import InvalidStateError
from hearts_core.kernel import Rng
from hearts_core.rules.fields import shown

__all__ = ["CheckedDraws", "MAX_REJECTIONS", "below_words", "nth_subset"]

MAX_REJECTIONS: Final = 128
"""The most draws in a row :class:`CheckedDraws` refuses before it refuses the generator:
a true one, refused less than half the time, gets that far with odds below 2**-128."""


class CheckedDraws:
    """Numbers below a bound drawn from ``rng.getrandbits`` alone, as ``random.Random``
    draws them for ``randrange`` and ``shuffle`` (so a ``random.Random`` gives the same
    numbers either way), each draw checked: a subclass whose ``random`` or ``randrange``
    misbehaves is never asked, and one whose ``getrandbits`` gives a value out of range,
    or refuses to give one in range, is refused instead of looping.

    >>> draws = CheckedDraws(random.Random(5))
    >>> draws.below(10) == random.Random(5).randrange(10)
    True
    """

    __slots__ = ("bits",)

    def __init__(self, rng: random.Random) -> None:
        self.bits = rng.getrandbits

    def below(self, n: int) -> int:
        """A number from 0 to ``n - 1``, each as likely (``n`` at least 1).

        Raises:
            InvalidStateError: naming ``rng``, for a number out of the range asked for,
                or :data:`MAX_REJECTIONS` in a row above the bound.
        """
        width = n.bit_length()
        for _ in range(MAX_REJECTIONS):
            drawn = self.bits(width)
            if type(drawn) is not int or drawn < 0 or drawn >> width:
                raise InvalidStateError(
                    "rng", f"getrandbits({width}) gave {shown(drawn)}, not a {width}-bit number"
                )
            if drawn < n:
                return drawn
        raise InvalidStateError(
            "rng", f"getrandbits({width}) gave nothing below {n} in {MAX_REJECTIONS} draws"
        )

    def shuffle(self, items: list[int]) -> None:
        """Put ``items`` in a random order, every order as likely (as ``random.shuffle``)."""
        for i in reversed(range(1, len(items))):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def below_words(draws: Rng, n: int) -> int:
    """A number from 0 to ``n - 1`` (``n`` at least 1), each as likely, from the kernel's
    random bytes: one byte's worth when ``n`` is at most 256
    (:meth:`~hearts_core.kernel.Rng.below`), else as many bytes as ``n`` needs, drawn
    again while above the largest multiple of ``n``.

    >>> from hearts_core.kernel import Rng
    >>> below_words(Rng(random.Random(1)), 10**30) < 10**30
    True
    """
    if n <= 256:
        return draws.below(n)
    size = (n.bit_length() + 7) // 8
    limit = (1 << 8 * size) // n * n
    while True:
        value = 0
        for _ in range(size):
            value = value << 8 | draws.word()
        if value < limit:
            return value % n


def nth_subset(mask: int, count: int, pick: Callable[[int], int]) -> int:
    """One of the ``count``-card subsets of ``mask``: the ``pick(n)``-th of the ``n`` of them,
    in card order (``pick`` gives a number below ``n``).

    >>> bin(nth_subset(0b1011, 2, lambda n: n - 1))  # the last of three pairs
    '0b1010'
    """
    # The same order as a pass's choices: pass_mask unranks them.
    return pass_mask(mask, count, pick(pass_count_of(mask.bit_count(), count)))
