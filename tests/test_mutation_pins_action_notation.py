"""Pins for hearts_core.action_notation, found by mutation testing (docs/mutation.md).

Every refusal of :func:`~hearts_core.parse_action` names the field at fault (its docstring
lists them) and shows the refused value; these tests read both for the refusals no other
test read. Each expected text is written from the docstrings and the notation's table.
"""

from __future__ import annotations

import pytest

from hearts_core import (
    InvalidActionError,
    PassCards,
    PlayCard,
    Rules,
    format_action,
    parse_action,
)
from hearts_core.action_notation import MAX_ACTION_TEXT


def refusal(text: object, rules: object = None) -> InvalidActionError:
    with pytest.raises(InvalidActionError) as info:
        parse_action(text, rules)  # type: ignore[arg-type]
    return info.value


def test_format_action_shows_what_is_not_an_action() -> None:
    with pytest.raises(InvalidActionError) as info:
        format_action("play 2 QS")  # type: ignore[arg-type]
    assert str(info.value) == "not an action: 'play 2 QS'"
    assert info.value.field is None


@pytest.mark.parametrize(("text", "shown"), [(42, "42"), (b"play 2 QS", "a bytes")])
def test_text_that_is_not_a_string_is_refused_as_the_text(text: object, shown: str) -> None:
    error = refusal(text)
    assert error.field == "text"
    assert str(error) == f"action text must be a string, not {shown}"


def test_the_longest_text_read_is_max_action_text_characters() -> None:
    # MAX_ACTION_TEXT is the longest text read: exactly that many characters are read
    # (spaces around words do not matter), one more is refused as the text.
    longest = " " * (MAX_ACTION_TEXT - len("play 2 QS")) + "play 2 QS"
    assert len(longest) == 1000
    assert parse_action(longest) == PlayCard(2, "QS")
    error = refusal(longest + " ")
    assert error.field == "text"
    assert str(error) == "action text is longer than 1000 characters"


@pytest.mark.parametrize(("rules", "shown"), [("standard", "'standard'"), ({}, "a dict")])
def test_rules_that_are_not_rules_are_refused_as_the_rules(rules: object, shown: str) -> None:
    error = refusal("play 2 QS", rules)
    assert error.field == "rules"
    assert str(error) == f"rules must be Rules, not {shown}"


def test_every_card_outside_the_deck_is_listed_in_card_order() -> None:
    # A 32-card deck starts at the sevens: 2C, 3C and 4C are all out of it.
    error = refusal("pass 0 4C 2C 3C", Rules(lowest_rank=7))
    assert error.field == "cards"
    assert str(error) == "not in this deck: 2C 3C 4C"
    # Without rules, no deck is checked.
    assert parse_action("pass 0 4C 2C 3C") == PassCards(0, "2C 3C 4C")


def test_a_deal_with_a_word_that_is_not_a_card_is_refused_as_the_hands() -> None:
    error = refusal("deal 2C 3C | 4C ZZ | 6C 7C | 8C 9C")
    assert error.field == "hands"
    assert str(error) == "not a card: 'ZZ'"


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("play 2 ZZ", "card"),
        ("pass 0 2C ZZ 4C", "cards"),
        ("moon 1 maybe", "option"),
        ("play 7 QS", "seat"),
    ],
)
def test_a_bad_word_after_the_seat_is_refused_with_its_own_field(text: str, field: str) -> None:
    # The field named is the one at fault: a play's card, a pass's cards, a moon's option,
    # and a seat that no table has (without rules, up to seat 5).
    assert refusal(text).field == field
