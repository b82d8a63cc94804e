"""The rulebook: describe() says, for each field value, the sentence written here by hand.

Each expected sentence below was written from the field's meaning, not copied from the
output: if the rulebook stops saying what the rules do, these fail. The rulebook must also
change whenever a field changes (so no rule is left out of it), give the same sentence for
the same value whatever else the rules say, and name the Rule identifiers in backticks.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from hearts_core import Rule, Rules
from hearts_core.rules import (
    RULE_FIELDS,
    MoonScoring,
    Variant,
    describe,
    describe_variant,
    variant_info,
)

SECTIONS = [
    "## Players and cards",
    "## Passing",
    "## Playing tricks",
    "## Breaking hearts",
    "## Scoring",
    "## Shooting the moon and the sun",
    "## End of the game",
]


def sentences(rules: Rules) -> list[str]:
    """The bullet sentences of the rulebook, without the bullet."""
    return [line[2:] for line in describe(rules).splitlines() if line.startswith("- ")]


def identifiers(text: str) -> set[str]:
    return set(re.findall(r"`([A-Z_]+)`", text))


# --- the shape of the book ---------------------------------------------------------


def test_title_and_sections_in_order() -> None:
    book = describe(Rules())
    assert book.splitlines()[0] == "# Hearts"
    assert describe(Rules(), title="Our table").splitlines()[0] == "# Our table"
    positions = [book.index(heading + "\n") for heading in SECTIONS]
    assert positions == sorted(positions)
    assert book.endswith("\n") and not book.endswith("\n\n")


def test_default_identifiers() -> None:
    book = describe(Rules())
    assert identifiers(book) == {
        "WRONG_PASS_COUNT",
        "FIRST_LEAD_LOWEST_CLUB",
        "MUST_FOLLOW_SUIT",
        "NO_POINTS_ON_FIRST_TRICK",
        "HEARTS_NOT_BROKEN",
    }


@pytest.mark.parametrize(
    ("changes", "present", "absent"),
    [
        ({"queen_waits_for_hearts": True}, "QUEEN_NOT_BEFORE_HEARTS", None),
        ({"first_lead": "any-club"}, "FIRST_LEAD_CLUB", "FIRST_LEAD_LOWEST_CLUB"),
        ({"first_lead": "left-of-dealer"}, None, "FIRST_LEAD_LOWEST_CLUB"),
        ({"points_on_first_trick": True}, None, "NO_POINTS_ON_FIRST_TRICK"),
        ({"must_break_hearts": False}, None, "HEARTS_NOT_BROKEN"),
        ({"pass_cycle": ["hold"]}, None, "WRONG_PASS_COUNT"),
    ],
)
def test_identifiers_follow_the_rules(
    changes: dict[str, Any], present: str | None, absent: str | None
) -> None:
    found = identifiers(describe(Rules(**changes)))
    assert "MUST_FOLLOW_SUIT" in found
    if present is not None:
        assert present in found
    if absent is not None:
        assert absent not in found


def test_the_moon_choice_names_no_rule() -> None:
    # Choosing how a moon scores offers only legal options: nothing to refuse, no identifier.
    book = describe(Rules(moon="shooter-chooses"))
    assert identifiers(book) == identifiers(describe(Rules()))
    assert "The shooter chooses how it is scored" in book


def test_every_identifier_is_a_rule() -> None:
    known = {rule.value for rule in Rule}
    for name in ("standard", "black-maria", "omnibus-bicycle", "queen-waits", "classic"):
        assert identifiers(describe(variant_info(name).rules)) <= known


# --- one sentence per field value, written by hand -----------------------------------

# (changes from the default, a sentence the rulebook must then contain word for word)
SENTENCES: list[tuple[dict[str, Any], str]] = [
    (
        {},
        "There are four players, each playing for themselves. Play goes clockwise: the player "
        "on your left plays after you.",
    ),
    ({"players": 3}, "There are three players, each playing for themselves."),
    (
        {},
        "The game uses a pack of 52 cards. In each suit the ace ranks highest, then king, "
        "queen, jack and 10 down to 2. There are no trumps.",
    ),
    ({"lowest_rank": 7}, "The game uses a pack of 32 cards, 7 to ace in each suit."),
    ({}, "No card is taken out of the pack."),
    (
        {"players": 3},
        "Before the deal, 2♦ is taken out of the pack, so that the cards deal out evenly.",
    ),
    ({"players": 5}, "Before the deal, 2♣ and 2♦ are taken out of the pack"),
    ({"players": 3, "removed_cards": ["2C"]}, "Before the deal, 2♣ is taken out of the pack"),
    ({}, "All 52 cards are dealt, 13 to each player."),
    ({"players": 6}, "All 48 cards are dealt, 8 to each player."),
    ({"lowest_rank": 7}, "All 32 cards are dealt, 8 to each player."),
    (
        {},
        "In a hand with passing, each player picks exactly three cards from their hand and "
        "passes them face down (`WRONG_PASS_COUNT`).",
    ),
    ({"pass_count": 1}, "each player picks exactly one card from their hand"),
    ({"pass_count": 4}, "each player picks exactly four cards from their hand"),
    (
        {},
        "The direction changes from hand to hand. First hand to the left (the next player in "
        "turn); second hand to the right (the previous player in turn); third hand across the "
        "table (the player two seats away); fourth hand no passing; then the cycle of four "
        "starts again.",
    ),
    (
        {"pass_cycle": ["right"]},
        "Every hand, the cards go to the right (the previous player in turn).",
    ),
    (
        {"pass_cycle": ["hold"]},
        "Cards are never passed: every hand is played with the cards as dealt.",
    ),
    (
        {"players": 3},
        "First hand to the left (the next player in turn); second hand to the right (the "
        "previous player in turn); third hand no passing; then the cycle of three starts again.",
    ),
    ({"players": 6}, "third hand across the table (the player three seats away)"),
    ({}, "The player holding the 2♣ leads it to the first trick (`FIRST_LEAD_LOWEST_CLUB`)."),
    (
        {"players": 5},
        "The player holding the 3♣, the lowest club in this pack, leads it to the first trick "
        "(`FIRST_LEAD_LOWEST_CLUB`).",
    ),
    (
        {"lowest_rank": 7},
        "The player holding the 7♣, the lowest club in this pack, leads it to the first trick",
    ),
    (
        {"first_lead": "any-club"},
        "The player holding the 2♣ leads the first trick, and may lead any club they hold "
        "(`FIRST_LEAD_CLUB`).",
    ),
    (
        {"first_lead": "left-of-dealer"},
        "The player to the left of the dealer leads the first trick, with any card the rules "
        "below allow.",
    ),
    (
        {},
        "Each other player in turn must play a card of the suit led if they have one "
        "(`MUST_FOLLOW_SUIT`)",
    ),
    (
        {},
        "Nobody may play a point card (the hearts and Q♠) to the first trick, unless they hold "
        "nothing else (`NO_POINTS_ON_FIRST_TRICK`).",
    ),
    (
        {"points_on_first_trick": True},
        "Point cards (the hearts and Q♠) may be played to the first trick.",
    ),
    (
        {"card_values": {"QS": 13, "KS": 10, "AS": 7}},
        "Nobody may play a point card (the hearts, Q♠, K♠ and A♠) to the first trick",
    ),
    (
        # Foster's six-player deck: all four twos out, so the 2♥ must score nothing
        {"players": 6, "card_values": {"QS": 13, "2H": 0}, "removed_cards": "2C 2D 2H 2S"},
        "Nobody may play a point card (the hearts and Q♠) to the first trick",
    ),
    (
        {"card_values": {"QS": 13, "2H": 0}},
        "Nobody may play a point card (the hearts other than 2♥ and Q♠) to the first trick",
    ),
    (
        {},
        "Hearts are broken once a heart has been played to a trick, a discarded one included. "
        "Playing the queen of spades does not break hearts.",
    ),
    (
        {"queen_breaks_hearts": True},
        "Hearts are broken once a heart or the queen of spades has been played to a trick, a "
        "discarded one included.",
    ),
    (
        {},
        "A heart may not be led until hearts are broken, unless the leader holds nothing but "
        "hearts (`HEARTS_NOT_BROKEN`).",
    ),
    ({"must_break_hearts": False}, "Hearts may be led at any time: they need not be broken first."),
    (
        {},
        "Before hearts are broken, a leader whose only card other than hearts is the queen of "
        "spades must lead the queen.",
    ),
    (
        {"lead_hearts_instead_of_queen": True},
        "Before hearts are broken, a leader whose only card other than hearts is the queen of "
        "spades may lead either the queen or a heart.",
    ),
    (
        # Q♠ is a point card, and the first trick takes none: she waits for the second
        {},
        "The queen of spades may be led or discarded at any time, before hearts are broken too, "
        "except on the first trick: she is a point card, and nobody may play one there unless "
        "they hold nothing else (`NO_POINTS_ON_FIRST_TRICK`).",
    ),
    (
        {"points_on_first_trick": True},
        "The queen of spades may be led or discarded at any time, before hearts are broken too.",
    ),
    (
        # Q♠ scores nothing, so the bar on point cards does not reach her
        {"card_values": {"QS": 0, "JD": 5}},
        "The queen of spades may be led or discarded at any time, before hearts are broken too; "
        "as she is not a point card here, she may be played to the first trick.",
    ),
    (
        {"queen_waits_for_hearts": True},
        "The queen of spades may not be played, whether led, followed or discarded, until hearts "
        "are broken, unless she is the only card the player may play "
        "(`QUEEN_NOT_BEFORE_HEARTS`).",
    ),
    ({}, "Each heart scores 1 point."),
    (
        {"heart_points": "spot"},
        "Each heart scores its spot value: 2 to 10 as marked, jack 11, queen 12, king 13 and "
        "ace 14.",
    ),
    ({}, "Besides the hearts, these cards score: Q♠ 13."),
    (
        {"card_values": {"QS": 13, "JD": -10}},
        "Besides the hearts, these cards score: J♦ -10 (a bonus: it lowers the score) and Q♠ 13.",
    ),
    (
        {"no_tricks_bonus": -5},
        "A player who takes no trick in a hand scores -5 for it (a bonus), unless someone shot "
        "the moon that hand.",
    ),
    (
        {"no_tricks_bonus": 2, "moon": "off"},
        "A player who takes no trick in a hand scores +2 for it (a penalty).",
    ),
    (
        {"no_tricks_bonus": -5, "sun": "add-to-others"},
        "unless someone shot the moon or the sun that hand.",
    ),
    (
        {},
        "A player who takes every card worth positive points (the hearts and Q♠) shoots the moon.",
    ),
    (
        {"card_values": {"QS": 13, "JD": -10}, "moon_requires": "all-scoring-cards"},
        "A player who takes every card that scores, J♦ as well as the hearts and Q♠, shoots the "
        "moon.",
    ),
    ({}, "The moon is worth 26 points, all the positive points."),
    ({"moon_points": 30}, "The moon is worth 30 points."),
    ({"heart_points": "spot", "card_values": {"QS": 25}}, "The moon is worth 129 points"),
    (
        {},
        "The shooter scores nothing for the positive cards, and every other player scores the "
        "moon's points instead.",
    ),
    (
        {"moon": "subtract-from-shooter"},
        "The shooter's score goes down by the moon's points, and nobody scores the positive cards.",
    ),
    (
        {"moon": "shooter-chooses"},
        "The shooter chooses how it is scored: every other player scores the moon's points, or "
        "the shooter's score goes down by them",
    ),
    (
        {"moon": "automatic"},
        "Every other player scores the moon's points and the shooter nothing, unless that would "
        "end the game with the shooter losing, its total above the lowest: then the shooter's "
        "score goes down by the moon's points instead",
    ),
    (
        {"moon": "automatic"},
        "A shooter tied for the lowest total, when tied players share the win, is not losing.",
    ),
    (
        {"moon": "off"},
        "There is no shooting the moon: a player who takes every point card scores them all "
        "(26 points).",
    ),
    (
        {"card_values": {"QS": 13, "JD": -10}},
        "A bonus card (J♦) still counts for whoever took it, the shooter too.",
    ),
    (
        {"sun": "subtract-from-shooter"},
        "A player who takes every trick shoots the sun, worth 52 points: their score goes down "
        "by 52 and nobody scores the positive cards. A sun shot is scored instead of a moon "
        "shot.",
    ),
    (
        {"sun": "add-to-others", "sun_points": 39},
        "A player who takes every trick shoots the sun, worth 39 points: they score nothing for "
        "the positive cards and every other player scores 39.",
    ),
    ({}, "The game ends after a hand in which any player's total reaches 100 or more."),
    ({"target_score": 50}, "any player's total reaches 50 or more."),
    (
        {"exact_target_halves": True},
        "A player whose total is exactly 100 after a hand drops back to 50, so reaching exactly "
        "100 does not end the game.",
    ),
    (
        {"exact_target_halves": True, "target_score": 75},
        "A player whose total is exactly 75 after a hand drops back to 37",
    ),
    (
        {},
        "The player with the lowest total wins. If two or more players share the lowest total, "
        "play goes on, hand by hand, until one player alone has it.",
    ),
    (
        {"tie": "shared-win"},
        "The player with the lowest total wins; players tied for the lowest total share the win.",
    ),
    (
        {"single_hand": True},
        "The game is a single hand: the player with the fewest points wins, and players tied "
        "for the fewest share the win.",
    ),
    (
        {"only_discards_break_hearts": True},
        "Hearts are broken once a heart has been discarded: played to a trick by a player who "
        "cannot follow the suit led. A heart led, or played to a heart lead, does not break them.",
    ),
    (
        {"only_discards_break_hearts": True, "queen_breaks_hearts": True},
        "Hearts are broken once a heart or the queen of spades has been discarded",
    ),
    (
        {"only_discards_break_hearts": True, "queen_breaks_hearts": True},
        "Nor does the queen of spades led, or played to a spade lead; discarded on another "
        "suit, she breaks hearts.",
    ),
    (
        {"game_end": "count-down", "target_score": 50},
        "Totals count up until, after a hand, any player's total reaches 50 or more. From the "
        "next hand on, each hand's scores are subtracted from the totals instead of added, to "
        "the end of the game.",
    ),
    (
        {"game_end": "count-down"},
        "While totals count down, the game ends after a hand in which any player's total is 0 "
        "or below.",
    ),
    (
        {"full_polish": True},
        "Full Polish: a player whose total is 99 before a hand and who scores exactly 25 points "
        "in it ends the hand on 98.",
    ),
]


@pytest.mark.parametrize(("changes", "sentence"), SENTENCES)
def test_sentence_for_field_value(changes: dict[str, Any], sentence: str) -> None:
    assert sentence in describe(Rules(**changes))


# Sentences a field value rules out: the default's sentence is gone once the field changes.
GONE: list[tuple[dict[str, Any], str]] = [
    ({"queen_breaks_hearts": True}, "Playing the queen of spades does not break hearts."),
    ({}, "a heart or the queen of spades has been played"),
    ({}, "QUEEN_NOT_BEFORE_HEARTS"),
    ({"queen_waits_for_hearts": True}, "The queen of spades may be led or discarded at any time"),
    ({}, "before hearts are broken too."),
    ({"points_on_first_trick": True}, "except on the first trick"),
    ({"card_values": {"QS": 0}}, "except on the first trick"),
    ({"must_break_hearts": False}, "A heart may not be led until hearts are broken"),
    # Without the hearts rule, leading a heart instead of the queen is no question.
    ({"must_break_hearts": False}, "must lead the queen"),
    ({"pass_cycle": ["hold"]}, "picks exactly"),
    ({"moon": "off"}, "shoots the moon"),
    ({}, "shoots the sun"),
    ({}, "takes no trick"),
    ({}, "drops back"),
    ({"single_hand": True}, "reaches 100"),
    ({}, "single hand"),
    ({"points_on_first_trick": True}, "Nobody may play a point card"),
    ({"only_discards_break_hearts": True}, "a discarded one included"),
    ({}, "has been discarded"),
    ({"game_end": "count-down"}, "The game ends after a hand in which any player's total"),
    ({}, "count down"),
    ({}, "Full Polish"),
]


@pytest.mark.parametrize(("changes", "text"), GONE)
def test_sentence_absent_for_field_value(changes: dict[str, Any], text: str) -> None:
    assert text not in describe(Rules(**changes))


# --- every field shows ---------------------------------------------------------------

# For every Rules field: a ruleset where the field matters and a changed value of it.
FIELD_CHANGES: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "players": ({}, {"players": 5}),
    "lowest_rank": ({}, {"lowest_rank": 7}),
    "removed_cards": ({"players": 3}, {"removed_cards": ["2C"]}),
    "pass_count": ({}, {"pass_count": 2}),
    "pass_cycle": ({}, {"pass_cycle": ["left", "across", "right", "hold"]}),
    "first_lead": ({}, {"first_lead": "any-club"}),
    "points_on_first_trick": ({}, {"points_on_first_trick": True}),
    "must_break_hearts": ({}, {"must_break_hearts": False}),
    "queen_breaks_hearts": ({}, {"queen_breaks_hearts": True}),
    "only_discards_break_hearts": ({}, {"only_discards_break_hearts": True}),
    "lead_hearts_instead_of_queen": ({}, {"lead_hearts_instead_of_queen": True}),
    "queen_waits_for_hearts": ({}, {"queen_waits_for_hearts": True}),
    "heart_points": ({}, {"heart_points": "spot"}),
    "card_values": ({}, {"card_values": {"QS": 13, "JD": -10}}),
    "moon": ({}, {"moon": "subtract-from-shooter"}),
    "moon_requires": (
        {"card_values": {"QS": 13, "JD": -10}},
        {"moon_requires": "all-scoring-cards"},
    ),
    "moon_points": ({}, {"moon_points": 20}),
    "sun": ({}, {"sun": "add-to-others"}),
    "sun_points": ({"sun": "add-to-others"}, {"sun_points": 39}),
    "no_tricks_bonus": ({}, {"no_tricks_bonus": -5}),
    "target_score": ({}, {"target_score": 50}),
    "game_end": ({}, {"game_end": "count-down"}),
    "full_polish": ({}, {"full_polish": True}),
    "single_hand": ({}, {"single_hand": True}),
    "exact_target_halves": ({}, {"exact_target_halves": True}),
    "tie": ({}, {"tie": "shared-win"}),
}


def test_every_field_is_covered() -> None:
    # A new Rules field must be added here, and so shown in the rulebook.
    assert set(FIELD_CHANGES) == set(RULE_FIELDS)


@pytest.mark.parametrize("field", sorted(FIELD_CHANGES))
def test_every_field_change_changes_the_text(field: str) -> None:
    base, change = FIELD_CHANGES[field]
    before = Rules(**base)
    after = Rules(**{**base, **change})
    assert getattr(before, field) != getattr(after, field)
    assert describe(before) != describe(after)


def test_same_rules_same_book() -> None:
    assert describe(Rules()) == describe(Rules())
    # the same ruleset spelled two ways
    assert describe(Rules(players=3)) == describe(
        Rules(players=3, removed_cards="2D", pass_cycle=["left", "right", "hold"])
    )


# A sentence depends only on its own field: here each one is checked under other rules too.
INDEPENDENT = [
    ({"queen_breaks_hearts": True}, "Hearts are broken once a heart or the queen of spades"),
    ({"queen_waits_for_hearts": True}, "(`QUEEN_NOT_BEFORE_HEARTS`)."),
    ({"moon": "subtract-from-shooter"}, "The shooter's score goes down by the moon's points,"),
    ({"tie": "shared-win"}, "players tied for the lowest total share the win."),
    ({"first_lead": "left-of-dealer"}, "The player to the left of the dealer leads"),
]
OTHER_RULES: list[dict[str, Any]] = [
    {},
    {"players": 3},
    {"players": 6, "pass_count": 2},
    {"lowest_rank": 7, "card_values": {"QS": 5, "JC": 2}},
    {"heart_points": "spot", "card_values": {"QS": 25}, "target_score": 500},
]


@pytest.mark.parametrize(("changes", "sentence"), INDEPENDENT)
def test_sentence_does_not_depend_on_other_fields(changes: dict[str, Any], sentence: str) -> None:
    for other in OTHER_RULES:
        found = [s for s in sentences(Rules(**other, **changes)) if sentence in s]
        assert len(found) == 1, other
    books = {
        next(s for s in sentences(Rules(**other, **changes)) if sentence in s)
        for other in OTHER_RULES
    }
    assert len(books) == 1


# --- the points table ------------------------------------------------------------------


def table(rules: Rules) -> list[str]:
    return [
        line
        for line in describe(rules).splitlines()
        if line.startswith("| ") and not line.startswith("| ---")
    ]


def test_points_table_default() -> None:
    assert table(Rules()) == [
        "| Card | Points |",
        "| Each heart, 2♥ to A♥ | 1 |",
        "| Q♠ | 13 |",
        "| All the cards together | 26 |",
    ]


def test_points_table_spot_hearts() -> None:
    rows = table(Rules(heart_points="spot", card_values={"QS": 25}))
    assert rows[1:3] == ["| 2♥ | 2 |", "| 3♥ | 3 |"]
    assert "| 10♥ | 10 |" in rows and "| A♥ | 14 |" in rows
    assert rows[-2:] == ["| Q♠ | 25 |", "| All the cards together | 129 |"]
    assert len(rows) == 1 + 13 + 1 + 1


def test_points_table_black_maria_and_hartenjagen() -> None:
    maria = table(Rules(players=3, removed_cards="2C", card_values={"QS": 13, "KS": 10, "AS": 7}))
    assert maria[1:] == [
        "| Each heart, 2♥ to A♥ | 1 |",
        "| Q♠ | 13 |",
        "| K♠ | 10 |",
        "| A♠ | 7 |",
        "| All the cards together | 43 |",
    ]
    dutch = table(Rules(lowest_rank=7, card_values={"QS": 5, "JC": 2}))
    assert dutch[1:] == [
        "| Each heart, 7♥ to A♥ | 1 |",
        "| J♣ | 2 |",
        "| Q♠ | 5 |",
        "| All the cards together | 15 |",
    ]


def test_points_table_bonus_card() -> None:
    rows = table(Rules(card_values={"QS": 13, "JD": -10}))
    assert "| J♦ | -10 |" in rows
    assert rows[-1] == "| All the cards together | 16 |"


# --- variants --------------------------------------------------------------------------


def test_describe_variant_has_name_aliases_description_and_sources() -> None:
    info = variant_info("moon-choice")
    book = describe_variant(info)
    lines = book.splitlines()
    assert lines[0] == "# moon-choice"
    assert "Also called: `shooter-chooses`." in lines
    assert " ".join(info.description.split()) in lines
    assert lines.index("## Sources") > lines.index("## End of the game")
    for source in info.sources:
        assert f"- {source}" in lines
    # the rules part is the plain rulebook's
    assert book.split("## Players and cards", 1)[1].startswith(
        describe(info.rules).split("## Players and cards", 1)[1].rstrip("\n")
    )


def test_describe_variant_without_metadata() -> None:
    bare = Variant(name="house", aliases=(), description="", sources=(), rules=Rules())
    book = describe_variant(bare)
    assert book.splitlines()[:3] == ["# house", "", "## Players and cards"]
    assert "Also called" not in book and "## Sources" not in book
    assert book.split("\n", 1)[1] == describe(Rules()).split("\n", 1)[1]


def test_describe_variant_differs_by_rules() -> None:
    classic = describe_variant(variant_info("classic"))
    assert "Hearts are broken once a heart or the queen of spades" in classic
    assert "The shooter chooses how it is scored" in classic
    assert variant_info("classic").rules.moon is MoonScoring.SHOOTER_CHOOSES
