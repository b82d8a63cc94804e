"""Pins from the hand kernel's mutation run (docs/mutation-engine.md): behaviours of
``hearts_core/_kernel.py`` no other test held, each with values worked out by hand, in
both builds where the compiled one is present.
"""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

import pytest
from helpers.builds import BUILDS, SCORED, Words, table_of

from hearts_core import CardSet, Rules
from hearts_core import _kernel as pure
from hearts_core.kernel import Table
from hearts_core.playout import ByPoints

ALL = (1 << 52) - 1
CLUBS, DIAMONDS, HEARTS, SPADES = (0x1FFF << 13 * suit for suit in range(4))
POINTS = Rules().tables().points  # a heart 1, the queen of spades 13
NO_ROWS = ((),) * 12
SHADOW = vars(pure)["cython"]  # what the pure build asks whether it is compiled


def masks(*texts: str) -> tuple[int, ...]:
    return tuple(CardSet.parse(text).mask for text in texts)


def first_trick_rows(build: ModuleType, size: int, keeps: dict[tuple[int, bool, bool], str],
                     hands: tuple[int, ...]) -> tuple[Any, Any]:  # fmt: skip
    """A hand of ``hands`` on a hand-built table, one row kept per situation given (the
    moment, whether the first trick, whether broken: the cards its row keeps), played out
    on bytes all 0: the hand and its generator."""
    rows: list[tuple[tuple[int, int], ...]] = [()] * 12
    for (moment, first, broken), keep in keeps.items():
        rows[build.situation(moment, first, broken)] = ((CardSet.parse(keep).mask, 0),)
    table = build.Table(4, size, HEARTS, False, tuple(rows), POINTS, 0)
    hand = build.Hand(table, hands, 0)
    rng = build.Rng(Words([0] * 8))
    hand.finish_random(rng)
    return hand, rng


def one_trick(build: ModuleType, moon: int = 0, only: bool = False) -> Table:
    """A four-seat table of one trick with no restriction: any card may be played; hearts
    break hearts (``only``: only when discarded)."""
    table: Table = build.Table(4, 1, HEARTS, only, NO_ROWS, POINTS, moon)
    return table


def test_the_compiled_population_count_counts_every_card_run_as_python(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # count_cards's bit-twiddling steps are what the compiled build runs; the pure build
    # takes int.bit_count. Run as Python, the steps must count as bin() does.
    monkeypatch.setattr(SHADOW, "compiled", True)
    assert pure.count_cards(0) == 0
    assert pure.count_cards(ALL) == 52
    assert pure.count_cards(1 << 51) == 1
    assert pure.count_cards(0b1011) == 3
    assert pure.count_cards(HEARTS | 1) == 14
    rng = random.Random(52)
    drawn = [rng.getrandbits(52) for _ in range(300)] + [0x5555555555555, 0xAAAAAAAAAAAAA]
    assert [pure.count_cards(mask) for mask in drawn] == [bin(mask).count("1") for mask in drawn]


def test_the_pure_play_out_draws_alike_through_the_compiled_count(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The play-out counts the legal cards with count_cards where compiled: run as Python
    # with that branch, it must play the same cards from the same bytes.
    table = table_of(pure, Rules())
    dealt = tuple(sum(1 << (4 * rank + seat) for rank in range(13)) for seat in range(4))
    ends = []
    for compiled in (False, True):
        hand = pure.Hand(table, dealt, 0)  # built before the flag is set: lists, as pure
        monkeypatch.setattr(SHADOW, "compiled", compiled)
        hand.finish_random(pure.Rng(random.Random(8)))
        ends.append(hand.scored())
    assert ends[0] == ends[1]


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_situation_of_five_rows_reads_no_row_of_the_next(build: ModuleType) -> None:
    # A table holds up to five restrictions a situation. The first trick's lead before
    # hearts break (situation 2) has five that keep every card; the next situation (3,
    # hearts broken) keeps only clubs, and must not narrow the lead.
    rows: list[tuple[tuple[int, int], ...]] = [()] * 12
    rows[2] = ((ALL, 0),) * 5
    rows[3] = ((CLUBS, 0),)
    table = build.Table(4, 1, HEARTS, False, tuple(rows), POINTS, 0)
    hand = CardSet.parse("2C 5D").mask
    assert build.fold(table, hand, 0, True, False) == hand
    kept = set()
    for seed in range(40):  # seat 0 leads either card, and keeps the other
        played = build.Hand(table, masks("2C 5D", "3C", "4C", "6C"), 0)
        played.finish_random(build.Rng(random.Random(seed)))
        kept.add(str(CardSet.from_mask(played.hand_masks()[0])))
    assert kept == {"2C", "5D"}


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_each_row_of_a_situation_keeps_its_own_exempt_cards(build: ModuleType) -> None:
    # Two rows for the first trick's lead: the first keeps every card, the second only
    # the clubs unless that leaves only the 2C (its exempt card). From the 2C and 5D the
    # second row would leave the 2C alone: it is lifted, and either card may lead.
    rows: list[tuple[tuple[int, int], ...]] = [()] * 12
    two = CardSet.parse("2C").mask
    rows[2] = ((ALL, 0), (CLUBS, two))
    table = build.Table(4, 1, HEARTS, False, tuple(rows), POINTS, 0)
    hand = CardSet.parse("2C 5D").mask
    assert build.fold(table, hand, 0, True, False) == hand
    assert build.fold(table, hand | two << 1, 0, True, False) == two | two << 1  # 2C 3C


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_restriction_that_leaves_no_card_is_lifted_whatever_its_exempt_cards(
    build: ModuleType,
) -> None:
    # OpenSpiel's option: hearts may not lead before the break, the queen exempt. A hand
    # of hearts alone has no card the restriction keeps: it is lifted, not obeyed.
    table = table_of(build, Rules(lead_hearts_instead_of_queen=True))
    hearts = CardSet.parse("5H 9H").mask
    assert build.fold(table, hearts, 0, False, False) == hearts
    # The last trick: seat 0 holds only the 5H and leads it; the 9H takes the trick.
    hand = build.Hand(table, masks("5H", "9H", "2C", "3C"), 0)
    hand.resume((), 0, False, 12, (0, 0, 0, 0), (0, 0, 0, 0))
    hand.finish_random(build.Rng(random.Random(3)))
    assert hand.hand_masks() == (0, 0, 0, 0)
    assert hand.taken_masks() == (0, CardSet.parse("5H 9H 2C 3C").mask, 0, 0)


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_hearts_break_only_on_a_discard_where_only_discards_break_them(
    build: ModuleType,
) -> None:
    table = table_of(build, Rules(only_discards_break_hearts=True))
    five = CardSet.parse("5H").mask
    assert not build.breaks(table, five, 0)  # led
    assert not build.breaks(table, five, HEARTS)  # following hearts
    assert build.breaks(table, five, CLUBS)  # discarded on clubs
    # One trick of hearts, led and followed: broken only where any heart breaks them.
    for only, dealt, broken in [
        (True, ("5H", "6H", "7H", "8H"), False),
        (True, ("2C", "5H", "3C", "4C"), True),  # seat 1 discards its heart
        (False, ("5H", "6H", "7H", "8H"), True),
    ]:
        table = one_trick(build, only=only)
        whole = build.Hand(table, masks(*dealt), 0)
        whole.finish_random(build.Rng(random.Random(0)))
        stepped = build.Hand(table, masks(*dealt), 0)
        while not stepped.over():
            stepped.play(stepped.legal())  # one card each: the legal mask is that card
        assert (whole.broken, stepped.broken) == (broken, broken), dealt


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_hand_played_out_has_its_next_trick_unstarted(build: ModuleType) -> None:
    # Seat 1 leads the 2S, seat 2's ace takes the trick: seat 2 leads next, nothing of a
    # trick in progress is left, as Hand.play leaves it after a trick.
    table = one_trick(build)
    dealt = masks("3S", "2S", "AS", "QS")
    rng = build.Rng(random.Random(2))
    whole = build.Hand(table, dealt, 1)
    whole.finish_random(rng)
    stepped = build.Hand(table, dealt, 1)
    while not stepped.over():
        stepped.play(stepped.legal())
    for hand in (whole, stepped):
        assert (hand.seat, hand.leader, hand.winner) == (2, 2, 2)
        assert (hand.position, hand.led, hand.best, hand.trick) == (0, 0, 0, 0)
        assert (hand.tricks, hand.broken) == (1, False)
        assert hand.won_counts() == (0, 0, 1, 0)
    assert rng.place == 0  # one card to each seat: nothing drawn
    # The last card of a trick: nobody follows (-1), the ace wins it for seat 2.
    three, ace = CardSet.parse("3S").mask, CardSet.parse("AS").mask
    assert tuple(build.after_card(table, 0, three, 3, SPADES, ace, 2, False)) == (
        SPADES, ace, 2, -1, False,
    )  # fmt: skip


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_table_holds_the_rules_points_card_by_card(build: ModuleType) -> None:
    table = table_of(build, Rules())
    # Cards 26 to 38 are the hearts (a point each), 49 the queen of spades (13).
    assert list(table.points) == [0] * 26 + [1] * 13 + [0] * 10 + [13, 0, 0]
    assert table.scoring == HEARTS | CardSet.parse("QS").mask


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_hand_given_no_cards_holds_none(build: ModuleType) -> None:
    hand = build.Hand(table_of(build, Rules()), (), 0)
    assert hand.hand_masks() == (0, 0, 0, 0)
    assert hand.taken_masks() == (0, 0, 0, 0) and hand.won_counts() == (0, 0, 0, 0)


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_play_outs_from_dealt_cards_by_default_pass_nothing_and_seat_0_leads(
    build: ModuleType,
) -> None:
    # Given only the cards dealt, the passes and the receivers: no card is drawn to pass,
    # and seat 0 leads. It leads the 5D: the KD of seat 3 takes the trick. (Passing one
    # card to the left, seat 0 would lead its KD; the 2C's holder, seat 2, would lead
    # clubs for seat 1's ace; so would seat 1, leading.)
    moon = Rules().tables().moon_mask
    table = one_trick(build, moon=moon)
    dealt = masks("5D", "AC", "2C", "KD")
    rng = build.Rng(random.Random(0))
    start = build.Hand(table, dealt, 0)
    ends = SCORED[build].scored_outs(start, 2, rng, dealt, (0,) * 4, (1, 2, 3, 0))
    trick = CardSet.parse("5D AC 2C KD").mask
    assert ends == [(-1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, trick)] * 2
    assert rng.place == 0


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_play_outs_with_a_memo_score_each_shot_and_keep_the_others_by_points(
    build: ModuleType,
) -> None:
    # One trick: seat 0's ace of spades always takes the queen.
    dealt = masks("AS", "QS", "2S", "3S")
    trick = CardSet.parse("AS QS 2S 3S").mask
    end = (0, 13, 0, 0, 0, 1, 0, 0, 0, trick, 0, 0, 0)
    calls: list[tuple[int, ...]] = []

    def work(scored: tuple[int, ...]) -> int:
        calls.append(scored)
        return len(calls)

    # The moon the queen alone: seat 0 shoots every time, scored afresh each time.
    memo = ByPoints(Rules(), work)
    start = build.Hand(one_trick(build, moon=CardSet.parse("QS").mask), dealt, 0)
    assert SCORED[build].scored_outs(start, 3, build.Rng(random.Random(1)), memo=memo) == [1, 2, 3]
    assert calls == [end] * 3 and memo.known == {}
    # The moon the queen and the 2H, which nobody takes: scored once, kept by the points.
    calls.clear()
    memo = ByPoints(Rules(), work)
    start = build.Hand(one_trick(build, moon=CardSet.parse("QS 2H").mask), dealt, 0)
    assert SCORED[build].scored_outs(start, 3, build.Rng(random.Random(1)), memo=memo) == [1, 1, 1]
    assert calls == [(-1,) + end[1:]]
    assert memo.known == {(-1, 13, 0, 0, 0): 1}


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_draw_of_cards_reads_a_byte_for_each_choice_of_two_or_more(build: ModuleType) -> None:
    # Two of 1S 2S 4S (bits 1, 2, 4): of three cards, byte 128 gives 3 * 128 = 384, low
    # bits 128, index 1: the 2S; of the two left, byte 200 gives 400, index 1: the 4S.
    rng = build.Rng(Words([128, 200]))
    assert rng.cards(0b10110, 2) == 0b10100 and rng.place == 2
    # All three of 0, 1, 3: the same two bytes choose bit 1, then bit 3; the last card
    # left is taken without a byte.
    rng = build.Rng(Words([128, 200, 5]))
    assert rng.cards(0b1011, 3) == 0b1011 and rng.place == 2


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_play_out_follows_by_the_first_trick_s_own_rows(build: ModuleType) -> None:
    # A table (no ruleset compiles one) whose first trick restricts the lead to the 2C
    # and each follower to its higher club, and nothing after: the play-out's first trick
    # is 2C 4C 6C 8C, and every card after is a seat's only legal card (seat 3 leads the
    # 7C; seat 0 discards the 3D; 3C, 5C). No byte is read.
    keeps = {(0, True, False): "2C", (1, True, False): "4C 6C 8C"}
    hand, rng = first_trick_rows(build, 2, keeps, masks("2C 3D", "3C 4C", "5C 6C", "7C 8C"))
    assert rng.place == 0
    assert hand.taken_masks() == (0, 0, 0, CardSet.parse("2C 3D 3C 4C 5C 6C 7C 8C").mask)
    assert hand.won_counts() == (0, 0, 0, 2)


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_play_out_follows_by_the_broken_first_trick_s_rows_once_hearts_break(
    build: ModuleType,
) -> None:
    # The 2C led (its row), seat 1's forced 2H discard breaks hearts on the first trick,
    # and the broken first trick's row then leaves seats 2 and 3 their 6C and 8C; the
    # second trick is single cards (7C, 3D, 3H, 5C). Seat 3 takes both; no byte is read.
    keeps = {(0, True, False): "2C", (2, True, False): "2H", (1, True, True): "6C 8C"}
    hand, rng = first_trick_rows(build, 2, keeps, masks("2C 3D", "2H 3H", "5C 6C", "7C 8C"))
    assert rng.place == 0 and hand.broken
    assert hand.taken_masks() == (0, 0, 0, CardSet.parse("2C 3D 2H 3H 5C 6C 7C 8C").mask)


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_play_out_leaves_the_first_trick_s_rows_when_it_ends(build: ModuleType) -> None:
    # The first trick's follow row keeps JD QD KD; the first trick is clubs (the 2C by its
    # row, then each seat's one club), so it keeps nothing there. The second trick, past
    # it, has no row: with every byte 0, each choice is the lowest card. Seat 3 leads the
    # 7D (of 7D KD), and the others follow 2D, 5D, 6D, each a byte: 4 bytes; seat 3 wins,
    # and leads the KD over 3D, JD, QD.
    dealt = masks("2C 2D 3D", "4C 5D JD", "5C 6D QD", "8C 7D KD")
    keeps = {(0, True, False): "2C", (1, True, False): "JD QD KD"}
    hand, rng = first_trick_rows(build, 3, keeps, dealt)
    assert rng.place == 4
    assert hand.taken_masks() == (0, 0, 0, sum(dealt)) and hand.won_counts() == (0, 0, 0, 3)
