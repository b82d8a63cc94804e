"""The searching bots' kernel (``hearts_core/_search.py``): its plans play card for card as the
tree walk's policies on cards, on the engine's own positions; its batches play what one
play-out at a time plays (the pass search's, what the engine's exchange gives); its proofs
agree with an exhaustive search; and both builds give the same results.

The pure build is the source module ``hearts_core._search``; the compiled one is
``hearts_core._search_c``, present wherever the package was built with a C compiler.
"""

from __future__ import annotations

import importlib
import random
from types import ModuleType
from typing import cast

import pytest
from helpers.builds import BUILDS, COMPILED, hand_in, needs_compiled, table_of
from helpers.positions import position
from helpers.rules_of_thumb import common_play

from hearts_core import (
    CardSet,
    GameState,
    Phase,
    PlayCard,
    PlayerView,
    Rules,
    apply,
    legal_actions,
    new_game,
    observe,
    random_deal,
    variant,
    variant_names,
)
from hearts_core.belief import Belief, public_hand
from hearts_core.bots.passing import _candidates, _Deals
from hearts_core.bots.rule_bot import rule_pass
from hearts_core.bots.sampled import SampledHand
from hearts_core.bots.tree import _defend, _Search, _shoot_play
from hearts_core.kernel import GUARD, LATE, NORMAL, RULE, SHOOT, Hand, Rng
from hearts_core.state import trick_winner

# The search module of each kernel build, by the build's kernel module.
SEARCHES = {
    build: importlib.import_module("hearts_core._search" + ("_c" if build is COMPILED else ""))
    for build in BUILDS
}
PLANS = ("rule", "normal", "shoot")


def _positions(name: str, count: int) -> list[GameState]:
    rules = variant(name)
    found = []
    for seed in range(count):
        state = position(rules, seed, 3 + 7 * seed % 40)
        if state.phase is Phase.PLAY:
            found.append(state)
    return found


def _reference(state: GameState, me: int, plan: str) -> int:
    """The card the seat to play plays under ``plan``, chosen on cards: the rules of thumb as
    written on cards, or the tree walk's policy for the moon plans."""
    seat = state.to_act[0]
    if plan == "rule":
        plays = cast("list[PlayCard]", legal_actions(state))
        tables = state.context.tables
        held = state.hand_masks[seat]
        everyone = 0
        for mask in state.hand_masks:
            everyone |= mask
        chosen = common_play(
            plays, state.current_trick, held, everyone & ~held, tables.points, tables.players
        )
        return chosen.card.bit
    search = _Search(observe(state, me), 0.7, random.Random(0))
    hand = SampledHand.of(state)
    return search._policy(hand, seat, hand.legal(seat), plan == "shoot").card.bit


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
@pytest.mark.parametrize("name", variant_names())
def test_the_plans_play_card_for_card_as_the_policies_on_cards(
    build: ModuleType, name: str
) -> None:
    search = SEARCHES[build]
    differs = {plan: 0 for plan in PLANS}  # cards where a moon plan is not the rules of thumb
    for state in _positions(name, 6):
        me = state.to_act[0]
        for plan in PLANS:
            hand = hand_in(build, state)
            now = state
            while now.phase is Phase.PLAY:
                expected = _reference(now, me, plan)
                if plan == "rule":
                    chosen = build_rule(build, hand)
                else:
                    chosen = search.plan_card(hand, me, plan == "shoot")
                    differs[plan] += expected != _reference(now, me, "rule")
                assert chosen == expected, (plan, now)
                hand.play(chosen)
                card = next(iter(CardSet.from_mask(chosen)))
                now = apply(now, PlayCard(now.to_act[0], card))
            assert hand.over()
    if variant(name).moon_amount:
        assert differs["shoot"] > 0  # the moon plan was tested where it departs


def build_rule(build: ModuleType, hand: Hand) -> int:
    thumb = importlib.import_module("hearts_core._thumb" + ("_c" if build is COMPILED else ""))
    chosen: int = thumb.rule_of(hand)
    return chosen


def _guard_on_cards(
    plays: list[PlayCard], now: GameState, unseen: int, winner: int, threat: int
) -> PlayCard | None:
    """The defence's further care (``guard_card``), written on cards."""
    points = now.context.tables.points
    trick = now.current_trick
    scoring = [p for p in plays if points[p.card.index] > 0]
    if not trick:
        sure = [p for p in scoring if not unseen & p.card.suit_mask & ~((p.card.bit << 1) - 1)]
        return min(sure, key=lambda p: points[p.card.index]) if sure else None
    if plays[0].card.suit is trick[0].suit or winner == threat:
        return None
    queen = [p for p in plays if str(p.card) == "QS" and points[p.card.index] > 0]
    if queen:
        return queen[0]
    return min(scoring, key=lambda p: points[p.card.index]) if scoring else None


def _plan_on_cards(now: GameState, me: int, shoot: bool, least: int, flags: int) -> int:
    """``plan_card`` with its flags, on cards: the walk's moon attempt and defence, the
    guard above, a threat of ``least`` moon cards."""
    seat = now.to_act[0]
    plays = cast("list[PlayCard]", legal_actions(now))
    if len(plays) == 1:
        return plays[0].card.bit
    tables = now.context.tables
    hand = SampledHand.of(now)
    held = hand.hands[seat]
    unseen = hand.remaining & ~held
    if shoot and seat == me:
        return _shoot_play(plays, hand.trick, unseen, tables.points).card.bit
    need = tables.moon_mask
    holders = [s for s, m in enumerate(hand.taken) if m & need]
    threat = None
    if shoot and not flags & LATE and not [s for s in holders if s != me]:
        threat = me
    elif need and len(holders) == 1 and (hand.taken[holders[0]] & need).bit_count() >= least:
        threat = holders[0]
    if threat is not None:
        if threat == seat:
            if seat != me:
                return _shoot_play(plays, hand.trick, unseen, tables.points).card.bit
        else:
            play = _defend(plays, hand, threat, tables.points, tables.players)
            if play is None and flags & GUARD:
                trick = now.current_trick
                winner = trick_winner(now.leader, trick, tables.players) if trick else -1
                play = _guard_on_cards(plays, now, unseen, winner, threat)
            if play is not None:
                return play.card.bit
    return _reference(now, me, "rule")


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
@pytest.mark.parametrize("flags", [GUARD, LATE, GUARD | LATE], ids=["guard", "late", "both"])
def test_the_plans_flags_play_card_for_card_as_written_on_cards(
    build: ModuleType, flags: int
) -> None:
    search = SEARCHES[build]
    differs = 0  # cards where the flags change the plan's card
    for name in ("standard", "omnibus", "black-maria", "five-player"):
        for state in _positions(name, 8):
            me = state.to_act[0]
            for shoot, least in ((False, 2), (True, 3), (True, 2)):
                hand = hand_in(build, state)
                now = state
                while now.phase is Phase.PLAY:
                    expected = _plan_on_cards(now, me, shoot, least, flags)
                    chosen = search.plan_card(hand, me, shoot, least, flags)
                    assert chosen == expected, (flags, shoot, least, now)
                    differs += expected != _plan_on_cards(now, me, shoot, least, 0)
                    hand.play(chosen)
                    card = next(iter(CardSet.from_mask(chosen)))
                    now = apply(now, PlayCard(now.to_act[0], card))
    assert differs > 0


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
@pytest.mark.parametrize("name", ["standard", "omnibus", "three-player", "black-maria"])
def test_a_batch_plays_what_each_play_out_plays_alone(build: ModuleType, name: str) -> None:
    search = SEARCHES[build]
    for state in _positions(name, 5):
        me = state.to_act[0]
        view = observe(state, me)
        belief = Belief(view)
        draws = Rng(random.Random(3))
        deals = [belief.hands(draws) for _ in range(4)]
        start = hand_in(build, state)
        search.deal_hands_into(start, (0,) * 6)  # the public position: every hand empty
        legal = state.legal_mask.mask
        for plan, code in zip(PLANS, (search.RULE, search.NORMAL, search.SHOOT), strict=True):
            ends = search.play_outs(start, deals, legal, code, me)
            alone = []
            for deal in deals:
                rest = legal
                while rest:
                    bit = rest & -rest
                    rest ^= bit
                    hand = start.copy()
                    search.deal_hands_into(hand, deal)
                    hand.play(bit)
                    while not hand.over():
                        hand.play(
                            build_rule(build, hand)
                            if plan == "rule"
                            else search.plan_card(hand, me, plan == "shoot")
                        )
                    alone.append(hand.scored())
            assert ends == alone


def test_the_public_hand_plays_the_view_s_trick_and_tricks() -> None:
    # The hand a search deals into is the engine's position with every hand emptied.
    for state in _positions("standard", 8):
        view = observe(state, state.to_act[0])
        public = public_hand(view)
        hand = hand_in(BUILDS[-1], state)
        seen = (public.seat, public.position, public.led, public.best, public.winner)
        assert seen == (hand.seat, hand.position, hand.led, hand.best, hand.winner)
        assert (public.trick, public.broken, public.tricks) == (
            hand.trick, hand.broken, hand.tricks
        )
        assert public.taken_masks() == hand.taken_masks()
        assert public.won_counts() == hand.won_counts()
        assert public.hand_masks() == (0,) * state.rules.players


@needs_compiled
@pytest.mark.parametrize("name", variant_names())
def test_both_builds_play_the_batches_identically(name: str) -> None:
    assert COMPILED is not None
    for state in _positions(name, 4):
        me = state.to_act[0]
        belief = Belief(observe(state, me))
        deals = [belief.hands(Rng(random.Random(seed))) for seed in range(6)]
        found = []
        for build in BUILDS:
            search = SEARCHES[build]
            start = hand_in(build, state)
            search.deal_hands_into(start, (0,) * 6)
            legal = state.legal_mask.mask
            found.append([search.play_outs(start, deals, legal, plan, me) for plan in (0, 1, 2)])
        assert found[0] == found[1]


@needs_compiled
@pytest.mark.parametrize("name", ["standard", "five-player", "black-maria"])
def test_both_builds_play_the_pass_batches_identically(name: str) -> None:
    rules = variant(name)
    tables = rules.tables()
    state = position(rules, 2, 0, hand_number=1)
    assert state.phase is Phase.PASS
    dealt = state.hand_masks
    rng = random.Random(5)
    given = tuple(Rng(rng).cards(mask, rules.pass_count) for mask in dealt)
    passes = [Rng(rng).cards(dealt[0], rules.pass_count) for _ in range(4)]
    receivers = state.context.pass_direction.receivers(rules.players)
    first = tables.first_lead_card
    for plan in (RULE, NORMAL, SHOOT):
        found = [
            SEARCHES[build].pass_outs(
                table_of(build, rules), [(dealt, given)], passes, 0, receivers, first, 0,
                plan, 3, GUARD | LATE
            )
            for build in BUILDS
        ]
        assert found[0] == found[1] and len(found[0]) == 4


# --- proofs -----------------------------------------------------------------------------


def _exhaustive(hand: Hand, target: int, every: bool) -> bool:
    """Whether the claim holds, by trying every card of every seat: no groups, no cuts."""
    if hand.over():
        return True
    mine = hand.seat == target
    legal = hand.legal()
    results = []
    while legal:
        bit = legal & -legal
        legal ^= bit
        after = hand.copy()
        tricks = after.tricks
        after.play(bit)
        if after.tricks > tricks and (after.leader == target) != every:
            results.append(False)  # the trick just won went the wrong way
        else:
            results.append(_exhaustive(after, target, every))
    return any(results) if mine else all(results)


@pytest.mark.parametrize("name", variant_names())
def test_a_proof_is_what_every_line_of_play_says(name: str) -> None:
    # The exhaustive search plays the fastest build's hands; each build's proof must agree.
    rules = variant(name)
    fastest = BUILDS[-1]
    proved = {True: 0, False: 0}
    size = rules.tables().hand_size
    for seed in range(24):
        # Tricks left, give or take the one in progress: three only at small tables, where
        # trying every line of play stays quick.
        left = 3 if seed % 6 == 0 and rules.players <= 4 else 2
        state = position(rules, seed, rules.players * (size - left) + seed % rules.players)
        if state.phase is not Phase.PLAY:
            continue
        hand = hand_in(fastest, state)
        for every in (True, False):
            expected = [_exhaustive(hand, t, every) for t in range(rules.players)]
            kept = 0
            legal = hand.legal()
            while legal:
                bit = legal & -legal
                legal ^= bit
                after = hand.copy()
                after.play(bit)
                wrong = after.tricks > hand.tricks and (after.leader == hand.seat) != every
                if not wrong and _exhaustive(after, hand.seat, every):
                    kept |= bit
            for build in BUILDS:
                search, ours = SEARCHES[build], hand_in(build, state)
                found = [search.prove(ours, t, every, 10**6) for t in range(rules.players)]
                assert found == [int(e) for e in expected], (build.__name__, every, state)
                assert search.keeping(ours, every, 10**6) == kept
            proved[every] += sum(expected)
    assert proved[True] and proved[False]  # claims both ways were found, and checked


@pytest.mark.parametrize("build", BUILDS, ids=lambda b: b.__name__)
def test_a_proof_gives_up_after_its_budget(build: ModuleType) -> None:
    state = position(variant("standard"), 3, 4)
    hand = hand_in(build, state)
    search = SEARCHES[build]
    assert search.prove(hand, 0, False, 3) == search.UNDECIDED == -1
    assert search.keeping(hand, False, 3) == -1
    assert search.prove(hand, 0, False, 10**7) in (0, 1)


# --- the pass search's batches ----------------------------------------------------------


def _pass_view(rules: Rules, seed: int, seat: int) -> PlayerView:
    state = apply(new_game(rules, hand_number=1), random_deal(rules, random.Random(seed)))
    assert state.phase is Phase.PASS
    return observe(state, seat)


@pytest.mark.parametrize("plan", [RULE, NORMAL])
@pytest.mark.parametrize("name", ["standard", "black-maria", "five-player", "hartenjagen"])
def test_the_batches_play_out_what_the_engines_exchange_gives(name: str, plan: int) -> None:
    # The kernel's batch (one call for many deals and passes) against one play-out at a
    # time from the hands the engine's exchange makes: the same outcomes, deal by deal,
    # by the rules of thumb or with the moon plans.
    rules = variant(name)
    view = _pass_view(rules, 4, seat=1)
    passes = _candidates(view, rule_pass(rules, view.hand).mask)[:5]
    deals = _Deals(view, random.Random(3), plan)
    for first in (0, 3):
        batch = deals.outcomes(first, 3, passes)
        one = [sum(deals.outcome(i, cards) for i in range(first, first + 3)) for cards in passes]
        assert batch == pytest.approx(one, abs=1e-9)
    assert len(set(batch)) > 1  # passes that differ, so the order is tested


# --- outcomes summed --------------------------------------------------------------------


@pytest.mark.parametrize("build", BUILDS)
def test_outcomes_are_added_to_their_candidates_in_order(build: ModuleType) -> None:
    # Each end goes to candidate i % width; a known key is read, an unknown one scored
    # (every time it is met: the caller's score decides whether to keep it).
    rng = random.Random(7)
    ends = [(rng.randrange(-1, 2), rng.randrange(3), rng.randrange(9)) for _ in range(61)]
    # Values with no exact binary form, so that another order of addition would show.
    known = {(0, 1): 0.1, (1, 2): -1 / 3, (-1, 0): 2.7}
    scored: list[tuple[int, ...]] = []

    def score(end: tuple[int, ...]) -> float:
        scored.append(end)
        return end[2] / 7

    totals = [1.0, 0.0, -1.0]
    SEARCHES[build].add_outcomes(ends, totals, 2, known, score)
    expected = [1.0, 0.0, -1.0]
    for place, end in enumerate(ends):
        found = known.get(end[:2])
        expected[place % 3] += end[2] / 7 if found is None else found
    assert totals == expected
    backwards = [1.0, 0.0, -1.0]
    for place in reversed(range(len(ends))):
        found = known.get(ends[place][:2])
        backwards[place % 3] += ends[place][2] / 7 if found is None else found
    assert backwards != expected  # the order is what the first check pins
    assert scored == [end for end in ends if end[:2] not in known]
    assert 0 < len(scored) < len(ends)


@pytest.mark.parametrize("build", BUILDS)
def test_a_score_that_raises_passes_its_error_on(build: ModuleType) -> None:
    def score(end: tuple[int, ...]) -> float:
        raise KeyError(end)

    totals = [0.0]
    with pytest.raises(KeyError):
        SEARCHES[build].add_outcomes([(1, 2)], totals, 1, {}, score)
    with pytest.raises(ValueError):  # no totals to add to
        SEARCHES[build].add_outcomes([(1, 2)], [], 1, {(1,): 0.5}, score)
    SEARCHES[build].add_outcomes([], [], 1, {}, score)  # nothing to add: nothing done
