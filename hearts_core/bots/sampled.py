"""A sampled deal in play on plain masks: what the searching bots play out, thousands of times a
decision.

The Monte-Carlo and the search bots deal the hidden cards many times and
play each deal out by rules of thumb. A :class:`~hearts_core.GameState`
per card would keep tricks and events nobody reads, so they play in the hand
kernel (:mod:`hearts_core.kernel`) instead. The Monte-Carlo bot, ``ismcts`` and the
passing search play many deals and candidates in one call of the kernel
(:func:`~hearts_core.kernel.play_outs`, :func:`~hearts_core.kernel.pass_outs`); the tree
walk kept as ``ismcts:search=walk`` walks a :class:`SampledHand`, which keeps the trick's
cards for its own policies, plays each card through the kernel's step
(:func:`~hearts_core.kernel.after_card`) and hands the rest of the hand to the kernel.
Scores come from :func:`~hearts_core.scoring.score_hand`, once a hand
(:func:`hand_gains`), worked out once for each way the points fall (:class:`Outcomes`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from hearts_core.cards import FULL_DECK, Card
from hearts_core.kernel import Hand, add_outcomes, after_card, finish_rule, fold, rule_card
from hearts_core.observation import PlayerView
from hearts_core.rules import Rules
from hearts_core.rules.compiled import RuleTables
from hearts_core.rules.options import MoonOption
from hearts_core.scoring import moon_scores, score_hand, totals_after, tricks_count
from hearts_core.state import GameState, taken_and_won, trick_winner, winning_bit

__all__ = [
    "SampledHand",
    "Outcomes",
    "KEPT",
    "gain_over_others",
    "hand_gains",
    "hand_scores",
]

_BY_BIT: Final = {card.bit: card for card in FULL_DECK}
_ADD: Final = MoonOption.ADD_TO_OTHERS


class SampledHand:
    """A hand in play on masks, changed in place by :meth:`play`: the hands, the trick, who
    took what.

    Attributes:
        tables: The compiled rules.
        hands: Each seat's cards, as masks.
        trick: The cards of the trick in progress, in the order played.
        leader: The seat that led the trick in progress.
        broken: Whether hearts are broken.
        tricks: Tricks completed.
        taken: The cards each seat has taken, as masks.
        won: The tricks each seat has won.
        mask: The cards of the trick in progress, as a mask.
        remaining: The cards still in the hands, as a mask.

    >>> import random
    >>> from hearts_core import Rules, apply, new_game, random_deal
    >>> rules = Rules(pass_cycle=["hold"])
    >>> state = apply(new_game(rules), random_deal(rules, random.Random(3)))
    >>> hand = SampledHand.of(state)
    >>> seat = hand.to_move()
    >>> print(seat == state.to_act[0], hand.remaining.bit_count())
    True 52
    >>> hand.play_out()
    >>> hand.tricks, sum(hand.won), hand.remaining
    (13, 13, 0)
    """

    __slots__ = (
        "tables", "hands", "trick", "leader", "broken", "tricks", "taken", "won", "mask",
        "remaining", "led", "best", "winner",
    )  # fmt: skip

    def __init__(
        self,
        tables: RuleTables,
        hands: list[int],
        trick: list[Card],
        leader: int,
        broken: bool,
        tricks: int,
        taken: list[int],
        won: list[int],
    ) -> None:
        self.tables = tables
        self.hands = hands
        self.trick = trick
        self.leader = leader
        self.broken = broken
        self.tricks = tricks
        self.taken = taken
        self.won = won
        mask = 0
        for card in trick:
            mask |= card.bit
        self.mask = mask
        remaining = 0
        for held in hands:
            remaining |= held
        self.remaining = remaining
        # The trick so far as the kernel's step reads it: the suit led, the winning card, its seat.
        self.led = trick[0].suit_mask if trick else 0
        self.best = winning_bit(mask, self.led) if trick else 0
        self.winner = trick_winner(leader, trick, tables.players, mask) if trick else leader

    @classmethod
    def of(
        cls,
        state: GameState,
        taken: Sequence[int] | None = None,
        won: Sequence[int] | None = None,
    ) -> SampledHand:
        """The hand of a state in play. ``taken`` and ``won`` are the state's own, when the
        caller has read them from the tricks already (they are the same for every deal that
        fits one view).

        >>> from hearts_core import new_game
        >>> SampledHand.of(new_game()).tricks
        0
        """
        if taken is None or won is None:
            taken, won = taken_and_won(state.tricks, state.context.tables.players)
        return cls(
            state.context.tables,
            list(state.hand_masks),
            list(state.current_trick),
            state.leader,
            state.hearts_broken,
            len(state.tricks),
            list(taken),
            list(won),
        )

    def copy(self) -> SampledHand:
        """The same position, to be played on separately.

        >>> from hearts_core import new_game
        >>> hand = SampledHand.of(new_game())
        >>> hand.copy().hands is hand.hands
        False
        """
        return SampledHand(
            self.tables,
            list(self.hands),
            list(self.trick),
            self.leader,
            self.broken,
            self.tricks,
            list(self.taken),
            list(self.won),
        )

    def to_move(self) -> int:
        """The seat to play the next card.

        >>> from hearts_core import new_game
        >>> SampledHand.of(new_game()).to_move()
        0
        """
        return (self.leader + len(self.trick)) % self.tables.players

    def legal(self, seat: int) -> int:
        """The cards ``seat`` may play now, as a mask (``seat`` must be :meth:`to_move`).

        >>> from hearts_core import Card, CardSet, Rules
        >>> hands = [CardSet.parse(text).mask for text in ("3H 9H 2C", "5D", "4H", "5H")]
        >>> hand = SampledHand(Rules().tables(), hands, [Card.parse("TH")], 3, True, 10,
        ...                    [0] * 4, [0] * 4)
        >>> str(CardSet.from_mask(hand.legal(0)))  # hearts were led: follow suit
        '3H 9H'
        """
        return fold(self.tables.kernel, self.hands[seat], self.led, not self.tricks, self.broken)

    def play(self, seat: int, bit: int) -> None:
        """``seat`` plays the card ``bit`` (a legal one: nothing is checked), as the kernel's
        step (:func:`~hearts_core.kernel.after_card`) says.

        >>> from hearts_core import Card, CardSet, Rules
        >>> hands = [CardSet.parse(text).mask for text in ("QS", "KS", "2S", "AS")]
        >>> hand = SampledHand(Rules().tables(), hands, [], 0, True, 12, [0] * 4, [0] * 4)
        >>> for seat, text in enumerate(("QS", "KS", "2S", "AS")):
        ...     hand.play(seat, Card.parse(text).bit)
        >>> hand.tricks, hand.leader, str(CardSet.from_mask(hand.taken[3]))
        (13, 3, '2S QS KS AS')
        """
        led, best, winner, following, broken = after_card(
            self.tables.kernel, seat, bit, len(self.trick), self.led, self.best, self.winner,
            self.broken,
        )  # fmt: skip
        self.broken = broken
        self.hands[seat] ^= bit
        self.remaining ^= bit
        self.mask |= bit
        if following >= 0:
            self.trick.append(_BY_BIT[bit])
            self.led, self.best, self.winner = led, best, winner
            return
        self.taken[winner] |= self.mask
        self.won[winner] += 1
        self.tricks += 1
        self.leader = self.winner = winner
        self.trick, self.mask, self.led, self.best = [], 0, 0, 0

    def kernel(self) -> Hand:
        """This position as a kernel :class:`~hearts_core.kernel.Hand`.

        >>> from hearts_core import new_game
        >>> SampledHand.of(new_game()).kernel().tricks
        0
        """
        players = self.tables.players
        held = list(self.hands)
        for position, card in enumerate(self.trick):
            held[(self.leader + position) % players] |= card.bit
        hand = Hand(self.tables.kernel, tuple(held), self.leader)
        bits = tuple([card.bit for card in self.trick])
        hand.resume(bits, self.leader, self.broken, self.tricks, tuple(self.taken), tuple(self.won))
        return hand

    def rule_play(self, seat: int, legal: int) -> int:
        """The card, as a bit, that the rules of thumb
        (:func:`~hearts_core.kernel.rule_card`) play from ``legal``.

        >>> from hearts_core import Card, CardSet, Rules
        >>> hands = [CardSet.parse(text).mask for text in ("3H 9H AH 2C", "2H", "4H", "5H")]
        >>> hand = SampledHand(Rules().tables(), hands, [Card.parse("TH")], 3, True, 9,
        ...                    [0] * 4, [0] * 4)
        >>> str(CardSet.from_mask(hand.rule_play(0, hand.legal(0))))
        '9H'
        """
        held = self.hands[seat]
        return rule_card(
            self.tables.kernel, legal, held, self.remaining & ~held, self.mask, self.best,
            len(self.trick),
        )  # fmt: skip

    def play_out(self) -> None:
        """Play the rest of the hand, every seat by the rules of thumb, in the kernel
        (:func:`~hearts_core.kernel.finish_rule`).

        >>> from hearts_core import new_game
        >>> hand = SampledHand.of(new_game())  # nothing dealt: the hand is already over
        >>> hand.play_out()
        >>> hand.tricks
        0
        """
        if not self.remaining:
            return
        hand = self.kernel()
        finish_rule(hand)
        self.hands = list(hand.hand_masks())
        self.taken = list(hand.taken_masks())
        self.won = list(hand.won_counts())
        self.tricks = hand.tricks
        self.leader = self.winner = hand.leader
        self.trick, self.mask, self.led, self.best, self.remaining = [], 0, 0, 0, 0

    def scores(
        self,
        rules: Rules,
        totals: Sequence[int],
        counting_down: bool = False,
        option: MoonOption = _ADD,
    ) -> tuple[int, ...]:
        """The hand's scores once it is played out, as :func:`~hearts_core.scoring.score_hand`
        scores it from ``totals``; where the shooter chooses, the choice is ``option``.

        >>> from hearts_core import CardSet, Rules
        >>> hand = SampledHand(Rules().tables(), [0] * 4, [], 0, True, 13,
        ...                    [CardSet.parse("QS 2H").mask, 0, 0, 0], [13, 0, 0, 0])
        >>> hand.scores(Rules(), [0, 0, 0, 0])
        (14, 0, 0, 0)
        """
        return hand_scores(rules, self.taken, self.won, totals, counting_down, option)

    def gains(
        self, rules: Rules, totals: Sequence[int], counting_down: bool = False
    ) -> tuple[int, ...]:
        """How each seat's total changes with the hand's :meth:`scores` (see
        :func:`hand_gains`).

        >>> from hearts_core import CardSet, Rules
        >>> hand = SampledHand(Rules().tables(), [0] * 4, [], 0, True, 13,
        ...                    [CardSet.parse("QS 2H").mask, 0, 0, 0], [13, 0, 0, 0])
        >>> hand.gains(Rules(), [0, 0, 0, 0]), hand.gains(Rules(), [20, 0, 0, 0], True)
        ((14, 0, 0, 0), (-14, 0, 0, 0))
        """
        return hand_gains(rules, self.taken, self.won, totals, counting_down)


def hand_scores(
    rules: Rules,
    taken: Sequence[int],
    won: Sequence[int],
    totals: Sequence[int],
    counting_down: bool = False,
    option: MoonOption = _ADD,
) -> tuple[int, ...]:
    """The scores of a hand played out, from the cards (``taken``) and tricks (``won``) each
    seat took, as :func:`~hearts_core.scoring.score_hand` scores them from ``totals``;
    where the shooter chooses, the choice is ``option``.

    >>> from hearts_core import CardSet, Rules
    >>> hand_scores(Rules(), [CardSet.parse("QS 2H").mask, 0, 0, 0], [13, 0, 0, 0], [0] * 4)
    (14, 0, 0, 0)
    """
    result = score_hand(rules, taken, won, totals, counting_down)
    if result.scores is not None:
        return result.scores
    assert result.shooter is not None
    return moon_scores(rules, taken, result.shooter, option)


def hand_gains(
    rules: Rules,
    taken: Sequence[int],
    won: Sequence[int],
    totals: Sequence[int],
    counting_down: bool = False,
) -> tuple[int, ...]:
    """How each seat's total changes with a hand's scores (:func:`hand_scores`), as
    :func:`~hearts_core.scoring.totals_after` changes it from ``totals``: by the scores while
    counting up (and the target rules' adjustments), less them while counting down. Where
    the shooter chooses, the choice is to add to the others: either choice gives the same
    differences between seats.

    >>> from hearts_core import CardSet, Rules
    >>> hand_gains(Rules(), [CardSet.parse("QS 2H").mask, 0, 0, 0], [13, 0, 0, 0], [20, 0, 0, 0])
    (14, 0, 0, 0)
    """
    scores = hand_scores(rules, taken, won, totals, counting_down)
    after = totals_after(rules, totals, scores, counting_down)
    return tuple(end - start for end, start in zip(after, totals, strict=True))


def gain_over_others(gained: Sequence[int], seat: int) -> float:
    """What ``seat`` gained less the mean of the other seats' gains: a play-out's outcome
    for ``seat`` (lower is better, as for totals).

    >>> gain_over_others((14, 0, 1, 0), 0)
    13.666666666666666
    """
    others = (sum(gained) - gained[seat]) / (len(gained) - 1)
    return gained[seat] - others


KEPT: Final = 8
"""The outcomes :meth:`Outcomes.kept` keeps for a bot: a seat's, for a few hands."""


class Outcomes:
    """A play-out's outcome for one seat (what it gained less the others' mean gain, lower
    is better, as :func:`gain_over_others`), from what
    :meth:`~hearts_core.kernel.Hand.scored` gives, worked out once for each way the points,
    the shooter and (where they count) the tricks fall: with a moon scored as adding to the
    others, they decide the scores.

    >>> from hearts_core import CardSet, new_game, observe
    >>> outcomes = Outcomes(observe(new_game(), 0))
    >>> hearts = CardSet.parse("2H 3H 4H 5H 6H").mask
    >>> outcomes.of((-1, 5, 0, 0, 0) + (13, 0, 0, 0) + (hearts, 0, 0, 0))  # seat 0 took 5
    5.0
    """

    __slots__ = ("view", "wanted", "known")

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        players = view.rules.players
        self.wanted = 1 + (2 * players if tricks_count(view.rules) else players)
        self.known: dict[tuple[int, ...], float] = {}

    @classmethod
    def kept(cls, view: PlayerView, store: dict[tuple[object, ...], Outcomes]) -> Outcomes:
        """The outcomes of ``view``'s seat kept in ``store`` from earlier decisions with the
        same rules, totals, direction of count and seat (a bot's store: the outcomes are
        the same for every decision of a hand), or new ones, kept there. The store keeps
        the last :data:`KEPT` of them.

        >>> from hearts_core import new_game, observe
        >>> store = {}
        >>> Outcomes.kept(observe(new_game(), 0), store) is Outcomes.kept(
        ...     observe(new_game(), 0), store)
        True
        """
        key = (view.rules, view.totals, view.counting_down, view.seat)
        found = store.get(key)
        if found is None:
            if len(store) >= KEPT:
                del store[next(iter(store))]  # the oldest
            found = store[key] = cls(view)
        return found

    def add(self, ends: list[tuple[int, ...]], totals: list[float]) -> None:
        """Add the outcome of each play-out of ``ends`` to its candidate's total, the
        ``i``-th end the candidate ``i % len(totals)``'s (see
        :func:`~hearts_core.kernel.add_outcomes`).

        >>> from hearts_core import CardSet, new_game, observe
        >>> outcomes, totals = Outcomes(observe(new_game(), 0)), [0.0, 0.0]
        >>> hearts = CardSet.parse("2H 3H 4H 5H").mask
        >>> mine = (-1, 4, 0, 0, 0) + (13, 0, 0, 0) + (hearts, 0, 0, 0)  # seat 0 took 4
        >>> theirs = (-1, 0, 4, 0, 0) + (0, 13, 0, 0) + (0, hearts, 0, 0)  # seat 1 did
        >>> outcomes.add([mine, theirs, mine], totals)
        >>> totals  # 4 (the others took nothing), twice; 0 less a third of 4
        [8.0, -1.3333333333333333]
        """
        add_outcomes(ends, totals, self.wanted, self.known, self.of)

    def of(self, end: tuple[int, ...]) -> float:
        """The outcome of the play-out ``end`` for the view's seat."""
        key = end[: self.wanted]
        found = self.known.get(key)
        if found is None:
            view = self.view
            players = view.rules.players
            taken, won = end[1 + 2 * players :], end[1 + players : 1 + 2 * players]
            gains = hand_gains(view.rules, taken, won, view.totals, view.counting_down)
            found = self.known[key] = gain_over_others(gains, view.seat)
        return found
