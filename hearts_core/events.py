"""Events: what :func:`~hearts_core.step` reports happened, for front ends to animate.

Events describe the whole table; a front end shows each seat only what
:func:`~hearts_core.observe` allows (``CardsPassed`` names hidden cards).
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from hearts_core.cards import Card, CardSet
from hearts_core.rules import MoonOption, PassDirection

__all__ = [
    "HandDealt",
    "PassSubmitted",
    "CardsPassed",
    "CardPlayed",
    "HeartsBroken",
    "TrickTaken",
    "MoonShot",
    "SunShot",
    "HandScored",
    "GameOver",
    "Event",
]


@attrs.frozen
class HandDealt:
    """A hand was dealt; passing (or play, in a hold hand) begins."""

    hand_number: int
    """The hand, counted from 0."""
    dealer: int
    """The dealer."""
    pass_direction: PassDirection
    """Where cards go this hand."""


@attrs.frozen
class PassSubmitted:
    """A seat chose its cards to pass. They move only once every seat has passed."""

    seat: int
    """The seat that passed."""


@attrs.frozen
class CardsPassed:
    """Cards changed hands in the exchange (one event per passing seat)."""

    from_seat: int
    """The giver."""
    to_seat: int
    """The receiver."""
    cards: CardSet
    """The cards given."""


@attrs.frozen
class CardPlayed:
    """A card was played to the current trick."""

    seat: int
    """The seat that played."""
    card: Card
    """The card."""


@attrs.frozen
class HeartsBroken:
    """The first breaking card of the hand was played."""

    seat: int
    """The seat that broke hearts."""
    card: Card
    """The card that broke them."""


@attrs.frozen
class TrickTaken:
    """A trick was completed and taken."""

    winner: int
    """The seat that takes it and leads next."""
    cards: tuple[Card, ...]
    """The cards in play order."""
    points: int
    """The points in the trick."""


@attrs.frozen
class MoonShot:
    """A seat took every point card this hand."""

    seat: int
    """The shooter."""
    option: MoonOption | None
    """How it was scored; ``None`` while the shooter still has to choose."""


@attrs.frozen
class SunShot:
    """A seat took every trick this hand and the rules score a sun shot."""

    seat: int
    """The shooter."""


@attrs.frozen
class HandScored:
    """A hand ended and was scored."""

    hand_number: int
    """The hand, counted from 0."""
    points: tuple[int, ...]
    """Points each seat took in tricks."""
    scores: tuple[int, ...]
    """What each seat scores for the hand, after any moon adjustment."""
    totals: tuple[int, ...]
    """Each seat's total after the hand."""


@attrs.frozen
class GameOver:
    """The game ended."""

    winners: tuple[int, ...]
    """The seats with the lowest total."""
    totals: tuple[int, ...]
    """The final totals."""


Event: TypeAlias = (
    HandDealt
    | PassSubmitted
    | CardsPassed
    | CardPlayed
    | HeartsBroken
    | TrickTaken
    | MoonShot
    | SunShot
    | HandScored
    | GameOver
)
"""Any event :func:`~hearts_core.step` reports."""
