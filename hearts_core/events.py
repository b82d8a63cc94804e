"""Events: what :func:`~hearts_core.step` reports happened, for front ends to animate.

Events describe the whole table; a front end shows each seat only what
:func:`~hearts_core.observe` allows: :func:`visible_events` gives the events one
seat may see (``CardsPassed`` names cards only the giver and the receiver may see).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeAlias

import attrs

from hearts_core.cards import Card, CardSet
from hearts_core.errors import InvalidSeatError, InvalidStateError
from hearts_core.rules import MoonOption, PassDirection
from hearts_core.rules.fields import MAX_PLAYERS, shown

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
    "visible_events",
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
    """Cards changed hands in the exchange (one event per passing seat, once every seat
    has passed).

    Only the giver and the receiver may see the cards. :func:`visible_events`
    gives the other seats the same event with ``cards=None``: they learn that
    the cards moved, and how many from the rules (``pass_count``), not which.

    >>> event = CardsPassed(0, 1, CardSet.parse("QS AS KS"))
    >>> event.to_seat, event.cards.symbols()
    (1, 'Q♠ K♠ A♠')
    >>> visible_events([event], 2)
    (CardsPassed(from_seat=0, to_seat=1, cards=None),)
    """

    from_seat: int
    """The giver."""
    to_seat: int
    """The receiver."""
    cards: CardSet | None
    """The cards given; ``None`` in the events of a seat that may not see them (see
    :func:`visible_events`). :func:`~hearts_core.step` always names them."""


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


def visible_events(events: Iterable[Event], seat: int) -> tuple[Event, ...]:
    """The events as ``seat`` may see them, for a server to forward to that seat.

    Every event is public except the cards of a :class:`CardsPassed`: the giver and
    the receiver see them, every other seat gets the event with ``cards=None``.
    A seat sees no card passed before the exchange, since :class:`PassSubmitted`
    (sent as each seat passes) names the seat only; the seat's own pass is in its
    view (:attr:`~hearts_core.PlayerView.passed`). The hands dealt are not in the
    events at all: each seat reads its own from its view.

    Raises:
        InvalidSeatError: for a ``seat`` that is not a whole number from 0 to 5.
        InvalidStateError: for ``events`` that cannot be iterated (or is a string), or an
            item that is not an event (nothing is returned).

    >>> events = (PassSubmitted(3), CardsPassed(3, 0, CardSet.parse("2C 3C 4C")),
    ...           CardsPassed(0, 1, CardSet.parse("QS AS KS")))
    >>> for event in visible_events(events, 0):
    ...     print(event)
    PassSubmitted(seat=3)
    CardsPassed(from_seat=3, to_seat=0, cards=CardSet.parse('2C 3C 4C'))
    CardsPassed(from_seat=0, to_seat=1, cards=CardSet.parse('QS KS AS'))
    >>> visible_events(events, 2)[1:]
    (CardsPassed(from_seat=3, to_seat=0, cards=None), CardsPassed(from_seat=0, to_seat=1, \
cards=None))
    """
    if type(seat) is not int or not 0 <= seat < MAX_PLAYERS:
        raise InvalidSeatError(
            f"no such seat: {shown(seat)} (seats are 0 to {MAX_PLAYERS - 1} at most)"
        )
    if isinstance(events, str | bytes) or not isinstance(events, Iterable):
        raise InvalidStateError("events", f"must be a sequence of events, not {shown(events)}")
    shown_events: list[Event] = []
    for index, event in enumerate(events):
        if not isinstance(event, _EVENT_TYPES):
            raise InvalidStateError(f"events[{index}]", f"not an event: {shown(event)}")
        if isinstance(event, CardsPassed) and seat not in (event.from_seat, event.to_seat):
            event = CardsPassed(event.from_seat, event.to_seat, None)
        shown_events.append(event)
    return tuple(shown_events)


_EVENT_TYPES = (
    HandDealt,
    PassSubmitted,
    CardsPassed,
    CardPlayed,
    HeartsBroken,
    TrickTaken,
    MoonShot,
    MoonChosen,
    SunShot,
    HandScored,
    GameOver,
)
