"""The options a ruleset chooses between: pass directions, first leads, moon and sun scoring.

Each is an enumeration whose values are the texts variant files and JSON use
(``"shooter-chooses"``); :class:`~hearts_core.Rules` holds one of each, or a
cycle of pass directions.

>>> MoonScoring("shooter-chooses"), PassDirection.LEFT.receiver(3, 4)
(<MoonScoring.SHOOTER_CHOOSES: 'shooter-chooses'>, 0)
"""

from __future__ import annotations

import enum
from typing import Final

__all__ = [
    "PassDirection",
    "FirstLead",
    "HeartPoints",
    "MoonScoring",
    "MoonOption",
    "MoonRequires",
    "SunScoring",
    "TieRule",
    "GameEnd",
]


class PassDirection(enum.Enum):
    """Where a seat's passed cards go.

    >>> [PassDirection.LEFT.receiver(0, 4), PassDirection.RIGHT.receiver(0, 4),
    ...  PassDirection.ACROSS.receiver(0, 4)]
    [1, 3, 2]
    """

    LEFT = "left"
    """To the next seat in playing order: seat ``s`` gives to ``s + 1``."""
    RIGHT = "right"
    """To the previous seat: ``s`` gives to ``s - 1``."""
    ACROSS = "across"
    """Half-way round the table (an even number of seats only)."""
    HOLD = "hold"
    """No passing this hand."""

    def offset(self, players: int) -> int:
        """Seats to count forward to find the receiver.

        >>> PassDirection.ACROSS.offset(6), PassDirection.HOLD.offset(4)
        (3, 0)
        """
        # Members through module names: reading one off the class goes through the enum
        # metaclass's attribute hook, several times slower, and exchanges ask this often.
        if self is _LEFT:
            return 1
        if self is _RIGHT:
            return players - 1
        if self is _ACROSS:
            return players // 2
        return 0

    def receiver(self, seat: int, players: int) -> int:
        """The seat that receives ``seat``'s cards.

        >>> PassDirection.RIGHT.receiver(0, 4), PassDirection.HOLD.receiver(2, 4)
        (3, 2)
        """
        return (seat + self.offset(players)) % players

    def receivers(self, players: int) -> tuple[int, ...]:
        """The seat that receives each seat's cards, in seat order: item ``seat`` is
        :meth:`receiver` of ``seat`` (tables for up to eight seats are made at import).

        >>> PassDirection.RIGHT.receivers(4), PassDirection.ACROSS.receivers(6)
        ((3, 0, 1, 2), (3, 4, 5, 0, 1, 2))
        """
        known = _RECEIVERS.get((self._value_, players))
        return _worked_receivers(self, players) if known is None else known

    def giver(self, seat: int, players: int) -> int:
        """The seat whose cards ``seat`` receives.

        >>> PassDirection.LEFT.giver(0, 4), PassDirection.ACROSS.giver(1, 6)
        (3, 4)
        """
        return (seat - self.offset(players)) % players


_LEFT, _RIGHT, _ACROSS = PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS


def _worked_receivers(direction: PassDirection, players: int) -> tuple[int, ...]:
    return tuple([direction.receiver(seat, players) for seat in range(players)])


# Each direction's receivers for tables of 1 to 8 seats, keyed by the direction's value
# (an enum member hashes through Python code, its value in C).
_RECEIVERS: Final = {
    (direction.value, n): _worked_receivers(direction, n)
    for direction in PassDirection
    for n in range(1, 9)
}


class FirstLead(enum.Enum):
    """Who leads the first trick of a hand, and with what.

    >>> from hearts_core import Rules
    >>> Rules(first_lead="any-club").first_lead
    <FirstLead.ANY_CLUB: 'any-club'>
    >>> str(Rules(players=5).lowest_club)  # 2C is out: the 3C holder leads it
    '3C'
    """

    LOWEST_CLUB = "lowest-club"
    """The holder of the lowest club in the deck (2♣; 3♣ or 7♣ when lower ones are out) leads it."""
    ANY_CLUB = "any-club"
    """The holder of the lowest club leads, any club it holds."""
    LEFT_OF_DEALER = "left-of-dealer"
    """The seat after the dealer leads any card (the other lead rules still apply)."""


class HeartPoints(enum.Enum):
    """What each heart scores.

    >>> from hearts_core import Card, Rules
    >>> ace = Card.parse("AH")
    >>> Rules().card_points(ace), Rules(heart_points="spot").card_points(ace)
    (1, 14)
    """

    ONE = "one"
    """One point each."""
    SPOT = "spot"
    """Its spot value: 2 to 10, jack 11, queen 12, king 13, ace 14."""


class MoonScoring(enum.Enum):
    """How a hand is scored when one seat takes every positive-point card (shoots the moon).

    >>> from hearts_core import Rules
    >>> Rules().moon, Rules(moon="shooter-chooses").moon.value
    (<MoonScoring.ADD_TO_OTHERS: 'add-to-others'>, 'shooter-chooses')
    """

    ADD_TO_OTHERS = "add-to-others"
    """The shooter's positive points are cancelled and every other seat scores the moon amount."""
    SUBTRACT_FROM_SHOOTER = "subtract-from-shooter"
    """The shooter scores minus the moon amount; the others' positive points are cancelled."""
    SHOOTER_CHOOSES = "shooter-chooses"
    """The shooter picks one of the two with a :class:`~hearts_core.ChooseMoon` action."""
    AUTOMATIC = "automatic"
    """Add to the others, unless that would end the game with the shooter losing (its total
    above the lowest): then subtract from the shooter. A shooter tied for the lowest total
    when the tie rule shares the win is not losing, so the moon is added."""
    OFF = "off"
    """No moon rule: every seat scores what it took."""


class MoonOption(enum.Enum):
    """How a particular moon shot is scored; the shooter's pick when it may choose.

    >>> from hearts_core import ChooseMoon
    >>> ChooseMoon(2, "subtract-from-shooter").option
    <MoonOption.SUBTRACT_FROM_SHOOTER: 'subtract-from-shooter'>
    """

    ADD_TO_OTHERS = "add-to-others"
    """Every other seat scores the moon amount."""
    SUBTRACT_FROM_SHOOTER = "subtract-from-shooter"
    """The shooter's score goes down by the moon amount."""


class MoonRequires(enum.Enum):
    """Which cards a seat must take to shoot the moon.

    With a negative bonus card, the choice matters:

    >>> from hearts_core import Card, CardSet, Rules
    >>> omnibus = Rules(card_values={"QS": 13, "JD": -10})
    >>> needed = CardSet.from_mask(omnibus.tables().moon_mask)
    >>> needed == omnibus.point_cards, Card.parse("JD") in needed
    (True, False)
    >>> strict = omnibus.evolve(moon_requires="all-scoring-cards")
    >>> Card.parse("JD") in CardSet.from_mask(strict.tables().moon_mask)
    True
    """

    POSITIVE_CARDS = "positive-cards"
    """Every card worth positive points (all hearts and Q♠ in the standard game)."""
    ALL_SCORING_CARDS = "all-scoring-cards"
    """Every card worth points, the negative bonus card (such as J♦) too."""


class SunScoring(enum.Enum):
    """How a hand is scored when one seat takes every trick (shoots the sun).

    >>> from hearts_core import Rules
    >>> Rules().sun.value, Rules(sun="subtract-from-shooter", sun_points=52).sun_points
    ('off', 52)
    """

    OFF = "off"
    """No sun rule (taking every trick is just a moon shot)."""
    ADD_TO_OTHERS = "add-to-others"
    """The shooter's positive points are cancelled and every other seat scores the sun amount."""
    SUBTRACT_FROM_SHOOTER = "subtract-from-shooter"
    """The shooter scores minus the sun amount; the others' positive points are cancelled."""


class TieRule(enum.Enum):
    """What happens when the game would end with several seats tied for the lowest total.

    >>> from hearts_core import Rules
    >>> Rules().tie, Rules(tie="shared-win").tie
    (<TieRule.PLAY_ON: 'play-on'>, <TieRule.SHARED_WIN: 'shared-win'>)
    """

    PLAY_ON = "play-on"
    """Play more hands until one seat alone is lowest."""
    SHARED_WIN = "shared-win"
    """The game ends and the tied seats share the win."""


class GameEnd(enum.Enum):
    """How the game ends: at the target, or by counting down from it (Hartenjagen).

    >>> from hearts_core import Rules
    >>> Rules().game_end, Rules(game_end="count-down").game_end.value
    (<GameEnd.TARGET: 'target'>, 'count-down')
    """

    TARGET = "target"
    """The game ends after a hand in which some total reaches ``target_score``."""
    COUNT_DOWN = "count-down"
    """Totals count up until one reaches ``target_score``; from the next hand on, each hand's
    scores are subtracted from the totals instead, and the game ends after a hand in which
    some total is 0 or below. Whether a game is counting down is part of its history, kept
    in :attr:`~hearts_core.HandContext.counting_down`."""
