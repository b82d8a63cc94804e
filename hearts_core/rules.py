"""The ruleset: one frozen :class:`Rules` value, validated when it is built.

A variant is data: every rule point is a typed field here, and the TOML files
in ``variants/`` set these fields by name (see :mod:`hearts_core.variants`).
``Rules()`` is the documented default ruleset; every field's docstring says
what it changes.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable, Mapping
from typing import Any, Final, TypeVar

import attrs

from hearts_core.cards import Card, CardSet, Rank, Suit
from hearts_core.errors import InvalidRulesError

__all__ = [
    "PassDirection",
    "FirstLead",
    "HeartPoints",
    "MoonScoring",
    "MoonOption",
    "MoonRequires",
    "SunScoring",
    "TieRule",
    "Rules",
    "RuleTables",
    "OPENSPIEL_PARAMETERS",
    "PLAYERS",
    "HAND_SIZE",
    "MAX_PLAYERS",
]

MAX_PLAYERS: Final = 6
"""The most seats any ruleset has."""
PLAYERS: Final = 4
"""Seats in the default rules (see :attr:`Rules.players`)."""
HAND_SIZE: Final = 13
"""Cards per seat in the default rules (see :attr:`Rules.hand_size`)."""
QUEEN_OF_SPADES: Final = Card(Suit.SPADES, Rank.QUEEN)
_HEARTS: Final = Suit.HEARTS.mask
_CLUBS: Final = Suit.CLUBS.mask


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
        """Seats to count forward to find the receiver."""
        if self is PassDirection.LEFT:
            return 1
        if self is PassDirection.RIGHT:
            return players - 1
        if self is PassDirection.ACROSS:
            return players // 2
        return 0

    def receiver(self, seat: int, players: int) -> int:
        """The seat that receives ``seat``'s cards."""
        return (seat + self.offset(players)) % players


class FirstLead(enum.Enum):
    """Who leads the first trick of a hand, and with what.

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
    """Add to the others, unless that would end the game without the shooter alone lowest: then
    subtract from the shooter."""
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

    >>> Rules().tie, Rules(tie="shared-win").tie
    (<TieRule.PLAY_ON: 'play-on'>, <TieRule.SHARED_WIN: 'shared-win'>)
    """

    PLAY_ON = "play-on"
    """Play more hands until one seat alone is lowest."""
    SHARED_WIN = "shared-win"
    """The game ends and the tied seats share the win."""


_E = TypeVar("_E", bound=enum.Enum)


def _convert_enum(kind: type[_E], field: str, value: object) -> _E:
    if isinstance(value, kind):
        return value
    try:
        return kind(value)
    except (ValueError, TypeError):
        choices = ", ".join(str(member.value) for member in kind)
        raise InvalidRulesError(field, f"must be one of {choices}, not {value!r}") from None


def _to_directions(value: Iterable[PassDirection | str]) -> tuple[PassDirection, ...]:
    if not isinstance(value, list | tuple):
        raise InvalidRulesError("pass_cycle", f"must be a list of directions, not {value!r}")
    return tuple(_convert_enum(PassDirection, "pass_cycle", v) for v in value)


def _to_removed(value: object) -> CardSet:
    if isinstance(value, CardSet):
        return value
    try:
        if isinstance(value, str):
            return CardSet.parse(value)
        if isinstance(value, list | tuple):
            return CardSet.parse(" ".join(str(v) for v in value))
    except ValueError as exc:
        raise InvalidRulesError("removed_cards", str(exc)) from None
    raise InvalidRulesError("removed_cards", f"must be a list of cards, not {value!r}")


def _to_rank(value: object) -> Rank:
    if type(value) is not int and not isinstance(value, Rank):
        raise InvalidRulesError("lowest_rank", f"must be an integer rank, not {value!r}")
    return _convert_enum(Rank, "lowest_rank", value)


def _to_first_lead(value: object) -> FirstLead:
    return _convert_enum(FirstLead, "first_lead", value)


def _to_heart_points(value: object) -> HeartPoints:
    return _convert_enum(HeartPoints, "heart_points", value)


def _to_moon(value: object) -> MoonScoring:
    return _convert_enum(MoonScoring, "moon", value)


def _to_moon_requires(value: object) -> MoonRequires:
    return _convert_enum(MoonRequires, "moon_requires", value)


def _to_sun(value: object) -> SunScoring:
    return _convert_enum(SunScoring, "sun", value)


def _to_tie(value: object) -> TieRule:
    return _convert_enum(TieRule, "tie", value)


def _to_card_values(value: object) -> tuple[tuple[Card, int], ...]:
    if isinstance(value, tuple) and all(isinstance(p, tuple) for p in value):
        items: Iterable[tuple[object, object]] = value
    elif isinstance(value, Mapping):
        items = value.items()
    else:
        raise InvalidRulesError("card_values", f"must be a table of card = points, not {value!r}")
    found: dict[Card, int] = {}
    for key, points in items:
        try:
            card = key if isinstance(key, Card) else Card.parse(str(key))
        except ValueError:
            raise InvalidRulesError("card_values", f"not a card: {key!r}") from None
        if isinstance(points, bool) or not isinstance(points, int):
            raise InvalidRulesError("card_values", f"{card} must score an integer, not {points!r}")
        if card in found:
            raise InvalidRulesError("card_values", f"{card} is listed twice")
        found[card] = points
    return tuple(sorted(found.items()))


def _check_int(name: str, value: object, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidRulesError(name, f"must be an integer, not {value!r}")
    if not low <= value <= high:
        raise InvalidRulesError(name, f"must be between {low} and {high}, not {value}")


def _check_bool(name: str, value: object) -> None:
    if not isinstance(value, bool):
        raise InvalidRulesError(name, f"must be true or false, not {value!r}")


_STANDARD_CYCLE: Final = (
    PassDirection.LEFT,
    PassDirection.RIGHT,
    PassDirection.ACROSS,
    PassDirection.HOLD,
)
_ODD_CYCLE: Final = (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.HOLD)
_DEFAULT_REMOVED: Final = {3: "2D", 4: "", 5: "2C 2D", 6: "2D 3D 3C 4C"}


def _default_cycle(rules: Rules) -> tuple[PassDirection, ...]:
    return _STANDARD_CYCLE if rules.players % 2 == 0 else _ODD_CYCLE


def _default_removed(rules: Rules) -> CardSet:
    if rules.lowest_rank != Rank.TWO:
        return CardSet()
    return CardSet.parse(_DEFAULT_REMOVED.get(rules.players, ""))


@attrs.frozen(cache_hash=True)
class Rules:
    """A complete, validated ruleset. ``Rules()`` is the documented default.

    Every field has a default, so a variant names only what it changes.
    Inconsistent values raise :class:`~hearts_core.InvalidRulesError` naming
    the field. Use :meth:`evolve` to derive a changed copy.

    >>> rules = Rules()
    >>> rules.players, rules.pass_count, [d.value for d in rules.pass_cycle]
    (4, 3, ['left', 'right', 'across', 'hold'])
    >>> Rules(queen_breaks_hearts=True).queen_breaks_hearts
    True
    >>> three = Rules(players=3)
    >>> str(three.removed_cards), [d.value for d in three.pass_cycle]
    ('2D', ['left', 'right', 'hold'])
    >>> Rules(players=3, pass_cycle=["across"])
    Traceback (most recent call last):
    ...
    hearts_core.errors.InvalidRulesError: pass_cycle: across needs an even number of players, not 3
    """

    players: int = 4
    """Number of seats, 3 to 6."""

    lowest_rank: Rank = attrs.field(default=Rank.TWO, converter=_to_rank)
    """The lowest rank in the deck: 2 for all 52 cards, 7 for the 32-card deck (7 to ace)."""

    removed_cards: CardSet = attrs.field(
        default=attrs.Factory(lambda self: _default_removed(self), takes_self=True),
        converter=_to_removed,
    )
    """Cards taken out so the deal comes out even. By default, with 52 cards: none for 4
    players; 2♦ for 3; 2♣ 2♦ for 5; 2♦ 3♦ 3♣ 4♣ for 6 (keeping every heart and 2♣)."""

    pass_count: int = 3
    """Cards each seat passes in a hand that passes."""

    pass_cycle: tuple[PassDirection, ...] = attrs.field(
        default=attrs.Factory(lambda self: _default_cycle(self), takes_self=True),
        converter=_to_directions,
    )
    """Pass direction of hand 0, 1, 2, ... repeating; ``hold`` means no passing. By default
    left, right, across, hold; left, right, hold with an odd number of players."""

    first_lead: FirstLead = attrs.field(default=FirstLead.LOWEST_CLUB, converter=_to_first_lead)
    """Who leads the first trick and with what (rule ``FIRST_LEAD_TWO_OF_CLUBS``)."""

    points_on_first_trick: bool = False
    """Whether point cards may be played to the first trick. When false (rule
    ``NO_POINTS_ON_FIRST_TRICK``), a seat holding only point cards may still play one."""

    must_break_hearts: bool = True
    """Whether hearts may be led only once broken (rule ``HEARTS_NOT_BROKEN``); a leader
    holding only hearts may always lead one."""

    queen_breaks_hearts: bool = False
    """Whether playing the queen of spades breaks hearts, as a heart does."""

    lead_hearts_instead_of_queen: bool = False
    """When the queen of spades is the only card a leader may lead, whether it may lead a
    heart instead (OpenSpiel's ``can_lead_hearts_instead_of_qs``)."""

    queen_waits_for_hearts: bool = False
    """Whether the queen of spades may be played only once hearts are broken (rule
    ``QUEEN_NOT_BEFORE_HEARTS``), unless the seat has no other legal card."""

    heart_points: HeartPoints = attrs.field(default=HeartPoints.ONE, converter=_to_heart_points)
    """What each heart scores: one point, or its spot value."""

    card_values: tuple[tuple[Card, int], ...] = attrs.field(
        default=((QUEEN_OF_SPADES, 13),), converter=_to_card_values
    )
    """Points of the other scoring cards (overriding ``heart_points`` for a heart), as
    ``card = points``: Q♠ 13 by default; J♦ -10 in Omnibus. Setting it replaces the whole
    table, so list Q♠ too."""

    moon: MoonScoring = attrs.field(default=MoonScoring.ADD_TO_OTHERS, converter=_to_moon)
    """How a moon shot is scored (see :class:`MoonScoring`)."""

    moon_requires: MoonRequires = attrs.field(
        default=MoonRequires.POSITIVE_CARDS,
        converter=_to_moon_requires,
    )
    """Which cards the shooter must take."""

    moon_points: int | None = None
    """Points at stake in a moon shot; ``None`` for the total of positive points in the deck
    (see :attr:`moon_amount`)."""

    sun: SunScoring = attrs.field(default=SunScoring.OFF, converter=_to_sun)
    """How taking every trick is scored; it takes precedence over the moon."""

    sun_points: int = 52
    """Points at stake in a sun shot."""

    no_tricks_bonus: int = 0
    """Added to the score of each seat that took no trick, unless someone shot the moon
    or the sun (OpenSpiel's ``avoid_all_tricks_bonus``: -5)."""

    target_score: int = 100
    """The game ends after a hand in which some seat's total reaches this."""

    single_hand: bool = False
    """Whether the game is a single hand (as OpenSpiel plays); ties for lowest share the win."""

    exact_target_halves: bool = False
    """Whether a total of exactly ``target_score`` after a hand drops to half of it."""

    tie: TieRule = attrs.field(default=TieRule.PLAY_ON, converter=_to_tie)
    """What a tie for the lowest total at the end does."""

    def __attrs_post_init__(self) -> None:
        _check_int("players", self.players, 3, MAX_PLAYERS)
        if self.lowest_rank not in (Rank.TWO, Rank.SEVEN):
            raise InvalidRulesError(
                "lowest_rank", f"must be 2 (52 cards) or 7 (32 cards), not {self.lowest_rank}"
            )
        full = _deck_mask(self.lowest_rank)
        removed = self.removed_cards.mask
        if removed & ~full:
            outside = CardSet.from_mask(removed & ~full)
            raise InvalidRulesError("removed_cards", f"not in the deck: {outside}")
        deck = full & ~removed
        size = deck.bit_count()
        if size % self.players:
            raise InvalidRulesError(
                "removed_cards",
                f"{size} cards do not deal evenly to {self.players} players",
            )
        hand_size = size // self.players
        _check_int("pass_count", self.pass_count, 1, hand_size)
        if not self.pass_cycle:
            raise InvalidRulesError("pass_cycle", "must name at least one direction")
        if PassDirection.ACROSS in self.pass_cycle and self.players % 2:
            raise InvalidRulesError(
                "pass_cycle", f"across needs an even number of players, not {self.players}"
            )
        if not deck & _CLUBS and self.first_lead is not FirstLead.LEFT_OF_DEALER:
            raise InvalidRulesError("first_lead", "the deck has no club to lead")
        for name in (
            "points_on_first_trick",
            "must_break_hearts",
            "queen_breaks_hearts",
            "lead_hearts_instead_of_queen",
            "queen_waits_for_hearts",
            "single_hand",
            "exact_target_halves",
        ):
            _check_bool(name, getattr(self, name))
        for card, _ in self.card_values:
            if not card.bit & full:
                raise InvalidRulesError("card_values", f"{card} is not in the deck")
        points = _points_table(self)
        scoring_removed = [str(c) for c in self.removed_cards if points[c.index]]
        if scoring_removed:
            raise InvalidRulesError(
                "removed_cards",
                f"{' '.join(scoring_removed)} score points; the moon needs every scoring card",
            )
        if not any(p > 0 for p in points):
            raise InvalidRulesError("card_values", "at least one card must score positive points")
        if self.moon_points is not None:
            _check_int("moon_points", self.moon_points, 1, 10_000)
        _check_int("sun_points", self.sun_points, 1, 10_000)
        _check_int("no_tricks_bonus", self.no_tricks_bonus, -10_000, 10_000)
        _check_int("target_score", self.target_score, 1, 1_000_000)

    def evolve(self, **changes: Any) -> Rules:
        """A copy with ``changes`` applied, validated again.

        The removed cards and the pass cycle, when they are still the defaults
        for this table, become the defaults for the new one: changing
        ``players`` or ``lowest_rank`` alone gives a consistent ruleset.

        >>> Rules().evolve(target_score=50).target_score
        50
        >>> five = Rules().evolve(players=5)
        >>> str(five.removed_cards), [d.value for d in five.pass_cycle]
        ('2C 2D', ['left', 'right', 'hold'])
        """
        values = {f.name: getattr(self, f.name) for f in attrs.fields(Rules)}
        if self.removed_cards == _default_removed(self):
            del values["removed_cards"]
        if self.pass_cycle == _default_cycle(self):
            del values["pass_cycle"]
        values.update(changes)
        return Rules(**values)

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], source: str | None = None) -> Rules:
        """Build rules from plain data (as read from TOML or JSON).

        Keys are field names; enum values are their strings, cards are in
        card notation. Unknown keys and wrong types raise
        :class:`~hearts_core.InvalidRulesError` naming the key.

        >>> rules = Rules.from_mapping({"moon": "shooter-chooses", "card_values": {"JD": -10}})
        >>> rules.moon.value, rules.card_values
        ('shooter-chooses', ((Card.parse('JD'), -10),))
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

    @classmethod
    def from_toml(cls, path: Any) -> Rules:
        """The rules of a variant file (see :func:`~hearts_core.load_variant`).

        >>> from hearts_core.variants import variants_dir
        >>> Rules.from_toml(variants_dir() / "standard.toml") == Rules()
        True
        """
        from hearts_core.variants import load_variant

        return load_variant(path).rules

    @classmethod
    def from_openspiel(cls, params: Mapping[str, bool] | None = None) -> Rules:
        """The rules OpenSpiel's Hearts plays with ``params`` (its eight boolean parameters).

        One hand; passing left when ``pass_cards`` is on (OpenSpiel draws the
        direction by chance); scored as OpenSpiel scores it.

        >>> Rules.from_openspiel({"jd_bonus": True}).card_values
        ((Card.parse('JD'), -10), (Card.parse('QS'), 13))
        """
        values = dict(OPENSPIEL_PARAMETERS)
        for key, value in (params or {}).items():
            if key not in values:
                raise InvalidRulesError(key, "not an OpenSpiel hearts parameter")
            _check_bool(key, value)
            values[key] = value
        card_values: dict[str, int] = {"QS": 13}
        if values["jd_bonus"]:
            card_values["JD"] = -10
        return cls(
            pass_cycle=[PassDirection.LEFT if values["pass_cards"] else PassDirection.HOLD],
            first_lead=FirstLead.ANY_CLUB if values["can_lead_any_club"] else FirstLead.LOWEST_CLUB,
            points_on_first_trick=not values["no_pts_on_first_trick"],
            must_break_hearts=values["must_break_hearts"],
            queen_breaks_hearts=values["qs_breaks_hearts"],
            lead_hearts_instead_of_queen=values["can_lead_hearts_instead_of_qs"],
            card_values=card_values,
            no_tricks_bonus=-5 if values["avoid_all_tricks_bonus"] else 0,
            single_hand=True,
        )

    def to_mapping(self) -> dict[str, Any]:
        """The fields as plain data (TOML/JSON types), the inverse of :meth:`from_mapping`.

        >>> Rules().to_mapping()["pass_cycle"]
        ['left', 'right', 'across', 'hold']
        >>> Rules.from_mapping(Rules().to_mapping()) == Rules()
        True
        """
        data: dict[str, Any] = {}
        for field in attrs.fields(Rules):
            value = getattr(self, field.name)
            if isinstance(value, enum.Enum):
                value = value.value
            elif isinstance(value, CardSet):
                value = [str(card) for card in value]
            elif field.name == "pass_cycle":
                value = [d.value for d in value]
            elif field.name == "card_values":
                value = {str(card): points for card, points in value}
            if value is not None:
                data[field.name] = value
        return data

    # Derived values.

    def pass_direction(self, hand_number: int) -> PassDirection:
        """The pass direction of hand ``hand_number`` (counted from 0).

        >>> Rules().pass_direction(2), Rules().pass_direction(7)
        (<PassDirection.ACROSS: 'across'>, <PassDirection.HOLD: 'hold'>)
        """
        return self.pass_cycle[hand_number % len(self.pass_cycle)]

    @property
    def deck(self) -> CardSet:
        """The cards in play.

        >>> len(Rules().deck), len(Rules(players=3).deck), len(Rules(lowest_rank=7).deck)
        (52, 51, 32)
        """
        return CardSet.from_mask(_compile(self).deck)

    @property
    def hand_size(self) -> int:
        """Cards dealt to each seat.

        >>> Rules().hand_size, Rules(players=5).hand_size, Rules(players=6).hand_size
        (13, 10, 8)
        """
        return _compile(self).hand_size

    @property
    def point_cards(self) -> CardSet:
        """The cards worth positive points: every heart and the queen of spades by default."""
        return CardSet.from_mask(_compile(self).point_mask)

    @property
    def breaking_cards(self) -> CardSet:
        """The cards whose play breaks hearts."""
        return CardSet.from_mask(_compile(self).breaking_mask)

    @property
    def lowest_club(self) -> Card | None:
        """The lowest club in the deck, led to the first trick unless the seat after the
        dealer leads."""
        clubs = _compile(self).deck & _CLUBS
        return Card.from_index((clubs & -clubs).bit_length() - 1) if clubs else None

    @property
    def moon_amount(self) -> int:
        """Points at stake in a moon shot: ``moon_points``, or the positive points in the deck.

        >>> Rules().moon_amount, Rules(heart_points="spot", card_values={"QS": 25}).moon_amount
        (26, 129)
        """
        return _compile(self).moon_amount

    def card_points(self, card: Card) -> int:
        """Points a card scores to whoever takes it.

        >>> Rules().card_points(Card.parse("QS")), Rules().card_points(Card.parse("5H"))
        (13, 1)
        >>> Rules(heart_points="spot").card_points(Card.parse("QH"))
        12
        """
        return _compile(self).points[card.index]

    def tables(self) -> RuleTables:
        """The rules compiled to bitmasks and lookup tables for the engine.

        >>> Rules().tables().hand_size
        13
        """
        return _compile(self)


def _deck_mask(lowest: Rank) -> int:
    mask = 0
    for suit in Suit:
        for rank in range(lowest, 15):
            mask |= 1 << (13 * suit + rank - 2)
    return mask


def _points_table(rules: Rules) -> list[int]:
    points = [0] * 52
    for rank in Rank:
        index = 13 * Suit.HEARTS + rank - 2
        points[index] = 1 if rules.heart_points is HeartPoints.ONE else int(rank)
    for card, value in rules.card_values:
        points[card.index] = value
    full = _deck_mask(rules.lowest_rank)
    return [p if full >> i & 1 else 0 for i, p in enumerate(points)]


@attrs.frozen
class RuleTables:
    """A :class:`Rules` value compiled to masks and tables, computed once per ruleset.

    Masks hold one bit per card, as :attr:`CardSet.mask` does.

    >>> tables = Rules().tables()
    >>> tables.hand_size, tables.moon_amount, CardSet.from_mask(tables.first_lead_mask)
    (13, 26, CardSet.parse('2C'))
    """

    players: int
    """Number of seats."""
    deck: int
    """Bitmask of the cards in play."""
    hand_size: int
    """Cards dealt to each seat, and tricks in a hand."""
    points: tuple[int, ...]
    """Points of each card, by card index."""
    point_mask: int
    """Cards worth positive points: barred from the first trick, needed for the moon."""
    scoring_mask: int
    """Cards worth any points, positive or negative."""
    moon_mask: int
    """Cards a moon shooter must take."""
    breaking_mask: int
    """Cards whose play breaks hearts."""
    first_lead_mask: int
    """Cards the first leader may lead (0 when the seat after the dealer leads any card)."""
    first_lead_card: int
    """Bit of the card whose holder leads first (0 when the seat after the dealer leads)."""
    first_trick_mask: int
    """Cards allowed on the first trick when a seat has a choice (all but point cards, or all)."""
    must_break_hearts: bool
    """:attr:`Rules.must_break_hearts`."""
    lead_hearts_instead_of_queen: bool
    """:attr:`Rules.lead_hearts_instead_of_queen`."""
    queen_waits: bool
    """:attr:`Rules.queen_waits_for_hearts`."""
    moon_amount: int
    """Points at stake in a moon shot."""

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
    deck = _deck_mask(rules.lowest_rank) & ~rules.removed_cards.mask
    points = tuple(_points_table(rules))
    point_mask = sum(1 << i for i, p in enumerate(points) if p > 0)
    scoring_mask = sum(1 << i for i, p in enumerate(points) if p)
    clubs = deck & _CLUBS
    lowest_club = clubs & -clubs
    if rules.first_lead is FirstLead.LOWEST_CLUB:
        first_lead_mask, first_lead_card = lowest_club, lowest_club
    elif rules.first_lead is FirstLead.ANY_CLUB:
        first_lead_mask, first_lead_card = clubs, lowest_club
    else:
        first_lead_mask, first_lead_card = 0, 0
    positive_total = sum(p for p in points if p > 0)
    return RuleTables(
        players=rules.players,
        deck=deck,
        hand_size=deck.bit_count() // rules.players,
        points=points,
        point_mask=point_mask,
        scoring_mask=scoring_mask,
        moon_mask=(
            point_mask if rules.moon_requires is MoonRequires.POSITIVE_CARDS else scoring_mask
        ),
        breaking_mask=_HEARTS | (QUEEN_OF_SPADES.bit if rules.queen_breaks_hearts else 0),
        first_lead_mask=first_lead_mask,
        first_lead_card=first_lead_card,
        first_trick_mask=deck if rules.points_on_first_trick else deck & ~point_mask,
        must_break_hearts=rules.must_break_hearts,
        lead_hearts_instead_of_queen=rules.lead_hearts_instead_of_queen,
        queen_waits=rules.queen_waits_for_hearts,
        moon_amount=positive_total if rules.moon_points is None else rules.moon_points,
    )


OPENSPIEL_PARAMETERS: Final[Mapping[str, bool]] = {
    "pass_cards": True,
    "no_pts_on_first_trick": True,
    "can_lead_any_club": False,
    "jd_bonus": False,
    "avoid_all_tricks_bonus": False,
    "qs_breaks_hearts": True,
    "must_break_hearts": True,
    "can_lead_hearts_instead_of_qs": False,
}
"""OpenSpiel's Hearts parameters and their defaults."""
