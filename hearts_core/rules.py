"""The ruleset: one frozen :class:`Rules` value, validated when it is built.

A variant is data: every rule point is a typed field here, and the TOML files
in ``variants/`` set these fields by name (see :mod:`hearts_core.variants`).
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable, Mapping
from typing import Any, Final

import attrs

from hearts_core.cards import Card, CardSet, Rank, Suit
from hearts_core.errors import InvalidRulesError

__all__ = [
    "PassDirection",
    "MoonScoring",
    "MoonOption",
    "Rules",
    "HAND_SIZE",
    "PLAYERS",
    "RuleTables",
]

PLAYERS: Final = 4
"""The number of seats."""
HAND_SIZE: Final = 13
"""Cards dealt to each seat."""

QUEEN_OF_SPADES: Final = Card(Suit.SPADES, Rank.QUEEN)
TWO_OF_CLUBS: Final = Card(Suit.CLUBS, Rank.TWO)


class PassDirection(enum.Enum):
    """Where a seat's passed cards go. ``offset`` is added to the seat number.

    >>> PassDirection.LEFT.offset, PassDirection.RIGHT.offset, PassDirection.ACROSS.offset
    (1, 3, 2)
    """

    LEFT = "left"
    RIGHT = "right"
    ACROSS = "across"
    HOLD = "hold"

    @property
    def offset(self) -> int:
        """Seats to count forward (modulo the number of seats) to find the receiver."""
        return {"left": 1, "right": PLAYERS - 1, "across": PLAYERS // 2, "hold": 0}[self.value]


class MoonScoring(enum.Enum):
    """How a hand is scored when one seat takes every point card (shoots the moon)."""

    ADD_TO_OTHERS = "add-to-others"
    """The shooter scores 0 and every other seat scores the moon amount (26)."""
    SUBTRACT_FROM_SHOOTER = "subtract-from-shooter"
    """The shooter scores minus the moon amount; the others score 0."""
    SHOOTER_CHOOSES = "shooter-chooses"
    """The shooter picks one of the two with a :class:`~hearts_core.ChooseMoon` action."""


class MoonOption(enum.Enum):
    """The shooter's pick when the rules let the shooter choose."""

    ADD_TO_OTHERS = "add-to-others"
    """Every other seat scores the moon amount."""
    SUBTRACT_FROM_SHOOTER = "subtract-from-shooter"
    """The shooter's score goes down by the moon amount."""


def _to_directions(value: Iterable[PassDirection | str]) -> tuple[PassDirection, ...]:
    if isinstance(value, str):
        raise InvalidRulesError("pass_cycle", "must be a list of directions, not a string")
    try:
        return tuple(PassDirection(v) for v in value)
    except (ValueError, TypeError) as exc:
        raise InvalidRulesError(
            "pass_cycle", f"each direction must be one of left, right, across, hold ({exc})"
        ) from None


def _to_moon(value: MoonScoring | str) -> MoonScoring:
    try:
        return MoonScoring(value)
    except ValueError:
        choices = ", ".join(m.value for m in MoonScoring)
        raise InvalidRulesError("moon", f"must be one of {choices}, not {value!r}") from None


def _require_int(name: str, value: object, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidRulesError(name, f"must be an integer, not {value!r}")
    if not low <= value <= high:
        raise InvalidRulesError(name, f"must be between {low} and {high}, not {value}")


@attrs.frozen(cache_hash=True)
class Rules:
    """A complete, validated ruleset. ``Rules()`` is the documented default.

    Every field has a default, so a variant names only what it changes.
    Inconsistent values raise :class:`~hearts_core.InvalidRulesError` naming
    the field. Use :meth:`evolve` to derive a changed copy.

    >>> rules = Rules()
    >>> rules.pass_count, [d.value for d in rules.pass_cycle], rules.target_score
    (3, ['left', 'right', 'across', 'hold'], 100)
    >>> Rules(queen_breaks_hearts=True).queen_breaks_hearts
    True
    >>> Rules(pass_count=14)
    Traceback (most recent call last):
    ...
    hearts_core.errors.InvalidRulesError: pass_count: must be between 1 and 13, not 14
    """

    pass_count: int = 3
    """Cards each seat passes in a hand that passes (rule ``PASSING``)."""

    pass_cycle: tuple[PassDirection, ...] = attrs.field(
        default=(PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.HOLD),
        converter=_to_directions,
    )
    """Pass direction of hand 0, 1, 2, ... repeating; ``hold`` means no passing."""

    queen_breaks_hearts: bool = False
    """Whether playing the queen of spades breaks hearts, as a heart does."""

    moon: MoonScoring = attrs.field(default=MoonScoring.ADD_TO_OTHERS, converter=_to_moon)
    """How a moon shot is scored (rule ``SHOOT_THE_MOON``)."""

    target_score: int = 100
    """The game ends after a hand in which some seat's total reaches this."""

    def __attrs_post_init__(self) -> None:
        _require_int("pass_count", self.pass_count, 1, HAND_SIZE)
        _require_int("target_score", self.target_score, 1, 1_000_000)
        if not self.pass_cycle:
            raise InvalidRulesError("pass_cycle", "must name at least one direction")
        if not isinstance(self.queen_breaks_hearts, bool):
            raise InvalidRulesError(
                "queen_breaks_hearts", f"must be true or false, not {self.queen_breaks_hearts!r}"
            )

    def evolve(self, **changes: Any) -> Rules:
        """A copy with ``changes`` applied, validated again.

        >>> Rules().evolve(target_score=50).target_score
        50
        """
        return attrs.evolve(self, **changes)

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], source: str | None = None) -> Rules:
        """Build rules from plain data (as read from TOML or JSON).

        Keys are field names; enum values are their strings. Unknown keys and
        wrong types raise :class:`~hearts_core.InvalidRulesError`.

        >>> Rules.from_mapping({"moon": "shooter-chooses"}).moon
        <MoonScoring.SHOOTER_CHOOSES: 'shooter-chooses'>
        """
        if not isinstance(data, Mapping):
            raise InvalidRulesError("(rules)", "must be a table of fields", source)
        known = {f.name for f in attrs.fields(cls)}
        for key in data:
            if key not in known:
                raise InvalidRulesError(str(key), "unknown rule field", source)
        try:
            return cls(**dict(data))
        except InvalidRulesError as exc:
            raise InvalidRulesError(exc.field, exc.reason, source) from None

    def to_mapping(self) -> dict[str, Any]:
        """The fields as plain data, the inverse of :meth:`from_mapping`.

        >>> Rules().to_mapping()["pass_cycle"]
        ['left', 'right', 'across', 'hold']
        """
        return {
            "pass_count": self.pass_count,
            "pass_cycle": [d.value for d in self.pass_cycle],
            "queen_breaks_hearts": self.queen_breaks_hearts,
            "moon": self.moon.value,
            "target_score": self.target_score,
        }

    # Derived values used by the engine. Cheap, so computed when asked.

    def pass_direction(self, hand_number: int) -> PassDirection:
        """The pass direction of hand ``hand_number`` (counted from 0).

        >>> Rules().pass_direction(2), Rules().pass_direction(7)
        (<PassDirection.ACROSS: 'across'>, <PassDirection.HOLD: 'hold'>)
        """
        return self.pass_cycle[hand_number % len(self.pass_cycle)]

    @property
    def deck(self) -> CardSet:
        """The cards in play."""
        return CardSet.from_mask((1 << 52) - 1)

    @property
    def first_lead(self) -> Card:
        """The card that must lead the first trick."""
        return TWO_OF_CLUBS

    @property
    def point_cards(self) -> CardSet:
        """The cards that score points: every heart and the queen of spades."""
        return CardSet.from_mask(Suit.HEARTS.mask | QUEEN_OF_SPADES.bit)

    @property
    def breaking_cards(self) -> CardSet:
        """The cards whose play breaks hearts."""
        mask = Suit.HEARTS.mask | (QUEEN_OF_SPADES.bit if self.queen_breaks_hearts else 0)
        return CardSet.from_mask(mask)

    @property
    def moon_amount(self) -> int:
        """Points at stake in a moon shot: the total of the point cards (26)."""
        return _compile(self).moon_amount

    def tables(self) -> RuleTables:
        """The rules compiled to bitmasks and lookup tables for the engine.

        >>> Rules().tables().moon_amount
        26
        """
        return _compile(self)

    def card_points(self, card: Card) -> int:
        """Points a card scores to whoever takes it.

        >>> Rules().card_points(Card.parse("QS")), Rules().card_points(Card.parse("5H"))
        (13, 1)
        """
        if card is QUEEN_OF_SPADES:
            return 13
        return 1 if card.suit is Suit.HEARTS else 0


@attrs.frozen
class RuleTables:
    """A :class:`Rules` value compiled to masks and tables, computed once per ruleset."""

    deck: int
    """Bitmask of the cards in play."""
    points: tuple[int, ...]
    """Points of each card, by card index."""
    point_mask: int
    """Cards worth positive points: barred from the first trick, needed for the moon."""
    scoring_mask: int
    """Cards worth any points, positive or negative."""
    breaking_mask: int
    """Cards whose play breaks hearts."""
    first_lead: int
    """Bit of the card that must lead the first trick."""
    moon_amount: int
    """Points at stake in a moon shot."""
    tricks_per_hand: int
    """Tricks in a hand."""

    def points_of(self, mask: int) -> int:
        """The points of the cards in ``mask``.

        >>> Rules().tables().points_of(CardSet.parse("QS 2H 3H 4C").mask)
        15
        """
        points = self.points
        scoring = mask & self.scoring_mask
        total = 0
        while scoring:
            low = scoring & -scoring
            total += points[low.bit_length() - 1]
            scoring ^= low
        return total


@functools.lru_cache(maxsize=256)
def _compile(rules: Rules) -> RuleTables:
    points = tuple(rules.card_points(Card.from_index(i)) for i in range(52))
    point_mask = sum(1 << i for i, p in enumerate(points) if p > 0)
    deck = rules.deck.mask
    return RuleTables(
        deck=deck,
        points=points,
        point_mask=point_mask,
        scoring_mask=sum(1 << i for i, p in enumerate(points) if p),
        breaking_mask=rules.breaking_cards.mask,
        first_lead=rules.first_lead.bit,
        moon_amount=sum(points[i] for i in range(52) if point_mask >> i & 1),
        tricks_per_hand=deck.bit_count() // PLAYERS,
    )
