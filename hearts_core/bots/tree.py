"""The tree walk of :class:`~hearts_core.bots.IsmctsBot` before its play-outs ran in the
kernel's batches, kept as ``search="walk"``: one sampled deal at a time, each play walked
down a shared tree and played out card by card in Python.

Each iteration deals the hidden cards anew with
:class:`~hearts_core.belief.Belief` and, on that one deal, tries every play the bot has
(one of each group of plays that cannot play differently): each play starts a walk down
one shared tree of the plays that follow, chosen among the plays legal in *that* deal by
UCB (each seat maximising its own payoff; a child's exploration term counts the
iterations in which it was available, as in Cowling, Powley and Whitehouse's
single-observer ISMCTS). A walk adds one node, plays the hand out with the rules of thumb
and the moon plans (the policies of :func:`~hearts_core.kernel.plan_card`, written here
on cards), and credits every seat on its path with its payoff. Below the root, a node
plays as the play-out does until it has been visited ``widen`` times, and is searched
after that; with ``widen`` at least the iterations, the walk plays exactly what the
kernel's batches play on the same deals.

>>> import random
>>> from hearts_core import Rules, apply, new_game, observe, random_deal
>>> rules = Rules(pass_cycle=["hold"])
>>> state = apply(new_game(rules), random_deal(rules, random.Random(2)))
>>> view = observe(state, state.to_act[0])
>>> values = walk_values(view, random.Random(1), iterations=4)
>>> set(values) == set(view.legal_actions)
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Final

from hearts_core.actions import PlayCard
from hearts_core.bots.heuristics import common_play
from hearts_core.bots.knowledge import equivalent_plays, moon_candidate, unseen_cards
from hearts_core.bots.monte_carlo import believed
from hearts_core.bots.sampled import SampledHand
from hearts_core.cards import Card
from hearts_core.legality import plays_of
from hearts_core.observation import PlayerView
from hearts_core.rules import Rules
from hearts_core.state import taken_and_won, trick_winner

__all__ = ["walk_values", "MOON_MARGIN"]

MOON_MARGIN: Final = 0.05
"""How much better (in moon units: 0.05 is 1.3 points of 26) the moon plan must look to be
played: its play-outs are the shooter's best case, so it has to win clearly."""


def walk_values(
    view: PlayerView,
    rng: random.Random,
    iterations: int = 32,
    seconds: float | None = None,
    exploration: float = 0.7,
    moon: bool = True,
    widen: int = 64,
) -> dict[PlayCard, float]:
    """Each legal play's mean payoff in moon units (higher is better), by the tree walk:
    what :meth:`~hearts_core.bots.IsmctsBot.evaluate` gave before the kernel's batches
    (the view must be a turn to play, checked by the caller).

    >>> import random
    >>> from hearts_core import Rules, apply, new_game, observe, random_deal
    >>> rules = Rules(pass_cycle=["hold"])
    >>> state = apply(new_game(rules), random_deal(rules, random.Random(2)))
    >>> view = observe(state, state.to_act[0])
    >>> len(walk_values(view, random.Random(1), iterations=3)) == len(view.legal_actions)
    True
    """
    plays = [a for a in view.legal_actions if isinstance(a, PlayCard)]
    search = _Search(view, exploration, rng, widen)
    groups = equivalent_plays(plays, unseen_cards(view).mask, view.rules.tables().points)
    firsts = [group[0].card.bit for group in groups]
    deadline = None if seconds is None else time.perf_counter() + seconds
    normal, shoot = _Node(), _Node()
    attempt = moon and search.moon_candidate()
    for done in range(iterations):
        deal = search.sample()
        for bit in firsts:  # every play on the same deal: the comparison is paired
            search.walk(normal, deal.copy(), bit, False)
            if attempt:
                search.walk(shoot, deal.copy(), bit, True)
        if deadline is not None and done and time.perf_counter() >= deadline:
            break
    means = _means(normal)
    if attempt and max(_means(shoot).values()) > max(means.values()) + MOON_MARGIN:
        means = _means(shoot)
    return {p: means[group[0].card.bit] for group in groups for p in group}


class _Node:
    """A play in the tree: how often it was tried and available, and its payoff summed for
    the seat that made it."""

    __slots__ = ("children", "visits", "value", "available")

    def __init__(self) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.value = 0.0
        self.available = 0


def _means(root: _Node) -> dict[int, float]:
    """The mean payoff of each of the root's plays (all tried on the same deals)."""
    return {bit: child.value / child.visits for bit, child in root.children.items()}


class _Search:
    """One decision's search: the view's public facts, read once, and the walks."""

    def __init__(
        self, view: PlayerView, exploration: float, rng: random.Random, widen: int = 64
    ) -> None:
        rules: Rules = view.rules
        self.view = view
        self.rules = rules
        self.tables = rules.tables()
        self.players = rules.players
        self.me = view.seat
        self.exploration = exploration
        self.widen = widen
        self.rng = rng
        self.belief = believed(view)
        taken, won = taken_and_won(view.tricks, self.players)
        self.taken, self.won = taken, won
        self.scale = float(max(rules.moon_amount, 1))

    def moon_candidate(self) -> bool:
        """Whether a moon attempt is worth weighing (see
        :func:`~hearts_core.bots.knowledge.moon_candidate`)."""
        return moon_candidate(self.view)

    def sample(self) -> SampledHand:
        """A deal of the hidden cards that fits the view, drawn uniformly, as masks."""
        return SampledHand.of(self.belief.sample(self.rng), self.taken, self.won)

    def walk(self, root: _Node, hand: SampledHand, first: int, shoot: bool) -> None:
        """One iteration on the deal ``hand``: play ``first`` (a root play), walk the tree
        below it, play the hand out, and credit each play on the path to its seat."""
        node = root.children.setdefault(first, _Node())
        node.available += 1
        path = [(node, self.me)]
        hand.play(self.me, first)
        while hand.tricks < self.tables.hand_size:
            seat = hand.to_move()
            legal = hand.legal(seat)
            if node.visits < self.widen:
                # A young node plays as the play-out would: searching it on a handful of
                # iterations would model the other seats as playing at random.
                bit = self._policy(hand, seat, legal, shoot).card.bit
                node = node.children.setdefault(bit, _Node())
                node.available += 1
                path.append((node, seat))
                hand.play(seat, bit)
                continue
            bit, expanded = self._select(node, legal)
            node = node.children[bit]
            path.append((node, seat))
            hand.play(seat, bit)
            if expanded:
                break
        payoffs = self._play_out(hand, shoot)
        for child, seat in path:
            child.visits += 1
            child.value += payoffs[seat]

    def _select(self, node: _Node, legal: int) -> tuple[int, bool]:
        """A play among ``legal`` by UCB over availability, or a new one; whether it is new."""
        children = node.children
        bits = []
        while legal:
            low = legal & -legal
            bits.append(low)
            legal ^= low
        for bit in bits:
            if bit in children:
                children[bit].available += 1
        untried = [b for b in bits if b not in children]
        if untried:
            bit = untried[self.rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
            child = children[bit] = _Node()
            child.available = 1
            return bit, True
        c = self.exploration
        best = bits[0]
        best_value = -math.inf
        for bit in bits:
            child = children[bit]
            value = child.value / child.visits + c * math.sqrt(
                math.log(child.available) / child.visits
            )
            if value > best_value:
                best, best_value = bit, value
        return best, False

    def _play_out(self, hand: SampledHand, shoot: bool) -> list[float]:
        """Play the hand out by rules of thumb; each seat's payoff in moon units."""
        size = self.tables.hand_size
        while hand.tricks < size:
            seat = hand.to_move()
            legal = hand.legal(seat)
            if legal & (legal - 1):
                legal = self._policy(hand, seat, legal, shoot).card.bit
            hand.play(seat, legal)
        return self._payoffs(hand)

    def _policy(self, hand: SampledHand, seat: int, legal: int, shoot: bool) -> PlayCard:
        """The play-out's card: the moon attempt for this seat under the moon plan, which
        the others defend against while it can succeed; else, when one seat holds every
        moon card taken, the attempt for that seat (not the bot's own) and the defence for
        the others; then the rules of thumb."""
        plays = plays_of(seat, legal)
        if len(plays) == 1:
            return plays[0]
        points = self.tables.points
        held = hand.hands[seat]
        unseen = hand.remaining & ~held
        trick = hand.trick
        me = self.me
        if shoot and seat == me:
            return _shoot_play(plays, trick, unseen, points)
        need = self.tables.moon_mask
        if shoot and not any(m & need for s, m in enumerate(hand.taken) if s != me):
            threat: int | None = me  # the moon plan is tried against a defence from the start
        else:
            threat = _threat(hand.taken, need) if need else None
        if threat is not None:
            if threat == seat:
                if seat != me:  # a would-be shooter carries on: what the defence is against
                    return _shoot_play(plays, trick, unseen, points)
            else:
                play = _defend(plays, hand, threat, points, self.players)
                if play is not None:
                    return play
        return common_play(plays, trick, held, unseen, self.tables)

    def _payoffs(self, hand: SampledHand) -> list[float]:
        # What each seat's total gains (less while counting down, when points taken come
        # off); a seat's payoff is the others' mean gain less its own.
        view = self.view
        gains = hand.gains(self.rules, view.totals, view.counting_down)
        total = sum(gains)
        n = self.players - 1
        scale = self.scale
        return [((total - g) / n - g) / scale for g in gains]


def _threat(taken: Sequence[int], need: int) -> int | None:
    """The seat that alone has taken moon cards, at least three of them."""
    holder = None
    for other, mask in enumerate(taken):
        if mask & need:
            if holder is not None:
                return None
            holder = other
    if holder is None or (taken[holder] & need).bit_count() < 3:
        return None
    return holder


def _defend(
    plays: Sequence[PlayCard], hand: SampledHand, threat: int, points: Sequence[int], players: int
) -> PlayCard | None:
    """Against a would-be shooter: win a trick with points in it, or feed the shooter nothing."""
    trick = hand.trick
    if not trick:
        return None
    led = trick[0].suit
    if plays[0].card.suit is led:
        if sum(points[c.index] for c in trick) > 0:
            high = max(c.rank for c in trick if c.suit is led)
            above = [p for p in plays if p.card.rank > high]
            if above:
                return max(above, key=lambda p: p.card.rank)
        return None
    winner = trick_winner(hand.leader, trick, players, hand.mask)
    if winner == threat:
        clean = [p for p in plays if points[p.card.index] <= 0]
        if clean:
            return max(clean, key=lambda p: p.card.rank)
    return None


def _shoot_play(
    plays: Sequence[PlayCard], trick: Sequence[Card], unseen: int, points: Sequence[int]
) -> PlayCard:
    """A moon attempt: lead sure winners (else the highest card), win every trick, and when
    void throw away the lowest card without points."""
    if not trick:
        sure = [p for p in plays if not unseen & p.card.suit_mask & ~((p.card.bit << 1) - 1)]
        pool = sure or list(plays)
        return max(pool, key=lambda p: (points[p.card.index] <= 0, p.card.rank))
    led = trick[0].suit
    if plays[0].card.suit is led:
        return max(plays, key=lambda p: p.card.rank)
    return min(plays, key=lambda p: (points[p.card.index] > 0, p.card.rank))
