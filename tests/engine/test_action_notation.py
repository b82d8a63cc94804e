"""The action notation: every action has one text that reads back, and bad text is refused
with the field at fault. Expected texts are written out by hand from the notation's table."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import hearts_core
from hearts_core import (
    Card,
    CardSet,
    ChooseMoon,
    Deal,
    InvalidActionError,
    MoonOption,
    PassCards,
    PlayCard,
    Rules,
    format_action,
    parse_action,
    variant,
    variant_names,
)
from hearts_core.action_notation import MAX_ACTION_TEXT
from hearts_core.bots import RandomBot, transitions

SUITS = "CDHS"


def _suit(letter: str) -> str:
    return " ".join(rank + letter for rank in "23456789TJQKA")


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (PlayCard(2, "QS"), "play 2 QS"),
        (PlayCard(0, Card.parse("TH")), "play 0 TH"),
        (PassCards(0, "AH QS TD"), "pass 0 TD AH QS"),  # card order: clubs to spades
        (PassCards(5, "2C"), "pass 5 2C"),
        (ChooseMoon(1, MoonOption.ADD_TO_OTHERS), "moon 1 add-to-others"),
        (ChooseMoon(3, "subtract-from-shooter"), "moon 3 subtract-from-shooter"),
        (
            Deal([_suit(s) for s in SUITS]),
            "deal " + " | ".join(_suit(s) for s in SUITS),
        ),
    ],
)
def test_each_kind_has_the_text_of_the_table(action: object, text: str) -> None:
    assert format_action(action) == text == str(action)  # type: ignore[arg-type]
    assert parse_action(text) == action
    assert parse_action(f"  {text.replace(' ', '   ')}  ") == action  # spacing is free


@pytest.mark.parametrize("name", variant_names())
def test_every_action_of_random_games_reads_back_and_its_repr_evaluates(name: str) -> None:
    rules = variant(name)
    rng = random.Random(f"notation {name}")
    namespace = vars(hearts_core)
    kinds = set()
    for number, step in enumerate(transitions([RandomBot()] * rules.players, rules, rng)):
        action = step.action
        kinds.add(type(action))
        text = format_action(action)
        assert parse_action(text, rules) == action
        assert eval(repr(action), namespace) == action
        if number > 400:  # a few hands are enough per variant; whole games elsewhere
            break
    assert {Deal, PlayCard} <= kinds


def test_moon_choices_of_both_options_read_back_under_the_rules() -> None:
    rules = variant("classic")
    for option in MoonOption:
        action = ChooseMoon(2, option)
        assert parse_action(format_action(action), rules) == action
        assert eval(repr(action), vars(hearts_core)) == action


@pytest.mark.parametrize(
    ("text", "field", "shown"),
    [
        ("plays 2 QS", "text", "'plays 2 QS'"),
        ("PLAY 2 QS", "text", "'PLAY 2 QS'"),
        ("", "text", "''"),
        ("play QS", "seat", "'QS'"),
        ("play 6 QS", "seat", "6"),
        ("play ² QS", "seat", "'²'"),
        ("play 2 QS KS", "card", "'QS KS'"),
        ("play 2 Q", "card", "'Q'"),
        ("play 2", "card", "''"),
        ("pass 0 QS QS KS", "cards", "'QS QS KS'"),
        ("pass 0 QS XX", "cards", "'XX'"),
        ("moon 1 add", "option", "'add'"),
        ("deal 2C | 3C", "hands", "not 2"),
        ("deal 2C | 3C | 2C", "hands", "'2C | 3C | 2C'"),
    ],
)
def test_malformed_text_names_the_field(text: str, field: str, shown: str) -> None:
    with pytest.raises(InvalidActionError) as info:
        parse_action(text)
    assert (info.value.field, info.value.action) == (field, None)
    # the message shows the part of the text at fault
    assert shown in str(info.value)


@pytest.mark.parametrize(
    ("text", "rules", "field", "message"),
    [
        ("play 4 QS", Rules(), "seat", "no seat 4 at a table of 4 (seats 0 to 3)"),
        ("play 0 2C", variant("hartenjagen"), "card", "not in this deck: 2C"),
        ("pass 0 QS KS", Rules(), "cards", "a pass is 3 cards here, not 2"),
        ("pass 1 2D 3D 4D", variant("three-player"), "cards", "not in this deck: 2D"),
        (
            "deal 2C | 3C | 4C | 5C",
            Rules(),
            "hands",
            "a deal that breaks the rules: seat 0 gets 1 cards, not 13",
        ),
    ],
)
def test_with_rules_the_text_must_fit_the_table(
    text: str, rules: Rules, field: str, message: str
) -> None:
    with pytest.raises(InvalidActionError) as info:
        parse_action(text, rules)
    assert (info.value.field, str(info.value)) == (field, message)
    parse_action(text)  # well formed: only the rules refuse it


def test_a_dealt_card_twice_in_one_hand_is_refused() -> None:
    with pytest.raises(InvalidActionError) as info:
        parse_action("deal 2C 2C | 3C | 4C")
    assert (info.value.field, info.value.action) == ("hands", None)
    assert "2C" in str(info.value)


def test_text_that_is_not_a_short_string_is_refused_before_reading() -> None:
    for value in (None, b"play 2 QS", 3, ["play", "2", "QS"]):
        with pytest.raises(InvalidActionError) as info:
            parse_action(value)  # type: ignore[arg-type]
        assert (info.value.field, info.value.action) == ("text", None)
    with pytest.raises(InvalidActionError) as info:
        parse_action("deal " + "2C " * 1000)
    assert (info.value.field, info.value.action) == ("text", None)
    assert "1000" in str(info.value)  # the message names the limit
    with pytest.raises(InvalidActionError) as info:
        format_action("play 2 QS")  # type: ignore[arg-type]
    assert (info.value.field, info.value.action) == (None, None)
    with pytest.raises(InvalidActionError) as info:
        parse_action("play 2 QS", "standard")  # type: ignore[arg-type]
    assert (info.value.field, info.value.action) == ("rules", None)


@given(st.text(alphabet=st.sampled_from(list("playsdemonu 0123456789CDHSQKAJT|-♠")), max_size=60))
def test_any_text_parses_or_is_refused_with_an_invalid_action_error(text: str) -> None:
    try:
        action = parse_action(text)
    except InvalidActionError as error:
        assert error.field in ("text", "seat", "card", "cards", "option", "hands")
    else:
        assert parse_action(format_action(action)) == action


def test_pass_text_is_written_in_card_order_whatever_order_it_was_read() -> None:
    assert format_action(parse_action("pass 0 AS 2C KD")) == "pass 0 2C KD AS"
    action = parse_action("pass 0 AS 2C KD")
    assert isinstance(action, PassCards) and action.cards == CardSet.parse("2C KD AS")


# --- Pins for hearts_core.action_notation, found by mutation testing (docs/mutation.md) ---

def refusal(text: object, rules: object = None) -> InvalidActionError:
    with pytest.raises(InvalidActionError) as info:
        parse_action(text, rules)  # type: ignore[arg-type]
    return info.value


def test_format_action_shows_what_is_not_an_action() -> None:
    with pytest.raises(InvalidActionError) as info:
        format_action("play 2 QS")  # type: ignore[arg-type]
    assert (info.value.field, info.value.action) == (None, None)
    # what it shows is the value given, as Python writes it
    assert "'play 2 QS'" in str(info.value)


@pytest.mark.parametrize(("text", "shown"), [(42, "42"), (b"play 2 QS", "a bytes")])
def test_text_that_is_not_a_string_is_refused_as_the_text(text: object, shown: str) -> None:
    error = refusal(text)
    assert (error.field, error.action) == ("text", None)
    assert shown in str(error)  # the message shows what was given


def test_the_longest_text_read_is_max_action_text_characters() -> None:
    # MAX_ACTION_TEXT is the longest text read: exactly that many characters are read
    # (spaces around words do not matter), one more is refused as the text.
    longest = " " * (MAX_ACTION_TEXT - len("play 2 QS")) + "play 2 QS"
    assert len(longest) == 1000
    assert parse_action(longest) == PlayCard(2, "QS")
    error = refusal(longest + " ")
    assert (error.field, error.action) == ("text", None)
    assert "1000" in str(error)  # the message names the limit


@pytest.mark.parametrize(("rules", "shown"), [("standard", "'standard'"), ({}, "a dict")])
def test_rules_that_are_not_rules_are_refused_as_the_rules(rules: object, shown: str) -> None:
    error = refusal("play 2 QS", rules)
    assert (error.field, error.action) == ("rules", None)
    assert shown in str(error)  # the message shows what was given


def test_every_card_outside_the_deck_is_listed_in_card_order() -> None:
    # A 32-card deck starts at the sevens: 2C, 3C and 4C are all out of it.
    error = refusal("pass 0 4C 2C 3C", Rules(lowest_rank=7))
    assert (error.field, error.action) == ("cards", None)
    assert "2C 3C 4C" in str(error)  # every card out of the deck, in card order
    # Without rules, no deck is checked.
    assert parse_action("pass 0 4C 2C 3C") == PassCards(0, "2C 3C 4C")


def test_a_deal_with_a_word_that_is_not_a_card_is_refused_as_the_hands() -> None:
    error = refusal("deal 2C 3C | 4C ZZ | 6C 7C | 8C 9C")
    assert (error.field, error.action) == ("hands", None)
    assert "'ZZ'" in str(error)  # the message shows the word at fault


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
