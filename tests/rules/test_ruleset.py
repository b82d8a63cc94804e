"""The Rules value and its compiled form (``rules.tables()``)."""

from __future__ import annotations

from typing import Any

import pytest

from hearts_core import Card, CardSet, InvalidRulesError, Rules

# --- Pins for hearts_core.rules, found by mutation testing (docs/mutation.md) -------------

def refused(data: Any, source: str | None = None) -> InvalidRulesError:
    with pytest.raises(InvalidRulesError) as info:
        Rules.from_mapping(data, source)
    return info.value


@pytest.mark.parametrize("data", [["players", 4], "players = 4", 4])
def test_rules_from_something_not_a_table_names_the_whole_and_its_source(data: Any) -> None:
    error = refused(data, "house.toml")
    assert (error.field, error.reason, error.source) == (
        "(rules)",
        "must be a table of fields",
        "house.toml",
    )
    assert error.problems == (("(rules)", "must be a table of fields"),)


def test_an_unknown_field_name_is_cut_to_forty_characters() -> None:
    error = refused({"a" * 39 + "bcd": 1})
    assert error.field == "a" * 39 + "b"
    assert error.reason == "unknown rule field"


def test_an_unknown_key_that_is_not_text_is_shown_as_a_value() -> None:
    assert refused({7: 1}).field == "7"
    assert refused({(1, 2): 1}).field == "a tuple"


def test_removed_cards_outside_a_short_deck_are_named() -> None:
    # The 32-card deck runs from 7 to ace: 2C and 3D are not in it, AS is.
    with pytest.raises(InvalidRulesError) as info:
        Rules(lowest_rank=7, removed_cards=["AS", "3D", "2C"])
    assert (info.value.field, info.value.reason) == ("removed_cards", "not in the deck: 2C 3D")


HEARTS = [rank + "H" for rank in "23456789TJQKA"]
CLUBS = [rank + "C" for rank in "23456789TJQKA"]

# Each ruleset breaks one check that involves several fields; the reason is the field
# docstrings' rule in words, with the numbers of this table.
INCONSISTENT = [
    # 52 cards, 5 seats: 2 left over.
    (
        dict(players=5, removed_cards=[]),
        "removed_cards",
        "52 cards do not deal evenly to 5 players",
    ),
    # 48 cards to 6 seats: hands of 8.
    (dict(players=6, pass_count=9), "pass_count", "must be at most the hand size 8, not 9"),
    # 39 cards, none a club, and the lowest club leads.
    (dict(players=3, removed_cards=CLUBS), "first_lead", "the deck has no club to lead"),
    (dict(lowest_rank=7, card_values={"QS": 13, "2H": 5}), "card_values", "2H is not in the deck"),
    (
        dict(removed_cards=["QS", "2H", "2C", "3C"]),
        "removed_cards",
        "2H QS score points; the moon needs every scoring card",
    ),
    (
        dict(card_values={**{heart: 0 for heart in HEARTS}, "QS": -13}),
        "card_values",
        "at least one card must score positive points",
    ),
    (
        dict(single_hand=True, game_end="count-down"),
        "game_end",
        "a single-hand game cannot count down",
    ),
]


@pytest.mark.parametrize(("fields", "field", "reason"), INCONSISTENT)
def test_inconsistent_rules_are_refused_naming_the_field(
    fields: dict[str, Any], field: str, reason: str
) -> None:
    with pytest.raises(InvalidRulesError) as info:
        Rules(**fields)
    assert (info.value.field, info.value.reason, info.value.source) == (field, reason, None)
    assert [name for name, _ in info.value.problems] == [field]


def test_the_limits_of_those_checks_are_allowed() -> None:
    assert Rules(players=6, pass_count=8).hand_size == 8  # passing the whole hand
    assert Rules(players=5, removed_cards=["2C", "2D"]).hand_size == 10
    # No club, but the seat after the dealer leads whatever it likes.
    no_clubs = Rules(players=3, removed_cards=CLUBS, first_lead="left-of-dealer")
    assert no_clubs.lowest_club is None
    assert Rules(card_values={"QS": 13, "JD": -10}).card_points(Card.parse("JD")) == -10


def test_evolve_carries_defaults_over_to_the_new_table_and_keeps_choices() -> None:
    # Default removed cards and cycle follow the table: 3 seats remove 2D and skip across.
    four = Rules(players=3).evolve(players=4)
    assert str(four.removed_cards) == ""
    assert [d.value for d in four.pass_cycle] == ["left", "right", "across", "hold"]
    # Chosen ones stay as they were.
    kept = Rules(players=3, removed_cards=["2C"], pass_cycle=["left"]).evolve(
        players=3, tie="shared-win"
    )
    assert str(kept.removed_cards) == "2C"
    assert [d.value for d in kept.pass_cycle] == ["left"]


def test_the_lowest_club_and_the_point_cards_follow_the_deck() -> None:
    assert Rules().lowest_club == Card.parse("2C")
    assert Rules(players=5).lowest_club == Card.parse("3C")  # 2C 2D are out
    assert Rules(lowest_rank=7).lowest_club == Card.parse("7C")
    assert str(Rules(lowest_rank=7).removed_cards) == ""  # 32 cards deal to 4 evenly
    assert str(Rules().point_cards) == " ".join(HEARTS) + " QS"
    assert str(Rules(card_values={"QS": 13, "JD": -10}).point_cards) == " ".join(HEARTS) + " QS"


# --- Pins for hearts_core/rules/compiled.py, found by mutation testing (docs/mutation-engine.md)

def test_follow_free_is_false_exactly_when_the_queen_waits_for_hearts() -> None:
    # Only QUEEN_NOT_BEFORE_HEARTS restricts a seat following suit (before the break,
    # on any trick): without it a follower may play any card of the suit led.
    assert Rules().tables().follow_free is True
    assert Rules(queen_waits_for_hearts=True).tables().follow_free is False
    assert Rules(queen_waits_for_hearts=True, players=3).tables().follow_free is False
    assert Rules(points_on_first_trick=True).tables().follow_free is True


def mask(text: str) -> int:
    return CardSet.parse(text).mask


HEARTS_TEXT = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"


def test_the_compiled_masks_of_an_omnibus_ruleset() -> None:
    # The JD scores -10: a scoring card, not a point card. By default the moon needs the
    # point cards (hearts and the QS); "all-scoring-cards" adds the JD.
    omnibus = Rules(card_values={"QS": 13, "JD": -10}, moon_points=30)
    tables = omnibus.tables()
    assert tables.point_mask == mask(HEARTS_TEXT + " QS")
    assert tables.scoring_mask == mask(HEARTS_TEXT + " QS JD")
    assert tables.moon_mask == mask(HEARTS_TEXT + " QS")
    strict = omnibus.evolve(moon_requires="all-scoring-cards").tables()
    assert strict.moon_mask == mask(HEARTS_TEXT + " QS JD")
    # moon_points set: the moon is worth 30, not the 26 positive points.
    assert tables.moon_amount == 30
    assert Rules(card_values={"QS": 13, "JD": -10}).tables().moon_amount == 26


def test_the_queen_breaks_hearts_only_when_the_rules_say_so() -> None:
    assert Rules().tables().breaking_mask == mask(HEARTS_TEXT)
    assert Rules(queen_breaks_hearts=True).tables().breaking_mask == mask(HEARTS_TEXT + " QS")


def test_a_short_deck_compiles_its_clubs_and_points_from_the_seven_up() -> None:
    # 32 cards, 7 to ace: the lowest club is the 7C; the hearts below 7 score nothing.
    tables = Rules(lowest_rank=7).tables()
    clubs = mask("7C 8C 9C TC JC QC KC AC")
    assert tables.masks.clubs == clubs
    assert tables.masks.lowest_club == mask("7C")
    assert tables.first_lead_card == mask("7C")
    assert len(tables.points) == 52
    assert [tables.points[Card.parse(text).index] for text in ("2H", "6H", "7H", "AH")] == [
        0, 0, 1, 1
    ]
    assert tables.point_mask == mask("7H 8H 9H TH JH QH KH AH QS")
    spot = Rules(lowest_rank=7, heart_points="spot").tables()
    assert [spot.points[Card.parse(text).index] for text in ("2H", "6H", "7H", "AH")] == [
        0, 0, 7, 14
    ]
