"""The restrictions on which card a seat may play, as one ordered table.

A seat's legal cards are its hand narrowed by each restriction in turn, in
the order of :data:`RESTRICTIONS` (OpenSpiel's). A restriction that would leave
no card is skipped, so a seat always has a card to play. Each row says when it
applies (the moment: leading, following suit or discarding; the first trick
only; before hearts are broken only), under which rules, which cards it keeps,
and the message a player reads when a card breaks it.

The table is data. :func:`~hearts_core.rules.compiled.compile_rules` keeps, for each
ruleset and each situation, the rows that apply; the engine's legal cards and
:func:`~hearts_core.explain` both fold those same rows. Adding a rule is one
row here, its :class:`~hearts_core.Rule` identifier with its summary, and its
entry in the docs.

>>> [row.rule.value for row in RESTRICTIONS][:3]
['MUST_FOLLOW_SUIT', 'FIRST_LEAD_LOWEST_CLUB', 'FIRST_LEAD_CLUB']
>>> from hearts_core import Rules
>>> for row in RESTRICTIONS:
...     print(row.rule.value, row.applies(Rules()))
MUST_FOLLOW_SUIT True
FIRST_LEAD_LOWEST_CLUB True
FIRST_LEAD_CLUB False
NO_POINTS_ON_FIRST_TRICK True
HEARTS_NOT_BROKEN True
QUEEN_NOT_BEFORE_HEARTS False
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

import attrs

from hearts_core.cards import HEARTS, QUEEN_OF_SPADES
from hearts_core.errors import Rule
from hearts_core.immutable import stay_frozen
from hearts_core.rules.options import FirstLead

if TYPE_CHECKING:
    from hearts_core.rules.ruleset import Rules

__all__ = ["Moment", "Restriction", "RESTRICTIONS", "DeckMasks"]


class Moment(enum.IntEnum):
    """When in a trick a seat plays.

    >>> Moment.DISCARD.value
    2
    """

    LEAD = 0
    """The seat leads the trick."""
    FOLLOW = 1
    """The seat holds a card of the suit led."""
    DISCARD = 2
    """The seat holds no card of the suit led."""


@stay_frozen
@attrs.frozen
class DeckMasks:
    """The masks a restriction's cards are drawn from, for one ruleset.

    >>> from hearts_core import CardSet, Rules
    >>> masks = Rules().tables().masks
    >>> str(CardSet.from_mask(masks.lowest_club)), len(CardSet.from_mask(masks.point_cards))
    ('2C', 14)
    """

    deck: int
    """The cards in play."""
    clubs: int
    """The clubs in play."""
    lowest_club: int
    """The lowest club in play (0 when the deck has none)."""
    point_cards: int
    """The cards worth positive points."""


def _first_lead_is(value: FirstLead) -> Callable[[Rules], bool]:
    return lambda rules: rules.first_lead is value


@stay_frozen
@attrs.frozen
class Restriction:
    """One row of the table: a restriction on the card played.

    >>> row = RESTRICTIONS[-1]
    >>> row.rule.value, sorted(m.name for m in row.moments), row.before_break_only
    ('QUEEN_NOT_BEFORE_HEARTS', ['DISCARD', 'FOLLOW', 'LEAD'], True)
    """

    rule: Rule
    """The identifier a card breaking it is refused with."""
    moments: frozenset[Moment]
    """When in a trick it applies."""
    applies: Callable[[Rules], bool]
    """Whether a ruleset has this restriction."""
    keep: Callable[[DeckMasks], int] | None
    """The cards it allows (``None`` for the suit led, known only during play)."""
    refusal: str
    """The message for a refused card; ``{seat}``, ``{card}``, ``{suit}`` and ``{allowed}``
    are filled in."""
    first_trick_only: bool = False
    """Whether it applies on the first trick of a hand only."""
    before_break_only: bool = False
    """Whether it applies only until hearts are broken."""
    exempt: Callable[[Rules], int] = lambda rules: 0
    """A set of cards that, when it is all the restriction would leave, lifts it."""
    decides: bool = False
    """Whether, when it applies, no later row is consulted."""


_ALL: Final = frozenset(Moment)

RESTRICTIONS: Final[tuple[Restriction, ...]] = (
    Restriction(
        Rule.MUST_FOLLOW_SUIT,
        frozenset({Moment.FOLLOW, Moment.DISCARD}),
        applies=lambda rules: True,
        keep=None,
        refusal="seat {seat} must follow {suit} and holds {allowed}",
    ),
    Restriction(
        Rule.FIRST_LEAD_LOWEST_CLUB,
        frozenset({Moment.LEAD}),
        applies=_first_lead_is(FirstLead.LOWEST_CLUB),
        keep=lambda masks: masks.lowest_club,
        refusal="seat {seat} must lead {allowed} to the first trick",
        first_trick_only=True,
        decides=True,
    ),
    Restriction(
        Rule.FIRST_LEAD_CLUB,
        frozenset({Moment.LEAD}),
        applies=_first_lead_is(FirstLead.ANY_CLUB),
        keep=lambda masks: masks.clubs,
        refusal="seat {seat} must lead a club to the first trick: {allowed}",
        first_trick_only=True,
        decides=True,
    ),
    Restriction(
        Rule.NO_POINTS_ON_FIRST_TRICK,
        frozenset({Moment.LEAD, Moment.DISCARD}),
        applies=lambda rules: not rules.points_on_first_trick,
        keep=lambda masks: masks.deck & ~masks.point_cards,
        refusal=(
            "seat {seat} may not play {card} on the first trick: "
            "it holds cards that score nothing ({allowed})"
        ),
        first_trick_only=True,
    ),
    Restriction(
        Rule.HEARTS_NOT_BROKEN,
        frozenset({Moment.LEAD}),
        applies=lambda rules: rules.must_break_hearts,
        keep=lambda masks: masks.deck & ~HEARTS.mask,
        refusal=(
            "seat {seat} may not lead a heart: hearts are not broken "
            "and it holds other cards ({allowed})"
        ),
        before_break_only=True,
        # OpenSpiel's option: a leader left with only Q♠ may lead a heart instead.
        exempt=lambda rules: QUEEN_OF_SPADES.bit if rules.lead_hearts_instead_of_queen else 0,
    ),
    Restriction(
        Rule.QUEEN_NOT_BEFORE_HEARTS,
        _ALL,
        applies=lambda rules: rules.queen_waits_for_hearts,
        keep=lambda masks: masks.deck & ~QUEEN_OF_SPADES.bit,
        refusal=(
            "seat {seat} may not play {card} before hearts are broken: "
            "it holds other cards ({allowed})"
        ),
        before_break_only=True,
    ),
)
"""Every restriction on the card played, in the order they narrow a hand."""
