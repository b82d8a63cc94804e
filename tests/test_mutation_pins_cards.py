"""Pins for hearts_core.cards, found by mutation testing (docs/mutation.md).

Each test pins a behaviour of cards and card sets that a mutant changed with no other
test noticing; each expected value is worked out from the docstrings.
"""

from __future__ import annotations

import pytest

from hearts_core import Card, CardSet, InvalidCardError, Rank, Suit
from hearts_core.cards import read_card, read_cards, read_rank


def card_error(read: object, text: object) -> str:
    assert callable(read)
    with pytest.raises(InvalidCardError) as info:
        read(text)
    return str(info.value)


@pytest.mark.parametrize(
    ("index", "shown"),
    [
        (10**15, "a very large integer"),
        (-(10**15), "a very large integer"),
        (10**15 - 1, "999999999999999"),
        (-(10**15) + 1, "-999999999999999"),
        (-151, "-151"),
    ],
)
def test_a_refused_integer_is_shown_unless_it_has_sixteen_digits(index: int, shown: str) -> None:
    assert card_error(Card.from_index, index) == f"card index out of range: {shown}"


def test_isdisjoint_names_what_is_not_a_card_set() -> None:
    with pytest.raises(TypeError) as info:
        CardSet().isdisjoint([1])  # type: ignore[arg-type]
    assert str(info.value) == "not a CardSet: [1]"


def test_typed_cards_are_refused_when_not_text_or_too_long() -> None:
    assert card_error(read_cards, 5) == "not cards as typed: 5"
    longest = "QS " * 666 + "QS"  # 2000 characters, the most a reader takes
    assert len(read_cards(longest)) == 667
    assert card_error(read_cards, longest + " ") == f"not cards as typed: {repr(longest)[:40]}..."


def test_typed_cards_skip_emoji_selectors_and_filler_words() -> None:
    assert read_card("Q♠\ufe0f") is Card.parse("QS")
    assert read_cards("the queen of spades and the king of hearts") == [
        Card.parse("QS"),
        Card.parse("KH"),
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("  QS K  ", "not a card: 'QS K'"),  # a rank with no suit
        ("QQ", "not a card: 'QQ'"),  # two ranks
        ("SS", "not a card: 'SS'"),  # two suits
    ],
)
def test_typed_cards_that_do_not_pair_a_rank_with_a_suit_are_refused(
    text: str, message: str
) -> None:
    assert card_error(read_cards, text) == message


def test_a_rank_is_refused_unless_it_is_one_rank() -> None:
    assert card_error(read_rank, "Q K") == "not a rank: 'Q K'"
    assert card_error(read_rank, "QS") == "not a rank: 'QS'"
    assert read_rank("q") == read_rank("queen")


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("x" * 38, "'" + "x" * 38 + "'"),  # 40 characters quoted: shown whole
        ("x" * 39, "'" + "x" * 39 + "..."),  # 41: cut to 40
        (None, "None"),
        ([1], "a list"),
        (2.5, "2.5"),
    ],
)
def test_a_refused_value_is_shown_quoted_and_cut_at_forty_characters(
    text: object, shown: str
) -> None:
    assert card_error(Card.parse, text) == f"not a card: {shown}"


def test_a_suit_or_rank_that_is_not_one_is_refused_and_shown() -> None:
    assert card_error(Suit.parse, 3) == "not a suit: 3"
    assert card_error(Suit.parse, "X") == "not a suit: 'X'"
    assert card_error(Rank.parse, 12) == "not a rank: 12"
    assert card_error(Rank.parse, "11") == "not a rank: '11'"


def test_card_sets_hash_by_their_cards() -> None:
    # Equal sets hash equal, and the 52 single cards hash apart (sets key dicts cheaply).
    assert hash(CardSet.parse("QS AS")) == hash(CardSet.parse("AS, QS"))
    assert len({hash(CardSet([card])) for card in CardSet.from_mask((1 << 52) - 1)}) == 52


def test_a_mask_that_is_not_one_of_52_bits_is_shown() -> None:
    assert card_error(CardSet.from_mask, -1) == "not a 52-bit card mask: -1"
    assert card_error(CardSet.from_mask, "7") == "not a 52-bit card mask: '7'"
    assert card_error(CardSet.from_mask, 1 << 52) == "not a 52-bit card mask: a very large integer"


def test_card_text_that_is_not_text_or_repeats_a_card_is_shown() -> None:
    assert card_error(CardSet.parse, ["QS"]) == "not card text: a list"
    assert card_error(CardSet.parse, "QS AS qs") == "card listed twice: 'qs'"


def test_a_built_card_set_cannot_be_built_again() -> None:
    hand = CardSet.parse("QS")
    with pytest.raises(AttributeError) as info:
        hand.__init__([Card.parse("AS")])  # type: ignore[misc]
    assert str(info.value) == "CardSet is immutable: it is built once"
    assert str(hand) == "QS"


def test_a_card_set_of_something_not_cards_is_shown() -> None:
    assert card_error(CardSet, "QS") == "not a collection of cards: 'QS'"
    assert card_error(CardSet, 7) == "not a collection of cards: 7"
    assert card_error(CardSet, [Card.parse("QS"), "AS"]) == "not a card: 'AS'"


def test_every_pattern_of_a_suit_iterates_to_its_cards_low_to_high() -> None:
    # All 8192 sets of spades: the cards are the set bits, 2 to ace (bit 39 + rank - 2).
    for pattern in range(1 << 13):
        ranks = [rank for rank in range(2, 15) if pattern >> (rank - 2) & 1]
        spades = CardSet.from_mask(pattern << 39)
        assert [(card.suit, card.rank) for card in spades] == [(Suit.SPADES, r) for r in ranks]
