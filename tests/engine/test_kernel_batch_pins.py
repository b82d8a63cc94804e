"""Pins from the mutation run of the batch module (``hearts_core/_batch.py``,
docs/mutation-engine.md): behaviours of a board no other test held, each with values
worked out by hand from the docstrings and the rules of thumb, in both builds where the
compiled one is present.
"""

from __future__ import annotations

import importlib
import random
from types import ModuleType
from typing import Any

import pytest
from helpers.builds import BUILDS, COMPILED, table_of

from hearts_core import CardSet, Rules, variant

# The batch module of each kernel build, by the build's kernel module.
BATCHES = {
    build: importlib.import_module("hearts_core._batch" + ("_c" if build is COMPILED else ""))
    for build in BUILDS
}


def mask(text: str) -> int:
    return CardSet.parse(text).mask if text else 0


def board(build: ModuleType, hands: tuple[str, ...], leader: int = 0, tricks: int = 0,
          scheme: int = 0, moon_on: bool = False, rules: Rules | None = None,
          taken: tuple[str, ...] = ("", "", "", ""), trick: tuple[str, ...] = (),
          points: tuple[int, ...] | None = None, kinds: tuple[int, ...] = (0,) * 4,
          ) -> Any:  # fmt: skip
    """A board of the standard game (or ``rules``, or its table scoring ``points``) whose
    seats hold ``hands``, ``tricks`` tricks done (hearts broken once any is), ``leader``
    having led the cards ``trick`` (still in the hands), each seat having taken ``taken``;
    who plays each seat ``kinds``, by default every seat a learner."""
    rules = rules or Rules()
    table = table_of(build, rules)
    if points is not None:
        tables = rules.tables()
        rows = tuple(tuple((keep, exempt) for keep, exempt, _, _ in row) for row in tables.rows)
        table = build.Table(
            tables.players, tables.hand_size, tables.breaking_mask, tables.discards_only_break,
            rows, points, tables.moon_mask,
        )  # fmt: skip
    hand = build.Hand(table, tuple(mask(text) for text in hands), leader)
    taken_masks = tuple(mask(text) for text in taken)
    won = tuple(1 if cards else 0 for cards in taken_masks)
    hand.resume(tuple(mask(text) for text in trick), leader, tricks > 0, tricks, taken_masks, won)
    batch = BATCHES[build]
    return batch.Board(hand, build.Rng(random.Random(0)), kinds, scheme, moon_on)


def defended(
    build: ModuleType, hands: tuple[str, ...], leader: int = 0, trick: tuple[str, ...] = (),
    points: tuple[int, ...] | None = None,
) -> str:  # fmt: skip
    """The card ``rule_move`` plays, by name, eleven tricks done, with seat 1 alone having
    taken moon cards (2H 3H: two, and half the tricks done, so a threat)."""
    played = board(build, hands, leader, 11, moon_on=True, taken=("", "2H 3H", "", ""),
                   trick=trick, points=points)  # fmt: skip
    assert BATCHES[build].moon_threat(played) == 1
    return str(CardSet.from_mask(BATCHES[build].rule_move(played)))


def layout_of(build: ModuleType) -> tuple[Any, int]:
    """The layout of the standard game's encoding in ``build``, as the vector environment
    makes it, and the encoding's size."""
    pytest.importorskip("numpy")
    from hearts_core.adapters.encoding import Encoder

    rules = Rules()
    encoder = Encoder(rules)
    blocks = {block.name: block.start for block in encoder.blocks}
    layout = BATCHES[build].Layout(
        rules.players, blocks["trick 0"], blocks["leader"], blocks["phase"],
        blocks["pass direction"], blocks["hearts broken"], blocks["points"],
        encoder._positive, encoder._target, encoder._constants,
    )  # fmt: skip
    return layout, encoder.size


# Pins for hearts_core/_batch.py


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_rewards_added_twice_before_they_are_taken_add_up(build: ModuleType) -> None:
    """``add_reward`` adds to what the seat has had since the rewards were last taken: 1.5
    then -4 is -2.5, and taking them starts every seat again from 0. The vector
    environment takes the rewards before each hand's own, so its tests never add twice."""
    played = board(build, ("2C", "3C", "4C", "5C"), tricks=12)
    played.add_reward(2, 1.5)
    played.add_reward(2, -4.0)
    played.add_reward(0, 1.0)
    assert played.take_rewards() == (1.0, 0.0, -2.5, 0.0)
    assert played.take_rewards() == (0.0, 0.0, 0.0, 0.0)


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_kernel_seat_leading_2c_or_3c_plays_one_card(build: ModuleType) -> None:
    """A lead from 2C and 3C late in a hand (the 2C is no longer forced): one card, the 2C
    (both have the unseen 4C and 5C above them, danger 0, and the lower rank goes first).
    A test of "one legal card" that took the bits 0b11 for one card would play both."""
    played = board(build, ("2C 3C", "4C 5C", "2D 3D", "4D 5D"), tricks=11)
    assert BATCHES[build].rule_move(played) == mask("2C")


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_moon_defence_lead_is_a_sure_point_card_even_beside_the_2c(build: ModuleType) -> None:
    """Eleven tricks done, seat 1 alone has taken moon cards (2H 3H: two, and half the
    tricks are done), and seat 0 leads from 2C and AH: the defence leads the point card
    nobody can beat, the AH (the 4H is out, nothing above it). Without the moon the rules
    of thumb lead the 2C (danger 0 against 10 + 1 + 2.25). The 2C is the lowest bit, which
    the defence's search over the legal cards must get past."""
    hands = ("2C AH", "4H 5C", "3C 4C", "5D 6D")
    taken = ("", "2H 3H", "", "")
    batch = BATCHES[build]
    defended = board(build, hands, tricks=11, moon_on=True, taken=taken)
    assert batch.moon_threat(defended) == 1
    assert batch.rule_move(defended) == mask("AH")
    plain = board(build, hands, tricks=11, moon_on=False, taken=taken)
    assert batch.moon_threat(plain) == -1
    assert batch.rule_move(plain) == mask("2C")


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_moon_defence_leads_a_point_card_only_where_someone_can_follow(
    build: ModuleType,
) -> None:
    """Against the threat, seat 0 holds 2C and AH and nobody else a heart: the AH is not a
    sure lead (it would take its own point), so the rules of thumb lead, the 2C (danger 0
    against 20 + 2.25)."""
    assert defended(build, ("2C AH", "5C 6C", "3C 4C", "5D 6D")) == "2C"


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_moon_defence_follow_wins_over_the_2c_with_its_highest_card(build: ModuleType) -> None:
    """Seat 2 led the 2C and seat 3 shed the 5H on it: seat 0, holding 3C and KC, takes the
    point from the threat with its highest card, the KC. The rules of thumb alone would
    play the lowest, the 3C (nothing ducks under the 2C)."""
    hands = ("3C KC", "4C 6D", "2C 7D", "5H 8D")
    assert defended(build, hands, leader=2, trick=("2C", "5H")) == "KC"


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_moon_defence_follow_that_cannot_win_ducks_by_the_rules_of_thumb(
    build: ModuleType,
) -> None:
    """Seat 2 led the 9C and seat 3 shed the 5H: seat 0, holding 2C and 5C, cannot win, so
    the rules of thumb duck with the highest card under the 9C, the 5C; the 2C is not a
    card above the winning one."""
    hands = ("2C 5C", "4C 6D", "9C 7D", "5H 8D")
    assert defended(build, hands, leader=2, trick=("9C", "5H")) == "5C"


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_moon_defence_discard_feeds_the_threat_nothing(build: ModuleType) -> None:
    """The threat (seat 1) led the 9D and wins so far; seat 2, void in diamonds with 2C and
    5H, sheds the card worth nothing, the 2C (the rules of thumb alone would shed the
    heart). The 2C is the lowest bit, which the search over the legal cards must reach."""
    hands = ("3C 4C", "9D 6D", "2C 5H", "7D 8D")
    assert defended(build, hands, leader=1, trick=("9D",)) == "2C"


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_moon_defence_lead_is_sure_with_only_the_2c_below_it(build: ModuleType) -> None:
    """On a hand-built table where the TC scores 2, seat 0 leads from TC and 5D with only
    the 2C out in clubs: nothing can beat the TC and someone must follow, so the defence
    leads it. (Counted as above the TC, the 2C would leave the rules of thumb to lead the
    5D: danger 0 against 10 + 1 + 2 + 2/4.)"""
    points = list(Rules().tables().points)
    points[8] = 2  # the TC
    hands = ("TC 5D", "2C 6D", "7D 8D", "9D JD")
    assert defended(build, hands, points=tuple(points)) == "TC"


def jack_of_diamonds_worth(value: int) -> tuple[int, ...]:
    """The standard points with the JD worth ``value`` (the omnibus' -10)."""
    points = list(Rules().tables().points)
    points[22] = value  # the JD
    return tuple(points)


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_moon_defence_discard_prefers_a_card_worth_nothing(build: ModuleType) -> None:
    """The threat (seat 1) led the 9C and wins so far; seat 2, void in clubs, holds the JD
    worth -10 and the 5S: it sheds the card worth nothing, the 5S, over the one worth
    less than nothing, found first; void in spades after a 9S, with 2C and JD, the 2C,
    found first, stays chosen."""
    points = jack_of_diamonds_worth(-10)
    hands = ("3C 4C", "9C 6D", "JD 5S", "7D 8D")
    assert defended(build, hands, leader=1, trick=("9C",), points=points) == "5S"
    hands = ("3C 4C", "9S 6D", "2C JD", "7D 8D")
    assert defended(build, hands, leader=1, trick=("9S",), points=points) == "2C"


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_moon_defence_with_only_point_cards_to_discard_leaves_it_to_the_rules_of_thumb(
    build: ModuleType,
) -> None:
    """The threat led the 9D and wins; seat 2, void in diamonds, holds only 5H and QS, both
    scoring: the defence has no card worth nothing, and the rules of thumb shed the queen."""
    hands = ("3C 4C", "9D 6D", "5H QS", "7D 8D")
    assert defended(build, hands, leader=1, trick=("9D",)) == "QS"


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_no_moon_threat_is_minus_one(build: ModuleType) -> None:
    """``moon_threat`` is -1 when no seat has taken moon cards, when two have, when the one
    that has is the seat to act, and when one other seat has taken too few too early (one
    heart, two tricks done); the omnibus-bicycle's 15 moon cards make five hearts a third
    of them, a threat at once."""
    batch = BATCHES[build]
    hands = ("2C", "3C", "4C", "5C")

    def threat(taken: tuple[str, ...], tricks: int = 11, rules: Rules | None = None) -> int:
        played = board(build, hands, tricks=tricks, moon_on=True, taken=taken, rules=rules)
        result: int = batch.moon_threat(played)
        return result

    assert threat(("", "", "", "")) == -1
    assert threat(("", "2H 3H", "4H", "")) == -1
    assert threat(("2H 3H", "", "", "")) == -1  # seat 0, the seat to act
    assert threat(("", "2H", "", ""), tricks=2) == -1
    bicycle = variant("omnibus-bicycle")
    assert threat(("", "2H 3H 4H 5H 6H", "", ""), tricks=2, rules=bicycle) == 1
    assert threat(("", "2H 3H 4H 5H", "", ""), tricks=2, rules=bicycle) == -1


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_step_refuses_cards_not_legal_or_out_of_range_and_counts_the_tables_left(
    build: ModuleType,
) -> None:
    """Five tables on their last trick, seat 0 (a learner) to lead, the others played by
    the rules of thumb: table 0 asks for the 5D (action 13), not held; table 1 is Python's
    already; table 2 asks for action 52, one past the last card, whose bits would read as
    the 2D it holds; table 3 asks for -1; table 4 plays its 5C (action 12) and the hand
    ends, so Python takes it over. Each of the five is left to Python, three as illegal,
    and ``step`` returns 5, counted whichever way each table left. (The vector
    environment's own illegal action is a pass, which Python handles, so no test played an
    illegal card through ``step``.)"""
    np = pytest.importorskip("numpy")
    batch = BATCHES[build]
    pure = BATCHES[BUILDS[0]]  # the compiled module keeps its constants in C
    waiting, illegal, python, rule = pure.WAITING, pure.ILLEGAL, pure.PYTHON, pure.RULE

    def last_trick(lead: str) -> Any:
        return board(build, (lead, "6C", "7C", "8C"), tricks=12, kinds=(0, rule, rule, rule))

    boards = [last_trick("5C"), last_trick("5C"), last_trick("2D"), last_trick("5C"),
              last_trick("5C")]  # fmt: skip
    layout = batch.Layout(4, 0, 0, 0, 0, 0, 1, 1, 1, np.zeros(0, dtype=np.float32))
    actions = np.array([13, 0, 52, -1, 12], dtype=np.int64)
    status = np.array([waiting, python, waiting, waiting, waiting], dtype=np.int8)
    seats = np.zeros(5, dtype=np.int64)
    observations = np.zeros((5, 1), dtype=np.float32)
    masks = np.zeros((5, 1), dtype=np.int8)
    rewards = np.zeros((5, 4), dtype=np.float64)
    left = batch.step(layout, boards, actions, status, seats, observations, masks, rewards)
    assert left == 5
    assert status.tolist() == [illegal, python, illegal, illegal, python]
    assert [board.played() for board in boards[:4]] == [()] * 4
    assert boards[4].played() == (mask("5C"), mask("6C"), mask("7C"), mask("8C"))


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_trick_s_payoff_adds_to_the_rewards_not_yet_taken(build: ModuleType) -> None:
    """Scheme 1 (the others' mean minus one's own): seat 0 leads the 5H on the last trick
    and takes it, one point: -1 for seat 0, +1/3 for each other seat, added to what they
    have not yet taken (1.0 for seat 1). ``run`` then answers -1: the hand is over."""
    batch = BATCHES[build]
    played = board(build, ("5H", "6C", "7C", "8C"), tricks=12, scheme=1)
    played.add_reward(1, 1.0)
    for card in ("5H", "6C", "7C", "8C"):
        batch.play(played, mask(card))
    assert played.take_rewards() == pytest.approx((-1.0, 4 / 3, 1 / 3, 1 / 3))
    assert batch.run(played) == -1


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_step_that_comes_back_to_a_learner_at_seat_0_leaves_it_waiting(
    build: ModuleType,
) -> None:
    """Two tricks left, seat 0 a learner, the others played by the rules of thumb: seat 0
    leads the AH (action 50), the others follow with lower hearts, seat 0 takes the trick
    (4 points: reward -4) and is to lead again, its 5S (action 15) the only legal card.
    The table stays waiting for seat 0 (seat 0 is a seat like the others), and ``step``
    returns 0."""
    np = pytest.importorskip("numpy")
    batch = BATCHES[build]
    pure = BATCHES[BUILDS[0]]
    rule = pure.RULE
    layout, size = layout_of(build)
    hands = ("AH 5S", "2H 6S", "3H 7S", "4H 8S")
    played = board(build, hands, tricks=11, kinds=(0, rule, rule, rule))
    played.phase = pure.PLAYING
    status = np.array([pure.WAITING], dtype=np.int8)
    seats = np.full(1, -1, dtype=np.int64)
    masks = np.zeros((1, 52), dtype=np.int8)
    rewards = np.zeros((1, 4), dtype=np.float64)
    observations = np.zeros((1, size), dtype=np.float32)
    actions = np.array([50], dtype=np.int64)
    left = batch.step(layout, [played], actions, status, seats, observations, masks, rewards)
    assert left == 0
    assert status.tolist() == [pure.WAITING] and seats.tolist() == [0]
    assert np.flatnonzero(masks[0]).tolist() == [15]
    assert rewards[0].tolist() == [-4.0, 0.0, 0.0, 0.0]


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_the_encoded_totals_are_clipped_to_two_targets_either_way(build: ModuleType) -> None:
    """Between hands, totals of 500, -500, 50 and 0 against the standard target of 100 are
    encoded (block "totals", from 556, seat 0 first) as 2, -2, 0.5 and 0: clipped at twice
    the target both ways. No game of the tests goes past twice its target."""
    np = pytest.importorskip("numpy")
    layout, size = layout_of(build)
    between = board(build, ("2C", "3C", "4C", "5C"), tricks=12)
    between.between(0, 0, (500, -500, 50, 0))
    row = np.zeros(size, dtype=np.float32)
    BATCHES[build].encode(layout, between, 0, row)
    assert row[556:560].tolist() == [2.0, -2.0, 0.5, 0.0]


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_board_restored_from_its_state_is_the_same_board(build: ModuleType) -> None:
    """A board with cards passed and received, a card played, a reward and totals: a fresh
    board given its ``state()`` gives the same state back, every seat's passed and
    received cards and the cards in play order among it (the vector environment copies
    and pickles its tables this way)."""
    batch = BATCHES[build]
    played = board(build, ("5C 5H", "6C 6H", "7C 7H", "8C 8H"), tricks=11, scheme=1)
    played.set_seat(1, mask("2D 3D 4D"), mask("2S 3S 4S"))
    played.set_seat(2, mask("9D"), mask("9S"))
    played.set_totals((10, 20, 30, 40))
    played.add_reward(3, 2.5)
    batch.play(played, mask("5C"))
    copy = board(build, ("2C", "3C", "4C", "6D"))
    copy.restore(played.state())
    assert copy.state() == played.state()
    assert copy.played() == (mask("5C"),)
    saved = copy.state()
    assert saved[2][1:3] == [mask("2D 3D 4D"), mask("9D")]  # passed, by seat
    assert saved[3][1:3] == [mask("2S 3S 4S"), mask("9S")]  # received
    assert saved[7][:2] == [mask("5C"), 0]  # the cards in play order


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_seats_played_at_random_draw_from_the_board_s_generator(build: ModuleType) -> None:
    """The last trick, seats 1 to 3 played at random (one legal card each): ``run`` plays
    them with the board's generator, and the hand ends (-1)."""
    batch = BATCHES[build]
    random_kind = BATCHES[BUILDS[0]].RANDOM
    kinds = (0, random_kind, random_kind, random_kind)
    played = board(build, ("5C", "6C", "7C", "8C"), tricks=12, kinds=kinds)
    batch.play(played, mask("5C"))
    assert batch.run(played) == -1
    assert played.played() == tuple(mask(card) for card in ("5C", "6C", "7C", "8C"))


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_new_board_holds_nothing_but_who_plays_each_seat(build: ModuleType) -> None:
    """A board just made: the kinds given (the seats past them learners), nothing at the
    start of play, passed, received, lacking, no totals, no rewards, no card in the 64
    places of the play order; its scheme and moon flag as given, dealer 0, direction 3,
    passing, no card played. (The vector environment sets the totals and takes the rewards
    before it reads them, so only the state shows a slot it never wrote.)"""
    batch = BATCHES[build]
    fresh = board(build, ("2C", "3C", "4C", "5C"), scheme=1, moon_on=True, kinds=(0, 1, 2, 3))
    assert fresh.state() == (
        [0, 1, 2, 3, 0, 0], [0] * 6, [0] * 6, [0] * 6, [0] * 6, [0] * 6, [0.0] * 6, [0] * 64,
        1, True, 0, 3, 0, 0,
    )  # fmt: skip
    assert fresh.take_rewards() == (0.0, 0.0, 0.0, 0.0)
    assert batch.run(fresh) == 0  # seat 0, a learner, to lead
