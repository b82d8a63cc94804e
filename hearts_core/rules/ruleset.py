"""The ruleset: one frozen :class:`Rules` value, validated when it is built.

A variant is data: every rule point is a typed field here, and the TOML files
in ``variants/`` set these fields by name (see :mod:`hearts_core.rules.variants`).
``Rules()`` is the documented default ruleset; every field's docstring says
what it changes.

Each field is checked when it is assigned, so a wrong type or value raises
:class:`~hearts_core.InvalidRulesError` naming that field; the checks that
involve several fields run once all are set. :meth:`Rules.from_mapping` reads
plain data (TOML, JSON) strictly and reports every problem at once.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Final

import attrs

from hearts_core.cards import QUEEN_OF_SPADES, Card, CardSet, Rank, Suit
from hearts_core.errors import InvalidRulesError
from hearts_core.immutable import stay_frozen
from hearts_core.rules.compiled import RuleTables, compile_rules, deck_mask, points_table
from hearts_core.rules.fields import (
    LIMITS,
    MAX_PLAYERS,
    plain_problem,
    shown,
    to_card_values,
    to_directions,
    to_exact_target_halves,
    to_first_lead,
    to_full_polish,
    to_game_end,
    to_heart_points,
    to_lead_hearts_instead_of_queen,
    to_moon,
    to_moon_points,
    to_moon_requires,
    to_must_break_hearts,
    to_no_tricks_bonus,
    to_only_discards_break_hearts,
    to_pass_count,
    to_players,
    to_points_on_first_trick,
    to_queen_breaks_hearts,
    to_queen_waits_for_hearts,
    to_rank,
    to_removed,
    to_single_hand,
    to_sun,
    to_sun_points,
    to_target_score,
    to_tie,
)
from hearts_core.rules.files import VariantFile, read_variant_file, refusal
from hearts_core.rules.options import (
    FirstLead,
    GameEnd,
    HeartPoints,
    MoonOption,
    MoonRequires,
    MoonScoring,
    PassDirection,
    SunScoring,
    TieRule,
)

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
    "Rules",
    "RuleTables",
    "LIMITS",
    "PLAYERS",
    "HAND_SIZE",
    "MAX_PLAYERS",
    "is_seat",
    "RULE_FIELDS",
    "FULL_POLISH_POINTS",
    "rules_of_file",
]

PLAYERS: Final = 4
"""Seats in the default rules (see :attr:`Rules.players`)."""
HAND_SIZE: Final = 13
"""Cards per seat in the default rules (see :attr:`Rules.hand_size`)."""
FULL_POLISH_POINTS : Final = 25
"""The hand score that takes a total of ``target_score - 1`` to ``target_score - 2`` under
``Rules.full_polish``.

>>> FULL_POLISH_POINTS
25
"""


def is_seat(value: object, players: int) -> bool:
    """Whether ``value`` is a seat at a table of ``players``: an ``int`` from 0 to
    ``players - 1`` (``True`` and ``1.0`` are not seats).

    >>> is_seat(3, 4), is_seat(4, 4), is_seat(True, 4), is_seat(1.0, 4)
    (True, False, False, False)
    """
    return type(value) is int and 0 <= value < players


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
    return CardSet.parse(_DEFAULT_REMOVED[rules.players])


@stay_frozen
@attrs.frozen(cache_hash=True)
class Rules:
    """A complete, validated ruleset. ``Rules()`` is the documented default.

    Every field has a default, so a variant names only what it changes.
    A wrong or inconsistent value raises :class:`~hearts_core.InvalidRulesError`
    naming the field. Use :meth:`evolve` to derive a changed copy.

    >>> rules = Rules()
    >>> rules.players, rules.pass_count, [d.value for d in rules.pass_cycle]
    (4, 3, ['left', 'right', 'across', 'hold'])
    >>> Rules(queen_breaks_hearts=True).queen_breaks_hearts
    True
    >>> three = Rules(players=3)
    >>> str(three.removed_cards), [d.value for d in three.pass_cycle]
    ('2D', ['left', 'right', 'hold'])
    >>> Rules(players="4")
    Traceback (most recent call last):
    ...
    hearts_core.errors.InvalidRulesError: players: must be an integer, not '4'
    >>> Rules(players=3, pass_cycle=["across"])
    Traceback (most recent call last):
    ...
    hearts_core.errors.InvalidRulesError: pass_cycle: across needs an even number of players, not 3
    """

    players: int = attrs.field(default=PLAYERS, converter=to_players)
    """Number of seats, 3 to 6."""

    lowest_rank: Rank = attrs.field(default=Rank.TWO, converter=to_rank)
    """The lowest rank in the deck: 2 for all 52 cards, 7 for the 32-card deck (7 to ace)."""

    removed_cards: CardSet = attrs.field(
        default=attrs.Factory(lambda self: _default_removed(self), takes_self=True),
        converter=to_removed,
    )
    """Cards taken out so the deal comes out even. By default, with 52 cards: none for 4
    players; 2♦ for 3; 2♣ 2♦ for 5; 2♦ 3♦ 3♣ 4♣ for 6 (keeping every heart and 2♣)."""

    pass_count: int = attrs.field(default=3, converter=to_pass_count)
    """Cards each seat passes in a hand that passes."""

    pass_cycle: tuple[PassDirection, ...] = attrs.field(
        default=attrs.Factory(lambda self: _default_cycle(self), takes_self=True),
        converter=to_directions,
    )
    """Pass direction of hand 0, 1, 2, ... repeating; ``hold`` means no passing. By default
    left, right, across, hold; left, right, hold with an odd number of players."""

    first_lead: FirstLead = attrs.field(
        default=FirstLead.LOWEST_CLUB,
        converter=to_first_lead,
    )
    """Who leads the first trick and with what (rule ``FIRST_LEAD_LOWEST_CLUB``, or
    ``FIRST_LEAD_CLUB``)."""

    points_on_first_trick: bool = attrs.field(default=False, converter=to_points_on_first_trick)
    """Whether point cards may be played to the first trick. When false (rule
    ``NO_POINTS_ON_FIRST_TRICK``), a seat holding only point cards may still play one."""

    must_break_hearts: bool = attrs.field(default=True, converter=to_must_break_hearts)
    """Whether hearts may be led only once broken (rule ``HEARTS_NOT_BROKEN``); a leader
    holding only hearts may always lead one."""

    queen_breaks_hearts: bool = attrs.field(default=False, converter=to_queen_breaks_hearts)
    """Whether playing the queen of spades breaks hearts, as a heart does."""

    only_discards_break_hearts: bool = attrs.field(
        default=False, converter=to_only_discards_break_hearts
    )
    """Whether a card that breaks hearts (a heart; Q♠ too with ``queen_breaks_hearts``) breaks
    them only when discarded: played by a seat that cannot follow the suit led (the Bicycle
    rule). Then a heart led, or followed to a heart lead, and Q♠ led or played to a spade
    lead, leave hearts unbroken.

    >>> from hearts_core import CardSet
    >>> bicycle = Rules(queen_breaks_hearts=True, only_discards_break_hearts=True)
    >>> str(bicycle.breaking_cards - CardSet.parse("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"))
    'QS'
    """

    lead_hearts_instead_of_queen: bool = attrs.field(
        default=False, converter=to_lead_hearts_instead_of_queen
    )
    """When the queen of spades is the only card a leader may lead, whether it may lead a
    heart instead (OpenSpiel's ``can_lead_hearts_instead_of_qs``)."""

    queen_waits_for_hearts: bool = attrs.field(default=False, converter=to_queen_waits_for_hearts)
    """Whether the queen of spades may be played only once hearts are broken (rule
    ``QUEEN_NOT_BEFORE_HEARTS``), unless the seat has no other legal card."""

    heart_points: HeartPoints = attrs.field(
        default=HeartPoints.ONE,
        converter=to_heart_points,
    )
    """What each heart scores: one point, or its spot value."""

    card_values: tuple[tuple[Card, int], ...] = attrs.field(
        default=((QUEEN_OF_SPADES, 13),), converter=to_card_values
    )
    """Points of the other scoring cards (overriding ``heart_points`` for a heart), as
    ``card = points``: Q♠ 13 by default; J♦ -10 in Omnibus. Setting it replaces the whole
    table, so list Q♠ too."""

    moon: MoonScoring = attrs.field(
        default=MoonScoring.ADD_TO_OTHERS,
        converter=to_moon,
    )
    """How a moon shot is scored (see :class:`MoonScoring`)."""

    moon_requires: MoonRequires = attrs.field(
        default=MoonRequires.POSITIVE_CARDS,
        converter=to_moon_requires,
    )
    """Which cards the shooter must take."""

    moon_points: int | None = attrs.field(default=None, converter=to_moon_points)
    """Points at stake in a moon shot; ``None`` for the total of positive points in the deck
    (see :attr:`moon_amount`)."""

    sun: SunScoring = attrs.field(default=SunScoring.OFF, converter=to_sun)
    """How taking every trick is scored; it takes precedence over the moon."""

    sun_points: int = attrs.field(default=52, converter=to_sun_points)
    """Points at stake in a sun shot."""

    no_tricks_bonus: int = attrs.field(default=0, converter=to_no_tricks_bonus)
    """Added to the score of each seat that took no trick, unless someone shot the moon
    or the sun (OpenSpiel's ``avoid_all_tricks_bonus``: -5)."""

    target_score: int = attrs.field(default=100, converter=to_target_score)
    """The game ends after a hand in which some seat's total reaches this (with ``game_end``
    ``count-down``, the count-down starts after it)."""

    game_end: GameEnd = attrs.field(default=GameEnd.TARGET, converter=to_game_end)
    """How the game ends: at ``target_score``, or counting down from it to 0 (see
    :class:`GameEnd`). Neither applies to a ``single_hand`` game, which refuses
    ``count-down``."""

    single_hand: bool = attrs.field(default=False, converter=to_single_hand)
    """Whether the game is a single hand (as OpenSpiel plays); ties for lowest share the win."""

    exact_target_halves: bool = attrs.field(default=False, converter=to_exact_target_halves)
    """Whether a total of exactly ``target_score`` after a hand drops to half of it (while
    totals count up)."""

    full_polish: bool = attrs.field(default=False, converter=to_full_polish)
    """Jeff Goldsmith's "Full Polish": a seat whose total is ``target_score - 1`` before a
    hand and that scores exactly 25 points in it ends the hand on ``target_score - 2``
    (while totals count up). 25 is fixed: it is all but one of the standard deck's points.

    >>> from hearts_core.scoring import totals_after
    >>> totals_after(Rules(full_polish=True), [99, 99, 10, 0], [25, 1, 0, 0])
    (98, 100, 10, 0)
    """

    tie: TieRule = attrs.field(default=TieRule.PLAY_ON, converter=to_tie)
    """What a tie for the lowest total at the end does."""

    _tables: RuleTables = attrs.field(init=False, eq=False, hash=False, repr=False)

    def __attrs_post_init__(self) -> None:
        # The checks that involve several fields; each field checked itself when set.
        full = deck_mask(self.lowest_rank, 0)
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
        if self.pass_count > hand_size:
            raise InvalidRulesError(
                "pass_count", f"must be at most the hand size {hand_size}, not {self.pass_count}"
            )
        if PassDirection.ACROSS in self.pass_cycle and self.players % 2:
            raise InvalidRulesError(
                "pass_cycle", f"across needs an even number of players, not {self.players}"
            )
        if not deck & Suit.CLUBS.mask and self.first_lead is not FirstLead.LEFT_OF_DEALER:
            raise InvalidRulesError("first_lead", "the deck has no club to lead")
        for card, _ in self.card_values:
            if not card.bit & full:
                raise InvalidRulesError("card_values", f"{card} is not in the deck")
        points = points_table(self)
        scoring_removed = [str(c) for c in self.removed_cards if points[c.index]]
        if scoring_removed:
            raise InvalidRulesError(
                "removed_cards",
                f"{' '.join(scoring_removed)} score points; the moon needs every scoring card",
            )
        if not any(p > 0 for p in points):
            raise InvalidRulesError("card_values", "at least one card must score positive points")
        if self.single_hand and self.game_end is GameEnd.COUNT_DOWN:
            raise InvalidRulesError("game_end", "a single-hand game cannot count down")
        object.__setattr__(self, "_tables", compile_rules(self))

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
        >>> Rules().evolve(colour=1)
        Traceback (most recent call last):
        ...
        hearts_core.errors.InvalidRulesError: colour: unknown rule field
        """
        names = _FIELD_NAMES
        for key in changes:
            if key not in names:
                raise InvalidRulesError(str(key), "unknown rule field")
        values = {name: getattr(self, name) for name in names}
        if self.removed_cards == _default_removed(self):
            del values["removed_cards"]
        if self.pass_cycle == _default_cycle(self):
            del values["pass_cycle"]
        values.update(changes)
        return Rules(**values)

    @classmethod
    def from_toml(cls, path: str | Path) -> Rules:
        """The rules of a variant file (see :func:`~hearts_core.load_variant`).

        >>> from hearts_core.rules.variants import variants_dir
        >>> Rules.from_toml(variants_dir() / "standard.toml") == Rules()
        True
        """
        return rules_of_file(read_variant_file(path))

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], source: str | None = None) -> Rules:
        """Build rules from plain data, as read from TOML or JSON, refusing rather than
        coercing.

        Keys are field names. Each value must have its field's plain type: an
        integer (never ``true`` or ``"4"``), ``true``/``false``, an option's text
        (``"shooter-chooses"``), a list of card texts (``["2D", "3D"]``), or a
        table of card = points. Every problem is reported at once, each with its
        field, in an :class:`~hearts_core.InvalidRulesError`.

        >>> rules = Rules.from_mapping({"moon": "shooter-chooses", "card_values": {"JD": -10}})
        >>> rules.moon.value, rules.card_values
        ('shooter-chooses', ((Card.parse('JD'), -10),))
        >>> Rules.from_mapping({"removed_cards": "2D", "players": 3.0})
        Traceback (most recent call last):
        ...
        hearts_core.errors.InvalidRulesError: 2 problems:
          removed_cards: must be a list of card texts, not '2D'
          players: must be an integer, not 3.0
        """
        if not isinstance(data, Mapping):
            raise InvalidRulesError("(rules)", "must be a table of fields", source)
        problems: list[tuple[str, str]] = []
        values: dict[str, Any] = {}
        for key, value in data.items():
            if not isinstance(key, str) or key not in _FIELD_NAMES:
                name = key[:40] if isinstance(key, str) else shown(key)
                problems.append((name, "unknown rule field"))
                continue
            reason = plain_problem(key, value)
            if reason is None:
                try:
                    values[key] = _FIELD_CONVERTERS[key](value)
                except InvalidRulesError as exc:
                    reason = exc.reason
            if reason is not None:
                problems.append((key, reason))
        if not problems:
            try:
                return cls(**values)
            except InvalidRulesError as exc:
                problems.append((exc.field, exc.reason))
        field, reason = problems[0]
        raise InvalidRulesError(field, reason, source, tuple(problems))

    def to_mapping(self) -> dict[str, Any]:
        """The fields as plain data (TOML/JSON types), the inverse of :meth:`from_mapping`.

        >>> Rules().to_mapping()["pass_cycle"]
        ['left', 'right', 'across', 'hold']
        >>> Rules.from_mapping(Rules().to_mapping()) == Rules()
        True
        """
        data: dict[str, Any] = {}
        for name in _FIELD_NAMES:
            value = getattr(self, name)
            if isinstance(value, enum.Enum):
                value = value.value
            elif isinstance(value, CardSet):
                value = [str(card) for card in value]
            elif name == "pass_cycle":
                value = [d.value for d in value]
            elif name == "card_values":
                value = {str(card): points for card, points in value}
            if value is not None:
                data[name] = value
        return data

    # Derived values, all read from the compiled tables.

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
        return CardSet.from_mask(self._tables.deck)

    @property
    def hand_size(self) -> int:
        """Cards dealt to each seat.

        >>> Rules().hand_size, Rules(players=5).hand_size, Rules(players=6).hand_size
        (13, 10, 8)
        """
        return self._tables.hand_size

    @property
    def point_cards(self) -> CardSet:
        """The cards worth positive points: every heart and the queen of spades by default."""
        return CardSet.from_mask(self._tables.point_mask)

    @property
    def breaking_cards(self) -> CardSet:
        """The cards whose play breaks hearts (when discarded only, with
        :attr:`only_discards_break_hearts`).

        >>> str(Rules(queen_breaks_hearts=True).breaking_cards)[-5:]
        'AH QS'
        """
        return CardSet.from_mask(self._tables.breaking_mask)

    @property
    def lowest_club(self) -> Card | None:
        """The lowest club in the deck, led to the first trick unless the seat after the
        dealer leads."""
        club = self._tables.masks.lowest_club
        return Card.from_index(club.bit_length() - 1) if club else None

    @property
    def moon_amount(self) -> int:
        """Points at stake in a moon shot: ``moon_points``, or the positive points in the deck.

        >>> Rules().moon_amount, Rules(heart_points="spot", card_values={"QS": 25}).moon_amount
        (26, 129)
        """
        return self._tables.moon_amount

    def card_points(self, card: Card) -> int:
        """Points a card scores to whoever takes it.

        >>> Rules().card_points(Card.parse("QS")), Rules().card_points(Card.parse("5H"))
        (13, 1)
        >>> Rules(heart_points="spot").card_points(Card.parse("QH"))
        12
        """
        return self._tables.points[card.index]

    def tables(self) -> RuleTables:
        """The rules compiled to bitmasks and lookup tables for the engine, computed once
        when the rules are built.

        >>> Rules().tables().hand_size
        13
        """
        return self._tables


RULE_FIELDS: Final = tuple(f.name for f in attrs.fields(Rules) if f.init)
"""The names of the :class:`Rules` fields, in order: the keys of a variant file and of
:meth:`Rules.to_mapping`."""
_FIELD_NAMES: Final = RULE_FIELDS
_FIELD_CONVERTERS: Final[Mapping[str, Callable[[Any], Any]]] = {
    f.name: f.converter  # type: ignore[misc]
    for f in attrs.fields(Rules)
    if f.init
}


def rules_of_file(read: VariantFile) -> Rules:
    """The rules of a variant file as read, or one error listing every problem with the
    file: its metadata's, its ``extends`` chain's and its rules' (see
    :func:`~hearts_core.rules.load_variant`).

    >>> from hearts_core.rules.files import read_variant_file, variants_dir
    >>> rules_of_file(read_variant_file(variants_dir() / "standard.toml")) == Rules()
    True
    """
    problems = list(read.problems)
    rules: Rules | None = None
    try:
        rules = Rules.from_mapping(read.fields, read.source)
    except InvalidRulesError as exc:
        problems.extend(exc.problems)
    if problems or rules is None:
        raise refusal(problems, read.source)
    return rules
