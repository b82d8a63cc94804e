"""Scored play-outs: one position of the hand kernel played out many times at random, each
play-out scored or looked up by the way its points fell.

Like ``_kernel.py``, this file is plain Python and, compiled by Cython with the C types of
``_scored.pxd`` (which takes the kernel's own from ``_kernel.pxd``), the C extension
``hearts_core._scored_c``; :mod:`hearts_core.kernel` chooses between the builds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import hearts_core._pure as cython
else:
    try:
        import cython
    except ImportError:  # no Cython installed: only the pure build can run
        import hearts_core._pure as cython

if not cython.compiled:  # compiled, these come from the compiled kernel, in C
    from hearts_core._kernel import Hand, Rng, play_out_random, points_of

SOURCE = ""  # the build writes the digest of this file and _scored.pxd here, in its copy


def scored_outs(
    start: Hand, count: int, rng: Rng, dealt: tuple[int, ...] = (), given: tuple[int, ...] = (),
    receivers: tuple[int, ...] = (), pass_count: int = 0, first: int = 0, after: int = 0,
    memo: Any = None,
) -> list[Any]:  # fmt: skip
    """Play ``start`` out ``count`` times uniformly at random (``start`` is not changed), or,
    given ``dealt`` cards, each time from the passes drawn as :meth:`Hand.exchange` draws
    them; for each play-out, what :meth:`Hand.scored` gives.

    Given a ``memo`` (a :class:`~hearts_core.playout.ByPoints`: its ``work``, ``known`` and
    ``wanted``), each play-out gives instead what ``memo.of`` would give for it, and
    :meth:`Hand.scored` is built only when ``memo.work`` is asked: once for each way the
    points fall (``wanted`` is ``1 + players`` when only the points matter, ``1 + 2 *
    players`` when the tricks won do too), and every time for a shot.

    >>> import random
    >>> from hearts_core import Rules
    >>> from hearts_core.kernel import Hand, Rng, scored_outs  # the build running
    >>> hands = tuple(1 << 13 * seat | 1 << 13 * seat + 1 for seat in range(4))
    >>> start = Hand(Rules().tables().kernel, hands, 0)
    >>> start.resume((), 0, True, 11, (0, 0, 0, 0), (0, 0, 0, 0))
    >>> [end[:5] for end in scored_outs(start, 1, Rng(random.Random(1)))]  # clubs take hearts
    [(-1, 2, 0, 0, 0)]
    """
    hand = start.copy()
    table = start.table
    found = []
    known: dict[tuple[int, ...], Any] = {}
    work = None
    tricks = False
    if memo is not None:
        known, work = memo.known, memo.work
        tricks = memo.wanted > 1 + table.players
    for _ in range(count):
        if dealt:
            hand.exchange(dealt, given, receivers, pass_count, first, after, rng)
        else:
            hand.copy_from(start)
        play_out_random(hand, rng)
        if work is None:
            found.append(hand.scored())
            continue
        key = [-1]  # ByPoints's key of a hand nobody shot: -1, the points, maybe the tricks
        for seat in range(table.players):
            if hand.taken[seat] & table.moon == table.moon:
                key[0] = seat
            key.append(points_of(table, hand.taken[seat]))
        if tricks:
            for seat in range(table.players):
                key.append(hand.won[seat])
        if key[0] >= 0:  # a shot scores by the cards taken, and may be drawn
            found.append(work(hand.scored()))
            continue
        points = tuple(key)
        result = known.get(points)
        if result is None:
            result = work(hand.scored())
            known[points] = result
        found.append(result)
    return found
