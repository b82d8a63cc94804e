"""The search bot: information-set Monte Carlo tree search over sampled deals (``ismcts``).

Each iteration deals the hidden cards anew with
:class:`~hearts_core.belief.Belief` (uniformly among the deals that fit the
view) and, on that one deal, tries every play the bot has (one of each group
of plays that cannot play differently): each play starts a walk down one
shared tree of the plays that follow, the other seats' and the bot's own
later ones, chosen among the plays legal in *that* deal by UCB (each seat
maximising its own payoff; a child's exploration term counts the iterations
in which it was available, as in Cowling, Powley and Whitehouse's
single-observer ISMCTS). A walk adds one node, plays the hand out with fast
rules of thumb, and credits every seat on its path with its payoff: the mean
of the other seats' gains less its own, over the moon amount (a seat gains its
hand score, and loses it while the game counts down).

Trying every play on the same deals makes the comparison at the root paired,
as in Sturtevant's determinized search: the luck of a deal falls on every
play alike, so a few dozen deals tell plays apart that a few hundred
unpaired walks would not. Below the root, a node plays as the play-out does
until it has been visited ``widen`` times (64), and is searched after that:
a tree grown on a handful of walks models the other seats as random players.
At the default budget (32 deals) no node below the root reaches 64 visits,
so the search is flat, a paired determinized search with moon plans; the
tree grows under larger budgets.

The play-out is the same rules of thumb as the Monte-Carlo bot's
(:func:`~hearts_core.bots.heuristics.common_play`), run on card masks rather
than game states, and scored by :func:`~hearts_core.scoring.score_hand` and
:func:`~hearts_core.scoring.totals_after` (so card values, the moon and sun
rules, count-down hands and every player count count as the rules say). How
close the game is to its end is not weighed.

**Moons.** While no other seat has taken a card the moon needs, and the bot
has taken one or holds many high cards (a third of its hand queens or
better), every play is also tried, on the same deals, with the bot's seat
playing out to take every trick (a moon attempt: lead sure winners, win
every trick it can, throw no points away). The bot plays the moon plan's
choice when that plan's best play beats the normal plan's best by more than
0.05 moon units (1.3 points of 26). The moon plan is tried against a
defence from its first card: while no other seat has taken a moon card, the
other seats win a trick with points when they can and feed the bot no
points, so that an attempt is made only when it survives them. Under the
normal plan, when one seat alone holds every moon card taken so far (three
or more), a play-out expects it to go on shooting: that seat, unless it is
the bot's own, plays as a moon attempt does, and the others defend.

**Passing** is searched too (:func:`~hearts_core.bots.passing.searched_pass`):
a few dozen candidate passes are played out on the same sampled deals, and
the best replaces the rules of thumb's pass when it is clearly better. The
moon scoring choice is :class:`~hearts_core.bots.RuleBot`'s.

>>> import random
>>> from hearts_core import Rules, apply, new_game, observe, random_deal
>>> rules = Rules(pass_cycle=["hold"])
>>> state = apply(new_game(rules), random_deal(rules, random.Random(2)))
>>> seat = state.to_act[0]
>>> bot = IsmctsBot(iterations=8)
>>> bot.choose(observe(state, seat), random.Random(1)) in observe(state, seat).legal_actions
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Final

from hearts_core.actions import Action, PlayCard
from hearts_core.bots.heuristics import common_play
from hearts_core.bots.knowledge import check_view, equivalent_plays, taken_masks, unseen_cards
from hearts_core.bots.monte_carlo import believed
from hearts_core.bots.passing import searched_pass
from hearts_core.bots.rule_bot import searched_choice
from hearts_core.bots.sampled import SampledHand
from hearts_core.cards import Card, Rank
from hearts_core.errors import BotError
from hearts_core.legality import plays_of
from hearts_core.observation import PlayerView
from hearts_core.rules import Rules
from hearts_core.state import Phase, taken_and_won, trick_winner

__all__ = ["IsmctsBot"]

_MOON_MARGIN: Final = 0.05
"""How much better (in moon units: 0.05 is 1.3 points of 26) the moon plan must look to be
played: its play-outs are the shooter's best case, so it has to win clearly."""


class _Node:
    """A play in the tree: how often it was tried and available, and its payoff summed for
    the seat that made it."""

    __slots__ = ("children", "visits", "value", "available")

    def __init__(self) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.value = 0.0
        self.available = 0


class IsmctsBot:
    """Information-set Monte Carlo tree search over sampled deals, with explicit moon plans.

    Args:
        iterations: Sampled deals per decision; each plays every distinct play
            once (twice while a moon attempt is weighed): one tree walk and
            one play-out each.
        seconds: An optional time budget per decision: the search stops when
            it is spent, after at least one iteration (the play then depends
            on the machine's speed, so a seed no longer fixes the game).
        exploration: The UCB exploration constant below the root (payoffs are
            in moon units).
        widen: The visits a node below the root needs before its plays are
            searched rather than taken from the play-out's rules of thumb.
        moon: Whether to weigh a moon attempt while one is possible.
        pass_playouts: Hands played out to choose a pass (see
            :func:`~hearts_core.bots.passing.searched_pass`); 0 passes by the
            rules of thumb, as :class:`~hearts_core.bots.RuleBot` does. This
            budget holds whatever ``seconds`` says.

    Raises:
        BotError: for a bad setting.

    >>> IsmctsBot(iterations=64)
    IsmctsBot(iterations=64, exploration=0.7, moon=True, widen=64, pass_playouts=800)
    """

    def __init__(
        self,
        iterations: int = 32,
        seconds: float | None = None,
        exploration: float = 0.7,
        moon: bool = True,
        widen: int = 64,
        pass_playouts: int = 800,
    ) -> None:
        if type(iterations) is not int or iterations < 1:
            raise BotError(f"iterations must be at least 1, not {iterations!r}")
        if seconds is not None and (
            not isinstance(seconds, int | float) or not 0 < seconds < float("inf")
        ):
            raise BotError(f"seconds must be a positive number, not {seconds!r}")
        if not isinstance(exploration, int | float) or not 0 <= exploration < float("inf"):
            raise BotError(f"exploration must be a number of at least 0, not {exploration!r}")
        if type(moon) is not bool:
            raise BotError(f"moon must be true or false, not {moon!r}")
        if type(widen) is not int or widen < 1:
            raise BotError(f"widen must be at least 1, not {widen!r}")
        if type(pass_playouts) is not int or pass_playouts < 0:
            raise BotError(f"pass_playouts must be at least 0, not {pass_playouts!r}")
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = float(exploration)
        self.moon = moon
        self.widen = widen
        self.pass_playouts = pass_playouts

    def __repr__(self) -> str:
        budget = "" if self.seconds is None else f", seconds={self.seconds}"
        return (
            f"IsmctsBot(iterations={self.iterations}{budget}, "
            f"exploration={self.exploration}, moon={self.moon}, widen={self.widen}, "
            f"pass_playouts={self.pass_playouts})"
        )

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """The searched play or pass; moon choices as :class:`~hearts_core.bots.RuleBot`.

        Raises:
            BotError: if ``view`` offers no action, or no game shows it (see
                :func:`~hearts_core.bots.knowledge.check_view`).

        >>> from hearts_core import Deal, apply, new_game, observe
        >>> state = apply(new_game(), Deal(["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        ...     "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD", "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        ...     "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"]))
        >>> print(IsmctsBot().choose(observe(state, 3), random.Random(0)))
        pass 3 QS KS AS
        """
        if self.pass_playouts and check_view(view).phase is Phase.PASS and view.is_my_turn:
            action = searched_pass(view, rng, self.pass_playouts)
            if action in view.legal_actions:
                return action
        return searched_choice(view, rng, self.evaluate, higher_is_better=True)

    def evaluate(self, view: PlayerView, rng: random.Random) -> dict[PlayCard, float]:
        """Each legal play's mean payoff over the sampled deals, in moon units (higher is better).

        Raises:
            BotError: if ``view`` is not a turn to play a card, or no game shows it: its
                fields contradict each other (see
                :func:`~hearts_core.bots.knowledge.check_view`), or no deal of the hidden
                cards fits it.

        >>> from hearts_core import Rules, apply, new_game, observe, random_deal
        >>> rules = Rules(pass_cycle=["hold"])
        >>> state = apply(new_game(rules), random_deal(rules, random.Random(2)))
        >>> seat = state.to_act[0]
        >>> scores = IsmctsBot(iterations=20).evaluate(observe(state, seat), random.Random(1))
        >>> len(scores) == len(observe(state, seat).legal_actions)
        True
        """
        if check_view(view).phase is not Phase.PLAY or not view.is_my_turn:
            raise BotError(f"seat {view.seat} has no card to play now")
        plays = [a for a in view.legal_actions if isinstance(a, PlayCard)]
        search = _Search(view, self.exploration, rng, self.widen)
        groups = equivalent_plays(plays, unseen_cards(view).mask, view.rules.tables().points)
        firsts = [group[0].card.bit for group in groups]
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        normal, shoot = _Node(), _Node()
        attempt = self.moon and search.moon_candidate()
        for done in range(self.iterations):
            deal = search.sample()
            for bit in firsts:  # every play on the same deal: the comparison is paired
                search.walk(normal, deal.copy(), bit, False)
                if attempt:
                    search.walk(shoot, deal.copy(), bit, True)
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
        means = _means(normal)
        if attempt and max(_means(shoot).values()) > max(means.values()) + _MOON_MARGIN:
            means = _means(shoot)
        return {p: means[group[0].card.bit] for group in groups for p in group}


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
        """Whether a moon attempt is worth weighing: the rules have a moon, no other seat
        has taken a card it needs, and this seat has taken one or holds many high cards
        (a third of its hand queens or better)."""
        tables = self.tables
        need = tables.moon_mask
        if not need or not tables.moon_amount:
            return False
        mine = taken_masks(self.view)
        if any(m & need for s, m in enumerate(mine) if s != self.me):
            return False
        high = sum(1 for card in self.view.hand if card.rank >= Rank.QUEEN)
        return bool(mine[self.me] & need) or 3 * high >= len(self.view.hand)

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
