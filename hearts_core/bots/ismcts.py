"""The search bot (``ismcts``): sampled deals and candidate plays played out in the hand
kernel's batches, with moon plans, claims and a searched pass.

Each decision deals the hidden cards many times with
:class:`~hearts_core.belief.Belief` (uniformly among the deals that fit the view) and
plays every play the bot has (one of each group of plays that cannot play differently)
out on every deal: all of them in one call of the kernel
(:func:`~hearts_core.kernel.play_outs`), each seat then playing by the rules of thumb
(:func:`~hearts_core.bots.heuristics.common_play`) with the moon plans below. A
play-out's payoff for a seat is the mean of the other seats' gains less its own, over the
moon amount (a seat gains its hand score, and loses it while the game counts down), so a
moon counts for all it swings: 26 points to each other seat, or to the shooter's lead.
Every play meets the same deals, so the comparison is paired, as in Sturtevant's
determinized search: the luck of a deal falls on every play alike.

**Moons.** While no other seat has taken a card the moon needs, and the bot has taken
one or holds many high cards (:func:`~hearts_core.bots.knowledge.moon_candidate`), every
play is also tried on the same deals with the bot playing out a moon attempt (lead sure
winners, win every trick it can, throw no points away); the others defend against it
once it is a threat, as they do against a rival's. The attempt is played when its best
play beats the normal plan's best by more than 0.15 moon units, 3.9 points of 26
(:data:`ATTEMPT_MARGIN`), at every card of the hand: an attempt begun is dropped once
the normal plan comes within that margin. (The bar was 0.05, and none once begun,
until head-to-head games favoured this one; the strength page has the figures.)

In every play-out a seat that alone has taken three moon cards or more is a threat: it
plays on as a moon attempt does (unless it is the bot's own), and the others defend
(:func:`~hearts_core.kernel.plan_card`): they win a trick with points in it when they
can, feed the threat nothing, lead a card with points that nobody can beat, and throw
another seat's trick their lowest point card, keeping the high ones as stoppers.

**Claims.** Near the end of a hand, when few deals fit the view, the bot first asks
:func:`~hearts_core.claims.view_claim` whether it takes every remaining trick, or none,
on every one of them; a claim that settles the hand (every trick when it makes the
moon; none when no other seat can still shoot and no card worth less than nothing is
left) is played without a search.

**Passing** is searched too (:func:`~hearts_core.bots.passing.searched_pass`): a few
dozen candidate passes played out on sampled deals by the rules of thumb, 3,200 hands a
pass (``pass_playouts``), or with the moon plans above (``pass_moon``); the moon scoring
choice is :class:`~hearts_core.bots.RuleBot`'s. (The pass was searched on 800 hands
until head-to-head games showed that four times as many pass better.)

``search="walk"`` keeps the search as it was before the kernel's batches
(:mod:`hearts_core.bots.tree`): a tree of the plays below the root, walked one deal and
one play-out at a time in Python, and a pass chosen among the pool's passes only;
``exploration`` and ``widen`` are its settings.

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

import random
import time
from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, Literal

from hearts_core.actions import Action, PlayCard
from hearts_core.belief import public_hand
from hearts_core.bots.errors import BotError
from hearts_core.bots.knowledge import (
    check_view,
    equivalent_plays,
    moon_candidate,
    taken_masks,
    unseen_cards,
)
from hearts_core.bots.monte_carlo import believed
from hearts_core.bots.passing import searched_pass
from hearts_core.bots.rule_bot import rule_play, searched_choice
from hearts_core.bots.sampled import Outcomes
from hearts_core.bots.tree import walk_values
from hearts_core.claims import Claim, view_claim
from hearts_core.errors import InvalidStateError
from hearts_core.kernel import GUARD, LATE, NORMAL, RULE, SHOOT, Rng, play_outs
from hearts_core.observation import PlayerView
from hearts_core.rules.options import MoonScoring
from hearts_core.scoring import tricks_count
from hearts_core.state import Phase

__all__ = [
    "IsmctsBot",
    "SearchKind",
    "DEFAULT_ITERATIONS",
    "DEFAULT_PASS_PLAYOUTS",
    "STRONG",
    "ATTEMPT_MARGIN",
]

SearchKind = Literal["batch", "walk"]
"""How :class:`IsmctsBot` searches: ``batch`` (the kernel's batched play-outs) or ``walk``
(the tree walk it made before them)."""

DEFAULT_ITERATIONS: Final = 128
"""Sampled deals a decision, unless told."""

DEFAULT_PASS_PLAYOUTS: Final = 3200
"""Hands played out to choose a pass, unless told."""

STRONG: Final[Mapping[str, object]] = MappingProxyType(
    {"iterations": 30000, "pass_playouts": 20000}
)
"""The strong preset (``ismcts:strong``): 30,000 sampled deals a decision and 20,000 hands a
pass, about a quarter of a second for a decision with a choice to make (the median; up to
two seconds early in a hand) on one core of a 2-core machine, compiled."""

ATTEMPT_MARGIN: Final = 0.15
"""How much better, in moon units, the moon attempt's best play must score than the normal
plan's best for the batched search to play it (the walk keeps its own 0.05)."""

_STEP: Final = 8
"""Deals played between looks at the clock, under a budget in seconds."""

_CHUNK: Final = 256
"""Deals played in one batch, at most: a large budget plays several, in bounded memory."""

_CLAIM_DEALS: Final = 128
"""The most deals of the hidden cards a claim is proved on before a search."""


class IsmctsBot:
    """Search over sampled deals in the kernel's batches, with moon plans, claims and a
    searched pass.

    Args:
        iterations: Sampled deals per decision; each plays every distinct play
            once (twice while a moon attempt is weighed).
        seconds: An optional time budget per decision: the search stops when
            it is spent, after at least one deal (the play then depends on the
            machine's speed, so a seed no longer fixes the game).
        exploration: The UCB exploration constant below the root (payoffs are
            in moon units), for ``search="walk"``.
        widen: The visits a node below the root needs before its plays are
            searched rather than taken from the play-out's rules of thumb, for
            ``search="walk"``.
        moon: Whether to weigh a moon attempt while one is possible.
        pass_playouts: Hands played out to choose a pass (see
            :func:`~hearts_core.bots.passing.searched_pass`); 0 passes by the
            rules of thumb, as :class:`~hearts_core.bots.RuleBot` does. This
            budget holds whatever ``seconds`` says.
        pass_moon: Whether the pass's play-outs are played as the card search
            plays them (a seat that alone has taken three moon cards plays on as
            a moon attempt does, unless it is the bot's own, and the others
            defend), rather than by the rules of thumb alone.
        search: ``"batch"`` (the kernel's batches, with claims) or ``"walk"``
            (the tree walk of :mod:`hearts_core.bots.tree`, no claims).

    Raises:
        BotError: for a bad setting.

    >>> IsmctsBot(iterations=64)
    IsmctsBot(iterations=64, exploration=0.7, moon=True, widen=64, pass_playouts=3200, \
pass_moon=False)
    """

    def __init__(
        self,
        iterations: int = DEFAULT_ITERATIONS,
        seconds: float | None = None,
        exploration: float = 0.7,
        moon: bool = True,
        widen: int = 64,
        pass_playouts: int = DEFAULT_PASS_PLAYOUTS,
        search: SearchKind = "batch",
        pass_moon: bool = False,
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
        if type(pass_moon) is not bool:
            raise BotError(f"pass_moon must be true or false, not {pass_moon!r}")
        if search not in ("batch", "walk"):
            raise BotError(f"search must be 'batch' or 'walk', not {search!r}")
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = float(exploration)
        self.moon = moon
        self.widen = widen
        self.pass_playouts = pass_playouts
        self.search: SearchKind = search
        self.pass_moon = pass_moon
        self._least = 3
        self._flags = GUARD | LATE
        self._margin = ATTEMPT_MARGIN
        self._store: dict[tuple[object, ...], Outcomes] = {}  # outcomes kept between decisions

    def __repr__(self) -> str:
        budget = "" if self.seconds is None else f", seconds={self.seconds}"
        kind = "" if self.search == "batch" else f", search={self.search!r}"
        return (
            f"IsmctsBot(iterations={self.iterations}{budget}, "
            f"exploration={self.exploration}, moon={self.moon}, widen={self.widen}, "
            f"pass_playouts={self.pass_playouts}, pass_moon={self.pass_moon}{kind})"
        )

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """The searched play or pass, or a claim's card; moon choices as
        :class:`~hearts_core.bots.RuleBot`.

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
        phase = check_view(view).phase
        if self.pass_playouts and phase is Phase.PASS and view.is_my_turn:
            plan = NORMAL if self.pass_moon else RULE
            voids = self.search == "batch"  # the walk keeps its own pass
            action = searched_pass(view, rng, self.pass_playouts, plan=plan, voids=voids)
            if action in view.legal_actions:
                return action
        if self.search == "batch" and phase is Phase.PLAY and view.is_my_turn:
            plays = _claimed(view)
            if plays:
                return rule_play(view, plays)
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
        if self.search == "walk":
            return walk_values(
                view, rng, self.iterations, self.seconds, self.exploration, self.moon,
                self.widen,
            )  # fmt: skip
        return self._batched(view, rng)

    def _batched(self, view: PlayerView, rng: random.Random) -> dict[PlayCard, float]:
        plays = [a for a in view.legal_actions if isinstance(a, PlayCard)]
        belief = believed(view)
        groups = equivalent_plays(plays, unseen_cards(view).mask, view.rules.tables().points)
        firsts = sorted(group[0].card.bit for group in groups)  # the order play_outs plays
        cards = sum(firsts)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        draws = Rng(random.Random(rng.getrandbits(64)))
        start = public_hand(view)
        outcomes = Outcomes.kept(view, self._store)
        attempt = self.moon and moon_candidate(view)
        plans = (NORMAL, SHOOT) if attempt else (NORMAL,)
        sums = [[0.0] * len(firsts) for _ in plans]
        done = 0
        while done < self.iterations:
            batch = min(self.iterations - done, _CHUNK if deadline is None else _STEP)
            deals = [belief.hands(draws) for _ in range(batch)]
            for plan, totals in zip(plans, sums, strict=True):
                ends = play_outs(start, deals, cards, plan, view.seat, self._least, self._flags)
                outcomes.add(ends, totals)
            done += batch
            if deadline is not None and time.perf_counter() >= deadline:
                break
        scale = -float(max(view.rules.moon_amount, 1)) * done  # payoffs: higher is better
        means = [dict(zip(firsts, (t / scale for t in totals), strict=True)) for totals in sums]
        chosen = means[0]
        if attempt and max(means[1].values()) > max(chosen.values()) + self._margin:
            chosen = means[1]
        return {p: chosen[group[0].card.bit] for group in groups for p in group}


def _claimed(view: PlayerView) -> list[PlayCard]:
    """The plays of a claim that settles the hand for ``view``'s seat (see the module's
    docstring), or none."""
    rules = view.rules
    tables = rules.tables()
    players = rules.players
    if (tables.hand_size - len(view.tricks)) * (players - 1) > 9 or tricks_count(rules):
        return []  # too many hidden cards for a proof on every deal, or tricks count
    try:
        found = view_claim(view, deals=_CLAIM_DEALS)
    except InvalidStateError:  # a view no deal fits: the search refuses it, as a BotError
        return []
    if found is None:
        return []
    claim, cards = found
    need = tables.moon_mask if rules.moon is not MoonScoring.OFF else 0
    holders = {s for s, m in enumerate(taken_masks(view)) if m & need}
    if claim is Claim.ALL:
        settles = bool(need) and rules.moon_amount > 0 and holders <= {view.seat}
    else:
        left = tables.deck & ~view.played.mask
        bonus = tables.points_of(left & ~tables.point_mask)  # cards worth less than nothing
        settles = bonus >= 0 and (not need or view.seat in holders or len(holders) >= 2)
    if not settles:
        return []
    return [a for a in view.legal_actions if isinstance(a, PlayCard) and a.card in cards]
