"""Actions: the only way a game moves. Each is a small frozen value.

Chance is an action too: a :class:`Deal` carries the cards, so a game is replayed
exactly from its list of actions. :func:`random_deal` builds one from a
``random.Random`` the caller owns.

An action's ``str`` is its text in the action notation (``play 2 QS``), which
:func:`~hearts_core.parse_action` reads back, and its ``repr`` is Python that
evaluates back to it.
"""

from __future__ import annotations

import itertools
import random as _random
import struct
from collections import namedtuple
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final, TypeAlias, TypeVar, overload

import attrs

from hearts_core.cards import Card, CardSet, unchecked_cardset
from hearts_core.errors import InvalidActionError, InvalidCardError, InvalidRulesError
from hearts_core.immutable import stay_frozen
from hearts_core.kernel import (
    KERNEL,
    bind_passes,
    choices_item,
    choices_of,
    deal_hands,
    listing_item,
    passes_without,
    unranked,
)
from hearts_core.rules import Rules
from hearts_core.rules.fields import MAX_PLAYERS, shown
from hearts_core.rules.options import MoonOption

__all__ = [
    "Deal",
    "PassCards",
    "PlayCard",
    "ChooseMoon",
    "Action",
    "random_deal",
    "PassChoices",
    "SeatPasses",
    "PLAYS",
    "pass_mask",
    "pass_count_of",
]


def _pattern_bits() -> tuple[tuple[tuple[int, ...], int, int], ...]:
    bits: list[tuple[int, ...]] = [()]
    for pattern in range(1, 1 << 13):
        low = pattern & -pattern
        bits.append((low, *bits[pattern ^ low]))
    return tuple((row, len(row), len(row).bit_length()) for row in bits)


PATTERN_BITS: Final = _pattern_bits()
"""For each 13-bit pattern of one suit's cards (a mask shifted down to its suit's lowest
bit): its bits low to high, how many there are, and their count's bit length. The ``i``-th
card of a suit is read from here without a loop.

>>> bits, count, k = PATTERN_BITS[0b1011]
>>> bits, count, k
((1, 2, 8), 3, 2)
"""


def _to_hands(hands: object) -> tuple[CardSet, ...]:
    if isinstance(hands, str | CardSet) or not isinstance(hands, Iterable):
        raise InvalidActionError(f"a deal needs one hand per seat, not {shown(hands)}", "hands")
    found: list[CardSet] = []
    for hand in hands:
        if len(found) == MAX_PLAYERS:
            raise InvalidActionError(f"a deal has at most {MAX_PLAYERS} hands", "hands")
        found.append(_cards(hand, "hands"))
    return tuple(found)


def _cards(cards: object, field: str) -> CardSet:
    if type(cards) is CardSet:
        return cards
    try:
        if isinstance(cards, str):
            return CardSet.parse(cards)
        if isinstance(cards, CardSet):
            return CardSet(cards)
        if isinstance(cards, Iterable):
            mask = 0
            for count, card in enumerate(cards):
                if count == 52:  # an endless iterator ends here
                    raise InvalidActionError("lists more cards than a deck holds", field)
                if type(card) is not Card:
                    if not isinstance(card, str):
                        raise InvalidActionError(f"not a card: {shown(card)}", field)
                    card = Card.parse(card)
                mask |= card.bit
            return unchecked_cardset(mask)
    except InvalidCardError as exc:
        raise InvalidActionError(str(exc), field) from None
    raise InvalidActionError(f"not a set of cards: {shown(cards)}", field)


def _to_cardset(cards: object) -> CardSet:
    return _cards(cards, "cards")


def _to_card(card: object) -> Card:
    if type(card) is Card:
        return card
    if isinstance(card, str):
        try:
            return Card.parse(card)
        except InvalidCardError as exc:
            raise InvalidActionError(str(exc), "card") from None
    raise InvalidActionError(f"not a card: {shown(card)}", "card")


def _check_seat(instance: object, attribute: attrs.Attribute[int], seat: int) -> None:
    # A bool or a float equal to a seat number must not pass for one.
    if type(seat) is not int or not 0 <= seat < MAX_PLAYERS:
        raise InvalidActionError(
            f"not a seat: {shown(seat)} (seats are numbered 0 to {MAX_PLAYERS - 1})", "seat"
        )


def _to_option(option: object) -> MoonOption:
    if type(option) is MoonOption:
        return option
    for member in MoonOption:
        if member.value == option:
            return member
    choices = ", ".join(o.value for o in MoonOption)
    raise InvalidActionError(f"not a moon option: {shown(option)} (choose {choices})", "option")


_A = TypeVar("_A", bound=type)
_new_tuple: Final[Callable[..., Any]] = tuple.__new__


class _ActionType(type):
    # Building an action calls its __new__ alone: stay_frozen's __init__ always refuses.
    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        build: Callable[..., Any] = cls.__new__
        return build(cls, *args, **kwargs)


class _Action(tuple[Any, ...], metaclass=_ActionType):
    """What every action is: a tuple of its fields, equal only to an action of its class
    with equal fields (as attrs compares), unordered, and its own copy."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return tuple.__eq__(self, other)
        return False if isinstance(other, tuple) else NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = tuple.__hash__

    __lt__ = __le__ = __gt__ = __ge__ = lambda self, other: NotImplemented

    def __getnewargs__(self) -> tuple[Any, ...]:
        return tuple(self)

    __copy__ = lambda self: self  # noqa: E731
    __deepcopy__ = lambda self, memo: self  # noqa: E731


def _sealed(spec: _A) -> _A:
    """The action class of the attrs class ``spec``: a tuple of its fields, each a read-only
    C getter of one item (a named tuple's), so no slot lies behind a field for
    ``object.__setattr__`` to write. It keeps ``spec``'s attrs fields (``attrs.evolve`` and
    the docs read them), checks (``__new__`` builds through ``spec``) and methods."""
    fields = attrs.fields(spec)
    names = tuple(field.name for field in fields)
    getters = vars(namedtuple(f"_{spec.__name__}Items", names))

    def __new__(cls: type, *args: Any, **kwargs: Any) -> Any:
        built = spec(*args, **kwargs)  # the fields, converted and checked
        return _new_tuple(cls, [getattr(built, name) for name in names])

    copied = ("__module__", "__qualname__", "__doc__", "__annotations__", "__match_args__")
    kept = ("__setattr__", "__delattr__", "__str__", "__repr__")
    namespace = {name: vars(spec)[name] for name in copied + kept if name in vars(spec)}
    namespace.update({name: getters[name] for name in names}, __new__=__new__, __slots__=())
    namespace["__attrs_attrs__"] = fields
    sealed: _A = _ActionType(spec.__name__, (_Action,), namespace)  # type: ignore[assignment]
    return sealed


@stay_frozen
@_sealed
@attrs.frozen
class Deal:
    """Chance's move: the hand each seat receives, seat 0 first.

    >>> deal = Deal(["2C 3C", "4C 5C", "6C 7C", "8C 9C"])
    >>> str(deal.hands[1])
    '4C 5C'
    >>> str(deal)
    'deal 2C 3C | 4C 5C | 6C 7C | 8C 9C'
    """

    hands: tuple[CardSet, ...] = attrs.field(converter=_to_hands)
    """One set of cards per seat."""

    def __str__(self) -> str:
        return "deal " + " | ".join(str(hand) for hand in self.hands)


@stay_frozen
@_sealed
@attrs.frozen
class PassCards:
    """A seat's pass: the cards it gives away this hand.

    The cards are a :class:`~hearts_core.CardSet`, card text, or a list (any collection) of
    cards, each a :class:`~hearts_core.Card` or its text:

    >>> str(PassCards(0, "QS AS KS"))
    'pass 0 QS KS AS'
    >>> PassCards(0, ["QS", "AH", "KH"]) == PassCards(0, (Card.parse("QS"), "AH", "KH"))
    True
    """

    seat: int = attrs.field(validator=_check_seat)
    """The passing seat."""
    cards: CardSet = attrs.field(converter=_to_cardset)
    """The cards passed."""

    def __str__(self) -> str:
        return f"pass {self.seat} {self.cards}"


@stay_frozen
@_sealed
@attrs.frozen
class PlayCard:
    """A seat plays a card to the current trick.

    The card is a :class:`~hearts_core.Card` or its text. The engine hands out shared
    instances from :func:`~hearts_core.legal_actions`; any equal instance is accepted. A
    seat that is not an ``int`` from 0 to 5 (``True``, ``2.0``, ``-1``) or a value that is
    not a card is refused when the action is built, with
    :class:`~hearts_core.InvalidActionError`.

    >>> PlayCard(2, "QS") == PlayCard(2, Card.parse("QS"))
    True
    >>> str(PlayCard(2, "QS")), PlayCard(2, "QS")
    ('play 2 QS', PlayCard(seat=2, card=Card.parse('QS')))

    Every action is a value that nothing changes, not even ``object.__setattr__``, so a
    shared play stays what it is in every game holding it:

    >>> play = PlayCard(2, "QS")
    >>> try:
    ...     object.__setattr__(play, "card", Card.parse("2C"))
    ... except AttributeError:
    ...     print("refused:", play)
    refused: play 2 QS
    """

    seat: int = attrs.field(validator=_check_seat)
    """The playing seat."""
    card: Card = attrs.field(converter=_to_card)
    """The card played."""

    def __str__(self) -> str:
        return f"play {self.seat} {self.card}"


@stay_frozen
@_sealed
@attrs.frozen
class ChooseMoon:
    """The moon shooter's choice, when the rules let the shooter choose.

    >>> choice = ChooseMoon(1, "subtract-from-shooter")
    >>> str(choice), choice
    ('moon 1 subtract-from-shooter', ChooseMoon(seat=1, option=MoonOption.SUBTRACT_FROM_SHOOTER))
    """

    seat: int = attrs.field(validator=_check_seat)
    """The shooter."""
    option: MoonOption = attrs.field(converter=_to_option)
    """Add the moon amount to the others, or subtract it from the shooter."""

    def __str__(self) -> str:
        return f"moon {self.seat} {self.option.value}"

    def __repr__(self) -> str:
        return f"ChooseMoon(seat={self.seat!r}, option=MoonOption.{self.option.name})"


Action: TypeAlias = Deal | PassCards | PlayCard | ChooseMoon
"""Any action :func:`~hearts_core.apply` accepts."""

PLAYS: Final = tuple(
    tuple(PlayCard(seat, Card.from_index(i)) for i in range(52)) for seat in range(MAX_PLAYERS)
)
"""Interned plays, ``PLAYS[seat][card.index]``: :func:`~hearts_core.legal_actions` hands
out these objects rather than building new ones."""


# The positions chosen by each combination of k out of n, in lexicographic order, for
# the pass counts of real rules (k up to 4 of at most 17 cards), as _POSITIONS[n][k]: the
# pure build's pass_mask reads a choice from here instead of unranking it.
_POSITIONS: Final = tuple(
    (None, *(tuple(itertools.combinations(range(n), k)) for k in range(1, 5))) for n in range(18)
)


def pass_count_of(held: int, count: int) -> int:
    """How many passes of ``count`` cards a seat holding ``held`` cards can make:
    ``len(PassChoices(...))`` without building one.

    >>> pass_count_of(13, 3), pass_count_of(17, 4)
    (286, 2380)
    """
    return choices_of(held, count)


def pass_mask(hand: int, count: int, index: int) -> int:
    """The cards of the ``index``-th pass of ``count`` cards from ``hand`` (both masks), in
    the order of :class:`PassChoices`: the ``index``-th combination of the hand's cards in
    lexicographic card order. ``index`` is from 0 to ``pass_count_of(...) - 1``.

    >>> str(CardSet.from_mask(pass_mask(CardSet.parse("2C 3C 4C 5C").mask, 3, 1)))
    '2C 3C 5C'
    """
    held = hand.bit_count()
    positions = _POSITIONS[held][count] if held < len(_POSITIONS) and count < 5 else None
    if positions is None:  # no cards to pass, or beyond the table: unrank
        return unranked(hand, count, index)
    # Each chosen position (in card order) is found in its suit by the suits' running
    # counts, and read from the bits of that suit's pattern: no loop over the cards.
    bits_of = PATTERN_BITS
    clubs, below_diamonds, _ = bits_of[hand & 0x1FFF]
    diamonds, found, _ = bits_of[hand >> 13 & 0x1FFF]
    below_hearts = below_diamonds + found
    hearts, found, _ = bits_of[hand >> 26 & 0x1FFF]
    below_spades = below_hearts + found
    chosen = 0
    for position in positions[index]:
        if position < below_diamonds:
            chosen |= clubs[position]
        elif position < below_hearts:
            chosen |= diamonds[position - below_diamonds] << 13
        elif position < below_spades:
            chosen |= hearts[position - below_hearts] << 26
        else:
            chosen |= bits_of[hand >> 39][0][position - below_spades] << 39
    return chosen


class _Passes(Sequence[PassCards]):
    """What both lazy sequences of passes share: their length, and what their ``__getitem__``
    (the kernel's) hands back to them: a slice, or an index it refuses."""

    __slots__ = ()

    size: int
    _words: ClassVar[tuple[str, str]]  # what an index reads, and what the size counts

    def __len__(self) -> int:
        return self.size

    if TYPE_CHECKING:

        @overload
        def __getitem__(self, index: int) -> PassCards: ...

        @overload
        def __getitem__(self, index: slice) -> Sequence[PassCards]: ...

        def __getitem__(self, index: int | slice) -> PassCards | Sequence[PassCards]: ...

    def _item(self, index: object) -> Sequence[PassCards]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self.size))]
        what, counted = self._words
        if index.__class__ is not int:
            raise TypeError(f"{what} indices are integers, not {shown(index)}")
        raise IndexError(f"{what} index out of range ({self.size} {counted})")


class PassChoices(_Passes):
    """Every pass a seat can make, as a lazy sequence in a stable order.

    Choice ``i`` is the ``i``-th combination of the hand's cards in
    lexicographic card order, built only when asked for: a 13-card hand
    passing 3 has C(13, 3) = 286 choices.

    >>> choices = PassChoices(0, CardSet.parse("2C 3C 4C 5C"), 3)
    >>> len(choices), str(choices[0]), str(choices[-1])
    (4, 'pass 0 2C 3C 4C', 'pass 0 3C 4C 5C')
    >>> PassCards(0, "2C 3C 5C") in choices
    True
    """

    __slots__ = ("seat", "hand", "pass_count", "size")

    seat: int
    """The passing seat."""
    hand: CardSet
    """The cards to choose from."""
    pass_count: int
    """How many cards each choice passes."""
    size: int
    """How many choices there are (``len(choices)``, without a call)."""

    def __init__(self, seat: int, hand: CardSet, count: int) -> None:
        self.seat = seat
        self.hand = hand
        self.pass_count = count
        self.size = pass_count_of(hand.mask.bit_count(), count)

    _words = ("pass choice", "choices")

    if not TYPE_CHECKING:  # the kernel's: compiled, a choice is unranked and built in C
        __getitem__ = choices_item

    def mask_at(self, index: int) -> int:
        """The cards of choice ``index`` (from 0, below ``len(self)``), as a mask, without
        building the action (see :func:`pass_mask`, which :func:`~hearts_core.playout.rollout`
        draws from).

        >>> choices = PassChoices(0, CardSet.parse("2C 3C 4C 5C"), 3)
        >>> str(CardSet.from_mask(choices.mask_at(1)))
        '2C 3C 5C'
        """
        return pass_mask(self.hand.mask, self.pass_count, index)

    def __contains__(self, action: object) -> bool:
        return (
            type(action) is PassCards
            and action.seat == self.seat
            and type(action.cards) is CardSet
            and len(action.cards) == self.pass_count
            and action.cards <= self.hand
        )

    def __iter__(self) -> Iterator[PassCards]:
        for i in range(self.size):
            yield self[i]

    def __repr__(self) -> str:
        return f"PassChoices({self.seat}, CardSet.parse('{self.hand}'), {self.pass_count})"


class SeatPasses(_Passes):
    """The passes of every seat yet to pass, read as one sequence: seat by seat, each
    seat's in the order of its :class:`PassChoices`.

    >>> both = SeatPasses((PassChoices(0, CardSet.parse("2C 3C"), 1),
    ...                    PassChoices(2, CardSet.parse("4D 5D 6D"), 1)))
    >>> len(both), str(both[1]), str(both[2])
    (5, 'pass 0 3C', 'pass 2 4D')
    """

    __slots__ = ("parts", "size")

    parts: tuple[PassChoices, ...]
    """Each waiting seat's choices, in seat order."""
    size: int
    """How many passes there are in all (``len(passes)``, without a call)."""

    def __init__(self, parts: tuple[PassChoices, ...]) -> None:
        self.parts = parts
        size = 0
        for part in parts:
            size += part.size
        self.size = size

    def without(self, seat: int) -> SeatPasses:
        """The passes left once ``seat`` has passed.

        >>> both = SeatPasses((PassChoices(0, CardSet.parse("2C 3C"), 1),
        ...                    PassChoices(2, CardSet.parse("4D 5D 6D"), 1)))
        >>> [part.seat for part in both.without(0).parts], len(both.without(2))
        ([2], 2)
        """
        left: SeatPasses = passes_without(self, seat)
        return left

    _words = ("action", "actions")

    if not TYPE_CHECKING:  # the kernel's: compiled, a pass is found, unranked and built in C
        __getitem__ = listing_item

    def __contains__(self, action: object) -> bool:
        return any(action in part for part in self.parts)

    def __iter__(self) -> Iterator[PassCards]:
        for part in self.parts:
            yield from part

    def __repr__(self) -> str:
        seats = ", ".join(str(part.seat) for part in self.parts)
        return f"<{self.size} passes by seats {seats}>"


def _pass(seat: int, cards: CardSet) -> PassCards:  # of a checked seat and cards
    action: PassCards = _new_tuple(PassCards, (seat, cards))
    return action


PASSES: Final = (
    (SeatPasses, PassChoices), (CardSet, PassCards), (unchecked_cardset, _pass), pass_mask,
    (SeatPasses._item, PassChoices._item),
)  # fmt: skip
"""What a pass phase's listing is made of, as :func:`~hearts_core.kernel.bind_passes` takes
it: its classes, a set's and a pass's classes and the pure build's builders, the pure
build's read of a choice, and the listings' answers to indices the kernel refuses.

>>> PASSES[0]
(<class 'hearts_core.actions.SeatPasses'>, <class 'hearts_core.actions.PassChoices'>)
"""

bind_passes(*PASSES)


def random_deal(rules: Rules, rng: _random.Random) -> Deal:
    """A uniformly random deal of ``rules.deck``, drawn from ``rng``.

    The same seed gives the same deal:

    >>> import random
    >>> random_deal(Rules(), random.Random(7)) == random_deal(Rules(), random.Random(7))
    True
    >>> [len(h) for h in random_deal(Rules(), random.Random(7)).hands]
    [13, 13, 13, 13]
    """
    if type(rules) is not Rules:
        raise InvalidRulesError("rules", f"random_deal needs Rules, not {shown(rules)}")
    if not isinstance(rng, _random.Random):
        raise InvalidRulesError("rng", f"random_deal needs a random.Random, not {shown(rng)}")
    tables = rules.tables()
    keep, fixed, reads, layout = tables.dealing
    count = tables.hand_size * tables.players
    # Shuffle in C: each place of the dealt deck gets a random sort key that
    # names, in its low byte, the seat dealt that place; after sorting, the
    # i-th smallest key names the seat of the deck's i-th card. Keys are
    # floats, which sort fastest; two places draw the same 44 random bits with
    # probability below 1e-10, and then the lower seat comes first.
    keys = ((rng.getrandbits(64 * count) & keep) | fixed).to_bytes(8 * count, "little")
    if _COMPILED:  # the kernel sorts the keys and reads the seats in C
        masks = deal_hands(keys, tables.deck, tables.players)
    else:
        masks = _hands_of_keys(keys, count, reads, layout)
    return _deal(tuple([unchecked_cardset(mask) for mask in masks]))


def _hands_of_keys(
    keys: bytes, count: int, reads: tuple[bytes, ...], layout: bytes | None
) -> tuple[int, ...]:
    """What :func:`~hearts_core.kernel.deal_hands` gives, by byte tricks: the fastest way in
    pure Python (a sort of floats, and each seat read as a binary number)."""
    order = sorted(_UNPACK_DOUBLES[count](keys))
    packed = _PACK_DOUBLES[count](*order)
    # Read each seat's cards as a binary number: the digit of card i becomes bit i, so the
    # digits go last card first (each key's low byte, from the last key down).
    spread = packed[8 * count - 8 :: -8] if layout is None else _spread(layout, packed[::8])
    return tuple([int(spread.translate(read), 2) for read in reads])


_COMPILED: Final = KERNEL == "compiled"
# Packers of n doubles into their little-endian bytes and back, for every deck size: one
# call each way, several times cheaper than a memoryview's tolist or an array.
_PACK_DOUBLES: Final = tuple(struct.Struct(f"<{n}d").pack for n in range(53))
_UNPACK_DOUBLES: Final = tuple(struct.Struct(f"<{n}d").unpack for n in range(53))


def _spread(layout: bytes, owners: bytes) -> bytes:
    """The seat digits laid out one per card position, 51 down to 0, with "-" for the
    cards out of the deck."""
    digits = iter(owners)
    return bytes(next(digits) if inside else 45 for inside in layout)[::-1]


def _deal(hands: tuple[CardSet, ...]) -> Deal:
    deal: Deal = _new_tuple(Deal, (hands,))
    return deal
