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
from typing import Any

import attrs
import pytest
from helpers.builds import BUILDS
from helpers.positions import position
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_core import (
    Card,
    CardSet,
    Deal,
    GameState,
    HeartsError,
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
    random_deal,
    variant,
    variant_names,
)
from hearts_core.belief import Belief, consistent_state, resample
from hearts_core.bots import MonteCarloBot
from hearts_core.bots import monte_carlo as bots_module
from hearts_core.draws import CheckedDraws
from hearts_core.kernel import Rng
from hearts_core.state import Trick, seat_of


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


# --- Pins for hearts_core.belief, found by mutation testing (docs/mutation.md) ------------

def cards(text: str) -> CardSet:
    return CardSet.parse(text)


def played(state: GameState, plays: str) -> GameState:
    for text in plays.split():
        (seat,) = state.to_act
        state = apply(state, PlayCard(seat, text))
    return state


def test_a_heart_discard_breaks_hearts_for_the_belief_when_only_discards_do() -> None:
    # A hold hand where only discards break hearts.
    #   seat 0: 2C 3C and 2D-QD; seat 1: 4C and 2H-KH; seat 2: 5C-AC, KD, AD, AH;
    #   seat 3: the spades.
    # Trick 1: 0:2C 1:4C 2:AC 3:2S, seat 2 wins. Trick 2: 2:5C 3:3S 0:3C 1:2H, a heart
    # discarded on a club lead: hearts are broken; seat 2 wins with the 5C. Trick 3:
    # seat 2 leads the AH, a legal lead of a heart once they are broken, which says
    # nothing of seat 2's other cards.
    rules = Rules(pass_cycle=["hold"], only_discards_break_hearts=True)
    hands = [
        "2C 3C 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD",
        "4C 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        "5C 6C 7C 8C 9C TC JC QC KC AC KD AD AH",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    ]
    state = played(apply(new_game(rules), Deal(hands)), "2C 4C AC 2S  5C 3S 3C 2H  AH")
    assert state.hearts_broken and state.to_act == (3,)
    view = observe(state, 0)
    assert view.hand_sizes == (11, 11, 10, 11)
    # Seen by seat 0, 32 cards are hidden: 6C-KC, which only seat 2 may hold (seats 1
    # and 3 showed no club on a club lead), and 24 others (3H-KH, KD, AD, 4S-AS) that
    # any of seats 1, 2 and 3 may hold. Seat 2 holds the 8 clubs and 2 of the 24; seats
    # 1 and 3 share the other 22, 11 each.
    belief = Belief(view)
    assert belief.size == math.comb(24, 2) * math.comb(22, 11) == 194_699_232
    clubs = cards("6C 7C 8C 9C TC JC QC KC")
    for seed in range(5):
        sample = belief.sample(random.Random(seed))
        assert observe(sample, 0) == view
        assert clubs <= sample.hands[2]
    assert clubs <= consistent_state(view).hands[2]
    assert clubs <= resample(view, random.Random(9)).hands[2]


def fits(state: GameState, hands: tuple[CardSet, ...]) -> bool:
    """Whether the hand replays legally when seats 1, 2 and 3 held ``hands`` now: a hold
    hand dealt again with the cards each seat has played, every play checked by
    ``apply``."""
    players = state.rules.players
    now = [state.hands[0], *hands]
    start = list(now)
    for trick in state.tricks:
        for i, card in enumerate(trick.cards):
            seat = seat_of(trick.leader, i, players)
            start[seat] = start[seat] | CardSet([card])
    replay = apply(new_game(state.rules, hand_number=state.hand_number), Deal(start))
    try:
        for trick in state.tricks:
            for i, card in enumerate(trick.cards):
                replay = apply(replay, PlayCard(seat_of(trick.leader, i, players), card))
    except HeartsError:
        return False
    return True


def test_a_draw_is_uniform_over_every_deal_that_fits_a_small_endgame() -> None:
    # Eleven tricks of a hold hand played at random: each seat holds two cards, and
    # seen by seat 0 six cards are hidden, dealt two to each of seats 1, 2 and 3:
    # 6! / (2! 2! 2!) = 90 deals by hand size alone. The voids shown rule some out.
    state = position(Rules(pass_cycle=["hold"]), 8, 44)
    assert len(state.tricks) == 11 and not state.current_trick
    view = observe(state, 0)
    assert view.hand_sizes == (2, 2, 2, 2)
    pool = state.hands[1] | state.hands[2] | state.hands[3]
    every = []
    for first in itertools.combinations(pool.cards(), 2):
        rest = pool - CardSet(first)
        for second in itertools.combinations(rest.cards(), 2):
            every.append((CardSet(first), CardSet(second), rest - CardSet(second)))
    assert len(every) == 90
    legal = {hands for hands in every if fits(state, hands)}
    assert state.hands[1:] in legal and len(legal) < 90
    belief = Belief(view)
    assert belief.size == len(legal)
    # The split of the first group of hidden cards among its seats must be drawn in
    # proportion to the deals each split leaves: with three or more splits, a draw that
    # favoured one would show here.
    rng = random.Random(20261201)
    draws = 100 * len(legal)
    counts: Counter[tuple[CardSet, ...]] = Counter()
    for _ in range(draws):
        sample = belief.sample(rng)
        counts[(sample.hands[1], sample.hands[2], sample.hands[3])] += 1
    assert set(counts) == legal
    expected = draws / len(legal)
    chi2 = sum((count - expected) ** 2 / expected for count in counts.values())
    df = len(legal) - 1
    z = 3.090  # the standard normal's 99.9% quantile
    limit = df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3  # Wilson-Hilferty
    assert chi2 < limit, (chi2, limit)


def test_a_leader_after_the_holder_of_the_lowest_club_is_refused() -> None:
    # A hold hand in which seat 3 holds the clubs, so it leads the 2C. Seen by seat 3, a
    # view claiming that seat 1 leads cannot be: seat 1 would have to hold the 2C, which
    # is in seat 3's own hand.
    hands = [suit_of("H"), suit_of("D"), suit_of("S"), suit_of("C")]
    state = apply(new_game(Rules(pass_cycle=["hold"])), Deal(hands))
    assert state.to_act == (3,) and state.leader == 3
    view = observe(state, 3)
    with pytest.raises(InvalidStateError) as info:
        Belief(attrs.evolve(view, leader=1))
    assert info.value.field == "view"
    assert info.value.reason == "seat 1 led first but could not hold the lead"
    assert Belief(view).size == math.factorial(39) // math.factorial(13) ** 3


def suit_of(letter: str) -> str:
    return " ".join(rank + letter for rank in "23456789TJQKA")


# --- views built by hand with fields of the wrong form ------------------------------------


def mid_trick_view() -> PlayerView:
    """Seat 0's view of a hold hand of one suit per seat (0 clubs, 1 hearts, 2 diamonds,
    3 spades) after the first trick 0:2C 1:2H 2:2D 3:2S and seat 0's lead of the 3C."""
    hands = [suit_of("C"), suit_of("H"), suit_of("D"), suit_of("S")]
    state = played(apply(new_game(Rules(pass_cycle=["hold"])), Deal(hands)), "2C 2H 2D 2S 3C")
    view = observe(state, 0)
    assert view.phase is Phase.PLAY and view.to_act == (1,) and len(view.tricks) == 1
    return view


class TrickLike:
    """Not a Trick, though it has a trick's leader and cards."""

    def __init__(self, leader: int, cards: tuple[Card, ...]) -> None:
        self.leader = leader
        self.cards = cards


C2, C3, H2, D2, S2 = (Card.parse(text) for text in ("2C", "3C", "2H", "2D", "2S"))
FIRST = (C2, H2, D2, S2)
TYPES = "its rules or phase have the wrong type"
SEATS = "its seat or leader is not a seat at the table"
NUMBERS = "its hand sizes, totals and hand points must be 4 integers each"
CARD_SETS = "its hand and passes must be card sets"
TRICK = "its trick in progress must be fewer cards than seats"
TRICKS = "its tricks must be a tuple of at most a hand's tricks"
EACH = "each of its tricks must hold one card per seat"
TRICK_LEADER = "a trick's leader is not a seat at the table"
TO_ACT = "its seats to act must be seats at the table"
PASSED = "its seats that passed must be seats at the table"
DIRECTION = "its pass direction must be a PassDirection"


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        # each check refuses one wrong field alone, the others being right
        ({"rules": "standard"}, TYPES),
        ({"phase": "play"}, TYPES),
        ({"seat": 4}, SEATS),
        ({"leader": -1}, SEATS),
        ({"hand_sizes": [12, 12, 12, 12]}, NUMBERS),  # a list, of the right length
        ({"totals": (0, 0, 0)}, NUMBERS),  # a tuple, of the wrong length
        ({"hand_points": (0, 0, 0.0, 0)}, NUMBERS),  # a tuple of 4, not all integers
        ({"hand": frozenset()}, CARD_SETS),
        ({"passed": (C3,)}, CARD_SETS),
        ({"received": "2C 3C 4C"}, CARD_SETS),
        ({"current_trick": [C3]}, TRICK),  # a list of one card
        ({"current_trick": ("3C",)}, TRICK),  # a tuple of something not a card
        ({"current_trick": (C3, H2, D2, S2)}, TRICK),  # a card for every seat
        ({"tricks": [Trick(0, FIRST)]}, TRICKS),  # a list of one trick
        ({"tricks": (Trick(0, FIRST),) * 14}, TRICKS),  # more tricks than a hand has
        ({"tricks": (TrickLike(0, FIRST),)}, EACH),
        ({"tricks": (Trick(0, list(FIRST)),)}, EACH),  # type: ignore[arg-type]
        ({"tricks": (Trick(0, FIRST[:3]),)}, EACH),
        ({"tricks": (Trick(7, FIRST),)}, TRICK_LEADER),
        ({"to_act": [1]}, TO_ACT),  # a list of a seat
        ({"to_act": (4,)}, TO_ACT),
        ({"to_act": ()}, "one seat is to play"),  # in the play phase
        ({"to_act": (1, 2)}, "one seat is to play"),
        ({"passed_seats": [0]}, PASSED),  # a list of a seat
        ({"passed_seats": (5,)}, PASSED),
        ({"pass_direction": "left"}, DIRECTION),
        ({"phase": Phase.PASS, "to_act": (0, 1, 2, 3)}, "a hand without passing has no pass phase"),
    ],
)
def test_a_view_with_a_field_of_the_wrong_form_is_refused_with_the_reason(
    changes: dict[str, Any], reason: str
) -> None:
    view = attrs.evolve(mid_trick_view(), **changes)
    for build in (Belief, consistent_state, lambda v: resample(v, random.Random(0))):
        with pytest.raises(InvalidStateError) as info:
            build(view)
        assert info.value.field == "view"
        assert info.value.reason == reason


@pytest.mark.parametrize("thing", [None, "view", attrs.asdict(observe(new_game(), 0))])
def test_something_not_a_view_is_refused_with_the_reason(thing: object) -> None:
    with pytest.raises(InvalidStateError) as info:
        Belief(thing)  # type: ignore[arg-type]
    assert info.value.field == "view"
    assert info.value.reason == "not a PlayerView"


@pytest.mark.parametrize("changes", [{"tricks": (Trick(0, FIRST),)}, {"current_trick": (C3,)}])
def test_a_view_of_the_pass_phase_with_cards_played_is_refused(changes: dict[str, Any]) -> None:
    state = apply(new_game(), random_deal(Rules(), random.Random(3)))  # hand 0 passes left
    view = attrs.evolve(observe(state, 0), **changes)
    assert view.phase is Phase.PASS
    for build in (Belief, consistent_state, lambda v: resample(v, random.Random(0))):
        with pytest.raises(InvalidStateError) as info:
            build(view)
        assert info.value.reason == "no card is played before the passes are made"
