"""How each Rules field is checked as it is assigned, and plain data read strictly."""

from __future__ import annotations

import attrs
import pytest

from hearts_core import Card, CardSet, InvalidRulesError, Rules
from hearts_core.rules.fields import plain_problem, to_removed

# --- Pins for hearts_core.rules.fields, found by mutation testing (docs/mutation.md) ------

# Every field of Rules with a value of the wrong type for it: a list for the options and
# numbers, a text for the true-or-false fields and for the lists and tables.
WRONG = {
    "players": [4],
    "lowest_rank": [2],
    "removed_cards": 7,
    "pass_count": [3],
    "pass_cycle": "left",
    "first_lead": [],
    "points_on_first_trick": "no",
    "must_break_hearts": "yes",
    "queen_breaks_hearts": "no",
    "only_discards_break_hearts": "no",
    "lead_hearts_instead_of_queen": "no",
    "queen_waits_for_hearts": "no",
    "heart_points": [],
    "card_values": "QS=13",
    "moon": [],
    "moon_requires": [],
    "moon_points": [26],
    "sun": [],
    "sun_points": [52],
    "no_tricks_bonus": [0],
    "target_score": [100],
    "game_end": [],
    "single_hand": "no",
    "exact_target_halves": "no",
    "full_polish": "no",
    "tie": [],
}


@pytest.mark.parametrize("name", sorted(WRONG))
def test_each_field_refuses_a_value_of_the_wrong_type_naming_itself(name: str) -> None:
    with pytest.raises(InvalidRulesError) as info:
        Rules(**{name: WRONG[name]})
    assert info.value.field == name
    assert str(info.value).startswith(f"{name}: ")


def test_every_field_of_rules_is_checked_above() -> None:
    # The test above must not miss a field added later.
    assert set(WRONG) == {field.name for field in attrs.fields(Rules) if field.init}


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        ((("QS", 13),), "must be a table of card = points, not a tuple"),
        ([["QS", 13]], "must be a table of card = points, not a list"),
        ("QS", "must be a table of card = points, not 'QS'"),
        ({1: 13}, "its keys are card texts such as QS, not 1"),
        ({"QS": 13, Card.parse("JD"): -10}, "its keys are card texts such as QS, not a Card"),
    ],
)
def test_plain_card_values_are_a_table_keyed_by_card_texts(value: object, reason: str) -> None:
    assert plain_problem("card_values", value) == reason
    # A Python caller may still give pairs or Card keys; a file may not.
    with pytest.raises(InvalidRulesError) as info:
        Rules.from_mapping({"card_values": value})
    assert info.value.problems == (("card_values", reason),)


def test_plain_card_values_keyed_by_card_texts_are_plain() -> None:
    assert plain_problem("card_values", {"QS": 13, "JD": -10}) is None
    assert plain_problem("players", [4]) is None  # plain_problem checks only the two tables


def test_card_values_that_are_not_a_table_are_refused_with_the_reason() -> None:
    # Pairs are a table only in a tuple; a list of them, or a text, is not one.
    for value, shown in (([["QS", 13]], "a list"), ("QS=13", "'QS=13'")):
        with pytest.raises(InvalidRulesError) as info:
            Rules(card_values=value)
        assert info.value.field == "card_values"
        assert info.value.reason == f"must be a table of card = points, not {shown}"


# --- card_values: its size and its keys (the second run's survivors) ----------------------

_DECK = [f"{rank}{suit}" for suit in "CDSH" for rank in "23456789TJQKA"]


def test_card_values_may_list_every_card_of_the_deck() -> None:
    # 52 cards is a whole deck, not more than it holds.
    table = dict.fromkeys(_DECK, 0) | {"QS": 13}
    assert len(table) == 52
    assert dict(Rules(card_values=table).card_values)[Card.parse("QS")] == 13


@pytest.mark.parametrize(
    "table",
    [
        # 53 keys: the 52 cards and the queen of spades again, in another case.
        dict.fromkeys(_DECK, 0) | {"qs": 13},
        tuple((card, 0) for card in _DECK) + (("QS", 13),),
    ],
)
def test_card_values_listing_more_cards_than_a_deck_is_refused_as_such(table: object) -> None:
    # The size is checked before any card is read, so the refusal is not "listed twice".
    with pytest.raises(InvalidRulesError) as info:
        Rules(card_values=table)
    assert info.value.field == "card_values"
    assert info.value.reason == "lists more cards than a deck holds"


def test_a_key_of_card_values_that_is_no_card_names_the_field() -> None:
    with pytest.raises(InvalidRulesError) as info:
        Rules(card_values={"ZZ": 1})
    assert info.value.field == "card_values"
    assert info.value.reason == "not a card: 'ZZ'"


def test_card_points_may_be_either_limit() -> None:
    # LIMITS["card_points"] is -1000 to 1000, both ends included.
    assert Rules(card_values={"QS": 1000}).card_values == ((Card.parse("QS"), 1000),)
    assert Rules(card_values={"JD": -1000}).card_values == ((Card.parse("JD"), -1000),)


@pytest.mark.parametrize(
    ("table", "reason"),
    [
        ({"QS": 1001}, "QS must score between -1000 and 1000, not 1001"),
        ({"JD": -1001}, "JD must score between -1000 and 1000, not -1001"),
        ({"QS": "13"}, "QS must score an integer, not '13'"),
        ({"QS": True}, "QS must score an integer, not True"),
    ],
)
def test_card_points_out_of_range_or_not_integers_are_refused_naming_the_card(
    table: dict[str, object], reason: str
) -> None:
    with pytest.raises(InvalidRulesError) as info:
        Rules(card_values=table)
    assert info.value.field == "card_values"
    assert info.value.reason == reason


def test_a_card_listed_twice_in_card_values_is_refused() -> None:
    # "qs" and "QS" are the same card, read in either case.
    with pytest.raises(InvalidRulesError) as info:
        Rules(card_values={"QS": 13, "qs": 13})
    assert info.value.field == "card_values"
    assert info.value.reason == "QS is listed twice"


# --- removed_cards, lowest_rank and pass_cycle (the second run's survivors) ---------------


def test_removed_cards_read_from_one_text_split_at_commas_and_spaces() -> None:
    assert to_removed("2C,2D 2S") == CardSet.parse("2C 2D 2S")


def test_removed_cards_of_the_wrong_type_or_not_cards_are_refused_naming_the_field() -> None:
    with pytest.raises(InvalidRulesError) as info:
        to_removed(7)
    assert info.value.field == "removed_cards"
    assert info.value.reason == "must be a list of cards, not 7"
    with pytest.raises(InvalidRulesError) as info:
        to_removed(["2C", "ZZ"])
    assert (info.value.field, info.value.reason) == ("removed_cards", "not a card: 'ZZ'")


def test_removed_cards_may_list_the_whole_deck_but_not_more() -> None:
    assert len(to_removed(_DECK)) == 52
    with pytest.raises(InvalidRulesError) as info:
        to_removed([*_DECK, "qs"])  # 53 entries: refused for the size, before "a card twice"
    assert info.value.field == "removed_cards"
    assert info.value.reason == "lists more cards than a deck holds"


def test_a_card_text_is_read_up_to_eight_characters() -> None:
    # The bound keeps the reading short; padding counts toward it.
    assert to_removed(["  QS    "]) == CardSet.parse("QS")
    with pytest.raises(InvalidRulesError) as info:
        to_removed(["   QS    "])
    assert info.value.reason == "not a card: '   QS    '"


@pytest.mark.parametrize(("rank", "shown_as"), [(3, "3"), (2.0, "2.0"), ("7", "'7'")])
def test_lowest_rank_is_the_integer_2_or_7(rank: object, shown_as: str) -> None:
    with pytest.raises(InvalidRulesError) as info:
        Rules(lowest_rank=rank)
    assert info.value.field == "lowest_rank"
    assert info.value.reason == f"must be 2 (52 cards) or 7 (32 cards), not {shown_as}"


def test_pass_cycle_is_a_list_of_one_to_64_directions() -> None:
    assert len(Rules(pass_cycle=["left"] * 64).pass_cycle) == 64
    with pytest.raises(InvalidRulesError) as info:
        Rules(pass_cycle=["left"] * 65)
    assert info.value.field == "pass_cycle"
    assert info.value.reason == "must name 1 to 64 directions, not 65"
    with pytest.raises(InvalidRulesError) as info:
        Rules(pass_cycle="left")
    assert info.value.reason == "must be a list of directions, not 'left'"


def test_an_unknown_option_is_refused_listing_every_choice() -> None:
    # The four pass directions, in the order PassDirection lists them, comma-separated.
    with pytest.raises(InvalidRulesError) as info:
        Rules(pass_cycle=["left", "up"])
    assert info.value.field == "pass_cycle"
    assert info.value.reason == "must be one of left, right, across, hold, not 'up'"


def test_removed_cards_listing_a_card_twice_are_refused() -> None:
    with pytest.raises(InvalidRulesError) as info:
        to_removed(["2C", "2c"])  # the same card, in either case
    assert (info.value.field, info.value.reason) == ("removed_cards", "lists a card twice")
