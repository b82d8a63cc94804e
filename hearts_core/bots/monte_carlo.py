"""The Monte-Carlo bot: deal the hidden cards at random many times, play each deal out, and
keep the card that did best on average (determinization)."""

from __future__ import annotations

import random
import time
from typing import Final, Literal

from hearts_core.actions import Action, PlayCard
from hearts_core.belief import Belief, public_hand
from hearts_core.bots.errors import BotError
from hearts_core.bots.knowledge import check_view, equivalent_plays, unseen_cards
from hearts_core.bots.rule_bot import searched_choice
from hearts_core.bots.sampled import Outcomes
from hearts_core.errors import InvalidStateError
from hearts_core.kernel import RULE, Hand, Rng, deal_hands_into, play_outs
from hearts_core.observation import PlayerView
from hearts_core.state import Phase

__all__ = ["MonteCarloBot", "RolloutPolicy", "believed"]

_STEP: Final = 8
"""Deals played between looks at the clock, under a budget in seconds."""

_CHUNK: Final = 256
"""Deals played in one batch, at most: a large budget plays several, in bounded memory."""

RolloutPolicy = Literal["rule", "random"]
"""How :class:`MonteCarloBot` plays each sampled deal out: ``rule`` (a fast rule of thumb for
every seat) or ``random`` (uniform legal cards)."""


class MonteCarloBot:
    """Plays the card that does best over random deals of the hidden cards (determinization).

    For each decision in play it deals the cards it cannot see at random,
    ``samples`` times, in ways consistent with its view only: every other seat
    gets as many cards as it holds; a seat that showed a void gets none of
    that suit; the cards this seat passed go to the seat it passed them to,
    until played. On each deal it tries every legal card and plays the rest
    of the hand out in the hand kernel (each seat following the rules of thumb,
    every deal and card in one call of :func:`~hearts_core.kernel.play_outs`; or at
    random, :meth:`~hearts_core.kernel.Hand.finish_random`), and keeps the card whose
    hand score, relative to the mean of the other seats, averaged best. Passing and the
    moon choice are :class:`~hearts_core.bots.RuleBot`'s.

    Args:
        samples: Deals to try per decision (at least 1).
        seconds: An optional time budget per decision: sampling stops when it
            is spent, after at least one deal (the play then depends on the
            machine's speed, so a seed no longer fixes the game).
        rollout: ``"rule"`` or ``"random"`` play-outs.

    Raises:
        BotError: for a bad setting.

    >>> from hearts_core import Rules, apply, new_game, observe, random_deal
    >>> from hearts_core.bots import RuleBot
    >>> bot = MonteCarloBot(samples=8)
    >>> rng = random.Random(4)
    >>> rules = Rules(pass_cycle=["hold"])
    >>> state = apply(new_game(rules), random_deal(rules, rng))
    >>> state = apply(state, RuleBot().choose(observe(state, state.to_act[0]), rng))
    >>> seat = state.to_act[0]
    >>> bot.choose(observe(state, seat), rng) in observe(state, seat).legal_actions
    True
    """

    def __init__(
        self, samples: int = 24, seconds: float | None = None, rollout: RolloutPolicy = "rule"
    ) -> None:
        if type(samples) is not int or samples < 1:
            raise BotError(f"samples must be at least 1, not {samples!r}")
        if seconds is not None and (
            not isinstance(seconds, int | float) or not 0 < seconds < float("inf")
        ):
            raise BotError(f"seconds must be a positive number, not {seconds!r}")
        if rollout not in ("rule", "random"):
            raise BotError(f"rollout must be 'rule' or 'random', not {rollout!r}")
        self.samples = samples
        self.seconds = seconds
        self.rollout: RolloutPolicy = rollout
        self._store: dict[tuple[object, ...], Outcomes] = {}  # outcomes kept between decisions

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """The legal card with the best average outcome over the sampled deals.

        Raises:
            BotError: if ``view`` offers no action, or no game shows it (see
                :func:`~hearts_core.bots.knowledge.check_view`).

        >>> from hearts_core import Deal, apply, new_game, observe
        >>> state = apply(new_game(), Deal(["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        ...     "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD", "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        ...     "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"]))
        >>> print(MonteCarloBot().choose(observe(state, 3), random.Random(0)))
        pass 3 QS KS AS
        """
        return searched_choice(view, rng, self.evaluate, higher_is_better=False)

    def evaluate(self, view: PlayerView, rng: random.Random) -> dict[PlayCard, float]:
        """Each legal card's mean outcome over the sampled deals (lower is better).

        The outcome of a play-out is this seat's score for the hand less the
        mean score of the other seats. Cards that cannot play differently (the
        same points, and no unseen card ranked between them, as 5♣ and 6♣ when
        the others hold neither) are played out once and share the result.

        Raises:
            BotError: if ``view`` is not a turn to play a card, or no game shows it: its
                fields contradict each other (see
                :func:`~hearts_core.bots.knowledge.check_view`), or no deal of the hidden
                cards fits it.

        >>> from hearts_core import Rules, apply, new_game, observe, random_deal
        >>> from hearts_core.bots import RuleBot
        >>> rng = random.Random(1)
        >>> rules = Rules(pass_cycle=["hold"])
        >>> state = apply(new_game(rules), random_deal(rules, rng))
        >>> state = apply(state, RuleBot().choose(observe(state, state.to_act[0]), rng))
        >>> seat = state.to_act[0]
        >>> scores = MonteCarloBot(samples=4).evaluate(observe(state, seat), rng)
        >>> [str(play) for play in scores] == [str(a) for a in observe(state, seat).legal_actions]
        True
        """
        if check_view(view).phase is not Phase.PLAY or not view.is_my_turn:
            raise BotError(f"seat {view.seat} has no card to play now")
        plays = [a for a in view.legal_actions if isinstance(a, PlayCard)]
        belief = believed(view)
        groups = equivalent_plays(plays, unseen_cards(view).mask, view.rules.tables().points)
        firsts = sorted(group[0].card.bit for group in groups)  # the order play_outs plays
        cards = sum(firsts)
        totals = [0.0] * len(firsts)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        draws = Rng(random.Random(rng.getrandbits(64)))
        start = public_hand(view)
        outcomes = Outcomes.kept(view, self._store)
        done = 0
        while done < self.samples:
            # A budget in time checks the clock every few deals, a budget in deals never.
            batch = min(self.samples - done, _CHUNK if deadline is None else _STEP)
            deals = [belief.hands(draws) for _ in range(batch)]
            if self.rollout == "random":
                ends = _random_outs(start, deals, firsts, draws)
            else:
                ends = play_outs(start, deals, cards, RULE, view.seat)
            outcomes.add(ends, totals)
            done += batch
            if deadline is not None and time.perf_counter() >= deadline:
                break
        sums = dict(zip(firsts, totals, strict=True))
        means = {play: sums[group[0].card.bit] / done for group in groups for play in group}
        return {play: means[play] for play in plays}

    def __repr__(self) -> str:
        budget = "" if self.seconds is None else f", seconds={self.seconds}"
        return f"MonteCarloBot(samples={self.samples}{budget}, rollout={self.rollout!r})"


def _random_outs(
    start: Hand, deals: list[list[int]], firsts: list[int], draws: Rng
) -> list[tuple[int, ...]]:
    """Each card of ``firsts`` played on each deal and the hand played out at random, every
    card of a deal with the same draws (a paired test), as
    :func:`~hearts_core.kernel.play_outs` orders them."""
    ends = []
    hand = start.copy()
    for deal in deals:
        seed = 0
        for _ in range(8):  # a 64-bit seed, from eight of the kernel's bytes
            seed = seed << 8 | draws.word()
        for bit in firsts:
            hand.copy_from(start)
            deal_hands_into(hand, deal)
            hand.play(bit)
            hand.finish_random(Rng(random.Random(seed)))
            ends.append(hand.scored())
    return ends


def believed(view: PlayerView) -> Belief:
    """The :class:`~hearts_core.belief.Belief` of ``view``, for a searching bot.

    Raises:
        BotError: if no deal of the hidden cards fits ``view`` (the belief's
            :class:`~hearts_core.InvalidStateError`, given as the bot's refusal).

    >>> from hearts_core import new_game, observe
    >>> believed(observe(new_game(), 0)).size
    1
    """
    try:
        return Belief(view)
    except InvalidStateError as error:
        raise BotError(f"view: {error.reason}") from None
