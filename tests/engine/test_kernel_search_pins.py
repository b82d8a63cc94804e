"""Pins from the mutation run of the searching bots' kernel (``hearts_core/_search.py``,
docs/mutation-engine.md): behaviours no other test held, each with values worked out by
hand from the docstrings, in both builds where the compiled one is present. The tables
are built by hand where no shipped ruleset has the case (a 2C or a TC with points, a
queen of spades worth 0 or 1 point).
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

import pytest
from helpers.builds import BUILDS, COMPILED, table_of

from hearts_core import CardSet, Rules

POINTS = Rules().tables().points  # a heart 1, the queen of spades 13
HEARTS = 0x1FFF << 26
CLUBS = 0x1FFF
NO_ROWS = ((),) * 12

# The searching kernel of each kernel build, by the build's kernel module.
SEARCHES = {
    build: importlib.import_module("hearts_core._search" + ("_c" if build is COMPILED else ""))
    for build in BUILDS
}


def mask(text: str) -> int:
    return CardSet.parse(text).mask if text else 0


def card(bit: int) -> str:
    return str(CardSet.from_mask(bit)) if bit else "none"


def scoring(**changes: int) -> tuple[int, ...]:
    """The standard points, with the cards named (``QS=0``) worth other points."""
    points = list(POINTS)
    for name, value in changes.items():
        points[CardSet.parse(name).mask.bit_length() - 1] = value
    return tuple(points)


def table(build: ModuleType, points: tuple[int, ...] = POINTS) -> Any:
    """A four-seat table of 13 cards a hand with no restriction on any card."""
    return build.Table(4, 13, HEARTS, False, NO_ROWS, points, 0)


# Pins for hearts_core/_search.py


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_guard_lead_is_a_point_card_no_unseen_card_beats_even_over_the_2c(
    build: ModuleType,
) -> None:
    """A hand-built table where the 2C scores 1 and the TC 2: leading from 2C, TC and 5H
    with the 3C, 2H unseen, the 2C may lose (the 3C beats it) and the 5H and TC may not;
    the one worth least, the 5H, is led. With the 2C alone unseen below the TC, the TC is
    sure: the 2C is no card above it."""
    points = scoring(**{"2C": 1, "TC": 2})
    guard = SEARCHES[build].guard_card
    chosen = guard(table(build, points), mask("2C TC 5H"), mask("3C 2H"), 0, 1, 1, 0)
    assert card(chosen) == "5H"
    chosen = guard(table(build, points), mask("TC 5D"), mask("2C 6D"), 0, 1, 1, 0)
    assert card(chosen) == "TC"


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_guard_discard_throws_the_queen_only_if_she_scores(build: ModuleType) -> None:
    """Void in clubs while seat 2 (not the threat, seat 1) wins: the guard throws the
    queen when she scores, even 1 point; worth nothing (a hand-built table) she is not
    a card with points, and the 5H, the one worth least, is thrown."""
    guard = SEARCHES[build].guard_card
    legal = mask("QS 5H")
    assert card(guard(table(build), legal, 0, CLUBS, 2, 1, 1)) == "QS"
    assert card(guard(table(build, scoring(QS=1)), legal, 0, CLUBS, 2, 1, 1)) == "QS"
    assert card(guard(table(build, scoring(QS=0)), legal, 0, CLUBS, 2, 1, 1)) == "5H"


def test_outcomes_for_no_candidates_are_refused_by_name() -> None:
    """``add_outcomes`` with play-outs but no totals raises ValueError with its message, in
    the build running (the compiled build raises the same message from C)."""
    from hearts_core.kernel import add_outcomes

    with pytest.raises(ValueError) as raised:
        add_outcomes([(-1, 0)], [], 2, {}, lambda end: 0.0)
    assert str(raised.value) == "add_outcomes: no totals to add the outcomes to"


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_outcomes_for_no_candidates_are_refused_in_each_build(build: ModuleType) -> None:
    """As above, in each build."""
    with pytest.raises(ValueError) as raised:
        SEARCHES[build].add_outcomes([(-1, 0)], [], 2, {}, lambda end: 0.0)
    assert str(raised.value) == "add_outcomes: no totals to add the outcomes to"


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_defence_follows_to_win_a_trick_with_points_or_leaves_it(build: ModuleType) -> None:
    """Against the threat (seat 1), following clubs in a trick with a heart in it: over the
    2C, the highest card that wins, the KC (every club is above the 2C); under the 9C, the
    2C and 5C cannot win, and the defence has nothing to say (0), though the 2C is the
    lowest bit and the 5C the card just under the 9C."""
    defend = SEARCHES[build].defend_card
    clubs = 0x1FFF
    won = defend(table(build), mask("3C KC"), mask("2C 5H"), mask("2C"), clubs, 2, 1, 2)
    assert card(won) == "KC"
    lost = defend(table(build), mask("2C 5C"), mask("9C 5H"), mask("9C"), clubs, 2, 1, 2)
    assert card(lost) == "none"


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_defence_void_while_the_threat_wins_throws_a_card_worth_nothing(
    build: ModuleType,
) -> None:
    """The threat (seat 1) wins a spade trick; void in spades with 2C and 5H, the defence
    throws the highest card worth no points, the 2C (the heart would feed the threat)."""
    defend = SEARCHES[build].defend_card
    spades = 0x1FFF << 39
    chosen = defend(table(build), mask("2C 5H"), mask("9S"), mask("9S"), spades, 1, 1, 1)
    assert card(chosen) == "2C"


def resumed(build: ModuleType, hands: tuple[str, ...], leader: int) -> Any:
    """Two tricks left of a standard hand, hearts broken, seat 1 alone having taken moon
    cards (2H 3H 4H: three, a threat at the default ``least``); tricks won 4, 3, 2, 2."""
    hand = build.Hand(table_of(build, Rules()), tuple(mask(text) for text in hands), leader)
    taken = (0, mask("2H 3H 4H"), 0, 0)
    hand.resume((), leader, True, 11, taken, (4, 3, 2, 2))
    return hand


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_plan_by_default_sees_a_threat_at_three_moon_cards(build: ModuleType) -> None:
    """Seat 1 leads from AS and 4C, three moon cards taken, the searching seat 2: a threat,
    it plays as a moon attempt, the sure AS; at four cards (``least`` 4) it is no threat,
    and the rules of thumb lead the 4C (danger 0 against 10 + 2). Played out by default:
    AS, KS, 3S, 9C (the defence's card worth nothing, highest) to seat 1, then 4C, 2D, 8C,
    5D to seat 3: tricks won 4, 4, 2, 3. At four: 4C, KS, 8C, 9C to seat 0, and the 5D
    lead wins the last: 6, 3, 2, 2."""
    search = SEARCHES[build]
    hands = ("5D 9C", "AS 4C", "KS 2D", "3S 8C")
    assert card(search.plan_card(resumed(build, hands, 1), 2, False)) == "AS"
    assert card(search.plan_card(resumed(build, hands, 1), 2, False, 4)) == "4C"
    played = resumed(build, hands, 1)
    search.finish_plan(played, 2, False)
    assert played.won_counts() == (4, 4, 2, 3)
    played = resumed(build, hands, 1)
    search.finish_plan(played, 2, False, 4)
    assert played.won_counts() == (6, 3, 2, 2)


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_plan_takes_the_guard_s_care_only_when_asked(build: ModuleType) -> None:
    """Seat 0 (the searching seat) leads from AH and 2C against the threat, seat 1: by
    default the rules of thumb lead the 2C (danger 0 against 10 + 1 + 2.25), and seat 3
    wins both tricks (8C over the clubs, then 7C): tricks won 4, 3, 2, 4. With GUARD the
    defence leads the heart no unseen card beats, the AH, and takes the threat's trick
    with it: 5, 3, 2, 3."""
    search = SEARCHES[build]
    guard = SEARCHES[BUILDS[0]].GUARD  # the compiled module keeps it in C
    hands = ("AH 2C", "3C 4C", "5H 6C", "7C 8C")
    assert card(search.plan_card(resumed(build, hands, 0), 0, False)) == "2C"
    assert card(search.plan_card(resumed(build, hands, 0), 0, False, 3, guard)) == "AH"
    played = resumed(build, hands, 0)
    search.finish_plan(played, 0, False)
    assert played.won_counts() == (4, 3, 2, 4)
    played = resumed(build, hands, 0)
    search.finish_plan(played, 0, False, 3, guard)
    assert played.won_counts() == (5, 3, 2, 3)


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_plan_leading_from_2c_and_3c_plays_one_card(build: ModuleType) -> None:
    """Seat 0 leads from 2C and 3C against the threat, seat 1: the defence has nothing to
    say at a lead, and the rules of thumb lead the 2C (both have the unseen 4C and 5C above
    them, danger 0, and the lower rank goes first). A test of "one legal card" that took
    the bits 0b11 for one card would play both."""
    hands = ("2C 3C", "4C 5C", "2D 3D", "4D 5D")
    assert card(SEARCHES[build].plan_card(resumed(build, hands, 0), 0, False)) == "2C"


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_play_outs_pass_their_flags_on_to_the_plan(build: ModuleType) -> None:
    """Three tricks left, seat 1 the threat (three moon cards), seat 3 (searching) leads
    the 3S: seat 0 takes it with the AS and leads again from AH and 2C. With GUARD it leads
    the AH, takes the threat's trick with it (AH, 3C, 5H, 8C: 2 points) and the 7C takes
    the last; by default it leads the 2C, the 8C takes that trick and the 7C the last, with
    the AH and the 5H on it. The points: 2, 3, 0, 0 and 0, 3, 0, 2 (seat 1's three hearts
    taken before)."""
    search = SEARCHES[build]
    guard = SEARCHES[BUILDS[0]].GUARD
    hands = tuple(mask(text) for text in ("AS AH 2C", "5S 3C 4C", "6S 5H 6C", "3S 7C 8C"))
    start = build.Hand(table_of(build, Rules()), (0,) * 4, 3)
    start.resume((), 3, True, 10, (0, mask("2H 3H 4H"), 0, 0), (3, 3, 2, 2))
    guarded = search.play_outs(start, [hands], mask("3S"), search.NORMAL, 3, 3, guard)
    plain = search.play_outs(start, [hands], mask("3S"), search.NORMAL, 3)
    assert [end[:5] for end in guarded] == [(-1, 2, 3, 0, 0)]
    assert [end[:5] for end in plain] == [(-1, 0, 3, 0, 2)]


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_pass_outs_by_default_see_a_threat_at_three_and_take_no_guard(build: ModuleType) -> None:
    """``pass_outs`` with its defaults plays as with ``least`` 3 and no flags, as its
    signature says, over twelve dealt hands (seat 0 trying its three lowest cards and its
    three highest, the others passing their lowest); ``least`` 4 and GUARD each change
    some play-out among them, so the comparison can tell."""
    import random

    from hearts_core import random_deal

    search = SEARCHES[build]
    guard = SEARCHES[BUILDS[0]].GUARD
    rules = Rules()
    tables = rules.tables()
    kernel_table = table_of(build, rules)
    four = guarded = 0
    for seed in range(12):
        dealt = tuple(hand.mask for hand in random_deal(rules, random.Random(seed)).hands)
        nth = build.nth_card
        three = [[nth(hand, i) | nth(hand, i + 1) | nth(hand, i + 2) for hand in dealt]
                 for i in (0, 10)]  # fmt: skip
        deals = [(dealt, (0, *three[0][1:]))]
        passes = [three[0][0], three[1][0]]
        first = tables.first_lead_card
        args = (kernel_table, deals, passes, 0, (1, 2, 3, 0), first, 0, search.NORMAL)
        default = search.pass_outs(*args)
        assert default == search.pass_outs(*args, 3, 0)
        four += default != search.pass_outs(*args, 4, 0)
        guarded += default != search.pass_outs(*args, 3, guard)
    assert four and guarded


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_no_threat_is_minus_one(build: ModuleType) -> None:
    """``threat_of`` answers -1 for none: when two seats have taken moon cards (seat 1
    three, seat 2 one), and when nobody has."""
    need = Rules().tables().moon_mask
    hand = build.Hand(table_of(build, Rules()), (), 0)
    hand.resume((), 0, True, 3, (0, mask("2H 3H QS"), mask("4H"), 0), (0, 2, 1, 0))
    assert SEARCHES[build].threat_of(hand, need) == -1
    hand.resume((), 0, True, 3, (0, mask("2C 3C 4C 5C"), 0, 0), (0, 1, 0, 0))
    assert SEARCHES[build].threat_of(hand, need) == -1


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_moon_attempt_leads_a_club_only_the_2c_is_under(build: ModuleType) -> None:
    """A moon attempt leads a sure winner: from 5C and 9D with the 2C and TD unseen, the 5C
    (the 2C is under it, the TD over the 9D); from 2C and 9D with the TD unseen, the 2C
    (no unseen club at all over it), the lowest bit, which the search must reach. Void in
    hearts with 2C and 5D, it throws the lowest card worth no points, the 2C."""
    shoot = SEARCHES[build].shoot_card
    assert card(shoot(table(build), mask("2C 5D"), mask("TD"), HEARTS, 1)) == "2C"
    assert card(shoot(table(build), mask("5C 9D"), mask("2C TD"), 0, 0)) == "5C"
    assert card(shoot(table(build), mask("2C 9D"), mask("TD"), 0, 0)) == "2C"


def test_a_prover_plays_alike_only_cards_the_rules_and_the_points_treat_alike() -> None:
    """The pure build's ``Prover.alike_cards`` (a C method in the compiled build, which
    ``tests/engine/test_kernel_search.py`` compares with the pure one through ``prove``):
    under the standard rules 3C and 4C play alike; 2C and 3C do not (the first lead keeps
    the 2C alone), nor QS and KS (13 points against none)."""
    from hearts_core import _kernel as pure_kernel
    from hearts_core import _search as pure_search

    hand = pure_kernel.Hand(table_of(pure_kernel, Rules()), (0, 0, 0, 0), 0)
    prover = pure_search.Prover(hand, 0, True, 100)
    assert prover.alike_cards(mask("3C"), mask("4C"), 0)
    assert not prover.alike_cards(mask("2C"), mask("3C"), 0)
    assert not prover.alike_cards(mask("QS"), mask("KS"), 0)


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_proof_of_eight_positions_needs_a_budget_of_eight(build: ModuleType) -> None:
    """Seat 0 leads AC then KC, the others follow with one card each: the proof that it
    takes both tricks visits eight positions (the four seats of each trick; the AC wins at
    once, so the KC is never tried first), so a budget of 8 proves it and 7 gives up."""
    hands = tuple(mask(text) for text in ("AC KC", "2C 3D", "3C 4D", "4C 5D"))
    search = SEARCHES[build]
    hand = build.Hand(table_of(build, Rules()), hands, 0)
    hand.resume((), 0, True, 11, (0, 0, 0, 0), (0, 0, 0, 0))
    assert search.prove(hand, 0, True, 8) == 1  # PROVED
    assert search.prove(hand, 0, True, 7) == -1  # UNDECIDED


@pytest.mark.parametrize("name", ["standard", "omnibus", "black-maria"])
def test_a_prover_compares_cards_by_every_row_of_the_rules_then_breaking_and_scoring(
    name: str,
) -> None:
    """The pure build's ``Prover`` (its masks are a C array in the compiled build) lists the
    masks two alike cards must agree on: each situation's rows in order, the cards each
    keeps and those it exempts, then the cards that break hearts and those that score;
    nothing else."""
    from hearts_core import _kernel as pure_kernel
    from hearts_core import _search as pure_search
    from hearts_core import variant

    kernel_table = table_of(pure_kernel, variant(name))
    expected = []
    for situation in range(pure_kernel.SITUATIONS):
        for place in range(kernel_table.counts[situation]):
            row = pure_kernel.MAX_ROWS * situation + place
            expected += [kernel_table.keep[row], kernel_table.exempt[row]]
    expected += [kernel_table.breaking, kernel_table.scoring]
    hand = pure_kernel.Hand(kernel_table, (0, 0, 0, 0), 0)
    prover = pure_search.Prover(hand, 0, True, 100)
    assert prover.masks == len(expected)
    assert prover.alike[: prover.masks] == expected


def test_a_prover_keeps_each_row_s_exempt_cards_beside_its_kept_ones() -> None:
    """On a hand-built table (no shipped ruleset exempts any card), two rows in the first
    situation and one in the sixth: the pure build's ``Prover`` lists keep and exempt
    pairs in order, 0x3 and 0x10, 0x5 and 0x20, 0x7 and 0x40, then the cards that break
    hearts (the hearts) and those that score (the hearts and the queen of spades)."""
    from hearts_core import _kernel as pure_kernel
    from hearts_core import _search as pure_search

    rows: list[tuple[tuple[int, int], ...]] = [()] * 12
    rows[0] = ((0x3, 0x10), (0x5, 0x20))
    rows[5] = ((0x7, 0x40),)
    kernel_table = pure_kernel.Table(4, 13, HEARTS, False, tuple(rows), POINTS, 0)
    prover = pure_search.Prover(pure_kernel.Hand(kernel_table, (0, 0, 0, 0), 0), 0, True, 9)
    queen = 1 << 49
    expected = [0x3, 0x10, 0x5, 0x20, 0x7, 0x40, HEARTS, HEARTS | queen]
    assert prover.masks == 8
    assert prover.alike[:8] == expected


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_proof_of_every_trick_tries_the_highest_card_first(build: ModuleType) -> None:
    """Seat 0 holds AC and QC, seat 1 the KC: the proof that seat 0 takes both tricks tries
    the AC first and is done in eight positions (AC, KC, 2C, 3C, then QC, 2D, 3D, 4D), so a
    budget of 8 proves it. Tried lowest first, the QC loses to the KC (two positions) before
    the AC line's seven: nine, past the budget."""
    hands = tuple(mask(text) for text in ("AC QC", "KC 2D", "2C 3D", "3C 4D"))
    hand = build.Hand(table_of(build, Rules()), hands, 0)
    hand.resume((), 0, True, 11, (0, 0, 0, 0), (0, 0, 0, 0))
    assert SEARCHES[build].prove(hand, 0, True, 8) == 1  # PROVED


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_proof_of_every_trick_stops_where_the_target_s_own_card_loses(
    build: ModuleType,
) -> None:
    """Seat 1 is to take both tricks; seat 0 leads the 5D (the higher of its cards by bit,
    tried first), seat 1 must follow with the 3D and is beaten by its own card: refuted in
    two positions, seats 2 and 3 never asked. So a budget of 2 refutes it, and 1 gives up."""
    hands = tuple(mask(text) for text in ("5D AC", "3D KC", "2D 2C", "4D 3C"))
    hand = build.Hand(table_of(build, Rules()), hands, 0)
    hand.resume((), 0, True, 11, (0, 0, 0, 0), (0, 0, 0, 0))
    assert SEARCHES[build].prove(hand, 1, True, 2) == 0  # REFUTED
    assert SEARCHES[build].prove(hand, 1, True, 1) == -1  # UNDECIDED


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_proof_leads_a_heart_where_only_discards_break_hearts(build: ModuleType) -> None:
    """A hand-built table with no restriction where only discards break hearts, hearts not
    broken: seat 0 (AC 5H) is to take both tricks. The 5H first loses to the 6H; the AC
    takes the clubs and seat 0 leads the 5H, which does not break hearts (a lead is no
    discard), and the 8H takes it: refuted. The new trick's lead must reach the fold and
    the breaking test as "no suit led" (0)."""
    hands = tuple(mask(text) for text in ("AC 5H", "2C 6H", "3C 7H", "4C 8H"))
    only_discards = build.Table(4, 13, HEARTS, True, NO_ROWS, POINTS, 0)
    hand = build.Hand(only_discards, hands, 0)
    hand.resume((), 0, False, 11, (0, 0, 0, 0), (0, 0, 0, 0))
    assert SEARCHES[build].prove(hand, 0, True, 1000) == 0  # REFUTED


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_the_highest_card_of_a_mask_with_the_2c(build: ModuleType) -> None:
    """``highest`` of 2C and 4C is the 4C, of 2C and 3C the 3C, of the 2C alone the 2C; a
    moon attempt following clubs with 2C and 4C plays the 4C. (The doctest's mask has no
    bit 0.)"""
    search = SEARCHES[build]
    assert card(search.highest(mask("2C 4C"))) == "4C"
    assert card(search.highest(mask("2C 3C"))) == "3C"
    assert card(search.highest(mask("2C"))) == "2C"
    assert card(search.shoot_card(table(build), mask("2C 4C"), 0, 0x1FFF, 1)) == "4C"
