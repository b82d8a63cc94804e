"""Pins for hearts_core.belief, found by mutation testing (docs/mutation.md).

What is pinned:

* under ``only_discards_break_hearts`` a heart discarded off the suit led breaks hearts
  for the belief as it does for the game, so a later heart lead says nothing about the
  leader's other cards (the belief must pass the cards before the discard to
  ``breaks_hearts``: without them a discard reads as a lead, which breaks nothing);
* a view whose leader could not have held the first lead card is refused, even when
  that leader sits before the seat that holds it;
* a view built by hand whose fields have the wrong form is refused with an
  ``InvalidStateError`` of field ``view`` and a reason naming the field at fault, each
  check on its own (one wrong field, the others right);
* a draw is uniform over every deal that fits the view, checked on an endgame small
  enough to list every deal by brute force (the slow test of ``test_belief.py`` checks a
  larger one, outside the mutation run's selection): every fitting deal is drawn, no
  other, and the counts pass Pearson's chi-square against the uniform distribution.

Each expected count is worked out by hand or by the brute force here, which replays
each candidate deal through ``apply`` and knows nothing of the belief.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from typing import Any

import attrs
import pytest
from positions import position

from hearts_core import (
    Card,
    CardSet,
    Deal,
    GameState,
    HeartsError,
    InvalidStateError,
    Phase,
    PlayCard,
    PlayerView,
    Rules,
    apply,
    new_game,
    observe,
    random_deal,
)
from hearts_core.belief import Belief, consistent_state, resample
from hearts_core.state import Trick, seat_of


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
    assert str(info.value) == "view: not a PlayerView"


@pytest.mark.parametrize("changes", [{"tricks": (Trick(0, FIRST),)}, {"current_trick": (C3,)}])
def test_a_view_of_the_pass_phase_with_cards_played_is_refused(changes: dict[str, Any]) -> None:
    state = apply(new_game(), random_deal(Rules(), random.Random(3)))  # hand 0 passes left
    view = attrs.evolve(observe(state, 0), **changes)
    assert view.phase is Phase.PASS
    for build in (Belief, consistent_state, lambda v: resample(v, random.Random(0))):
        with pytest.raises(InvalidStateError) as info:
            build(view)
        assert info.value.reason == "no card is played before the passes are made"
