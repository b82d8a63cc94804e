"""Both builds of the kernel side by side: the pure source and, where it was built, the
compiled extension, for tests that compare them."""

from __future__ import annotations

import importlib
import importlib.util
import random
import shutil
from types import ModuleType

import pytest

import hearts_core
from hearts_core import Rules
from hearts_core import _deal as pure_deal
from hearts_core import _kernel as pure
from hearts_core import _scored as pure_scored
from hearts_core.kernel import Hand, Table


def compiled_module() -> ModuleType | None:
    try:
        return importlib.import_module("hearts_core._kernel_c")
    except ImportError:
        return None


# Where a C compiler is at hand the package was built with it, so the compiled build must
# be there (test_kernel_build.py checks that it runs); only a machine without one skips.
needs_compiled = pytest.mark.skipif(
    importlib.util.find_spec("hearts_core._kernel_c") is None
    and not (shutil.which("cc") or shutil.which("gcc")),
    reason="no C compiler here: only the pure build exists",
)


COMPILED = compiled_module()


BUILDS = [pure] if COMPILED is None else [pure, COMPILED]


SCORED = {  # each build's scored play-outs (hearts_core/_scored.py), by its kernel module
    build: (pure_scored if build is pure else importlib.import_module("hearts_core._scored_c"))
    for build in BUILDS
}


DEALS = (
    [pure_deal] if COMPILED is None else [pure_deal, importlib.import_module("hearts_core._deal_c")]
)


def table_of(build: ModuleType, rules: Rules) -> Table:
    """The kernel table of ``rules`` in ``build``, made as compile_rules makes it."""
    tables = rules.tables()
    rows = tuple(tuple((keep, exempt) for keep, exempt, _, _ in row) for row in tables.rows)
    table: Table = build.Table(
        tables.players, tables.hand_size, tables.breaking_mask, tables.discards_only_break,
        rows, tables.points, tables.moon_mask,
    )  # fmt: skip
    return table


def hand_in(build: ModuleType, state: hearts_core.GameState) -> Hand:
    """The kernel hand of a state in play, in ``build``."""
    from hearts_core.playout import _held
    from hearts_core.state import taken_and_won

    players = state.rules.players
    trick = tuple(card.bit for card in state.current_trick)
    hand: Hand = build.Hand(table_of(build, state.rules), _held(state, trick), state.leader)
    taken, won = taken_and_won(state.tricks, players)
    done = len(state.tricks)
    hand.resume(trick, state.leader, state.hearts_broken, done, tuple(taken), tuple(won))
    return hand


class Words(random.Random):
    """A generator whose blocks of bytes are given: ``getrandbits(1024)`` packs ``words``
    (then zeros) least significant first, as the kernel reads them."""

    def __init__(self, words: list[int]) -> None:
        super().__init__(0)
        self.given = words

    def getrandbits(self, k: int) -> int:
        assert k == 8 * 128
        return sum(word << (8 * i) for i, word in enumerate(self.given))
