"""The public record of a hand, as the learning adapters keep it play by play.

>>> HandRecord.empty(4).played
(0, 0, 0, 0)
"""

from __future__ import annotations

from typing import NamedTuple

from hearts_core.adapters.action_ids import ACTION_OF_INDEX as ACTION_OF_INDEX  # as before
from hearts_core.cards import Card
from hearts_core.state import GameState

__all__ = ["HandRecord"]


class HandRecord(NamedTuple):
    """The public record of the hand in progress, kept up to date play by play.

    The state holds the tricks; this keeps what the encoding reads from them,
    updated by :meth:`after_play` in a few operations instead of a pass over
    every trick. The points each seat has taken are the state's own
    (:attr:`~hearts_core.GameState.hand_points`).

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
    order: tuple[int, ...]
    """The card indices (:attr:`~hearts_core.Card.index`) in the order they were played."""

    @classmethod
    def empty(cls, players: int) -> HandRecord:
        """The record of a hand before its first card.

        >>> HandRecord.empty(3)
        HandRecord(played=(0, 0, 0), voids=(0, 0, 0), order=())
        """
        none = (0,) * players
        return cls(none, none, ())

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
        played = list(self.played)
        played[seat] |= 1 << ACTION_OF_INDEX[card.index]
        voids = self.voids
        if trick and card.suit != trick[0].suit:
            shown = list(voids)
            shown[seat] |= 1 << trick[0].suit
            voids = tuple(shown)
        return HandRecord(tuple(played), voids, self.order + (card.index,))
