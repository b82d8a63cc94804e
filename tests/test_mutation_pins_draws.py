"""Pins for hearts_core/draws.py, found by mutation testing (docs/mutation-engine.md).

The check that lets the play-out draw inline runs once, at import: these tests run it
again, so that a changed check is seen, and pin the drawer's fallback for a generator
that has no index drawer of its own.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from hearts_core import draws


def test_this_python_draws_indices_as_the_inline_loop_does() -> None:
    # CPython 3.11 to 3.13: Random._randbelow is _randbelow_with_getrandbits, drawing
    # getrandbits(n.bit_length()) until the result is below n.
    assert draws._inline_draws_match() is True
    assert draws._INLINE_DRAWS is True


def test_the_inline_check_leaves_no_trace_on_a_generator() -> None:
    # The check uses generators of its own: a caller's generator is not drawn from.
    rng = random.Random(11)
    before = rng.getstate()
    draws._inline_draws_match()
    assert rng.getstate() == before


def test_index_drawer_is_the_generators_own_drawer() -> None:
    rng = random.Random(4)
    below = draws.index_drawer(rng)
    # Bound methods compare equal when they bind the same function to the same object.
    assert below == rng._randbelow  # type: ignore[attr-defined]
    twin = random.Random(4)
    assert [below(52) for _ in range(20)] == [twin.randrange(52) for _ in range(20)]


class ChoiceOnly:
    """A generator-like object with ``choice`` and no index drawer: the last item."""

    def choice(self, seq: Sequence[int]) -> int:
        return seq[-1]


def test_index_drawer_falls_back_to_choice_over_the_indices() -> None:
    below = draws.index_drawer(ChoiceOnly())  # type: ignore[arg-type]
    # choice(range(n)) picks from the indices 0 to n - 1: this one picks the last.
    assert [below(n) for n in (1, 2, 7, 13)] == [0, 1, 6, 12]


class NotCallable(random.Random):
    """A generator whose ``_randbelow`` attribute is not a function."""

    _randbelow = 3

    def choice(self, seq: Sequence[int]) -> int:  # type: ignore[override]
        return seq[0]


def test_index_drawer_ignores_a_drawer_that_is_not_callable() -> None:
    below = draws.index_drawer(NotCallable(1))
    assert [below(n) for n in (1, 5, 9)] == [0, 0, 0]


def test_draws_inline_for_plain_generators_and_not_for_replaced_drawers() -> None:
    class OwnDrawer(random.Random):
        def _randbelow(self, n: int) -> int:
            return n - 1

    class OwnRandom(random.Random):
        def random(self) -> float:
            return 0.5

    assert draws.draws_inline(random.Random(1)) is True
    assert draws.draws_inline(OwnDrawer(1)) is False
    # Overriding random() alone makes Python draw indices without getrandbits.
    assert draws.draws_inline(OwnRandom(1)) is False


def test_draws_inline_is_false_for_an_object_that_is_no_random_at_all() -> None:
    # Any object with choice() may drive the plain loop; it has no drawer to match.
    assert draws.draws_inline(ChoiceOnly()) is False  # type: ignore[arg-type]


# --- the import-time check, run on generator classes that fail it ------------------------


class Faithful(random.Random):
    """Draws with the getrandbits drawer under its own name: the check passes."""

    def _randbelow_with_getrandbits(self, n: int) -> int:
        return super()._randbelow_with_getrandbits(n)  # type: ignore[misc, no-any-return]

    _randbelow = _randbelow_with_getrandbits


def _astray_below(size: int) -> type[random.Random]:
    """A generator class whose drawer goes astray below ``size`` alone: the next index
    instead of the one drawn, or below 1, where the index can only be 0, a long draw more
    that leaves the generator in another state."""

    class Astray(Faithful):
        def _randbelow_with_getrandbits(self, n: int) -> int:
            index = super()._randbelow_with_getrandbits(n)
            if n != size:
                return index
            if n == 1:
                self.getrandbits(640)
                return index
            return (index + 1) % n

        _randbelow = _randbelow_with_getrandbits

    return Astray


def test_the_check_passes_a_class_that_draws_as_the_inline_loop() -> None:
    assert draws._inline_draws_match(Faithful) is True


def test_the_check_refuses_a_drawer_that_is_not_the_getrandbits_one() -> None:
    class Other(random.Random):
        def _randbelow(self, n: int) -> int:
            return 0

    class Missing(random.Random):
        _randbelow = None
        _randbelow_with_getrandbits = None

    class Bare:
        """A generator class of another Python, with neither drawer."""

    class OnlyItsOwn:
        """One whose Random has a drawer but not the getrandbits one by name."""

        def _randbelow(self, n: int) -> int:
            return 0

    assert draws._inline_draws_match(Other) is False
    assert draws._inline_draws_match(Missing) is False  # no drawer at all
    # Where the attributes do not exist, the check says no rather than failing the import.
    assert draws._inline_draws_match(Bare) is False  # type: ignore[arg-type]
    assert draws._inline_draws_match(OnlyItsOwn) is False  # type: ignore[arg-type]


@pytest.mark.parametrize("size", [1, 2, 3, 5, 7, 13, 286, 1144])
def test_the_check_tries_every_size_it_names(size: int) -> None:
    # A drawer that goes astray below one size alone is caught by the check of that size
    # (below 1 the index is 0 either way: the generator's state tells it apart).
    assert draws._inline_draws_match(_astray_below(size)) is False
    assert draws._CHECKED_SIZES == (1, 2, 3, 5, 7, 13, 286, 1144)
