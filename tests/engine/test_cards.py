"""Example tests for cards and card sets: spellings, identity, order, set algebra.

Every expected value here is worked out from the card order the library documents:
suits clubs < diamonds < hearts < spades, ranks 2 < 3 < ... < K < A, and a card's
index is ``suit * 13 + rank - 2``.
"""

from __future__ import annotations

import copy
import pickle
from typing import Any, cast

import pytest

from hearts_core import FULL_DECK, Card, CardSet, HeartsError, InvalidCardError, Rank, Suit
from hearts_core.cards import read_card, read_cards, read_rank

QS = Card(Suit.SPADES, Rank.QUEEN)
TH = Card(Suit.HEARTS, Rank.TEN)
TWO_C = Card(Suit.CLUBS, Rank.TWO)
ACE_S = Card(Suit.SPADES, Rank.ACE)


# --- Card.parse spellings ------------------------------------------------------


@pytest.mark.parametrize("text", ["QS", "Q♠", "qs", "q♠", "Qs", "qS", " QS ", "Q♤"])
def test_parse_queen_of_spades_spellings(text: str) -> None:
    card = Card.parse(text)
    assert card is QS
    assert card.suit is Suit.SPADES
    assert card.rank is Rank.QUEEN


@pytest.mark.parametrize("text", ["10H", "TH", "th", "10h", "10♥", "T♥", "t♡"])
def test_parse_ten_spellings(text: str) -> None:
    assert Card.parse(text) is TH


@pytest.mark.parametrize(
    ("text", "suit", "rank"),
    [
        ("2C", Suit.CLUBS, Rank.TWO),
        ("2♣", Suit.CLUBS, Rank.TWO),
        ("9D", Suit.DIAMONDS, Rank.NINE),
        ("J♦", Suit.DIAMONDS, Rank.JACK),
        ("KH", Suit.HEARTS, Rank.KING),
        ("AS", Suit.SPADES, Rank.ACE),
        ("a♠", Suit.SPADES, Rank.ACE),
    ],
)
def test_parse_each_suit_and_rank(text: str, suit: Suit, rank: Rank) -> None:
    card = Card.parse(text)
    assert (card.suit, card.rank) == (suit, rank)


@pytest.mark.parametrize(
    "text", ["", "Q", "S", "ZZ", "QX", "11H", "0H", "10", "QSS", "2C3C", "♠Q", "CQ"]
)
def test_parse_rejects_non_cards(text: str) -> None:
    with pytest.raises(InvalidCardError) as info:
        Card.parse(text)
    # The error is also a HeartsError and a ValueError, and quotes the input.
    assert isinstance(info.value, HeartsError)
    assert isinstance(info.value, ValueError)
    assert repr(text) in str(info.value)


def test_suit_and_rank_parse() -> None:
    assert Suit.parse("c") is Suit.CLUBS
    assert Suit.parse("♦") is Suit.DIAMONDS
    assert Suit.parse("H") is Suit.HEARTS
    assert Suit.parse("♤") is Suit.SPADES
    assert Rank.parse("10") is Rank.TEN
    assert Rank.parse("t") is Rank.TEN
    assert Rank.parse("q") is Rank.QUEEN
    with pytest.raises(InvalidCardError):
        Suit.parse("X")
    with pytest.raises(InvalidCardError):
        Rank.parse("11")


# --- text forms ----------------------------------------------------------------


def test_str_is_rank_letter_then_suit_letter() -> None:
    assert str(QS) == "QS"
    assert str(TH) == "TH"  # ten prints as T, whatever spelling was parsed
    assert str(Card.parse("10h")) == "TH"
    assert str(TWO_C) == "2C"


def test_symbol_form() -> None:
    assert QS.symbol == "Q♠"
    assert TH.symbol == "10♥"
    assert TWO_C.symbol == "2♣"
    assert Card.parse("JD").symbol == "J♦"


def test_repr_round_trips_through_eval_to_the_same_object() -> None:
    for card in FULL_DECK:
        again = eval(repr(card), {"Card": Card})
        assert again is card


def test_str_round_trips_through_parse_for_every_card() -> None:
    for card in FULL_DECK:
        assert Card.parse(str(card)) is card
        assert Card.parse(card.symbol) is card


# --- identity ------------------------------------------------------------------


def test_cards_are_interned() -> None:
    assert Card(Suit.SPADES, Rank.QUEEN) is Card.parse("QS") is Card.parse("q♠")
    # QS: index 3 * 13 + 12 - 2 = 49
    assert Card.from_index(49) is QS
    assert QS.index == 49
    assert QS.bit == 1 << 49
    assert Card.from_index(0) is TWO_C
    assert Card.from_index(51) is ACE_S


def test_there_are_exactly_52_distinct_cards() -> None:
    cards = [Card(suit, rank) for suit in Suit for rank in Rank]
    assert len(cards) == 52
    assert len({id(c) for c in cards}) == 52
    assert len(set(cards)) == 52
    assert sorted(c.index for c in cards) == list(range(52))


def test_card_constructor_rejects_out_of_range() -> None:
    with pytest.raises(InvalidCardError):
        Card(4, 2)  # type: ignore[arg-type]
    with pytest.raises(InvalidCardError):
        Card(Suit.CLUBS, 15)  # type: ignore[arg-type]
    with pytest.raises(InvalidCardError):
        Card(Suit.CLUBS, 1)  # type: ignore[arg-type]
    with pytest.raises(InvalidCardError):
        Card.from_index(52)
    with pytest.raises(InvalidCardError):
        Card.from_index(-1)


def test_cards_key_dicts_by_value() -> None:
    table = {Card.parse("QS"): 13, Card.parse("2H"): 1}
    assert table[Card.parse("q♠")] == 13
    assert table[Card(Suit.HEARTS, Rank.TWO)] == 1


def test_pickle_and_copy_keep_card_identity() -> None:
    assert pickle.loads(pickle.dumps(QS)) is QS
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(TH, protocol=protocol)) is TH
    assert copy.copy(QS) is QS
    assert copy.deepcopy(QS) is QS
    nested = copy.deepcopy({"cards": [QS, TH], "pair": (TWO_C,)})
    assert nested["cards"][0] is QS
    assert nested["cards"][1] is TH
    assert nested["pair"][0] is TWO_C


def test_card_is_immutable() -> None:
    with pytest.raises(AttributeError):
        QS.rank = Rank.KING
    with pytest.raises(AttributeError):
        del QS.suit
    with pytest.raises(AttributeError):
        QS.colour = "black"
    assert QS.rank is Rank.QUEEN
    assert str(QS) == "QS"


# --- ordering ------------------------------------------------------------------


def test_card_order_is_suit_then_rank() -> None:
    two_c, ace_c, two_d = Card.parse("2C"), Card.parse("AC"), Card.parse("2D")
    ace_h, two_s = Card.parse("AH"), Card.parse("2S")
    assert two_c < Card.parse("3C") < Card.parse("TC") < Card.parse("JC") < ace_c
    assert ace_c < two_d  # any diamond is above any club
    assert ace_h < two_s  # spades are the top suit
    assert QS < Card.parse("KS") < ACE_S
    assert QS <= QS
    assert QS >= QS
    assert not QS < QS
    assert ACE_S > QS
    assert ACE_S >= QS
    shuffled = CardSet.parse("AS 2C QS TH 2D KC 3H").cards()[::-1]
    assert [str(c) for c in sorted(shuffled)] == ["2C", "KC", "2D", "3H", "TH", "QS", "AS"]


def test_card_compared_with_non_card_raises_type_error() -> None:
    # Python's convention for unsupported comparisons: TypeError, not AttributeError.
    with pytest.raises(TypeError):
        _ = Card.parse("QS") < cast(Any, 5)
    with pytest.raises(TypeError):
        sorted(cast(Any, [QS, "QS"]))


# --- CardSet -------------------------------------------------------------------


def test_cardset_in_and_len() -> None:
    hand = CardSet.parse("QS 2C 7C AH")
    assert len(hand) == 4
    assert QS in hand
    assert Card.parse("7C") in hand
    assert Card.parse("7D") not in hand
    assert "QS" not in hand  # membership is for Card values, not their spelling
    assert bool(hand)
    assert not CardSet()
    assert len(CardSet()) == 0
    assert len(FULL_DECK) == 52


def test_cardset_iterates_in_card_order() -> None:
    hand = CardSet.parse("QS 2C AH 7C 3D KS 10H")
    assert [str(c) for c in hand] == ["2C", "7C", "3D", "TH", "AH", "QS", "KS"]
    assert hand.cards() == tuple(hand)
    assert str(hand) == "2C 7C 3D TH AH QS KS"
    assert hand.symbols() == "2♣ 7♣ 3♦ 10♥ A♥ Q♠ K♠"
    assert next(iter(FULL_DECK)) is TWO_C
    assert list(FULL_DECK)[-1] is ACE_S
    assert list(FULL_DECK) == sorted(FULL_DECK)


def test_cardset_parse_accepts_commas_symbols_and_empty() -> None:
    assert CardSet.parse("2C, 7C,QS") == CardSet.parse("2C 7C QS")
    assert CardSet.parse("2♣ 7♣ Q♠") == CardSet.parse("2c 7c qs")
    assert CardSet.parse("") == CardSet()
    assert CardSet.parse("   ") == CardSet()


def test_cardset_str_parse_round_trip() -> None:
    for text in ["", "2C", "QS 2C 7C AH", "TH 10D"]:
        cards = CardSet.parse(text)
        assert CardSet.parse(str(cards)) == cards
        assert CardSet.parse(cards.symbols()) == cards
        assert eval(repr(cards), {"CardSet": CardSet}) == cards
    assert CardSet.parse(str(FULL_DECK)) == FULL_DECK


@pytest.mark.parametrize("text", ["QS QS", "QS q♠", "2C 7C 2c", "10H TH"])
def test_cardset_parse_rejects_duplicates(text: str) -> None:
    with pytest.raises(InvalidCardError, match="twice"):
        CardSet.parse(text)


def test_cardset_parse_rejects_malformed_card() -> None:
    with pytest.raises(InvalidCardError, match="'ZZ'"):
        CardSet.parse("2C ZZ QS")


def test_cardset_constructor() -> None:
    assert CardSet([QS, TWO_C]) == CardSet.parse("2C QS")
    assert CardSet(CardSet.parse("2C QS")) == CardSet.parse("QS 2C")
    assert CardSet() == CardSet.parse("")
    with pytest.raises(InvalidCardError):
        CardSet(["QS"])  # type: ignore[list-item]


def test_cardset_set_operators() -> None:
    a = CardSet.parse("2C 7C QS AH")
    b = CardSet.parse("7C KD AH 3S")
    assert a | b == CardSet.parse("2C 7C KD AH 3S QS")
    assert a & b == CardSet.parse("7C AH")
    assert a - b == CardSet.parse("2C QS")
    assert b - a == CardSet.parse("KD 3S")
    assert a ^ b == CardSet.parse("2C KD 3S QS")
    # the operands are unchanged
    assert a == CardSet.parse("2C 7C QS AH")
    assert b == CardSet.parse("7C KD AH 3S")


def test_cardset_comparisons_are_subset_tests() -> None:
    small = CardSet.parse("2C QS")
    big = CardSet.parse("2C 7C QS")
    other = CardSet.parse("3D")
    assert small <= big
    assert small < big
    assert big >= small
    assert big > small
    assert big <= big
    assert not big < big
    assert not small <= other
    assert not other <= small
    assert small.isdisjoint(other)
    assert not small.isdisjoint(big)
    assert CardSet() <= small


def test_cardset_of_suit() -> None:
    hand = CardSet.parse("2C 7C 3D TH AH QS KS")
    assert hand.of_suit(Suit.CLUBS) == CardSet.parse("2C 7C")
    assert hand.of_suit(Suit.DIAMONDS) == CardSet.parse("3D")
    assert hand.of_suit(Suit.HEARTS) == CardSet.parse("TH AH")
    assert hand.of_suit(Suit.SPADES) == CardSet.parse("QS KS")
    assert len(FULL_DECK.of_suit(Suit.HEARTS)) == 13


def test_cardset_equality_and_hash() -> None:
    assert CardSet.parse("QS 2C") == CardSet.parse("2C QS")
    assert hash(CardSet.parse("QS 2C")) == hash(CardSet.parse("2C QS"))
    assert CardSet.parse("QS") != CardSet.parse("KS")
    assert len({CardSet.parse("QS 2C"), CardSet.parse("2C Q♠"), CardSet.parse("KS")}) == 2


def test_cardset_is_immutable() -> None:
    hand = CardSet.parse("2C QS")
    with pytest.raises(AttributeError):
        hand.mask = 0
    with pytest.raises(AttributeError):
        del hand.mask
    assert hand == CardSet.parse("2C QS")


def test_cardset_operator_with_non_cardset_raises_type_error() -> None:
    # Python's convention for unsupported operands: TypeError, not AttributeError.
    with pytest.raises(TypeError):
        _ = CardSet.parse("2C") | cast(Any, frozenset({QS}))


def test_from_mask() -> None:
    assert CardSet.from_mask(0) == CardSet()
    assert CardSet.from_mask(0b101) == CardSet.parse("2C 4C")
    assert CardSet.from_mask(1 << 13) == CardSet.parse("2D")  # first diamond
    assert CardSet.from_mask(1 << 49) == CardSet.parse("QS")
    assert CardSet.from_mask((1 << 52) - 1) == FULL_DECK
    assert CardSet.parse("QS AH").mask == (1 << 49) | (1 << 38)  # AH: 2 * 13 + 14 - 2 = 38


@pytest.mark.parametrize("mask", [-1, 1 << 52, (1 << 53) - 1, -(1 << 51)])
def test_from_mask_rejects_out_of_range(mask: int) -> None:
    with pytest.raises(InvalidCardError):
        CardSet.from_mask(mask)


def test_from_mask_rejects_non_int() -> None:
    with pytest.raises(InvalidCardError):
        CardSet.from_mask("3")  # type: ignore[arg-type]
    with pytest.raises(InvalidCardError):
        CardSet.from_mask(3.0)  # type: ignore[arg-type]


def test_cardset_pickle_and_copy() -> None:
    hand = CardSet.parse("2C 7C QS AH")
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        again = pickle.loads(pickle.dumps(hand, protocol=protocol))
        assert again == hand
        assert isinstance(again, CardSet)
    assert copy.deepcopy(hand) == hand
    assert copy.copy(hand) == hand
    assert next(iter(copy.deepcopy(hand))) is TWO_C


# --- Pins for hearts_core.cards, found by mutation testing (docs/mutation.md) -------------

def card_error(read: object, text: object) -> str:
    """The message of the InvalidCardError ``read(text)`` raises. The error has no fields:
    the tests check that its message shows the value refused, not its wording."""
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
    assert shown in card_error(Card.from_index, index)


def test_isdisjoint_names_what_is_not_a_card_set() -> None:
    with pytest.raises(TypeError) as info:
        CardSet().isdisjoint([1])  # type: ignore[arg-type]
    assert "[1]" in str(info.value)  # a TypeError has no fields: the message shows the value


def test_typed_cards_are_refused_when_not_text_or_too_long() -> None:
    assert "5" in card_error(read_cards, 5)
    longest = "QS " * 666 + "QS"  # 2000 characters, the most a reader takes
    assert len(read_cards(longest)) == 667
    assert f"{repr(longest)[:40]}..." in card_error(read_cards, longest + " ")


def test_typed_cards_skip_emoji_selectors_and_filler_words() -> None:
    assert read_card("Q♠\ufe0f") is Card.parse("QS")
    assert read_cards("the queen of spades and the king of hearts") == [
        Card.parse("QS"),
        Card.parse("KH"),
    ]


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("  QS K  ", "'QS K'"),  # a rank with no suit
        ("QQ", "'QQ'"),  # two ranks
        ("SS", "'SS'"),  # two suits
    ],
)
def test_typed_cards_that_do_not_pair_a_rank_with_a_suit_are_refused(
    text: str, shown: str
) -> None:
    assert shown in card_error(read_cards, text)


def test_a_rank_is_refused_unless_it_is_one_rank() -> None:
    assert "'Q K'" in card_error(read_rank, "Q K")
    assert "'QS'" in card_error(read_rank, "QS")
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
    assert shown in card_error(Card.parse, text)


def test_a_suit_or_rank_that_is_not_one_is_refused_and_shown() -> None:
    assert "3" in card_error(Suit.parse, 3)
    assert "'X'" in card_error(Suit.parse, "X")
    assert "12" in card_error(Rank.parse, 12)
    assert "'11'" in card_error(Rank.parse, "11")


def test_card_sets_hash_by_their_cards() -> None:
    # Equal sets hash equal, and the 52 single cards hash apart (sets key dicts cheaply).
    assert hash(CardSet.parse("QS AS")) == hash(CardSet.parse("AS, QS"))
    assert len({hash(CardSet([card])) for card in CardSet.from_mask((1 << 52) - 1)}) == 52


def test_a_mask_that_is_not_one_of_52_bits_is_shown() -> None:
    assert "-1" in card_error(CardSet.from_mask, -1)
    assert "'7'" in card_error(CardSet.from_mask, "7")
    assert "a very large integer" in card_error(CardSet.from_mask, 1 << 52)


def test_card_text_that_is_not_text_or_repeats_a_card_is_shown() -> None:
    assert "a list" in card_error(CardSet.parse, ["QS"])
    assert "'qs'" in card_error(CardSet.parse, "QS AS qs")


def test_a_built_card_set_cannot_be_built_again() -> None:
    hand = CardSet.parse("QS")
    with pytest.raises(AttributeError) as info:
        hand.__init__([Card.parse("AS")])  # type: ignore[misc]
    # Kept word for word: an AttributeError has no fields, and saying why is what the
    # refusal is for (Python's own message would not).
    assert str(info.value) == "CardSet is immutable: it is built once"
    assert str(hand) == "QS"


def test_a_card_set_of_something_not_cards_is_shown() -> None:
    assert "'QS'" in card_error(CardSet, "QS")
    assert "7" in card_error(CardSet, 7)
    assert "'AS'" in card_error(CardSet, [Card.parse("QS"), "AS"])


def test_every_pattern_of_a_suit_iterates_to_its_cards_low_to_high() -> None:
    # All 8192 sets of spades: the cards are the set bits, 2 to ace (bit 39 + rank - 2).
    for pattern in range(1 << 13):
        ranks = [rank for rank in range(2, 15) if pattern >> (rank - 2) & 1]
        spades = CardSet.from_mask(pattern << 39)
        assert [(card.suit, card.rank) for card in spades] == [(Suit.SPADES, r) for r in ranks]
