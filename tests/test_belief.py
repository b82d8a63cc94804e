"""Belief sampling: ``resample``, ``consistent_state`` and ``Belief``.

A state drawn for a view must look exactly like the view from its seat, and
must be a real position: its hand replays legally from its own deal. The draw
must be uniform among every such deal, which an endgame small enough to
enumerate by brute force checks exactly.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import position
from test_kernel import BUILDS

from hearts_core import (
    Card,
    CardSet,
    Deal,
    GameState,
    InvalidStateError,
    PassCards,
    Phase,
    PlayCard,
    PlayerView,
    Rules,
    Suit,
    apply,
    new_game,
    observe,
    variant,
    variant_names,
)
from hearts_core.belief import Belief, consistent_state, resample
from hearts_core.bots import MonteCarloBot
from hearts_core.bots import monte_carlo as bots_module
from hearts_core.draws import CheckedDraws
from hearts_core.kernel import Rng
from hearts_core.state import seat_of


def played_by(state: GameState) -> list[CardSet]:
    """The cards each seat has played this hand, read from the public tricks."""
    players = state.rules.players
    found = [CardSet() for _ in range(players)]
    for trick in state.tricks:
        for i, card in enumerate(trick.cards):
            seat = seat_of(trick.leader, i, players)
            found[seat] = found[seat] | CardSet([card])
    for i, card in enumerate(state.current_trick):
        seat = seat_of(state.leader, i, players)
        found[seat] = found[seat] | CardSet([card])
    return found


def replayed(state: GameState) -> GameState:
    """The state's hand played again from the deal its cards imply, every action checked
    by ``apply``: raises if any of them is illegal."""
    rules = state.rules
    players = rules.players
    start = new_game(rules, hand_number=state.hand_number, totals=state.totals)
    if state.phase in (Phase.DEAL, Phase.GAME_OVER):
        return state
    held = [hand | played for hand, played in zip(state.hands, played_by(state), strict=True)]
    direction = state.pass_direction
    if state.phase is not Phase.PASS and state.passes:
        for giver, given_cards in enumerate(state.passes):
            assert given_cards is not None
            receiver = direction.receiver(giver, players)
            held[receiver] = held[receiver] - given_cards
        for giver, given_cards in enumerate(state.passes):
            assert given_cards is not None
            held[giver] = held[giver] | given_cards
    replay = apply(start, Deal(held))
    for seat, given_cards in enumerate(state.passes):
        if given_cards is not None:
            replay = apply(replay, PassCards(seat, given_cards))
    for trick in state.tricks:
        for i, card in enumerate(trick.cards):
            replay = apply(replay, PlayCard(seat_of(trick.leader, i, players), card))
    for i, card in enumerate(state.current_trick):
        replay = apply(replay, PlayCard(seat_of(state.leader, i, players), card))
    return replay


@given(
    name=st.sampled_from(variant_names()),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 75),
    hand_number=st.integers(0, 3),
    draw=st.integers(0, 2**32),
)
def test_a_resampled_state_shows_the_same_view_and_replays_legally(
    name: str, seed: int, steps: int, hand_number: int, draw: int
) -> None:
    state = position(variant(name), seed, steps, hand_number)
    rng = random.Random(draw)
    for seat in range(state.rules.players):
        view = observe(state, seat)
        sampled = resample(view, rng)
        assert observe(sampled, seat) == view
        assert replayed(sampled) == sampled
        first = consistent_state(view)
        assert observe(first, seat) == view
        assert replayed(first) == first
        assert consistent_state(view) == first


@given(seed=st.integers(0, 2**32), steps=st.integers(20, 48))
def test_a_resampled_state_keeps_every_void_shown(seed: int, steps: int) -> None:
    state = position(Rules(), seed, steps, hand_number=seed % 4)
    players = state.rules.players
    voids: list[set[Suit]] = [set() for _ in range(players)]
    tricks = [(t.leader, t.cards) for t in state.tricks]
    tricks.append((state.leader, state.current_trick))
    for leader, cards in tricks:
        for i, card in enumerate(cards[1:], start=1):
            if card.suit is not cards[0].suit:
                voids[seat_of(leader, i, players)].add(cards[0].suit)
    view = observe(state, 0)
    rng = random.Random(seed)
    for _ in range(10):
        sampled = resample(view, rng)
        for seat, hand in enumerate(sampled.hands):
            for suit in voids[seat]:
                assert not hand.of_suit(suit), (seat, suit, hand)


def test_a_first_trick_discard_of_points_means_a_hand_of_points() -> None:
    # Seat 1 cannot follow clubs and throws the queen on the first trick: it held only
    # point cards (hearts and the queen), so every sample gives it hearts alone.
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        "AH 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
        "AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
    ]
    rules = Rules(pass_cycle=["hold"])
    state = apply(apply(new_game(rules), Deal(hands)), PlayCard(0, "2C"))
    state = apply(state, PlayCard(1, "QS"))
    belief = Belief(observe(state, 3))
    rng = random.Random(0)
    for _ in range(50):
        sampled = belief.sample(rng)
        assert sampled.hands[1] <= CardSet.parse(" ".join(f"{r}H" for r in "23456789TJQKA"))
    # The hearts are split between seats 1 and 2 only as the sizes allow: seat 1 takes
    # 12 of the 13 hearts and seat 2 the rest, so the count is C(13, 12) times the ways
    # to give seat 2 the other 12 hidden cards (13 - 1 hearts fixed for seat 1).
    assert belief.size > 0


def test_a_heart_led_before_hearts_are_broken_means_a_hand_of_hearts() -> None:
    # Seat 2 wins the first trick and leads a heart before they are broken: it holds
    # nothing but hearts.
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC 2D 3D",
        "KC 4D 5D 6D 7D 8D 9D TD JD QD KD AD 2S",
        "AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        "AH 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    ]
    rules = Rules(pass_cycle=["hold"])
    state = apply(new_game(rules), Deal(hands))
    for card in ("2C", "KC", "AC", "3S"):
        state = apply(state, PlayCard(state.to_act[0], card))
    assert state.to_act == (2,)
    state = apply(state, PlayCard(2, "2H"))
    view = observe(state, 0)
    rng = random.Random(1)
    hearts = CardSet([Card.parse(f"{r}H") for r in "23456789TJQKA"])
    for _ in range(50):
        assert resample(view, rng).hands[2] <= hearts


def assignments(pool: CardSet, sizes: list[int]) -> list[tuple[CardSet, ...]]:
    """Every way to deal ``pool`` into hands of ``sizes``, in order."""
    if not sizes:
        return [()]
    found = []
    for chosen in itertools.combinations(pool.cards(), sizes[0]):
        part = CardSet(chosen)
        found += [(part, *rest) for rest in assignments(pool - part, sizes[1:])]
    return found


def naive_and_consistent(view: PlayerView) -> tuple[int, set[tuple[CardSet, ...]]]:
    """Brute force: how many deals of the hidden cards fit the hand sizes alone, and the
    ones among them whose hand replays legally (hands of seats 1 to 3)."""
    example = consistent_state(view)
    others = [s for s in range(view.rules.players) if s != view.seat]
    pool = CardSet()
    for seat in others:
        pool = pool | example.hands[seat]
    every = assignments(pool, [view.hand_sizes[s] for s in others])
    legal = set()
    for hands in every:
        full = list(example.hands)
        for seat, hand in zip(others, hands, strict=True):
            full[seat] = hand
        try:
            _with_hands(example, full)
        except ValueError:
            continue
        legal.add(hands)
    return len(every), legal


def _with_hands(state: GameState, hands: list[CardSet]) -> GameState:
    """The state with these hands (a hold hand), checked by replaying it."""
    rules = state.rules
    held = [hand | played for hand, played in zip(hands, played_by(state), strict=True)]
    replay = apply(new_game(rules, hand_number=state.hand_number, totals=state.totals), Deal(held))
    players = rules.players
    for trick in state.tricks:
        for i, card in enumerate(trick.cards):
            replay = apply(replay, PlayCard(seat_of(trick.leader, i, players), card))
    for i, card in enumerate(state.current_trick):
        replay = apply(replay, PlayCard(seat_of(state.leader, i, players), card))
    return replay


def _endgame() -> PlayerView:
    """A position two tricks from the end whose hidden cards the voids shown constrain."""
    rules = Rules(pass_cycle=["hold"])
    for seed in range(500):
        state = position(rules, seed, 40)
        view = observe(state, 0)
        hidden = sum(view.hand_sizes) - len(view.hand)
        if hidden != 9 or state.current_trick:
            continue
        naive = math.factorial(hidden) // math.prod(
            math.factorial(view.hand_sizes[s]) for s in range(1, 4)
        )
        if 12 <= Belief(view).size < naive:
            return view
    raise AssertionError("no constrained endgame among the seeds tried")


@pytest.mark.slow
def test_resampling_is_uniform_over_every_consistent_deal() -> None:
    view = _endgame()
    naive, legal = naive_and_consistent(view)
    belief = Belief(view)
    assert belief.size == len(legal) < naive
    rng = random.Random(20261130)
    draws = 200 * belief.size
    counts: Counter[tuple[CardSet, ...]] = Counter()
    for _ in range(draws):
        sampled = belief.sample(rng)
        counts[tuple(sampled.hands[s] for s in range(1, 4))] += 1
    assert set(counts) == set(legal)
    # Pearson's chi-square against the uniform distribution, compared with its 99.9%
    # quantile (Wilson-Hilferty): a draw that favoured some deals would exceed it.
    expected = draws / belief.size
    chi2 = sum((count - expected) ** 2 / expected for count in counts.values())
    df = belief.size - 1
    z = 3.090  # the standard normal's 99.9% quantile
    limit = df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3
    assert chi2 < limit, (chi2, limit, counts)


def test_an_impossible_view_is_refused() -> None:
    state = position(Rules(pass_cycle=["hold"]), 3, 30)
    view = observe(state, 1)
    sizes = list(view.hand_sizes)
    other = (view.seat + 1) % 4
    sizes[other] += 1
    with pytest.raises(InvalidStateError):
        Belief(attrs.evolve(view, hand_sizes=tuple(sizes)))


def test_between_hands_the_view_gives_the_state() -> None:
    state = new_game(Rules(), hand_number=2, totals=(5, 40, 12, 30))
    view = observe(state, 2)
    assert Belief(view).size == 1
    assert resample(view, random.Random(0)) == state == consistent_state(view)


def test_the_count_before_any_card_is_played_is_the_multinomial() -> None:
    # Five seats of ten cards; the seat to lead is known to hold the lowest club (3C).
    state = position(Rules(players=5, pass_cycle=["hold"]), 2, 0)
    leader = state.to_act[0]
    assert leader != 4
    view = observe(state, 4)
    f = math.factorial
    assert Belief(view).size == f(39) // (f(9) * f(10) ** 3)
    for _ in range(20):
        assert Card.parse("3C") in resample(view, random.Random(_)).hands[leader]


def test_monte_carlo_bot_samples_with_belief(monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[PlayerView] = []

    class Counting(Belief):
        def __init__(self, view: PlayerView) -> None:
            built.append(view)
            super().__init__(view)

    monkeypatch.setattr(bots_module, "Belief", Counting)
    state = position(Rules(pass_cycle=["hold"]), 6, 11)
    view = observe(state, state.to_act[0])
    MonteCarloBot(samples=2).evaluate(view, random.Random(0))
    assert built == [view]


# --- deals as masks, for the searching bots ----------------------------------------------


@settings(max_examples=60)
@given(
    name=st.sampled_from(variant_names()),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 75),
    hand_number=st.integers(0, 3),
    draw=st.integers(0, 2**32),
)
def test_a_deal_of_masks_fills_a_state_that_shows_the_view(
    name: str, seed: int, steps: int, hand_number: int, draw: int
) -> None:
    rules = variant(name)
    state = position(rules, seed, steps, hand_number)
    view = observe(state, seed % rules.players)
    belief = Belief(view)
    hands = belief.hands(Rng(random.Random(draw)))
    assert hands[view.seat] == view.hand.mask
    if state.phase in (Phase.PASS, Phase.PLAY, Phase.MOON):
        filled = belief._state(hands, CheckedDraws(random.Random(draw)).below)
        assert observe(filled, view.seat) == view
        assert list(filled.hand_masks) == hands
        replayed(filled)


def test_deals_of_masks_are_uniform_over_every_consistent_deal() -> None:
    view = _endgame()
    _, legal = naive_and_consistent(view)
    belief = Belief(view)
    every = [tuple(CardSet.from_mask(h[s]) for s in range(1, 4)) for h in belief.each_hands()]
    assert len(every) == belief.size == len(set(every)) and set(every) == legal
    draws = Rng(random.Random(20261201))
    total = 300 * belief.size
    counts = Counter(tuple(belief.hands(draws)[1:]) for _ in range(total))
    assert len(counts) == belief.size
    expected = total / belief.size
    chi2 = sum((count - expected) ** 2 / expected for count in counts.values())
    df = belief.size - 1
    z = 3.090  # the standard normal's 99.9% quantile (Wilson-Hilferty, as above)
    assert chi2 < df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def test_deals_of_masks_are_the_same_in_both_builds() -> None:
    # The deal is drawn from the kernel's bytes alone: the same bytes in either build.
    state = position(Rules(), 5, 13, hand_number=1)
    belief = Belief(observe(state, 2))
    found = {
        tuple(tuple(belief.hands(build.Rng(random.Random(seed)))) for seed in range(20))
        for build in BUILDS
    }
    assert len(found) == 1


def test_large_counts_are_drawn_from_several_words() -> None:
    # Six seats and a void shown: the first group of hidden cards splits in more ways than
    # one 32-bit word can tell apart, so the split is drawn from several words.
    state = position(variant("six-player"), 0, 12)
    view = observe(state, 0)
    belief = Belief(view)
    cumulative, splits = belief._choices(0, belief._capacity)
    assert len(splits) > 1 and cumulative[-1] > 2**64
    draws = Rng(random.Random(2))
    for _ in range(5):
        hands = belief.hands(draws)
        assert [bin(m).count("1") for m in hands] == list(view.hand_sizes)
        assert observe(belief._state(hands, CheckedDraws(random.Random(0)).below), 0) == view
