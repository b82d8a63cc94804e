"""A ruleset compiled for the engine: masks, points and the play restrictions per situation.

:func:`compile_rules` runs once per :class:`~hearts_core.Rules` value, when it
is built, and the result is kept on it (``rules.tables()``). Everything the
engine asks of the rules while playing (which cards are in the deck, what each
scores, which restrictions apply now) is read from here, so each rule flag is
looked at in one place.

>>> from hearts_core import CardSet, Rules
>>> tables = Rules().tables()
>>> tables.hand_size, tables.moon_amount, str(CardSet.from_mask(tables.first_lead_card))
(13, 26, '2C')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from hearts_core.cards import HEARTS, QUEEN_OF_SPADES, Rank, Suit
from hearts_core.errors import Rule
from hearts_core.immutable import stay_frozen
from hearts_core.kernel import Table
from hearts_core.kernel import points_of as _points_of
from hearts_core.kernel import situation as _situation
from hearts_core.rules.options import FirstLead, HeartPoints, MoonRequires
from hearts_core.rules.restrictions import RESTRICTIONS, DeckMasks, Moment

if TYPE_CHECKING:
    from hearts_core.rules.ruleset import Rules

__all__ = [
    "RuleTables",
    "Row",
    "Dealing",
    "compile_rules",
    "situation",
    "deck_mask",
    "points_table",
    "deal_tables",
]

Dealing = tuple[int, int, tuple[bytes, ...], bytes | None]
"""What :func:`deal_tables` returns, kept on :attr:`RuleTables.dealing`."""

Row = tuple[int, int, Rule, bool]
"""A compiled restriction: the cards it keeps, the set that lifts it, its rule, and whether
it decides alone (see :class:`~hearts_core.rules.restrictions.Restriction`)."""


def situation(moment: Moment, first_trick: bool, broken: bool) -> int:
    """The index of a situation in :attr:`RuleTables.rows`.

    >>> situation(Moment.LEAD, True, False), situation(Moment.DISCARD, False, True)
    (2, 9)
    """
    return _situation(moment, first_trick, broken)


def deck_mask(lowest_rank: int, removed: int) -> int:
    """The cards in play: ranks from ``lowest_rank`` up, less the ``removed`` mask.

    >>> deck_mask(2, 0) == (1 << 52) - 1, bin(deck_mask(7, 0)).count("1")
    (True, 32)
    """
    mask = 0
    for suit in Suit:
        for rank in range(lowest_rank, 15):
            mask |= 1 << (13 * suit + rank - 2)
    return mask & ~removed


def points_table(rules: Rules) -> tuple[int, ...]:
    """The points of each card, by card index, under ``rules`` (0 for cards out of the deck).

    >>> from hearts_core import Card, Rules
    >>> table = points_table(Rules(heart_points="spot"))
    >>> table[Card.parse("AH").index], table[Card.parse("QS").index]
    (14, 13)
    """
    spot = rules.heart_points is HeartPoints.SPOT
    points = [0] * 52
    for rank in Rank:
        points[13 * Suit.HEARTS + rank - 2] = int(rank) if spot else 1
    for card, value in rules.card_values:
        points[card.index] = value
    full = deck_mask(rules.lowest_rank, 0)
    return tuple(p if full >> i & 1 else 0 for i, p in enumerate(points))


def deal_tables(deck: int, players: int) -> Dealing:
    """What :func:`~hearts_core.random_deal` needs for a deck and a table: the mask that
    keeps the random bits of each sort key, the constant bits to put beside them, a
    translation per seat to read its cards, and the layout of the deck's cards among the
    52 (``None`` for the full deck).

    >>> keep, fixed, reads, layout = deal_tables(deck_mask(2, 0), 4)
    >>> len(reads), layout is None, keep.bit_length() <= 64 * 52
    (4, True, True)
    """
    count = deck.bit_count()
    size = count // players
    # Each sort key is a float in [1, 2): exponent 0x3FF, then 44 random bits,
    # then a low byte holding the digit of the seat that gets the card at that
    # place of the shuffled deck (seat s takes places s * size to (s + 1) * size - 1).
    keep = sum((((1 << 52) - 1) & ~0xFF) << (64 * i) for i in range(count))
    fixed = sum(((0x3FF << 52) | (48 + i // size)) << (64 * i) for i in range(count))
    # "-" marks a card out of the deck (see _spread).
    source = bytes(range(48, 48 + players)) + b"-"
    reads = tuple(
        bytes.maketrans(source, bytes(49 if d == s else 48 for d in range(players)) + b"0")
        for s in range(players)
    )
    layout = None if deck == (1 << 52) - 1 else bytes(deck >> i & 1 for i in range(52))
    return keep, fixed, reads, layout


@stay_frozen
@attrs.frozen
class RuleTables:
    """A :class:`~hearts_core.Rules` value compiled to masks and tables.

    Masks hold one bit per card, as :attr:`~hearts_core.CardSet.mask` does.

    >>> from hearts_core import CardSet, Rules
    >>> tables = Rules().tables()
    >>> tables.players, str(CardSet.from_mask(tables.breaking_mask & ~HEARTS.mask))
    (4, '')
    """

    players: int
    """Number of seats."""
    deck: int
    """The cards in play."""
    hand_size: int
    """Cards dealt to each seat, and tricks in a hand."""
    points: tuple[int, ...]
    """Points of each card, by card index."""
    point_mask: int
    """Cards worth positive points: kept off the first trick, needed for the moon."""
    scoring_mask: int
    """Cards worth any points, positive or negative."""
    moon_mask: int
    """Cards a moon shooter must take."""
    breaking_mask: int
    """Cards whose play breaks hearts (whose play may, with :attr:`discards_only_break`)."""
    discards_only_break: bool
    """Whether a card of :attr:`breaking_mask` breaks hearts only when discarded (played off
    the suit led), as ``Rules.only_discards_break_hearts`` says."""
    first_lead_card: int
    """The card whose holder leads first (0 when the seat after the dealer leads)."""
    moon_amount: int
    """Points at stake in a moon shot."""
    masks: DeckMasks
    """The masks the restrictions are drawn from."""
    rows: tuple[tuple[Row, ...], ...]
    """The restrictions that apply in each situation (see :func:`situation`), in order,
    without the first row (following suit), which decides the situation itself."""
    follow_free: bool
    """Whether no restriction applies to a seat following suit, in any situation: then its
    legal cards are simply those of the suit led."""
    lead_free: bool = attrs.field(eq=False, repr=False)
    """Whether no restriction applies to a seat leading after the first trick once hearts
    are broken: then it may lead any card it holds."""
    dealing: Dealing = attrs.field(eq=False, repr=False)
    """How :func:`~hearts_core.random_deal` shuffles this deck for this table (see
    :func:`deal_tables`)."""
    kernel: Table = attrs.field(eq=False, repr=False)
    """These tables as the hand kernel reads them (see :mod:`hearts_core.kernel`)."""
    hand_scores: dict[tuple[int, ...], tuple[int, ...]] = attrs.field(
        factory=dict, eq=False, repr=False
    )
    """The scores of the hands nobody shot that :func:`~hearts_core.playout.rollouts` has scored,
    by the way their points (and the tricks, where they count) fell, as
    :class:`~hearts_core.playout.ByPoints` keys them. Such a hand's scores depend on the
    rules alone, so they are remembered here rather than worked out again by every call;
    the play-outs clear it past 100,000 entries."""

    def points_of(self, mask: int) -> int:
        """The points of the cards in ``mask`` (the kernel's
        :func:`~hearts_core.kernel.points_of`).

        >>> from hearts_core import CardSet, Rules
        >>> Rules().tables().points_of(CardSet.parse("QS 2H 3H 4C").mask)
        15
        """
        return _points_of(self.kernel, mask)


def _rows(rules: Rules, masks: DeckMasks) -> tuple[tuple[Row, ...], ...]:
    table: list[tuple[Row, ...]] = []
    for moment in Moment:
        for first in (False, True):
            for broken in (False, True):
                rows: list[Row] = []
                for row in RESTRICTIONS[1:]:
                    if (
                        moment not in row.moments
                        or (row.first_trick_only and not first)
                        or (row.before_break_only and broken)
                        or not row.applies(rules)
                        or row.keep is None
                    ):
                        continue
                    rows.append((row.keep(masks), row.exempt(rules), row.rule, row.decides))
                    if row.decides:
                        break
                table.append(tuple(rows))
    # The order of the loops above is the order of situation().
    return tuple(table)


def compile_rules(rules: Rules) -> RuleTables:
    """The tables for ``rules`` (a valid ruleset). ``rules.tables()`` keeps the result.

    >>> from hearts_core import Rules
    >>> compile_rules(Rules(players=5)).hand_size
    10
    """
    deck = deck_mask(rules.lowest_rank, rules.removed_cards.mask)
    points = points_table(rules)
    point_mask = sum(1 << i for i, p in enumerate(points) if p > 0)
    scoring_mask = sum(1 << i for i, p in enumerate(points) if p)
    clubs = deck & Suit.CLUBS.mask
    lowest_club = clubs & -clubs
    masks = DeckMasks(deck, clubs, lowest_club, point_mask)
    positive_total = sum(p for p in points if p > 0)
    rows = _rows(rules, masks)
    moon_mask = point_mask if rules.moon_requires is MoonRequires.POSITIVE_CARDS else scoring_mask
    breaking = HEARTS.mask | (QUEEN_OF_SPADES.bit if rules.queen_breaks_hearts else 0)
    return RuleTables(
        players=rules.players,
        deck=deck,
        hand_size=deck.bit_count() // rules.players,
        points=points,
        point_mask=point_mask,
        scoring_mask=scoring_mask,
        moon_mask=moon_mask,
        breaking_mask=breaking & deck,
        discards_only_break=rules.only_discards_break_hearts,
        first_lead_card=0 if rules.first_lead is FirstLead.LEFT_OF_DEALER else lowest_club,
        moon_amount=positive_total if rules.moon_points is None else rules.moon_points,
        masks=masks,
        rows=rows,
        follow_free=not any(
            rows[situation(Moment.FOLLOW, first, broken)]
            for first in (False, True)
            for broken in (False, True)
        ),
        lead_free=not rows[situation(Moment.LEAD, False, True)],
        dealing=deal_tables(deck, rules.players),
        kernel=Table(
            rules.players,
            deck.bit_count() // rules.players,
            breaking & deck,
            rules.only_discards_break_hearts,
            tuple(tuple((keep, exempt) for keep, exempt, _, _ in row) for row in rows),
            points,
            moon_mask,
        ),
    )
