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
    "MoonChosen",
    "SunShot",
    "HandScored",
    "GameOver",
    "Event",
]


@attrs.frozen
class HandDealt:
    """A hand was dealt; passing (or play, in a hold hand) begins.

    >>> import random
    >>> from hearts_core import new_game, random_deal, step
    >>> state = new_game()
    >>> state, events = step(state, random_deal(state.rules, random.Random(0)))
    >>> events
    (HandDealt(hand_number=0, dealer=3, pass_direction=<PassDirection.LEFT: 'left'>),)
    """

    hand_number: int
    """The hand, counted from 0."""
    dealer: int
    """The dealer."""
    pass_direction: PassDirection
    """Where cards go this hand."""


@attrs.frozen
class PassSubmitted:
    """A seat chose its cards to pass. They move only once every seat has passed.

    Every seat may see that a seat has passed, but not what it passed.

    >>> import random
    >>> from hearts_core import apply, legal_actions, new_game, random_deal, step
    >>> state = new_game()
    >>> state = apply(state, random_deal(state.rules, random.Random(0)))
    >>> state, events = step(state, legal_actions(state, 2)[0])
    >>> events
    (PassSubmitted(seat=2),)
    """

    seat: int
    """The seat that passed."""


@attrs.frozen
class CardsPassed:
    """Cards changed hands in the exchange (one event per passing seat).

    Only the giver and the receiver may see the cards: a front end tells the
    other seats no more than that the cards moved.

    >>> event = CardsPassed(0, 1, CardSet.parse("QS AS KS"))
    >>> event.to_seat, event.cards.symbols()
    (1, 'Q♠ K♠ A♠')
    """

    from_seat: int
    """The giver."""
    to_seat: int
    """The receiver."""
    cards: CardSet
    """The cards given."""


@attrs.frozen
class CardPlayed:
    """A card was played to the current trick.

    >>> event = CardPlayed(1, Card.parse("QS"))
    >>> f"seat {event.seat} plays {event.card.symbol}"
    'seat 1 plays Q♠'
    """

    seat: int
    """The seat that played."""
    card: Card
    """The card."""


@attrs.frozen
class HeartsBroken:
    """The first breaking card of the hand was played.

    It follows the :class:`CardPlayed` event of that card. Which cards break
    hearts depends on the rules (the queen of spades may too).

    >>> HeartsBroken(2, Card.parse("7H")).card.suit
    <Suit.HEARTS: 2>
    """

    seat: int
    """The seat that broke hearts."""
    card: Card
    """The card that broke them."""


@attrs.frozen
class TrickTaken:
    """A trick was completed and taken.

    >>> cards = tuple(Card.parse(text) for text in ("2C", "KC", "QH", "5C"))
    >>> event = TrickTaken(winner=1, cards=cards, points=1)
    >>> event.winner, event.points
    (1, 1)
    """

    winner: int
    """The seat that takes it and leads next."""
    cards: tuple[Card, ...]
    """The cards in play order."""
    points: int
    """The points in the trick."""


@attrs.frozen
class MoonShot:
    """A seat took every card the moon needs this hand (one event per moon).

    When the rules score the moon at once, ``option`` says how. When the shooter
    chooses, ``option`` is ``None``, the game waits for a
    :class:`~hearts_core.ChooseMoon`, and a :class:`MoonChosen` event follows it.

    >>> MoonShot(3, None), MoonShot(3, MoonOption.ADD_TO_OTHERS).option.value
    (MoonShot(seat=3, option=None), 'add-to-others')
    """

    seat: int
    """The shooter."""
    option: MoonOption | None
    """How it is scored; ``None`` when the shooter chooses."""


@attrs.frozen
class MoonChosen:
    """The moon shooter chose how its moon is scored.

    >>> MoonChosen(3, MoonOption.SUBTRACT_FROM_SHOOTER).option.value
    'subtract-from-shooter'
    """

    seat: int
    """The shooter."""
    option: MoonOption
    """The option chosen."""


@attrs.frozen
class SunShot:
    """A seat took every trick this hand and the rules score a sun shot.

    >>> SunShot(seat=1)
    SunShot(seat=1)
    """

    seat: int
    """The shooter."""


@attrs.frozen
class HandScored:
    """A hand ended and was scored.

    ``points`` and ``scores`` differ when someone shoots the moon or the sun,
    or with a bonus for taking no trick:

    >>> moon = HandScored(0, points=(26, 0, 0, 0), scores=(0, 26, 26, 26),
    ...                   totals=(0, 26, 26, 26))
    >>> moon.points[0], moon.scores[0]
    (26, 0)
    """

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
    """The game ended.

    >>> event = GameOver(winners=(3,), totals=(104, 67, 80, 45))
    >>> event.winners, min(event.totals)
    ((3,), 45)
    """

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
    | MoonChosen
    | SunShot
    | HandScored
    | GameOver
)
"""Any event :func:`~hearts_core.step` reports."""
