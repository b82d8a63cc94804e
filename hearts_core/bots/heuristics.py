"""The rules of thumb for playing a card, shared by :class:`~hearts_core.bots.RuleBot`, the
Monte-Carlo play-outs and the tree search's.

They read nothing but masks (the mover's hand, the cards it has not seen) and the trick
in progress, so they run in the hand kernel (:func:`hearts_core.kernel.rule_card`, which
:func:`hearts_core.kernel.finish_rule` plays a whole hand with): a bot reading its
view and a play-out reading a sampled deal call that one function, in either build.
"""

from __future__ import annotations

from collections.abc import Sequence

from hearts_core.actions import PlayCard
from hearts_core.cards import Card
from hearts_core.kernel import rule_card
from hearts_core.rules.compiled import RuleTables
from hearts_core.state import winning_bit

__all__ = ["common_play", "winning_rank"]


def winning_rank(trick: Sequence[Card]) -> int:
    """The rank of the card winning a trick so far: the highest of the suit led.

    >>> from hearts_core import Card
    >>> print(winning_rank([Card.parse(c) for c in ("5C", "AH", "9C")]))
    9
    """
    led = trick[0].suit
    return max(c.rank for c in trick if c.suit is led)


def common_play(
    plays: Sequence[PlayCard],
    trick: Sequence[Card],
    hand: int,
    unseen: int,
    tables: RuleTables,
) -> PlayCard:
    """The rules of thumb :class:`~hearts_core.bots.RuleBot` and the play-outs share.

    * Leading: the card least likely to win a trick, judged from the unseen
      cards of its suit; spades to force out the queen when she is still out.
    * Following suit: the highest card under the winning one; last to play
      to a trick without points, the highest card that wins it; if every
      card wins, the lowest (the highest when last), never the queen of
      spades if anything else will do.
    * Void in the suit led: the queen of spades, then the other point cards,
      high spades while the queen is out, then high cards; a card worth
      negative points is kept.

    Args:
        plays: The legal plays (at least one), or any of them to choose among.
        trick: The cards of the trick in progress.
        hand: The mover's cards, as a mask.
        unseen: The cards in the other hands, as a mask.
        tables: The compiled rules (for the points of each card and the table's size).

    >>> from hearts_core import Card, CardSet, PlayCard, Rules
    >>> hand = CardSet.parse("3H 9H AH 2C")
    >>> plays = [PlayCard(1, c) for c in ("3H", "9H", "AH")]
    >>> trick = (Card.parse("TH"),)
    >>> unseen = CardSet.parse("2H 4H QS").mask
    >>> print(common_play(plays, trick, hand.mask, unseen, Rules().tables()))
    play 1 9H
    """
    if len(plays) == 1:
        return plays[0]
    legal = 0
    for play in plays:
        legal |= play.card.bit
    mask = 0
    for card in trick:
        mask |= card.bit
    best = winning_bit(mask, trick[0].suit_mask) if trick else 0
    bit = rule_card(tables.kernel, legal, hand, unseen, mask, best, len(trick))
    return next(play for play in plays if play.card.bit == bit)  # a card of legal
