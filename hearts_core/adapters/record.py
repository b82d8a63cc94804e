"""The public record of a hand, as the learning adapters keep it play by play.

>>> HandRecord.empty(4).played
(0, 0, 0, 0)
"""

from __future__ import annotations

from typing import NamedTuple

from hearts_core.adapters.action_ids import ACTION_OF_INDEX as ACTION_OF_INDEX  # as before
from hearts_core.cards import Card, CardSet
from hearts_core.kernel import after_card
from hearts_core.state import WINNING_CARD, GameState, winning_so_far

__all__ = ["HandRecord"]


class HandRecord(NamedTuple):
    """The public record of the hand in progress, kept up to date play by play.

    The state holds the tricks; this keeps what the encoding reads from them,
    updated by :meth:`after_play` in a few operations instead of a pass over
    every trick.

    >>> import random
    >>> from hearts_core import Rules, apply, legal_actions, new_game, random_deal
    >>> rules = Rules(pass_cycle=["hold"])
    >>> state = apply(new_game(rules), random_deal(rules, random.Random(4)))
    >>> record = HandRecord.empty(4)
    >>> for _ in range(4):
    ...     play = legal_actions(state)[0]
    ...     record = record.after_play(state, play.seat, play.card)
    ...     state = apply(state, play)
    >>> [bin(mask).count("1") for mask in record.played], len(record.order)
    ([1, 1, 1, 1], 4)
    """

    played: tuple[int, ...]
    """The cards each seat has played this hand, as masks over action ids (bit ``a`` for
    the card whose action id is ``a``)."""
    voids: tuple[int, ...]
    """The suits each seat has shown it lacks, as 4-bit masks (bit ``suit``)."""
    taken: tuple[int, ...]
    """The points each seat has taken in tricks this hand (before any moon scoring)."""
    order: tuple[int, ...]
    """The card indices (:attr:`~hearts_core.Card.index`) in the order they were played."""

    @classmethod
    def empty(cls, players: int) -> HandRecord:
        """The record of a hand before its first card.

        >>> HandRecord.empty(3).taken
        (0, 0, 0)
        """
        none = (0,) * players
        return cls(none, none, none, ())

    def after_play(self, before: GameState, seat: int, card: Card) -> HandRecord:
        """The record once ``seat`` has played ``card`` in the position ``before``.

        >>> import random
        >>> from hearts_core import Rules, apply, legal_actions, new_game, random_deal
        >>> rules = Rules(pass_cycle=["hold"])
        >>> state = apply(new_game(rules), random_deal(rules, random.Random(4)))
        >>> play = legal_actions(state)[0]
        >>> HandRecord.empty(4).after_play(state, play.seat, play.card).order
        (0,)
        """
        trick = before.current_trick
        players = len(self.played)
        played = list(self.played)
        played[seat] |= 1 << ACTION_OF_INDEX[card.index]
        voids = self.voids
        if trick and card.suit != trick[0].suit:
            shown = list(voids)
            shown[seat] |= 1 << trick[0].suit
            voids = tuple(shown)
        taken = self.taken
        if len(trick) == players - 1:  # the trick's last card: the kernel's step says who takes it
            tables = before.context.tables
            winning = winning_so_far(before.leader, trick, players)
            _, _, winner, _, _ = after_card(
                tables.kernel, seat, card.bit, len(trick), trick[0].suit_mask,
                winning & WINNING_CARD, winning >> 52, before.hearts_broken,
            )  # fmt: skip
            points = tables.points_of(CardSet(trick + (card,)).mask)
            if points:
                scored = list(taken)
                scored[winner] += points
                taken = tuple(scored)
        return HandRecord(tuple(played), voids, taken, self.order + (card.index,))
