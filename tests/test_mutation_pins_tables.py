"""Pins for hearts_core/rules/compiled.py, found by mutation testing (docs/mutation-engine.md)."""

from __future__ import annotations

from hearts_core import Card, CardSet, Rules


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
