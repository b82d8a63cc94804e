"""The hand kernel: both builds give the same results, its draws are exactly uniform, and
the build is chosen as documented.

The pure build is the source file ``hearts_core/_kernel.py`` itself; the compiled one is
``hearts_core._kernel_c``, present wherever the package was installed with a C compiler.
Where it is present, every comparison below runs both; uniformity is checked against
exact enumeration of every way a small endgame can be played.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from fractions import Fraction
from pathlib import Path
from types import ModuleType

import pytest
from helpers.builds import (
    BUILDS,
    COMPILED,
    DEALS,
    SCORED,
    Words,
    hand_in,
    needs_compiled,
    table_of,
)  # fmt: skip
from helpers.positions import position

import hearts_core
from hearts_core import CardSet, Phase, Rules, variant, variant_names
from hearts_core import _kernel as pure
from hearts_core.playout import ByPoints, rollouts

ROOT = Path(hearts_core.__file__).resolve().parent


DEAL_C = "hearts_core._deal_c"


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
@pytest.mark.parametrize("name", variant_names())
def test_a_play_out_plays_the_cards_play_legal_and_card_play(build: ModuleType, name: str) -> None:
    # finish_random plays the hand in one frame; step by step, Hand.play, Hand.legal and
    # Rng.card must play the same cards from the same bytes, in each build.
    rules = variant(name)
    compared = 0
    for seed in range(6):
        state = position(rules, seed, 4 + 7 * seed)
        if state.phase is not Phase.PLAY:
            continue
        compared += 1
        whole, stepped = hand_in(build, state), hand_in(build, state)
        drawn, stepping = build.Rng(random.Random(seed)), build.Rng(random.Random(seed))
        whole.finish_random(drawn)
        while not stepped.over():
            stepped.play(stepping.card(stepped.legal()))
        assert whole.scored() == stepped.scored()
        assert (whole.seat, whole.leader, whole.broken) == (
            stepped.seat, stepped.leader, stepped.broken
        )
        assert drawn.place == stepping.place
        assert drawn.source.getstate() == stepping.source.getstate()
    assert compared >= 3


@needs_compiled
@pytest.mark.parametrize("name", variant_names())
def test_both_builds_play_out_every_variant_identically(name: str) -> None:
    assert COMPILED is not None
    rules = variant(name)
    for seed in range(8):
        state = position(rules, seed, 6 + 5 * seed)
        if state.phase is not Phase.PLAY:
            continue
        ends = []
        for build in BUILDS:
            hand = hand_in(build, state)
            ends.append(SCORED[build].scored_outs(hand, 40, build.Rng(random.Random(seed))))
        assert ends[0] == ends[1]


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
@pytest.mark.parametrize("name", ["standard", "shoot-the-sun", "omnibus", "six-player"])
def test_play_outs_with_a_memo_give_what_the_memo_makes_of_each(
    build: ModuleType, name: str
) -> None:
    # scored_outs(memo=...) looks each play-out up as ByPoints.of does: the same results,
    # and work asked for the same play-outs, as scoring the plain play-outs one by one.
    rules = variant(name)
    state = next(
        found
        for seed in range(40)
        if (found := position(rules, seed, 8 + seed)).phase is Phase.PLAY
    )
    asked: list[list[tuple[int, ...]]] = [[], []]
    results = []
    for calls in asked:

        def work(end: tuple[int, ...], calls: list[tuple[int, ...]] = calls) -> object:
            calls.append(end)
            return (len(calls), end)

        memo = ByPoints(rules, work)
        rng = build.Rng(random.Random(5))
        if calls is asked[0]:
            results.append(SCORED[build].scored_outs(hand_in(build, state), 300, rng, memo=memo))
        else:
            ends = SCORED[build].scored_outs(hand_in(build, state), 300, rng)
            results.append([memo.of(end) for end in ends])
    assert results[0] == results[1]
    assert asked[0] == asked[1]
    assert 1 < len(asked[0]) < 300  # some play-outs fall alike and are not scored again


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_play_outs_with_a_memo_score_every_shot_afresh(build: ModuleType) -> None:
    # One trick of four hearts, the moon's four cards: seat 0's ace takes them all every
    # time. A shot may score differently each time (a drawn moon choice), so every
    # play-out asks work again, seat 0's shot as any other's.
    tables = Rules().tables()
    moon = CardSet.parse("AH 2H 3H 4H").mask
    table = build.Table(4, 1, tables.breaking_mask, False, ((),) * 12, tables.points, moon)
    hands = tuple(CardSet.parse(text).mask for text in ("AH", "2H", "3H", "4H"))
    start = build.Hand(table, hands, 0)
    asked: list[tuple[int, ...]] = []

    def work(end: tuple[int, ...]) -> int:
        asked.append(end)
        return len(asked)

    memo = ByPoints(Rules(), work)
    outs = SCORED[build].scored_outs(start, 3, build.Rng(random.Random(1)), memo=memo)
    assert outs == [1, 2, 3]
    assert asked[0][:5] == (0, 4, 0, 0, 0)  # seat 0 shot, with the four points


@needs_compiled
def test_both_builds_fold_draw_and_step_identically() -> None:
    assert COMPILED is not None
    rng = random.Random(11)
    for name in variant_names():
        rules = variant(name)
        tables = [table_of(build, rules) for build in BUILDS]
        for _ in range(60):
            hand = rng.getrandbits(52) & rules.tables().deck
            led = rng.choice([0, 0x1FFF, 0x1FFF << 13, 0x1FFF << 26, 0x1FFF << 39])
            first, broken = rng.random() < 0.5, rng.random() < 0.5
            pairs = list(zip(BUILDS, tables, strict=True))
            folds = {b.fold(t, hand, led, first, broken) for b, t in pairs}
            assert len(folds) == 1
            seat, bit, at = rng.randrange(rules.players), 1 << rng.randrange(52), rng.randrange(2)
            steps = {b.after_card(t, seat, bit, at, led, 1, 0, False) for b, t in pairs}
            assert len(steps) == 1
    draws = [build.Rng(random.Random(2**64 - 3)) for build in BUILDS]
    for count in (1, 2, 3, 13, 52, 200, 256):
        assert len({d.below(count) for d in draws}) == 1
    assert len({d.cards((1 << 52) - 1, 3) for d in draws}) == 1
    assert len({(d.place, d.source.getstate()) for d in draws}) == 1


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_the_bytes_are_the_generators_own_in_blocks_of_128(build: ModuleType) -> None:
    # 300 bytes: three blocks of getrandbits(1024), each read least significant byte first.
    rng = build.Rng(random.Random(6))
    source = random.Random(6)
    expected = []
    for _ in range(3):
        block = source.getrandbits(1024)
        expected += [block >> (8 * i) & 0xFF for i in range(128)]
    assert [rng.word() for _ in range(300)] == expected[:300]
    assert rng.source.getstate() == source.getstate()  # three blocks drawn, no more


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_draw_among_one_takes_no_byte(build: ModuleType) -> None:
    rng = build.Rng(Words([200, 9]))
    assert rng.below(1) == 0 and rng.place == 0
    assert rng.card(1 << 30) == 1 << 30 and rng.place == 0
    assert rng.below(2) == 1 and rng.place == 1  # 2 * 200 = 400 = 256 + 144: 1, kept


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
@pytest.mark.parametrize("count", [0, 257, 2**32])
def test_a_draw_among_more_than_256_or_none_is_refused(build: ModuleType, count: int) -> None:
    with pytest.raises(ValueError, match="from 1 to 256"):
        build.Rng(random.Random(1)).below(count)


def chi_square_is_plausible(counts: Counter[object], expected: dict[object, float]) -> bool:
    """Whether observed ``counts`` fit the ``expected`` counts: the chi-square statistic
    below its mean plus six standard deviations (a false alarm well under one in a
    million)."""
    assert set(counts) <= set(expected), set(counts) - set(expected)
    statistic = sum((counts[key] - want) ** 2 / want for key, want in expected.items())
    freedom = len(expected) - 1
    return statistic < freedom + 6 * math.sqrt(2 * freedom)


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
@pytest.mark.parametrize("count", [2, 3, 7, 13])
def test_bounded_draws_are_uniform(build: ModuleType, count: int) -> None:
    rng = build.Rng(random.Random(count))
    draws = Counter(rng.below(count) for _ in range(20_000))
    assert set(draws) == set(range(count))
    assert chi_square_is_plausible(draws, dict.fromkeys(range(count), 20_000 / count))


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_cards_draws_what_card_draws_card_after_card(build: ModuleType) -> None:
    # Rng.cards draws in one frame; it must take the cards and bytes that Rng.card, called
    # once for each card on the cards left, takes.
    source = random.Random(17)
    for _ in range(300):
        mask = source.getrandbits(52)
        count = source.randrange(0, min(mask.bit_count(), 5) + 1)
        seed = source.getrandbits(32)
        # Blocks of three bytes: the draws cross from one block to the next.
        together, one_by_one = build.Rng(random.Random(seed), 3), build.Rng(random.Random(seed), 3)
        chosen, left = 0, mask
        for _ in range(count):
            bit = one_by_one.card(left)
            left ^= bit
            chosen |= bit
        assert together.cards(mask, count) == chosen
        assert together.place == one_by_one.place
        assert together.source.getstate() == one_by_one.source.getstate()


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_drawn_passes_are_uniform_over_the_subsets(build: ModuleType) -> None:
    hand = 0b1011011  # five cards
    subsets = [sum(c) for c in itertools.combinations([1, 2, 8, 16, 64], 3)]
    rng = build.Rng(random.Random(5))
    draws = Counter(rng.cards(hand, 3) for _ in range(20_000))
    assert set(draws) == set(subsets)
    assert chi_square_is_plausible(draws, dict.fromkeys(subsets, 2_000.0))


def exact_outcomes(hand: object) -> dict[tuple[int, ...], Fraction]:
    """Every end of the hand reachable from ``hand`` by legal play, with its probability
    when each seat picks each legal card with equal chance: worked out by walking every
    branch (a pure kernel hand, copied at each)."""
    found: dict[tuple[int, ...], Fraction] = {}

    def walk(at: object, chance: Fraction) -> None:
        if at.over():  # type: ignore[attr-defined]
            key = at.taken_masks() + at.won_counts()  # type: ignore[attr-defined]
            found[key] = found.get(key, Fraction(0)) + chance
            return
        legal = at.legal()  # type: ignore[attr-defined]
        cards = [1 << i for i in range(52) if legal >> i & 1]
        for bit in cards:
            after = at.copy()  # type: ignore[attr-defined]
            after.play(bit)
            walk(after, chance / len(cards))

    walk(hand, Fraction(1))
    return found


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
@pytest.mark.parametrize("name, seed", [("standard", 3), ("omnibus", 5), ("three-player", 8)])
def test_play_outs_are_uniform_as_exact_enumeration_says(
    build: ModuleType, name: str, seed: int
) -> None:
    rules = variant(name)
    state = position(rules, seed, 0)
    # Walk into the hand until two or three tricks are left, mid-trick.
    rng = random.Random(seed)
    while state.phase is not Phase.PLAY or len(state.tricks) < rules.tables().hand_size - 3:
        state = hearts_core.apply(state, rng.choice(hearts_core.legal_actions(state)))
    state = hearts_core.apply(state, rng.choice(hearts_core.legal_actions(state)))
    exact = exact_outcomes(hand_in(pure, state))
    assert len(exact) > 3  # several ends, or the test shows nothing
    draws = 30_000
    players = rules.players
    outs = SCORED[build].scored_outs(hand_in(build, state), draws, build.Rng(random.Random(seed)))
    ends = Counter(end[1 + 2 * players :] + end[1 + players : 1 + 2 * players] for end in outs)
    assert chi_square_is_plausible(
        ends, {key: float(chance) * draws for key, chance in exact.items()}
    )


def test_moon_choices_are_drawn_evenly() -> None:
    # A hand where seat 0 took every point card, waiting for its choice.
    from helpers.positions import MOON_DEAL

    rules = Rules(pass_cycle=["hold"], moon="shooter-chooses")
    state = hearts_core.apply(hearts_core.new_game(rules), MOON_DEAL)
    rng = random.Random(4)
    while state.phase is not Phase.MOON:
        state = hearts_core.apply(state, min(hearts_core.legal_actions(state), key=_shoot))
        if state.phase is Phase.DEAL:
            pytest.fail("the deal was meant to let seat 0 shoot the moon")
    scores = Counter(rollouts(state, 4_000, rng))
    assert set(scores) == {(0, 26, 26, 26), (-26, 0, 0, 0)}
    assert abs(scores[(0, 26, 26, 26)] - 2_000) < 6 * math.sqrt(1_000)


def _shoot(action: hearts_core.Action) -> tuple[int, int]:
    # Seat 0 plays its highest card and the others their lowest: seat 0 takes every trick.
    assert isinstance(action, hearts_core.PlayCard)
    rank = int(action.card.rank)
    return (-rank, 0) if action.seat == 0 else (rank, 0)


@pytest.mark.parametrize("build", DEALS, ids=lambda b: b.__name__)
@pytest.mark.parametrize(
    "rules", [Rules(), Rules(players=3), Rules(players=5), Rules(players=6), Rules(lowest_rank=7)]
)
def test_the_kernel_deals_the_hands_the_byte_tricks_deal(build: ModuleType, rules: Rules) -> None:
    # random_deal reads the seats from sorted keys in the kernel when it is compiled, and
    # by sorting floats and reading bytes otherwise: the same hands, seed after seed.
    from hearts_core.actions import _hands_of_keys

    tables = rules.tables()
    keep, fixed, reads, layout = tables.dealing
    count = tables.hand_size * tables.players
    rng = random.Random(count)
    for _ in range(300):
        keys = ((rng.getrandbits(64 * count) & keep) | fixed).to_bytes(8 * count, "little")
        expected = _hands_of_keys(keys, count, reads, layout)
        assert build.deal_hands(keys, tables.deck, tables.players) == expected


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_bounded_draw_rejects_the_words_below_its_threshold(build: ModuleType) -> None:
    # below(3): a byte w gives 3w; its low 8 bits must be at least (256 - 3) % 3 = 1.
    # w = 0 gives 0: drawn again. w = 128 gives 384 = 256 + 128, low bits 128: 3w >> 8 = 1.
    rng = build.Rng(Words([0, 128]))
    assert rng.below(3) == 1 and rng.place == 2
    # w = 0x56 gives 258 = 0x102: low bits 2, under 3 but not under 1: kept.
    rng = build.Rng(Words([0x56]))
    assert rng.below(3) == 1 and rng.place == 1
    # Below 255, the threshold is (256 - 255) % 255 = 1 again; a byte of 0 drawn twice is
    # drawn a third time.
    rng = build.Rng(Words([0, 0, 7]))
    assert rng.below(255) == 6 and rng.place == 3  # 7 * 255 = 1785 = 6 * 256 + 249
    # 256 choices: every byte is kept as it is.
    rng = build.Rng(Words([0, 255]))
    assert (rng.below(256), rng.below(256), rng.place) == (0, 255, 2)


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_follower_on_the_first_trick_may_play_any_card_of_the_suit(build: ModuleType) -> None:
    # Points are kept off the first trick when leading or discarding, not when following:
    # with a free first lead and spades led, seat 1 may follow with the queen. A hand of
    # one trick, played out at random: seat 1 keeps the 5S or the QS, each some of the time.
    tables = Rules(first_lead="left-of-dealer", pass_cycle=["hold"]).tables()
    rows = tuple(tuple((keep, exempt) for keep, exempt, _, _ in row) for row in tables.rows)
    table = build.Table(4, 1, tables.breaking_mask, False, rows, tables.points, tables.moon_mask)
    hands = tuple(CardSet.parse(text).mask for text in ("2S", "QS 5S", "6S", "7S"))
    kept = set()
    for seed in range(40):
        hand = build.Hand(table, hands, 0)
        hand.finish_random(build.Rng(random.Random(seed)))
        kept.add(str(CardSet.from_mask(hand.hand_masks()[1])))
    assert kept == {"5S", "QS"}


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_play_out_rejects_the_words_a_bounded_draw_rejects(build: ModuleType) -> None:
    # One trick, no restrictions: seat 0 leads one of three clubs, drawn as below(3) draws.
    tables = Rules().tables()
    table = build.Table(4, 1, tables.breaking_mask, False, ((),) * 12, tables.points, 0)
    hands = tuple(CardSet.parse(text).mask for text in ("2C 3C 4C", "5C", "6C", "7C"))
    for words, kept in [
        ([0, 128], "2C 4C"),  # 0 is rejected; 3 * 128 >> 8 = 1: the 3C
        ([0xAB], "2C 3C"),  # 3 * 0xAB = 513 = 2 * 256 + 1, low bits on the threshold: the 4C
    ]:
        hand = build.Hand(table, hands, 0)
        hand.finish_random(build.Rng(Words(words)))
        assert str(CardSet.from_mask(hand.hand_masks()[0])) == kept


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_restriction_that_would_leave_only_its_exempt_cards_is_lifted(build: ModuleType) -> None:
    # OpenSpiel's option: a leader left with the queen of spades and hearts, hearts not
    # broken, may lead a heart too (HEARTS_NOT_BROKEN would leave only the exempt QS).
    table = table_of(build, Rules(lead_hearts_instead_of_queen=True))
    hand = CardSet.parse("QS 5H 9H").mask
    assert build.fold(table, hand, 0, False, False) == hand
    assert build.fold(table, hand | CardSet.parse("2D").mask, 0, False, False) == (
        CardSet.parse("QS 2D").mask
    )


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_new_hand_has_taken_nothing_and_hearts_unbroken(build: ModuleType) -> None:
    table = table_of(build, Rules())
    hands = tuple(CardSet.parse(text).mask for text in ("2C 5H", "4D", "5D", "6D"))
    hand = build.Hand(table, hands, 0)
    assert hand.taken_masks() == (0, 0, 0, 0) and hand.won_counts() == (0, 0, 0, 0)
    assert hand.tricks == 0 and not hand.broken
    assert hand.legal() == CardSet.parse("2C").mask  # the first trick's lead
    # breaks says no for a card that cannot break hearts, and yes for a heart discarded.
    assert not build.breaks(table, CardSet.parse("2C").mask, 0)
    assert build.breaks(table, CardSet.parse("5H").mask, CardSet.parse("2C").mask)


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_hand_played_out_reports_its_shooter_points_tricks_and_cards(build: ModuleType) -> None:
    # One trick, the moon mask the queen alone: seat 0's ace of spades takes the queen.
    tables = Rules().tables()
    queen = CardSet.parse("QS").mask
    table = build.Table(4, 1, tables.breaking_mask, False, ((),) * 12, tables.points, queen)
    hands = tuple(CardSet.parse(text).mask for text in ("AS", "QS", "2S", "3S"))
    hand = build.Hand(table, hands, 0)
    hand.finish_random(build.Rng(random.Random(1)))
    trick = CardSet.parse("AS QS 2S 3S").mask
    assert hand.scored() == (0, 13, 0, 0, 0, 1, 0, 0, 0, trick, 0, 0, 0)
    # Seat 1 leads its queen, and seat 2's king takes it: seat 2 shot.
    hands = tuple(CardSet.parse(text).mask for text in ("2S", "QS", "KS", "3S"))
    hand = build.Hand(table, hands, 1)
    hand.finish_random(build.Rng(random.Random(1)))
    trick = CardSet.parse("2S QS KS 3S").mask
    assert hand.scored() == (2, 0, 0, 13, 0, 0, 0, 1, 0, 0, 0, trick, 0)
    # With a moon mask nobody took whole, no shooter.
    table = build.Table(4, 1, tables.breaking_mask, False, ((),) * 12, tables.points, queen | 1)
    hand = build.Hand(table, hands, 1)
    hand.finish_random(build.Rng(random.Random(1)))
    assert hand.scored()[0] == -1


def bits_of(mask: int) -> list[int]:
    """The cards of ``mask`` as bits, lowest first, one bit at a time."""
    return [1 << place for place in range(64) if mask >> place & 1]


# The compiled build finds the n-th card of a mask without a loop (a table of the n-th bit
# of each byte): these check it against the cards read one bit at a time, beyond the last
# card too, on masks of every size and where the bytes' counts carry.
SELECTED = [0, 1, 1 << 63, (1 << 64) - 1, 0b10110, 0xFF00, 0x8000_0000_0000_0001,
            CardSet.parse("2C 3C AC 7D QS KS AS 2H TH").mask]  # fmt: skip


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_nth_card_is_the_cards_of_the_mask_in_order(build: ModuleType) -> None:
    rng = random.Random(11)
    chosen = SELECTED + [rng.getrandbits(64) & rng.getrandbits(64) for _ in range(3000)]
    for mask in chosen:
        cards = bits_of(mask)
        assert [build.nth_card(mask, i) for i in range(len(cards) + 2)] == cards + [0, 0]


def test_the_branch_free_select_is_the_cards_of_the_mask_in_order() -> None:
    rng = random.Random(12)
    for mask in SELECTED + [rng.getrandbits(64) for _ in range(2000)]:
        cards = bits_of(mask)
        assert [pure.select(mask, i) for i in range(len(cards) + 2)] == cards + [0, 0]
    assert pure.select(0b10110, 2) == 0b10000 and pure.select(1 << 63, 0) == 1 << 63


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_suit_of_gives_each_cards_thirteen(build: ModuleType) -> None:
    for place in range(52):  # bit 13 * suit + rank - 2: clubs, diamonds, hearts, spades
        assert build.suit_of(1 << place) == 0x1FFF << 13 * (place // 13)
    assert build.suit_of(CardSet.parse("AH").mask) == CardSet.parse(
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"
    ).mask
