"""A sampled deal in play on plain masks: what the searching bots play out, thousands of times a
decision.

The Monte-Carlo and the search bots deal the hidden cards many times and
play each deal out by rules of thumb. A :class:`~hearts_core.GameState`
per card would keep tricks and events nobody reads, so they play on a
:class:`SampledHand` instead: the hands, the trick and the cards taken, as
masks and lists that one play changes in place. Every fact is the engine's
own: the legal cards from :func:`~hearts_core.legality.legal_mask`, the
winner from :func:`~hearts_core.state.trick_winner`, broken hearts from
:func:`~hearts_core.state.breaks_hearts`, and the scores from
:func:`~hearts_core.scoring.score_hand`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from hearts_core.bots.heuristics import common_play
from hearts_core.cards import FULL_DECK, Card
from hearts_core.legality import legal_mask, plays_of
from hearts_core.options import MoonOption
from hearts_core.rules import Rules
from hearts_core.scoring import moon_scores, score_hand, totals_after
from hearts_core.state import GameState, breaks_hearts, taken_and_won, trick_winner
from hearts_core.tables import RuleTables

__all__ = ["SampledHand", "gain_over_others"]

_BY_BIT: Final = {card.bit: card for card in FULL_DECK}


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
        "remaining",
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
        return legal_mask(self.tables, self.hands[seat], self.trick, not self.tricks, self.broken)

    def play(self, seat: int, bit: int) -> None:
        """``seat`` plays the card ``bit`` (a legal one: nothing is checked).

        >>> from hearts_core import Card, CardSet, Rules
        >>> hands = [CardSet.parse(text).mask for text in ("QS", "KS", "2S", "AS")]
        >>> hand = SampledHand(Rules().tables(), hands, [], 0, True, 12, [0] * 4, [0] * 4)
        >>> for seat, text in enumerate(("QS", "KS", "2S", "AS")):
        ...     hand.play(seat, Card.parse(text).bit)
        >>> hand.tricks, hand.leader, str(CardSet.from_mask(hand.taken[3]))
        (13, 3, '2S QS KS AS')
        """
        tables = self.tables
        card = _BY_BIT[bit]
        trick = self.trick
        if not self.broken and bit & tables.breaking_mask and breaks_hearts(tables, card, trick):
            self.broken = True
        self.hands[seat] ^= bit
        self.remaining ^= bit
        self.trick.append(card)
        self.mask |= bit
        players = tables.players
        if len(self.trick) == players:
            winner = trick_winner(self.leader, self.trick, players, self.mask)
            self.taken[winner] |= self.mask
            self.won[winner] += 1
            self.tricks += 1
            self.leader, self.trick, self.mask = winner, [], 0

    def rule_play(self, seat: int, legal: int) -> int:
        """The card, as a bit, that the rules of thumb
        (:func:`~hearts_core.bots.heuristics.common_play`) play from ``legal``.

        >>> from hearts_core import Card, CardSet, Rules
        >>> hands = [CardSet.parse(text).mask for text in ("3H 9H AH 2C", "2H", "4H", "5H")]
        >>> hand = SampledHand(Rules().tables(), hands, [Card.parse("TH")], 3, True, 9,
        ...                    [0] * 4, [0] * 4)
        >>> str(CardSet.from_mask(hand.rule_play(0, hand.legal(0))))
        '9H'
        """
        if not legal & (legal - 1):
            return legal
        held = self.hands[seat]
        tables = self.tables
        play = common_play(
            plays_of(seat, legal),
            tuple(self.trick),
            held,
            self.remaining & ~held,
            tables.points,
            tables.players,
        )
        return play.card.bit

    def play_out(self) -> None:
        """Play the rest of the hand, every seat by the rules of thumb (:meth:`rule_play`).

        >>> from hearts_core import new_game
        >>> hand = SampledHand.of(new_game())  # nothing dealt: the hand is already over
        >>> hand.play_out()
        >>> hand.tricks
        0
        """
        size = self.tables.hand_size
        while self.tricks < size and self.remaining:
            seat = self.to_move()
            self.play(seat, self.rule_play(seat, self.legal(seat)))

    def scores(
        self,
        rules: Rules,
        totals: Sequence[int],
        counting_down: bool = False,
        option: MoonOption = MoonOption.ADD_TO_OTHERS,
    ) -> tuple[int, ...]:
        """The hand's scores once it is played out, as :func:`~hearts_core.scoring.score_hand`
        scores it from ``totals``; where the shooter chooses, the choice is ``option``.

        >>> from hearts_core import CardSet, Rules
        >>> hand = SampledHand(Rules().tables(), [0] * 4, [], 0, True, 13,
        ...                    [CardSet.parse("QS 2H").mask, 0, 0, 0], [13, 0, 0, 0])
        >>> hand.scores(Rules(), [0, 0, 0, 0])
        (14, 0, 0, 0)
        """
        result = score_hand(rules, self.taken, self.won, totals, counting_down)
        if result.scores is not None:
            return result.scores
        assert result.shooter is not None
        return moon_scores(rules, self.taken, result.shooter, option, rules.moon_amount)

    def gains(
        self, rules: Rules, totals: Sequence[int], counting_down: bool = False
    ) -> tuple[int, ...]:
        """How each seat's total changes with the hand's :meth:`scores`, as
        :func:`~hearts_core.scoring.totals_after` changes it from ``totals``: by the scores
        while counting up (and the target rules' adjustments), less them while counting
        down. Where the shooter chooses, the choice is to add to
        the others: either choice gives the same differences between seats.

        >>> from hearts_core import CardSet, Rules
        >>> hand = SampledHand(Rules().tables(), [0] * 4, [], 0, True, 13,
        ...                    [CardSet.parse("QS 2H").mask, 0, 0, 0], [13, 0, 0, 0])
        >>> hand.gains(Rules(), [0, 0, 0, 0]), hand.gains(Rules(), [20, 0, 0, 0], True)
        ((14, 0, 0, 0), (-14, 0, 0, 0))
        """
        after = totals_after(
            rules, totals, self.scores(rules, totals, counting_down), counting_down
        )
        return tuple(end - start for end, start in zip(after, totals, strict=True))


def gain_over_others(gained: Sequence[int], seat: int) -> float:
    """What ``seat`` gained less the mean of the other seats' gains: a play-out's outcome
    for ``seat`` (lower is better, as for totals).

    >>> gain_over_others((14, 0, 1, 0), 0)
    13.666666666666666
    """
    others = (sum(gained) - gained[seat]) / (len(gained) - 1)
    return gained[seat] - others
