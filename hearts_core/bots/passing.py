"""Passing by search: candidate passes played out on sampled deals, the best one kept.

:class:`~hearts_core.bots.RuleBot` passes its most dangerous cards by rules
of thumb. :func:`searched_pass` weighs a few dozen passes instead: every
choice of ``pass_count`` cards among at most eight worth passing (those the
rules of thumb pass, up to three cards of short clubs or diamonds, then the
highest cards; never a card worth negative points), and the passes that empty
one or two short suits other than spades (filled up with the rules of thumb's
cards). Each is played out on
the same sampled deals: the hidden cards dealt uniformly to the other seats,
each of them passing by the rules of thumb (their passes do not depend on
ours: they choose from the cards they were dealt), then the whole hand
played by the rules of thumb, or (``plan=NORMAL``) as
:class:`~hearts_core.bots.IsmctsBot`'s card search plays it, with its moon defence.
The outcome is how much the bot's total grows
less the mean growth of the other seats' totals (lower is better, as for
totals; while a game counts down, points taken come off a total).

Trying every pass on the same deals makes the comparison paired. The
candidates are cut by successive halving: each round plays the survivors on
more deals and keeps the better half, so the budget goes to the close calls.
The rules of thumb's own pass is never cut, and is kept unless the last
candidate standing beats it by ``margin`` points a deal: that candidate was
picked as the best of many on the same deals, so part of its lead is luck.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence
from typing import Final

from hearts_core.actions import PassCards
from hearts_core.bots.errors import BotError
from hearts_core.bots.knowledge import check_view
from hearts_core.bots.rule_bot import rule_pass
from hearts_core.bots.sampled import Outcomes, gain_over_others, hand_gains
from hearts_core.cards import Card, CardSet, Suit
from hearts_core.kernel import (
    GUARD,
    LATE,
    NORMAL,
    RULE,
    Hand,
    Rng,
    exchange,
    finish_plan,
    finish_rule,
    pass_cards,
    pass_outs,
)
from hearts_core.observation import PlayerView
from hearts_core.state import Phase, first_leader

__all__ = ["searched_pass"]

_POOL: Final = 8
"""At most this many cards are weighed for passing: every choice of three among 8 is 56
passes."""

_LEAST: Final = 3
_FLAGS: Final = GUARD | LATE
"""With :data:`~hearts_core.kernel.NORMAL`, the threat's size and the defence's flags of
:func:`~hearts_core.kernel.plan_card`, as :class:`~hearts_core.bots.IsmctsBot`'s card
search sets them."""


def searched_pass(
    view: PlayerView, rng: random.Random, playouts: int = 800, margin: float = 0.3,
    plan: int = RULE, voids: bool = True,
) -> PassCards:  # fmt: skip
    """The pass with the best mean outcome over sampled deals, by successive halving.

    ``playouts`` is the budget in hands played out, shared evenly between
    ``ceil(log2(n))`` rounds for ``n`` candidates: a round with ``k`` candidates
    left plays each on ``playouts // (rounds * k)`` more deals (at least one),
    and the halving ends with the rules of thumb's pass against one rival, so
    the total runs a little over (870 hands for the usual 56 candidates at
    800). ``margin`` (points a deal) is how much better than the rules of thumb's pass
    the last rival must look to replace it. ``plan`` plays the hands out by the rules of
    thumb (:data:`~hearts_core.kernel.RULE`) or as :class:`~hearts_core.bots.IsmctsBot`'s
    card search does (:data:`~hearts_core.kernel.NORMAL`: a seat that alone has taken three
    moon cards plays on as a moon attempt, unless it is the passer, and the others defend).
    ``voids`` adds the passes that empty one or two short suits other than spades to the
    candidates (``False`` weighs only the choices among the pool, as the walk's pass did).

    Raises:
        BotError: if ``view`` is not a turn to pass cards, or its fields contradict each
            other (see :func:`~hearts_core.bots.knowledge.check_view`), or for a budget
            below 1, a negative margin, another plan or a ``voids`` that is not a bool.

    >>> from hearts_core import Deal, apply, new_game, observe
    >>> state = apply(new_game(), Deal(["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    ...     "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD", "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    ...     "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"]))
    >>> print(searched_pass(observe(state, 3), random.Random(0), playouts=60))
    pass 3 QS KS AS
    """
    if check_view(view).phase is not Phase.PASS or not view.is_my_turn:
        raise BotError(f"seat {view.seat} has no cards to pass now")
    _check_settings(playouts, margin, plan, voids)
    default = rule_pass(view.rules, view.hand).mask
    candidates = _candidates(view, default, voids)
    if len(candidates) == 1:
        return PassCards(view.seat, CardSet.from_mask(default))
    deals = _Deals(view, rng, plan)
    sums = dict.fromkeys(candidates, 0.0)
    rounds = math.ceil(math.log2(len(candidates)))
    played = 0
    rivals = candidates[1:]  # the rules of thumb's pass, candidates[0], is never cut
    while True:
        alive = [default, *rivals]
        per = max(1, playouts // (rounds * len(alive)))
        for cards, total in zip(alive, deals.outcomes(played, per, alive), strict=True):
            sums[cards] += total
        played += per
        if len(rivals) == 1:
            break
        rivals.sort(key=sums.__getitem__)
        rivals = rivals[: (len(rivals) + 1) // 2]
    best = rivals[0]
    if sums[best] > sums[default] - margin * played:
        best = default
    return PassCards(view.seat, CardSet.from_mask(best))


def _check_settings(playouts: object, margin: object, plan: object, voids: object) -> None:
    """Refuse a setting of :func:`searched_pass` with :class:`~hearts_core.bots.BotError`."""
    if type(playouts) is not int or playouts < 1:
        raise BotError(f"playouts must be at least 1, not {playouts!r}")
    if not isinstance(margin, int | float) or not 0 <= margin <= float("inf"):
        raise BotError(f"margin must be a number of at least 0, not {margin!r}")
    if type(plan) is not int or plan not in (RULE, NORMAL):
        raise BotError(f"plan must be RULE or NORMAL, not {plan!r}")
    if type(voids) is not bool:
        raise BotError(f"voids must be true or false, not {voids!r}")


def _candidates(view: PlayerView, default: int, voids: bool = True) -> list[int]:
    """The passes weighed, as masks: the rules of thumb's first, then every choice of
    ``pass_count`` among the pool of cards worth passing, then (with ``voids``) those that
    empty short suits."""
    count = view.rules.pass_count
    hand = list(view.hand)
    if len(hand) <= count:
        return [default]
    points = view.rules.tables().points
    pool = [c for c in hand if c.bit & default]
    by_height = sorted(hand, key=lambda c: (-c.rank, -points[c.index]))
    short = sorted(
        (c for c in hand if c.suit in (Suit.CLUBS, Suit.DIAMONDS) and _length(hand, c.suit) <= 3),
        key=lambda c: (_length(hand, c.suit), -c.rank),
    )
    for card in itertools.chain(short[:3], by_height):
        if len(pool) >= _POOL:
            break
        if card not in pool and points[card.index] >= 0:
            pool.append(card)
    masks = [default]
    for group in itertools.combinations(pool, count):
        mask = 0
        for card in group:
            mask |= card.bit
        if mask != default:
            masks.append(mask)
    if not voids:
        return masks
    seen = set(masks)
    for mask in _voiding(hand, default, by_height, count, points):
        if mask not in seen:
            seen.add(mask)
            masks.append(mask)
    return masks


def _voiding(
    hand: Sequence[Card], default: int, by_height: Sequence[Card], count: int,
    points: Sequence[int],
) -> list[int]:  # fmt: skip
    """The passes that empty a short club, diamond or heart suit, or two of them (every
    card of the suits, at most ``count``), filled up with the rules of thumb's cards, most
    points first, then the highest; none that gives away a card worth less than nothing."""
    fill = sorted((c for c in hand if c.bit & default), key=lambda c: (-points[c.index], -c.rank))
    fill += [c for c in by_height if c not in fill and points[c.index] >= 0]
    suits = [s for s in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS) if 1 <= _length(hand, s) <= count]
    groups = [[s] for s in suits] + [list(pair) for pair in itertools.combinations(suits, 2)]
    masks = []
    for group in groups:
        cards = [c for c in hand if c.suit in group]
        if len(cards) > count or any(points[c.index] < 0 for c in cards):
            continue
        for card in fill:
            if len(cards) >= count:
                break
            if card.suit not in group:
                cards.append(card)
        if len(cards) == count:
            masks.append(sum(c.bit for c in cards))
    return masks


def _length(hand: Sequence[Card], suit: Suit) -> int:
    return sum(1 for c in hand if c.suit is suit)


class _Deals:
    """Sampled deals of the hidden cards, each with the other seats' passes made, and the
    hands played out from them."""

    def __init__(self, view: PlayerView, rng: random.Random, plan: int = RULE) -> None:
        self.view = view
        self.plan = plan
        tables = view.rules.tables()
        self.tables = tables
        self.hand = view.hand.mask
        self.unseen = tables.deck & ~self.hand
        self.draws = Rng(random.Random(rng.getrandbits(64)))
        self.deals: list[tuple[list[int], list[int]]] = []
        """Per deal, each seat's cards as dealt and the cards it passes (ours left empty)."""
        self.scored = Outcomes(view)

    def draw(self, index: int) -> None:
        """Deal the hidden cards for deal ``index`` (once)."""
        if index < len(self.deals):
            return
        me = self.view.seat
        tables = self.tables
        count = self.view.rules.pass_count
        dealt = [0] * tables.players
        passes = [0] * tables.players
        left = self.unseen
        for seat in range(tables.players):
            if seat == me:
                dealt[seat] = self.hand
                continue
            # Each other seat's hand in turn, uniformly among the cards left: the last
            # seat's is what is left, drawn all the same (it costs little).
            mask = self.draws.cards(left, tables.hand_size)
            left ^= mask
            dealt[seat] = mask
            passes[seat] = pass_cards(tables.kernel, mask, count)
        self.deals.append((dealt, passes))

    def start(self, index: int, cards: int) -> Hand:
        """The hand of deal ``index`` ready to play, once the bot has passed ``cards``."""
        view = self.view
        tables = self.tables
        dealt, passes = self.deals[index]
        given = list(passes)
        given[view.seat] = cards
        hands = list(exchange(dealt, given, view.pass_direction))
        leader = first_leader(tables, hands, view.dealer)
        assert leader is not None  # every card is dealt, the first-lead card too
        return Hand(tables.kernel, tuple(hands), leader)

    def outcomes(self, first: int, count: int, passes: list[int]) -> list[float]:
        """Each pass of ``passes`` (as masks) played out on deals ``first`` to ``first +
        count - 1`` (drawn if need be), in one batch of the kernel
        (:func:`~hearts_core.kernel.pass_outs`): its outcomes (as :meth:`outcome`'s)
        summed over those deals."""
        for index in range(first, first + count):
            self.draw(index)
        view = self.view
        tables = self.tables
        card = tables.first_lead_card
        # Without a first-lead card the seat after the dealer leads, whatever the hands.
        after = 0 if card else first_leader(tables, self.deals[first][0], view.dealer)
        assert after is not None
        batch = [(tuple(dealt), tuple(given)) for dealt, given in self.deals[first : first + count]]
        ends = pass_outs(
            tables.kernel, batch, passes, view.seat,
            view.pass_direction.receivers(tables.players), card, after, self.plan,
            _LEAST, _FLAGS,
        )  # fmt: skip
        sums = [0.0] * len(passes)
        self.scored.add(ends, sums)
        return sums

    def outcome(self, index: int, cards: int) -> float:
        """What the bot gains less the others' mean gain when it passes ``cards`` on deal
        ``index``, every seat then playing by the search's plan: one play-out, from the
        hands the engine's exchange makes (what :meth:`outcomes` plays in batches)."""
        view = self.view
        hand = self.start(index, cards)
        if self.plan == RULE:
            finish_rule(hand)
        else:
            finish_plan(hand, view.seat, False, _LEAST, _FLAGS)
        gains = hand_gains(
            view.rules, hand.taken_masks(), hand.won_counts(), view.totals, view.counting_down
        )
        return gain_over_others(gains, view.seat)
