"""Cards, suits, ranks and sets of cards.

A :class:`Card` is one of 52 interned values; a :class:`CardSet` is an
immutable set of cards stored as a 52-bit integer. Bit ``suit * 13 + rank - 2``
holds a card, so the cards of one suit are 13 contiguous bits and iteration
order (clubs, diamonds, hearts, spades; low to high) is the bit order.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Iterator
from typing import Any, ClassVar, Final

from hearts_core.errors import InvalidCardError

__all__ = [
    "Suit",
    "Rank",
    "Card",
    "CardSet",
    "FULL_DECK",
    "QUEEN_OF_SPADES",
    "HEARTS",
    "unchecked_cardset",
    "read_card",
    "read_cards",
    "read_rank",
]


class Suit(enum.IntEnum):
    """The four suits, in the order cards are sorted.

    >>> Suit.parse("♠")
    <Suit.SPADES: 3>
    >>> str(Suit.HEARTS), Suit.HEARTS.symbol
    ('H', '♥')
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The one-letter form: ``C``, ``D``, ``H`` or ``S``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The symbol: ``♣``, ``♦``, ``♥`` or ``♠``."""
        return "♣♦♥♠"[self]

    @property
    def noun(self) -> str:
        """The plural English noun, as in "must follow clubs"."""
        return ("clubs", "diamonds", "hearts", "spades")[self]

    @property
    def mask(self) -> int:
        """The bitmask of the 13 cards of this suit."""
        return 0x1FFF << (13 * self)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from a letter (any case) or a symbol.

        Raises:
            InvalidCardError: if ``text`` names no suit.
        """
        found = _SUIT_NAMES.get(text.strip().upper()) if isinstance(text, str) else None
        if found is None:
            raise InvalidCardError(f"not a suit: {_quoted(text)}")
        return found

    def __str__(self) -> str:
        return self.letter


def _quoted(value: object) -> str:
    """A value as a message shows it: short, whatever its size."""
    if type(value) is int and not -(10**15) < value < 10**15:
        return "a very large integer"
    if value is None or isinstance(value, str | int | float):
        text = repr(value)
        return text if len(text) <= 40 else text[:40] + "..."
    return f"a {type(value).__name__}"


_SUIT_NAMES: Final = {
    **{s.letter: s for s in Suit},
    **{s.symbol: s for s in Suit},
    "♧": Suit.CLUBS,
    "♢": Suit.DIAMONDS,
    "♡": Suit.HEARTS,
    "♤": Suit.SPADES,
}


class Rank(enum.IntEnum):
    """The thirteen ranks, valued 2 to 14 (the ace is high).

    >>> Rank.parse("10") is Rank.parse("T") is Rank.TEN
    True
    >>> str(Rank.QUEEN)
    'Q'
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        """The one-character form: ``2`` to ``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return "23456789TJQKA"[self - 2]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank: ``2``-``10``, ``T``, ``J``, ``Q``, ``K``, ``A`` (any case).

        Raises:
            InvalidCardError: if ``text`` names no rank.
        """
        found = _RANK_NAMES.get(text.strip().upper()) if isinstance(text, str) else None
        if found is None:
            raise InvalidCardError(f"not a rank: {_quoted(text)}")
        return found

    def __str__(self) -> str:
        return self.letter


_RANK_NAMES: Final = {**{r.letter: r for r in Rank}, "10": Rank.TEN}


class Card:
    """One playing card. There are exactly 52 ``Card`` objects.

    ``Card(suit, rank)`` returns the interned card, so cards compare by
    identity and can key dicts cheaply. Cards sort by suit, then rank.

    >>> queen = Card.parse("QS")
    >>> queen is Card(Suit.SPADES, Rank.QUEEN) is Card.parse("q♠")
    True
    >>> str(queen), repr(queen)
    ('QS', "Card.parse('QS')")
    >>> str(Card.parse("10H"))
    'TH'
    """

    __slots__ = ("suit", "rank", "index", "bit", "suit_mask")

    suit: Suit
    """The card's suit."""
    rank: Rank
    """The card's rank."""
    index: int
    """Position 0..51 in the bit order: ``suit * 13 + rank - 2``."""
    bit: int
    """The card's bit, ``1 << index``."""
    suit_mask: int
    """The bits of every card of this card's suit (what a seat must follow with)."""

    _all: ClassVar[list[Card]] = []

    def __new__(cls, suit: Suit, rank: Rank) -> Card:
        if isinstance(suit, int) and isinstance(rank, int) and 0 <= suit <= 3 and 2 <= rank <= 14:
            return cls._all[13 * suit + rank - 2]
        raise InvalidCardError(f"no such card: suit {_quoted(suit)}, rank {_quoted(rank)}")

    @classmethod
    def _make(cls, index: int) -> Card:
        card = object.__new__(cls)
        for name, value in (
            ("suit", Suit(index // 13)),
            ("rank", Rank(index % 13 + 2)),
            ("index", index),
            ("bit", 1 << index),
            ("suit_mask", 0x1FFF << (13 * (index // 13))),
        ):
            object.__setattr__(card, name, value)
        return card

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card at bit position ``index`` (0..51).

        >>> Card.from_index(0), Card.from_index(51)
        (Card.parse('2C'), Card.parse('AS'))
        """
        if type(index) is not int or not 0 <= index < 52:
            raise InvalidCardError(f"card index out of range: {_quoted(index)}")
        return cls._all[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card: a rank then a suit, such as ``QS``, ``q♠``, ``10H`` or ``TH``.

        Raises:
            InvalidCardError: if ``text`` is not a card.
        """
        cleaned = text.strip() if isinstance(text, str) else ""
        if not 2 <= len(cleaned) <= 3:
            raise InvalidCardError(f"not a card: {_quoted(text)}")
        try:
            return _CARDS[(Rank.parse(cleaned[:-1]), Suit.parse(cleaned[-1]))]
        except InvalidCardError:
            raise InvalidCardError(f"not a card: {_quoted(text)}") from None

    @property
    def symbol(self) -> str:
        """The card with its suit symbol, such as ``Q♠``.

        >>> Card.parse("TH").symbol
        '10♥'
        """
        rank = "10" if self.rank == Rank.TEN else self.rank.letter
        return rank + self.suit.symbol

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Card is immutable")

    def __str__(self) -> str:
        return self.rank.letter + self.suit.letter

    def __repr__(self) -> str:
        return f"Card.parse('{self}')"

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index

    def __reduce__(self) -> tuple[Any, ...]:
        return (Card.from_index, (self.index,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


Card._all.extend(Card._make(i) for i in range(52))
_CARDS: Final = {(c.rank, c.suit): c for c in Card._all}

# The cards of each suit's low ranks (2 to 8) for each 7-bit pattern, then of its high
# ranks (9 to ace) for each 6-bit pattern: two lookups give the cards of a suit pattern.
_SUIT_CARDS: Final = tuple(
    tuple(
        tuple(Card._all[13 * suit + low + i] for i in range(width) if pattern >> i & 1)
        for pattern in range(1 << width)
    )
    for suit in range(4)
    for low, width in ((0, 7), (7, 6))
)


def _cards_of_mask(mask: int) -> tuple[Card, ...]:
    cards: tuple[Card, ...] = ()
    for table in range(0, 8, 2):
        pattern = mask & 0x1FFF
        if pattern:
            cards += _SUIT_CARDS[table][pattern & 127] + _SUIT_CARDS[table + 1][pattern >> 7]
        mask >>= 13
    return cards


class CardSet:
    """An immutable set of cards on a 52-bit integer mask.

    It behaves like a ``frozenset`` of :class:`Card`: ``in``, ``len``, set
    operators, comparison. Iteration is in card order (clubs, diamonds,
    hearts, spades; low to high). Operations return new sets.

    >>> hand = CardSet.parse("QS 2C 7C AH")
    >>> str(hand)
    '2C 7C AH QS'
    >>> Card.parse("QS") in hand, len(hand)
    (True, 4)
    >>> str(hand - CardSet.parse("2C")), str(hand.of_suit(Suit.CLUBS))
    ('7C AH QS', '2C 7C')
    >>> CardSet.parse("2C 3C") | CardSet.parse("4C")
    CardSet.parse('2C 3C 4C')
    """

    __slots__ = ("mask",)

    mask: int
    """The bitmask: bit ``card.index`` is set for each card in the set."""

    def __init__(self, cards: Iterable[Card] | CardSet = ()) -> None:
        if _is_built(self):  # a set already built: it stays as it is
            raise AttributeError("CardSet is immutable: it is built once")
        if isinstance(cards, CardSet):
            mask = cards.mask
        elif not isinstance(cards, Iterable) or isinstance(cards, str):
            raise InvalidCardError(f"not a collection of cards: {_quoted(cards)}")
        else:
            mask = 0
            for card in cards:
                if not isinstance(card, Card):
                    raise InvalidCardError(f"not a card: {_quoted(card)}")
                mask |= card.bit
        object.__setattr__(self, "mask", mask)

    @classmethod
    def from_mask(cls, mask: int) -> CardSet:
        """The set whose bitmask is ``mask``.

        >>> CardSet.from_mask(0b101)
        CardSet.parse('2C 4C')

        Raises:
            InvalidCardError: if ``mask`` has bits beyond the 52 cards.
        """
        if type(mask) is not int or mask < 0 or mask >> 52:
            raise InvalidCardError(f"not a 52-bit card mask: {_quoted(mask)}")
        return unchecked_cardset(mask)

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Read cards separated by spaces or commas; the empty string is the empty set.

        Raises:
            InvalidCardError: if a card is malformed or repeated.
        """
        if not isinstance(text, str):
            raise InvalidCardError(f"not card text: {_quoted(text)}")
        mask = 0
        for word in text.replace(",", " ").split():
            bit = Card.parse(word).bit
            if mask & bit:
                raise InvalidCardError(f"card listed twice: {_quoted(word)}")
            mask |= bit
        return unchecked_cardset(mask)

    def of_suit(self, suit: Suit) -> CardSet:
        """The cards of this set in ``suit``."""
        return unchecked_cardset(self.mask & (0x1FFF << (13 * suit)))

    def cards(self) -> tuple[Card, ...]:
        """The cards as a tuple, in card order."""
        return _cards_of_mask(self.mask)

    def symbols(self) -> str:
        """The cards with suit symbols, such as ``2♣ 7♣ Q♠``."""
        return " ".join(card.symbol for card in self)

    def __iter__(self) -> Iterator[Card]:
        return iter(_cards_of_mask(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask & card.bit)

    def __or__(self, other: object) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return unchecked_cardset(self.mask | other.mask)

    def __and__(self, other: object) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return unchecked_cardset(self.mask & other.mask)

    def __sub__(self, other: object) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return unchecked_cardset(self.mask & ~other.mask)

    def __xor__(self, other: object) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return unchecked_cardset(self.mask ^ other.mask)

    def __le__(self, other: object) -> bool:
        if not isinstance(other, CardSet):
            return NotImplemented
        return self.mask & ~other.mask == 0

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, CardSet):
            return NotImplemented
        return self.mask != other.mask and self.mask & ~other.mask == 0

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, CardSet):
            return NotImplemented
        return other <= self

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, CardSet):
            return NotImplemented
        return other < self

    def isdisjoint(self, other: CardSet) -> bool:
        """Whether the two sets share no card."""
        if not isinstance(other, CardSet):
            raise TypeError(f"not a CardSet: {other!r}")
        return self.mask & other.mask == 0

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self.mask == other.mask
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("CardSet is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (CardSet.from_mask, (self.mask,))

    def __str__(self) -> str:
        return " ".join(str(card) for card in self)

    def __repr__(self) -> str:
        return f"CardSet.parse('{self}')"


def _is_built(cardset: CardSet) -> bool:
    return hasattr(cardset, "mask")


def unchecked_cardset(mask: int) -> CardSet:
    """The set of a mask known to be good, without checking it: for the engine's hot paths.

    The mask must come from other sets' masks (``a.mask & ~b.mask``); anything
    read from outside goes through :meth:`CardSet.from_mask`, which checks it.

    >>> unchecked_cardset(CardSet.parse("QS AS").mask & ~CardSet.parse("AS").mask)
    CardSet.parse('QS')
    """
    cardset = _new_cardset(CardSet)
    _set_mask(cardset, mask)
    return cardset


_new_cardset = object.__new__
_set_mask = vars(CardSet)["mask"].__set__  # the slot's setter, not looked up by name per call


FULL_DECK: Final = unchecked_cardset((1 << 52) - 1)
"""All 52 cards."""


QUEEN_OF_SPADES: Final = Card(Suit.SPADES, Rank.QUEEN)
"""The queen of spades: 13 points in most rules, and she may break hearts."""

HEARTS: Final = unchecked_cardset(Suit.HEARTS.mask)
"""The thirteen hearts."""


# --- reading cards the way people type them -----------------------------------

_LONGEST_TYPED: Final = 2000  # far more than any hand typed at a prompt
_NUMBERS: Final = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
_WORDS: Final = (
    {word: str(value) for value, word in enumerate(_NUMBERS, start=2)}
    | {"jack": "j", "knave": "j", "queen": "q", "king": "k", "ace": "a"}
    | {suit + s: suit[0] for suit in ("club", "diamond", "heart", "spade") for s in ("", "s")}
)
_RANKS: Final = {r.letter.lower(): r for r in Rank} | {"10": Rank.TEN}
_SUITS: Final = {name.lower(): suit for name, suit in _SUIT_NAMES.items()}
_TOKEN: Final = re.compile(r"10|[2-9]|[tjqka]|[cdhs♣♦♥♠♧♢♡♤]")


def _tokens(text: str) -> list[str]:
    """Text as rank and suit tokens: words become letters, ``of`` and punctuation go."""
    if not isinstance(text, str) or len(text) > _LONGEST_TYPED:
        raise InvalidCardError(f"not cards as typed: {_quoted(text)}")
    words = re.split(r"[\s,;/+]+|-", text.strip().lower().replace("\ufe0f", ""))
    out: list[str] = []
    for word in words:
        if not word or word in ("of", "the", "and"):
            continue
        word = _WORDS.get(word, word)
        pieces = _TOKEN.findall(word)
        if "".join(pieces) != word:
            raise InvalidCardError(f"not a card: {_quoted(word)}")
        out.extend(pieces)
    return out


def _cards_from_tokens(tokens: list[str], text: str) -> list[Card]:
    cards: list[Card] = []
    i = 0
    while i < len(tokens):
        pair = tokens[i : i + 2]
        if len(pair) < 2:
            raise InvalidCardError(f"not a card: {_quoted(text.strip())}")
        first, second = pair
        if first in _RANKS and second in _SUITS:
            cards.append(Card(_SUITS[second], _RANKS[first]))
        elif first in _SUITS and second in _RANKS:
            cards.append(Card(_SUITS[first], _RANKS[second]))
        else:
            raise InvalidCardError(f"not a card: {_quoted(text.strip())}")
        i += 2
    return cards


def read_rank(text: str) -> Rank:
    """A rank alone, as people type one: ``q``, ``Q``, ``queen``, ``10``, ``ten``.

    Raises:
        InvalidCardError: if ``text`` is not exactly one rank.

    >>> read_rank("Queen"), read_rank("10")
    (<Rank.QUEEN: 12>, <Rank.TEN: 10>)
    """
    tokens = _tokens(text)
    if len(tokens) != 1 or tokens[0] not in _RANKS:
        raise InvalidCardError(f"not a rank: {_quoted(text)}")
    return _RANKS[tokens[0]]


def read_card(text: str) -> Card:
    """A card from the ways people type one: ``QS``, ``q♠``, ``♠Q``, ``10h``,
    ``queen of spades``. (:meth:`Card.parse` is the strict reader of ``QS``.)

    Case, spaces and the word "of" do not matter; the rank may come first or
    last; ``T`` or ``10`` is the ten.

    Raises:
        InvalidCardError: if ``text`` is not exactly one card.

    >>> [str(read_card(t)) for t in ("QS", "q♠", "♠ q", "10h", "ten of hearts", "Ace Spades")]
    ['QS', 'QS', 'QS', 'TH', 'TH', 'AS']
    >>> read_card("QS KS")
    Traceback (most recent call last):
    ...
    hearts_core.errors.InvalidCardError: one card, please: 'QS KS'
    """
    cards = read_cards(text)
    if len(cards) != 1:
        raise InvalidCardError(f"one card, please: {_quoted(text.strip())}")
    return cards[0]


def read_cards(text: str) -> list[Card]:
    """Several cards, separated by spaces or commas (or not at all: ``QSKSAS``), in order.

    Raises:
        InvalidCardError: if some part of ``text`` is not a card.

    >>> [str(c) for c in read_cards("QS, k♠ ace of spades 10d")]
    ['QS', 'KS', 'AS', 'TD']
    >>> read_cards("QS XX")
    Traceback (most recent call last):
    ...
    hearts_core.errors.InvalidCardError: not a card: 'xx'
    """
    return _cards_from_tokens(_tokens(text), text)
