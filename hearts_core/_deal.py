"""The deal's last step, in the kernel's two builds: each seat's cards from the sorted keys of
a shuffle.

Like ``_kernel.py``, this file is plain Python and, compiled by Cython with the C types
of ``_deal.pxd``, the C extension ``hearts_core._deal_c``; :mod:`hearts_core.kernel`
chooses the build for both. :func:`~hearts_core.random_deal` asks it in the compiled
build, where it is several times faster than the pure build's byte tricks, which give the
same hands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import hearts_core._pure as cython
else:
    try:
        import cython
    except ImportError:  # no Cython installed: only the pure build can run
        import hearts_core._pure as cython

SOURCE = ""  # the build writes the digest of this file and _deal.pxd here, in its copy

M64 = 0xFFFFFFFFFFFFFFFF
MAX_SEATS = 6


def deal_hands(keys: bytes, deck: int, players: int) -> tuple[int, ...]:
    """Each seat's cards of a deal by sort keys: ``keys`` holds one little-endian 64-bit key
    per card of ``deck``, whose low byte is ``48 +`` the seat dealt the card at that place
    of the shuffled deck (see :func:`~hearts_core.random_deal`). Once the keys are sorted,
    the ``i``-th smallest names the seat of the deck's ``i``-th card.

    >>> deck = sum(1 << (13 * suit + rank) for suit in range(4) for rank in (10, 11, 12))
    >>> keys = b"".join(bytes([48 + seat, 0, 0, 0, 0, 0, 0, 90 - n]) for n, seat in
    ...                 enumerate([0, 1, 2] * 4))
    >>> [bin(hand).count("1") for hand in deal_hands(keys, deck, 3)]
    [4, 4, 4]
    """
    count = len(keys) // 8
    if not cython.compiled:  # compiled, C arrays on the stack
        order = [0] * 52
        hands = [0] * MAX_SEATS
    for seat in range(MAX_SEATS):
        hands[seat] = 0
    for place in range(count):  # an insertion sort: 52 keys at most
        key = 0
        for byte in range(8):
            value = keys[8 * place + byte]  # compiled, widened to 64 bits before the shift
            key |= value << (8 * byte)
        at = place
        while at > 0 and order[at - 1] > key:
            order[at] = order[at - 1]
            at -= 1
        order[at] = key
    rest = deck
    place = 0
    while rest:
        bit = rest & (M64 ^ (rest - 1))
        rest ^= bit
        hands[(order[place] & 0xFF) - 48] |= bit
        place += 1
    return tuple([hands[seat] for seat in range(players)])
