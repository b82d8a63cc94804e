"""Pins for hearts_core.rules, found by mutation testing (docs/mutation.md).

Each test pins a behaviour of :class:`~hearts_core.Rules` that a mutant changed with no
other test noticing; each expected value is worked out from the field docstrings.
"""

from __future__ import annotations

from typing import Any

import pytest

from hearts_core import Card, InvalidRulesError, Rules


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
    assert str(error) == "house.toml: (rules): must be a table of fields"


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
    assert (info.value.field, info.value.reason) == (field, reason)
    assert str(info.value) == f"{field}: {reason}"


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
