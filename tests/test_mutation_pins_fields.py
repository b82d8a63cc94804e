"""Pins for hearts_core.fields, found by mutation testing (docs/mutation.md).

Each field of ``Rules`` has its own converter, which refuses a bad value naming that
field (``InvalidRulesError.field``); plain data from a file goes through
:func:`~hearts_core.fields.plain_problem` first, which refuses the conveniences only Python
callers may use. Each expected value is worked out from the docstrings.
"""

from __future__ import annotations

import attrs
import pytest

from hearts_core import Card, InvalidRulesError, Rules
from hearts_core.fields import plain_problem

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
