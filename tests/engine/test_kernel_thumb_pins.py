"""Pins from the mutation run of the rules of thumb (``hearts_core/_thumb.py``,
docs/mutation-engine.md): behaviours no other test held, each with values worked out by
hand from the rules as documented at :func:`hearts_core.bots.heuristics.common_play` and
:func:`hearts_core.bots.rule_bot.rule_pass`, in both builds where the compiled one is
present. The tables are built by hand where no shipped ruleset has the case (a queen of
spades worth 0 or 1 point, several cards worth less than nothing).
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

import pytest
from helpers.builds import BUILDS, COMPILED

from hearts_core import CardSet, Rules

POINTS = Rules().tables().points  # a heart 1, the queen of spades 13
HEARTS = 0x1FFF << 26
NO_ROWS = ((),) * 12

# The rules of thumb of each kernel build, by the build's kernel module.
THUMBS = {build: importlib.import_module("hearts_core._thumb" + ("_c" if build is COMPILED else ""))
          for build in BUILDS}  # fmt: skip


def mask(text: str) -> int:
    return CardSet.parse(text).mask if text else 0


def card(bit: int) -> str:
    return str(CardSet.from_mask(bit))


def scoring(**changes: int) -> tuple[int, ...]:
    """The standard points, with the cards named (``QS=0``) worth other points."""
    points = list(POINTS)
    for name, value in changes.items():
        points[CardSet.parse(name).mask.bit_length() - 1] = value
    return tuple(points)


def table(build: ModuleType, points: tuple[int, ...] = POINTS, size: int = 13) -> Any:
    """A four-seat table with no restriction on any card, scoring ``points``."""
    return build.Table(4, size, HEARTS, False, NO_ROWS, points, 0)


def chosen(build: ModuleType, points: tuple[int, ...], legal: str, hand: str, unseen: str,
           trick: str = "", best: str = "", position: int = 0) -> str:  # fmt: skip
    """The card ``rule_card`` plays, by name."""
    bit = THUMBS[build].rule_card(
        table(build, points), mask(legal), mask(hand), mask(unseen), mask(trick), mask(best),
        position,
    )  # fmt: skip
    return card(bit)


# Pins for hearts_core/_thumb.py


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_discard_sheds_a_high_spade_only_while_a_scoring_queen_is_out(build: ModuleType) -> None:
    """Void in clubs, holding KS and AD: the king of spades goes first only while the queen
    is unseen *and* scores (she may land on it); else the higher card, the ace. The tests
    of whole games never discard such a pair, and no shipped ruleset has a queen worth 0
    or 1 point."""
    assert chosen(build, POINTS, "KS AD", "KS AD", "QS 2H", "3C", "3C", 1) == "KS"
    assert chosen(build, POINTS, "KS AD", "KS AD", "2H", "3C", "3C", 1) == "AD"  # she is played
    assert chosen(build, scoring(QS=0), "KS AD", "KS AD", "QS 2H", "3C", "3C", 1) == "AD"
    assert chosen(build, scoring(QS=1), "KS AD", "KS AD", "QS 2H", "3C", "3C", 1) == "KS"


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_discard_from_cards_all_worth_less_than_nothing_plays_the_least_bad(
    build: ModuleType,
) -> None:
    """With only cards worth negative points to discard (a hand-built table: TC -2, JD -10),
    the card kept for last is the one worth least: TC, worth more, goes. A search that
    starts from a made-up card other than 'none' would answer that card (the 2C)."""
    points = scoring(TC=-2, JD=-10)
    assert chosen(build, points, "TC JD", "TC JD", "", "3S", "3S", 1) == "TC"


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_discard_weighs_the_two_of_clubs_like_any_card(build: ModuleType) -> None:
    """The 2C is the lowest bit: a discard between it and the omnibus' JD (-10) sheds the
    2C (worth more), and between it and the 5D sheds the 5D (higher). In the shipped games
    the 2C is played on the first trick, so no test discarded it."""
    omnibus = scoring(JD=-10)
    assert chosen(build, omnibus, "2C JD", "2C JD", "", "3S", "3S", 1) == "2C"
    assert chosen(build, POINTS, "2C 5D", "2C 5D", "", "3S", "3S", 2) == "5D"


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_lead_smokes_out_only_a_queen_that_scores(build: ModuleType) -> None:
    """Leading 3S or 3D, each with one unseen card above and one below it (danger 1/2):
    while a scoring queen is out a low spade is 0.3 safer (it smokes her out), so 3S; with
    a queen worth nothing the two are equal in danger, in length and in rank, and the first
    found, 3D, is led; a queen worth 1 point still counts."""
    unseen = "2S QS 2D AD"
    assert chosen(build, POINTS, "3S 3D", "3S 3D", unseen) == "3S"
    assert chosen(build, scoring(QS=0), "3S 3D", "3S 3D", unseen) == "3D"
    assert chosen(build, scoring(QS=1), "3S 3D", "3S 3D", unseen) == "3S"


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_lead_of_two_low_clubs_plays_one_card(build: ModuleType) -> None:
    """Legal 2C and 3C (a lead where the 2C is not forced): one card, the lower by the
    rank tie-break (both have one unseen club above, none below: danger 0). A test of
    "one card left" that took 0b11 for a single card would answer both."""
    assert chosen(build, POINTS, "2C 3C", "2C 3C", "4C 5C") == "2C"


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_lead_counts_the_unseen_two_of_clubs_below_a_club(build: ModuleType) -> None:
    """5C with 2C (below) and 7C (above) unseen: danger 1/2; 9D with 3D below and QD, KD
    above: 1/3. The 9D is led. Counting the 2C as above the 5C would make the 5C safe."""
    assert chosen(build, POINTS, "5C 9D", "5C 9D", "2C 7C 3D QD KD") == "9D"


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_lead_weighs_the_top_card_of_a_suit_by_the_cards_below_it(build: ModuleType) -> None:
    """A card nobody unseen can beat is 10 plus the unseen cards below it: AD over 2D is 11,
    AC over 2C and 3C is 12, so the AD is led (not 10 minus, not 11 plus)."""
    assert chosen(build, POINTS, "AD AC", "AD AC", "2D 2C 3C") == "AD"


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_lead_of_a_top_card_ties_a_suit_nobody_holds_at_20(build: ModuleType) -> None:
    """AD over the ten unseen diamonds 2D to JD is 10 + 10 = 20, as each club of a suit no
    unseen hand holds: equal danger, and the AD's suit is the shorter in hand (1 against
    2), so the AD is led. A top card one more (21), or the empty suit one more (21 against
    20 the other way round), changes the card."""
    unseen = "2D 3D 4D 5D 6D 7D 8D 9D TD JD"
    assert chosen(build, POINTS, "AD 5C 6C", "AD 5C 6C", unseen) == "AD"
    # The empty suit at 20 beats a top heart at 10 + 8 + 2 + 1/4 = 20.25.
    hearts = "2H 3H 4H 5H 6H 7H 8H 9H"
    assert chosen(build, POINTS, "AH 5C", "AH 5C", hearts) == "5C"


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_lead_weighs_a_card_with_points_by_2_and_a_quarter_of_them(build: ModuleType) -> None:
    """Holding the queen (13 points) and the JD worth -10 (a hand-built table, as the
    omnibus scores it): QS under the unseen AS and KS is 0 + 2 + 13/4 = 5.25; the JD is 5
    plus its share of unseen diamonds below it. With 2D, 3D below and QD above (2/3: 5.67)
    the queen goes; with QD alone above (5.0) the JD goes."""
    points = scoring(JD=-10)
    assert chosen(build, points, "QS JD", "QS JD", "AS KS 2D 3D QD") == "QS"
    assert chosen(build, points, "QS JD", "QS JD", "AS KS QD") == "JD"


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_lead_adds_8_to_a_high_spade_while_the_queen_is_out(build: ModuleType) -> None:
    """With the queen unseen: AS over QS and 2S is 10 + 2 + 8 = 20, more than the AD over
    the 2D (11), so the AD is led; AS over the QS alone is 10 + 1 + 8 = 19, less than the
    5C of a suit nobody holds (20), so the AS is led."""
    assert chosen(build, POINTS, "AS AD", "AS AD", "QS 2S 2D") == "AD"
    assert chosen(build, POINTS, "AS 5C", "AS 5C", "QS") == "AS"


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_follow_ducks_with_the_highest_card_under_the_winner_even_the_2c(
    build: ModuleType,
) -> None:
    """Following a 5C with 2C and 3C: the highest card under it, the 3C. Last to a trick
    with a heart in it (not clean), holding 2C and KC: duck with the 2C, not win with the
    KC. Both need the 2C under the winning card, which the shipped games lead."""
    assert chosen(build, POINTS, "2C 3C", "2C 3C", "", "5C", "5C", 1) == "3C"
    assert chosen(build, POINTS, "2C KC", "2C KC", "", "5C 2H 3D", "5C", 3) == "2C"


def passed(build: ModuleType, points: tuple[int, ...], hand: str, count: int = 3) -> str:
    """The cards ``pass_cards`` passes from ``hand``, by name."""
    return card(THUMBS[build].pass_cards(table(build, points), mask(hand), count))


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_pass_sheds_the_high_spades_for_a_queen_that_scores_or_for_their_own_points(
    build: ModuleType,
) -> None:
    """QS AS KS with one low spade (unprotected), AH KH QH and six clubs. The queen, ace and
    king of spades go first when the queen scores, even 1 point; with a queen worth nothing
    a spade goes first only for points of its own (a hand-built AS worth 1), and the rest of
    the pass is the highest hearts, ace first. No shipped ruleset has a queen worth 0 or 1."""
    hand = "QS AS KS 2S AH KH QH 2C 3C 4C 5C 6C 7C"
    assert passed(build, POINTS, hand) == "QS KS AS"
    assert passed(build, scoring(QS=1), hand) == "QS KS AS"
    assert passed(build, scoring(QS=0), hand) == "QH KH AH"
    assert passed(build, scoring(QS=0, AS=1), hand) == "KH AH AS"


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_pass_empties_the_short_side_suit_with_the_higher_top_card(build: ModuleType) -> None:
    """One club (2C) and one diamond (3D), the spades protected by three low ones: the two
    side suits are as short, and the one whose top card is higher, the diamonds (rank 3
    against 2), is emptied; then the two highest hearts. The 2C alone is the lowest bit,
    the one case the search for a suit's top card must not lose: lost, it reads as some
    other rank, and a 3D is the card it must still be compared with."""
    hand = "2C 3D 2S 3S 4S 2H 3H 4H 5H 6H 7H 8H 9H"
    assert passed(build, POINTS, hand) == "3D 8H 9H"


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_pass_of_twos_and_a_card_worth_less_than_nothing_keeps_that_card(
    build: ModuleType,
) -> None:
    """Passing two of 2D, 2S and the JD worth -10 (as the omnibus scores it): no point card,
    no high spade, the diamonds hold the JD so are not emptied; the most dangerous cards
    are then the two twos (worth 0, the lowest rank, neither a heart), and the JD stays.
    A search for the most dangerous card that starts from a made-up card rather than
    'none' finds no two better than it, and passes that card (the 2C, not held)."""
    assert passed(build, scoring(JD=-10), "2D 2S JD", 2) == "2D 2S"


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_pass_breaks_ties_of_points_and_rank_by_hearts_alone(build: ModuleType) -> None:
    """Passing one card, the spades protected, no side suit short enough, no point card of
    jack or above: the most dangerous card is the one with points, then the highest, then a
    heart. With a hand-built TD worth 1: TD and TH tie on points and rank, and the heart
    goes; TD against the lower 5H, the higher TD goes; a TH worth nothing does not go
    before the TD that scores, though it is a heart of the same rank."""
    hand = "2S 3S 4S 2C 3C 2D TD {}"
    assert passed(build, scoring(TD=1), hand.format("TH"), 1) == "TH"
    assert passed(build, scoring(TD=1), hand.format("5H"), 1) == "TD"
    assert passed(build, scoring(TD=1, TH=0), hand.format("TH"), 1) == "TD"
