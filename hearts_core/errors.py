"""Errors, and the identifiers of the rules an action can break.

Every failure is a :class:`HeartsError`. Callers branch on the class and on
its fields (``rule``, ``field``), never on the message; the message is for a
person.
"""

from __future__ import annotations

import enum
from typing import Any, Final

__all__ = [
    "MAX_PROBLEMS",
    "Rule",
    "HeartsError",
    "InvalidCardError",
    "InvalidActionError",
    "IllegalActionError",
    "InvalidRulesError",
    "InvalidSeatError",
    "InvalidStateError",
    "UnknownNameError",
]

MAX_PROBLEMS: Final = 100
"""The most problems one error lists (an :class:`InvalidRulesError` for a variant file, a
:class:`~hearts_core.io.RecordError`); its message says how many more there were."""


class Rule(enum.Enum):
    """The named rules an action can break in a position. The same identifiers appear in the docs.

    Only what a player can get wrong at the table has an identifier: an action
    that is malformed (a seat that is not a number, text that is not a card)
    raises :class:`InvalidActionError` instead, before any position exists.

    >>> Rule.MUST_FOLLOW_SUIT.value
    'MUST_FOLLOW_SUIT'
    >>> Rule.HEARTS_NOT_BROKEN.summary
    'Hearts may not be led until they are broken, unless the leader holds only hearts.'
    """

    WRONG_PHASE = "WRONG_PHASE"
    NO_SUCH_SEAT = "NO_SUCH_SEAT"
    NOT_YOUR_SEAT = "NOT_YOUR_SEAT"
    NOT_YOUR_TURN = "NOT_YOUR_TURN"
    INVALID_DEAL = "INVALID_DEAL"
    WRONG_PASS_COUNT = "WRONG_PASS_COUNT"
    ALREADY_PASSED = "ALREADY_PASSED"
    CARD_NOT_IN_HAND = "CARD_NOT_IN_HAND"
    MUST_FOLLOW_SUIT = "MUST_FOLLOW_SUIT"
    FIRST_LEAD_LOWEST_CLUB = "FIRST_LEAD_LOWEST_CLUB"
    FIRST_LEAD_CLUB = "FIRST_LEAD_CLUB"
    NO_POINTS_ON_FIRST_TRICK = "NO_POINTS_ON_FIRST_TRICK"
    HEARTS_NOT_BROKEN = "HEARTS_NOT_BROKEN"
    QUEEN_NOT_BEFORE_HEARTS = "QUEEN_NOT_BEFORE_HEARTS"

    @property
    def summary(self) -> str:
        """One sentence stating the rule."""
        return _SUMMARIES[self]


_SUMMARIES = {
    Rule.WRONG_PHASE: "An action must fit the phase of the game: deal, pass, play or moon choice.",
    Rule.NO_SUCH_SEAT: "The acting seat must be a seat at this table, numbered from 0.",
    Rule.NOT_YOUR_SEAT: "A player acts only for its own seat (and never deals).",
    Rule.NOT_YOUR_TURN: "Only a seat whose turn it is may act.",
    Rule.INVALID_DEAL: "A deal gives every seat its share of the deck, each card exactly once.",
    Rule.WRONG_PASS_COUNT: "Each seat passes exactly the number of cards the rules set.",
    Rule.ALREADY_PASSED: "A seat passes once per hand.",
    Rule.CARD_NOT_IN_HAND: "A seat may only play or pass cards it holds.",
    Rule.MUST_FOLLOW_SUIT: "A seat holding a card of the suit led must play one.",
    Rule.FIRST_LEAD_LOWEST_CLUB: (
        "The holder of the lowest club in the deck (2♣, or 3♣ or 7♣ when lower clubs are out) "
        "leads it to the first trick."
    ),
    Rule.FIRST_LEAD_CLUB: "The holder of the lowest club leads a club to the first trick.",
    Rule.NO_POINTS_ON_FIRST_TRICK: (
        "No card worth points on the first trick, by a seat that cannot follow suit (or that "
        "chooses the first lead), unless its hand holds nothing else."
    ),
    Rule.HEARTS_NOT_BROKEN: (
        "Hearts may not be led until they are broken, unless the leader holds only hearts."
    ),
    Rule.QUEEN_NOT_BEFORE_HEARTS: (
        "The queen of spades may not be played before hearts are broken, unless nothing else is."
    ),
}


class HeartsError(Exception):
    """Base class of every error this library raises.

    Each subclass is also a ``ValueError``, so one ``except`` clause catches
    any bad input:

    >>> from hearts_core import Card
    >>> try:
    ...     Card.parse("1Z")
    ... except HeartsError as error:
    ...     print(type(error).__name__, isinstance(error, ValueError))
    InvalidCardError True
    """


class InvalidCardError(HeartsError, ValueError):
    """Text or a value that does not name a card, suit or rank.

    >>> from hearts_core import Card
    >>> Card.parse("ZZ")
    Traceback (most recent call last):
    ...
    hearts_core.errors.InvalidCardError: not a card: 'ZZ'
    """


class InvalidActionError(HeartsError, ValueError):
    """An action that is malformed: not an action at all, or one whose fields have the
    wrong types or name no card. It is refused before any position is looked at, as
    python-chess refuses bad move text with ``InvalidMoveError``.

    An action that is well formed but not allowed where it is played raises
    :class:`IllegalActionError` instead.

    Attributes:
        field: The field at fault (``seat``, ``card``, ``cards``, ``option``,
            ``hands``), or ``None`` when the value is not an action at all.
        action: The object refused, when one was built.

    >>> from hearts_core import PlayCard
    >>> try:
    ...     PlayCard(0, "ZZ")
    ... except InvalidActionError as error:
    ...     print(error.field, "-", error)
    card - not a card: 'ZZ'
    """

    field: str | None
    action: Any

    def __init__(self, message: str, field: str | None = None, action: Any = None) -> None:
        super().__init__(message)
        self.field = field
        self.action = action


class IllegalActionError(HeartsError, ValueError):
    """A well-formed action the rules forbid in this position. The state is left unchanged.

    Attributes:
        rule: The :class:`Rule` the action breaks.
        action: The action that was refused.

    >>> from hearts_core import new_game, apply, PlayCard, Card
    >>> try:
    ...     apply(new_game(), PlayCard(0, Card.parse("2C")))
    ... except IllegalActionError as error:
    ...     print(error.rule.value, "-", error)
    WRONG_PHASE - cannot play a card now: the game is waiting for a deal
    """

    rule: Rule
    action: Any

    def __init__(self, rule: Rule, message: str, action: Any = None) -> None:
        super().__init__(message)
        self.rule = rule
        self.action = action


class InvalidRulesError(HeartsError, ValueError):
    """A ruleset that is malformed or inconsistent.

    Attributes:
        field: The ``Rules`` field (or file key) at fault: the first one, when
            there are several.
        reason: Why it is refused.
        source: The file or mapping it came from, when known.
        problems: Every problem found, as ``(field, reason)`` pairs, the first
            one first (one pair when the error was raised by a single check).

    >>> from hearts_core import Rules
    >>> Rules(target_score=0)
    Traceback (most recent call last):
    ...
    hearts_core.errors.InvalidRulesError: target_score: must be between 1 and 1000000, not 0
    >>> try:
    ...     Rules.from_mapping({"players": "4", "moon": "maybe"})
    ... except InvalidRulesError as error:
    ...     [field for field, _ in error.problems]
    ['players', 'moon']
    """

    field: str
    reason: str
    source: str | None
    problems: tuple[tuple[str, str], ...]

    def __init__(
        self,
        field: str,
        reason: str,
        source: str | None = None,
        problems: tuple[tuple[str, str], ...] | None = None,
    ) -> None:
        found = problems if problems else ((field, reason),)
        where = f"{source}: " if source else ""
        if len(found) == 1:
            text = f"{where}{field}: {reason}"
        else:
            listed = "\n".join(f"  {name}: {why}" for name, why in found)
            text = f"{where}{len(found)} problems:\n{listed}"
        super().__init__(text)
        self.field = field
        self.reason = reason
        self.source = source
        self.problems = found


class InvalidSeatError(HeartsError, ValueError):
    """A seat number that is not a seat at this table.

    >>> from hearts_core import new_game, observe
    >>> observe(new_game(), 4)
    Traceback (most recent call last):
    ...
    hearts_core.errors.InvalidSeatError: no such seat: 4 (seats 0 to 3)
    """


class InvalidStateError(HeartsError, ValueError):
    """A position that no game reaches, asked for by value: totals of the wrong length or
    type, or totals that have already ended the game.

    Attributes:
        field: The argument at fault (``totals``, ``hand_number``).
        reason: Why it is refused.

    >>> from hearts_core import new_game
    >>> new_game(totals=(100, 20, 30, 40))
    Traceback (most recent call last):
    ...
    hearts_core.errors.InvalidStateError: totals: (100, 20, 30, 40) have already ended the game
    """

    field: str
    reason: str

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason


class UnknownNameError(HeartsError, ValueError):
    """A name that names nothing the library has: a JSON Schema, a bot.

    >>> from hearts_core.io import json_schema
    >>> json_schema("recrod")
    Traceback (most recent call last):
    ...
    hearts_core.errors.UnknownNameError: no schema named a string ("recrod"); known: record, \
state, view, event
    """
