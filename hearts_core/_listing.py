"""What :func:`hearts_core.legal_actions` lists, in the kernel's two builds: the legal plays
of a state (:func:`listing`), and the passes of a pass phase (:func:`pass_listing`), a lazy
sequence whose items are read by their rank (:func:`unranked`) when asked for.

Like ``_kernel.py``, this file is plain Python and, compiled by Cython with the C types of
``_listing.pxd``, the C extension ``hearts_core._listing_c``. The classes it builds are the
library's (:class:`~hearts_core.actions.SeatPasses`, :class:`~hearts_core.actions.PassChoices`,
the interned plays): :mod:`hearts_core.legality` and :mod:`hearts_core.actions` give them
once, with :func:`bind_listing` and :func:`bind_passes`. Compiled, a listing of plays is one
pass over the legal bits in C, and a pass is unranked, and its set and action built, in C.

>>> import random
>>> from hearts_core import PassCards, Rules, apply, new_game, random_deal
>>> from hearts_core.kernel import pass_listing
>>> state = apply(new_game(), random_deal(Rules(), random.Random(1)))
>>> listed = pass_listing(state.passes, state.phase_hands, 3)
>>> len(listed), listed[0] == PassCards(0, listed[0].cards)
(1144, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import hearts_core._pure as cython
    import hearts_core._pure as objects  # compiled, the C helpers of _objects.pxd
else:
    try:
        import cython
    except ImportError:  # no Cython installed: only the pure build can run
        import hearts_core._pure as cython

if not cython.compiled:  # compiled, this comes from the compiled kernel, in C
    from hearts_core._kernel import count_cards

SOURCE = ""  # the build writes the digest of this file and _listing.pxd here, in its copy

_PLAY: Any = None
_PLAYS: Any = None  # every seat's interned plays, 52 a seat, by card index
_SUIT_PLAYS: Any = None
_SUIT_OF: Any = None
_plays_of: Any = None
_NO_ACTIONS: Any = None


def bind_listing(
    plays: tuple[tuple[object, ...], ...],
    suit_plays: tuple[tuple[tuple[object, ...], ...], ...],
    suit_of: tuple[int, ...],
    plays_of: Callable[[int, int], tuple[object, ...]],
    play: object,
) -> None:
    """Give :func:`listing` the interned plays (``plays[seat][card_index]``), the plays of
    each seat, suit and pattern of ranks (the pure build's tables), the suit of a card by
    its bit's length, the listing of several suits, and the play phase.
    :mod:`hearts_core.legality` binds its own at import.

    >>> from hearts_core.legality import LISTING
    >>> bind_listing(*LISTING)  # what hearts_core.legality does at import
    """
    global _PLAYS, _SUIT_PLAYS, _SUIT_OF, _plays_of, _PLAY, _NO_ACTIONS
    _PLAYS = tuple([play for row in plays for play in row])
    if len(_PLAYS) != 52 * len(plays) or any(len(row) != 52 for row in plays):
        raise ValueError("plays must list 52 plays for each seat")
    _SUIT_PLAYS, _SUIT_OF, _plays_of, _PLAY = suit_plays, suit_of, plays_of, play
    _NO_ACTIONS = ()


def listing(state: Any, seat: Any) -> Any:
    """The legal plays of ``state`` when a card is to be played (``seat``'s, or those of
    the seat to play when ``seat`` is ``None``), shared interned plays in card order, as
    :func:`hearts_core.legal_actions` lists them; ``None`` in any other phase.

    >>> from hearts_core import Deal, apply, new_game
    >>> from hearts_core.kernel import listing  # the build that runs, as legality binds it
    >>> suits = ["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    ...          "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"]
    >>> state = apply(new_game(hand_number=3), Deal(suits))  # the fourth hand passes nothing
    >>> listing(state, None), listing(state, 1), listing(new_game(), None)
    ((PlayCard(seat=0, card=Card.parse('2C')),), (), None)
    """
    if state.phase is not _PLAY:
        return None
    current = state.seat_to_play
    if seat is not None and seat != current:
        return _NO_ACTIONS
    mask = state.legal_bits
    if cython.compiled:  # one pass over the bits, in C
        return objects.pick(_PLAYS, 52 * current, mask)
    # Two lookups and a join for the cards of one suit, the commonest case.
    suit = _SUIT_OF[(mask & -mask).bit_length()]
    pattern = mask >> 13 * suit
    if pattern < 0x2000:
        base = 8 * current + 2 * suit
        return _SUIT_PLAYS[base][pattern & 127] + _SUIT_PLAYS[base + 1][pattern >> 7]
    return _plays_of(current, mask)


def choices_of(held: int, count: int) -> int:
    """How many passes of ``count`` cards a seat holding ``held`` cards can make (both at
    most 52): the binomial coefficient, read from a table.

    >>> choices_of(13, 3), choices_of(17, 4), choices_of(3, 4)
    (286, 2380, 0)
    """
    if not (0 <= held <= 52 and 0 <= count <= 52):
        raise ValueError(f"no count of choices of {count} cards from {held}")
    return _COMB[held * 53 + count]


def unranked(hand: int, count: int, index: int) -> int:
    """The cards of the ``index``-th way (from 0) to choose ``count`` of the cards of
    ``hand`` (a mask), in lexicographic card order, as a mask: of the
    ``choices_of(held, count)`` ways, the first ``choices_of(held - 1, count - 1)`` take the
    hand's lowest card, the others skip it.

    >>> from hearts_core import CardSet
    >>> str(CardSet.from_mask(unranked(CardSet.parse("2C 3C 4C 5C").mask, 3, 1)))
    '2C 3C 5C'
    """
    chosen = 0
    left = count_cards(hand)
    if not 0 <= count <= left or not 0 <= index < _COMB[left * 53 + count]:
        raise ValueError(f"no choice {index} of {count} cards from {left}")
    rest = hand
    while count:
        low = rest & (~rest + 1)  # the lowest card left, with C's unsigned arithmetic too
        rest ^= low
        left -= 1
        block = _COMB[left * 53 + count - 1]
        if index < block:
            chosen |= low
            count -= 1
        else:
            index -= block
    return chosen


if not cython.compiled:  # compiled, C arrays of the module
    _COMB = [0] * 53 * 53
    _LISTING_AT = [0] * 2  # where a listing's parts and size lie
    _CHOICES_AT = [0] * 4  # where a seat's choices' seat, hand, pass count and size lie
    _MASK_AT = 0  # where a set's mask lies


def _fill_comb() -> None:  # Pascal's triangle: _COMB[n * 53 + k] is C(n, k)
    for n in range(53):
        _COMB[n * 53] = 1
        for k in range(1, n + 1):
            _COMB[n * 53 + k] = _COMB[(n - 1) * 53 + k - 1] + _COMB[(n - 1) * 53 + k]


_fill_comb()


_SeatPasses: Any = None
_PassChoices: Any = None
_CardSet: Any = None
_PassCards: Any = None
_unchecked: Any = None
_pass_action: Any = None
_pass_mask: Any = None
_listing_item: Any = None
_choices_item: Any = None
_new = object.__new__  # the pure build's objects, their slots set by their descriptors
_listing_setters: tuple[Any, ...] = ()
_choices_setters: tuple[Any, ...] = ()


def bind_passes(
    listings: tuple[type, type],
    built: tuple[type, type],
    builders: tuple[Callable[[int], Any], Callable[[int, Any], Any]],
    pass_mask: Callable[[int, int, int], int],
    items: tuple[Callable[[Any, Any], Any], Callable[[Any, Any], Any]],
) -> None:
    """Give the pass phase's listing its classes and their pure build's builders:

    * ``listings``: every waiting seat's passes (slots ``parts`` and ``size``) and one
      seat's (slots ``seat``, ``hand``, ``pass_count`` and ``size``);
    * ``built``: the classes of a set of cards (slot ``mask``) and of a pass (a tuple of
      seat and set), which the compiled build makes itself;
    * ``builders``: the set of a checked mask and the pass of a checked seat and set, which
      the pure build calls;
    * ``pass_mask``: the pure build's read of a choice (as :func:`unranked`, from tables);
    * ``items``: the two listings' own ``__getitem__``, for what :func:`listing_item` and
      :func:`choices_item` do not answer (a slice, an index refused).

    :mod:`hearts_core.actions` binds its own at import (:data:`hearts_core.actions.PASSES`).

    >>> from hearts_core.actions import PASSES
    >>> bind_passes(*PASSES)  # what hearts_core.actions does at import
    """
    global _SeatPasses, _PassChoices, _CardSet, _PassCards, _unchecked, _pass_action
    global _pass_mask, _listing_item, _choices_item, _MASK_AT, _listing_setters
    global _choices_setters
    listing, choices = listings
    for cls, names in ((listing, ("parts", "size")), (choices, _CHOICE_FIELDS)):
        if tuple(getattr(cls, "__slots__", ())) != names:
            raise TypeError(f"{cls.__name__}'s slots are not {names}")
    if cython.compiled:  # where the fields lie, for the stores of _choices and _listing
        for index, name in enumerate(("parts", "size")):
            _LISTING_AT[index] = _offset(listing, name)
        for index, name in enumerate(_CHOICE_FIELDS):
            _CHOICES_AT[index] = _offset(choices, name)
        _MASK_AT = _offset(built[0], "mask")
    _listing_setters = tuple([vars(listing)[name].__set__ for name in ("parts", "size")])
    _choices_setters = tuple([vars(choices)[name].__set__ for name in _CHOICE_FIELDS])
    _SeatPasses, _PassChoices = listings
    _CardSet, _PassCards = built
    _unchecked, _pass_action = builders
    _pass_mask = pass_mask
    _listing_item, _choices_item = items


_CHOICE_FIELDS = ("seat", "hand", "pass_count", "size")


def _offset(cls: type, name: str) -> int:  # compiled only: where a plain slot lies
    offset: int = objects.slot_offset(vars(cls)[name])
    if offset < 0:
        raise TypeError(f"{cls.__name__}.{name} is not a plain slot")
    return offset


def pass_listing(passes: tuple[Any, ...], hands: tuple[int, ...], count: int) -> Any:
    """The passes of every seat yet to pass (``passes[seat]`` is ``None``), each passing
    ``count`` of its cards in ``hands`` (masks), as :func:`hearts_core.legal_actions` lists
    them.

    >>> from hearts_core import CardSet
    >>> from hearts_core.kernel import pass_listing  # the build that runs
    >>> hands = tuple([CardSet.parse(text).mask for text in ("2C 3C", "4D 5D 6D")])
    >>> listed = pass_listing((None, None), hands, 1)
    >>> len(listed), str(listed[2]), str(pass_listing((CardSet(), None), hands, 2)[0])
    (5, 'pass 1 4D', 'pass 1 4D 5D')
    """
    parts = []
    total = 0
    for seat in range(len(passes)):
        if passes[seat] is None:
            hand = hands[seat]
            size = choices_of(count_cards(hand), count)
            parts.append(_choices(seat, hand, count, size))
            total += size
    return _listing(tuple(parts), total)


def passes_without(listed: Any, seat: int) -> Any:
    """The listing ``listed`` of a pass phase once ``seat`` has passed.

    >>> from hearts_core import CardSet
    >>> from hearts_core.kernel import pass_listing, passes_without  # the build that runs
    >>> hands = tuple([CardSet.parse(text).mask for text in ("2C 3C", "4D 5D 6D")])
    >>> len(passes_without(pass_listing((None, None), hands, 1), 1))
    2
    """
    parts = []
    total = 0
    for part in listed.parts:
        if part.seat != seat:
            parts.append(part)
            total += part.size
    return _listing(tuple(parts), total)


def _listing(parts: tuple[Any, ...], total: int) -> Any:
    if cython.compiled:
        listed = objects.allocate(_SeatPasses)
        objects.put(listed, _LISTING_AT[0], parts)
        objects.put(listed, _LISTING_AT[1], total)
        return listed
    listed = _new(_SeatPasses)
    _listing_setters[0](listed, parts)
    _listing_setters[1](listed, total)
    return listed


def _choices(seat: int, hand: int, count: int, size: int) -> Any:
    if cython.compiled:
        part = objects.allocate(_PassChoices)
        objects.put(part, _CHOICES_AT[0], seat)
        objects.put(part, _CHOICES_AT[1], _cards(hand))
        objects.put(part, _CHOICES_AT[2], count)
        objects.put(part, _CHOICES_AT[3], size)
        return part
    part = _new(_PassChoices)
    _choices_setters[0](part, seat)
    _choices_setters[1](part, _cards(hand))
    _choices_setters[2](part, count)
    _choices_setters[3](part, size)
    return part


def _cards(mask: int) -> Any:
    if cython.compiled:
        cards = objects.allocate(_CardSet)
        objects.put(cards, _MASK_AT, mask)
        return cards
    return _unchecked(mask)


def listing_item(listed: Any, index: Any) -> Any:
    """Item ``index`` of a pass phase's listing (every waiting seat's passes, seat by
    seat): its ``__getitem__``.

    >>> from hearts_core import CardSet
    >>> from hearts_core.kernel import listing_item, pass_listing  # the build that runs
    >>> hands = tuple([CardSet.parse(text).mask for text in ("2C 3C", "4D 5D 6D")])
    >>> listed = pass_listing((None, None), hands, 1)
    >>> str(listing_item(listed, 1)), str(listing_item(listed, -1))
    ('pass 0 3C', 'pass 1 6D')
    """
    if index.__class__ is int:
        size = listed.size
        if -size <= index < size:
            at = index + size if index < 0 else index
            for part in listed.parts:
                part_size = part.size
                if at < part_size:
                    return choice_at(part, at)
                at -= part_size
    return _listing_item(listed, index)  # a slice, or an index refused


def choices_item(choices: Any, index: Any) -> Any:
    """Item ``index`` of one seat's passes: their ``__getitem__``.

    >>> from hearts_core import CardSet
    >>> from hearts_core.kernel import choices_item  # the build that runs
    >>> from hearts_core.actions import PassChoices
    >>> str(choices_item(PassChoices(0, CardSet.parse("2C 3C 4C 5C"), 3), -1))
    'pass 0 3C 4C 5C'
    """
    if index.__class__ is int:
        size = choices.size
        if -size <= index < size:
            return choice_at(choices, index + size if index < 0 else index)
    return _choices_item(choices, index)  # a slice, or an index refused


def choice_at(choices: Any, index: int) -> Any:
    """The pass ``index`` (from 0, below their size) of one seat's passes.

    >>> from hearts_core import CardSet
    >>> from hearts_core.kernel import choice_at  # the build that runs
    >>> from hearts_core.actions import PassChoices
    >>> str(choice_at(PassChoices(0, CardSet.parse("2C 3C 4C 5C"), 3), 1))
    'pass 0 2C 3C 5C'
    """
    hand = choices.hand.mask
    if cython.compiled:  # C's unranking, and the set and the pass built in C
        chosen = unranked(hand, choices.pass_count, index)
        return objects.pair(_PassCards, choices.seat, _cards(chosen))
    return _pass_action(choices.seat, _unchecked(_pass_mask(hand, choices.pass_count, index)))
