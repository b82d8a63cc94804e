"""The game state: frozen values that the engine replaces, never changes.

What stays fixed for a whole hand (the rules, the hand number, the totals
before the hand) lives in one shared :class:`HandContext`. A
:class:`GameState` adds what play changes: the phase, the passes, the tricks,
the trick in progress, whether hearts are broken, and the cards each seat
holds. Everything else (whose turn it is, the points taken so far, the moon
shooter) is a property, computed by the functions of this module, each fact
in one place.

>>> from hearts_core import new_game
>>> state = new_game()
>>> state.phase, state.hand_number, state.totals, state.to_act
(<Phase.DEAL: 'deal'>, 0, (0, 0, 0, 0), ())
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Final

import attrs

from hearts_core.actions import SeatPasses
from hearts_core.cards import Card, CardSet, unchecked_cardset
from hearts_core.errors import InvalidStateError
from hearts_core.immutable import stay_frozen
from hearts_core.rules import Rules, RuleTables
from hearts_core.rules.options import PassDirection
from hearts_core.scoring import moon_shooter

__all__ = [
    "Phase",
    "Trick",
    "HandContext",
    "GameState",
    "trick_winner",
    "seat_of",
    "dealer_of",
    "first_leader",
    "taken_and_won",
    "breaks_hearts",
    "play_breaks_hearts",
    "winning_bit",
    "winning_so_far",
    "WINNING_CARD",
    "hearts_broken_by",
    "NO_PASSES",
]

NO_PASSES: Final = SeatPasses(())
"""The passes of a state outside the pass phase: none."""


class Phase(enum.Enum):
    """What the game is waiting for.

    >>> from hearts_core import new_game
    >>> new_game().phase
    <Phase.DEAL: 'deal'>
    """

    DEAL = "deal"
    """A :class:`~hearts_core.Deal` from the caller (chance)."""
    PASS = "pass"
    """:class:`~hearts_core.PassCards` from every seat that has not passed yet."""
    PLAY = "play"
    """A :class:`~hearts_core.PlayCard` from the seat to play."""
    MOON = "moon"
    """A :class:`~hearts_core.ChooseMoon` from the seat that shot the moon."""
    GAME_OVER = "game-over"
    """Nothing: the game has ended."""


# --- the facts of a hand, each computed here and only here ----------------------


def seat_of(leader: int, position: int, players: int) -> int:
    """The seat that plays the ``position``-th card (from 0) of a trick led by ``leader``.

    >>> seat_of(3, 1, 4), seat_of(3, 2, 5)
    (0, 0)
    """
    return (leader + position) % players


def trick_winner(leader: int, cards: Sequence[Card], players: int, mask: int | None = None) -> int:
    """The seat that takes the trick, or is winning it so far: the highest card of the
    suit led. ``cards`` may be a trick in progress; ``mask``, the cards as a bitmask,
    saves working it out when the caller has it.

    >>> cards = [Card.parse(text) for text in ("2C", "KC", "AH")]
    >>> trick_winner(3, cards, 4), trick_winner(3, cards[:1], 4)
    (0, 3)
    """
    if mask is None:
        mask = 0
        for card in cards:
            mask |= card.bit
    top = winning_bit(mask, cards[0].suit_mask)
    # Find the card by its bit: comparing cards themselves goes through Python-level
    # comparison methods (cards define an order), several times slower.
    position = 0
    for card in cards:
        if card.bit == top:
            break
        position += 1
    return (leader + position) % players


def winning_bit(mask: int, led: int) -> int:
    """The card that takes (or is winning) a trick: the highest card of the suit led, as a
    bit. ``mask`` holds the trick's cards and ``led`` the suit led, as masks.

    >>> cards = CardSet.parse("2C KC AH")
    >>> str(CardSet.from_mask(winning_bit(cards.mask, Card.parse("2C").suit_mask)))
    'KC'
    """
    # A suit's cards are consecutive bits, low to high.
    return 1 << (mask & led).bit_length() - 1


def winning_so_far(leader: int, cards: Sequence[Card], players: int) -> int:
    """The card winning the trick in progress ``cards`` (led by ``leader``), as a bit, with
    its seat above bit 52: how a state keeps it for :func:`~hearts_core.kernel.after_card`
    (0 with no card played).

    >>> cards = [Card.parse(text) for text in ("2C", "KC", "AH")]
    >>> winning = winning_so_far(3, cards, 4)
    >>> str(CardSet.from_mask(winning & WINNING_CARD)), winning >> 52
    ('KC', 0)
    """
    if not cards:
        return 0
    mask = 0
    for card in cards:
        mask |= card.bit
    return winning_bit(mask, cards[0].suit_mask) | trick_winner(leader, cards, players, mask) << 52


WINNING_CARD: Final = (1 << 52) - 1
"""The bits of :func:`winning_so_far` that hold the winning card."""


def dealer_of(hand_number: int, players: int) -> int:
    """The dealer of hand ``hand_number``: the last seat deals hand 0, then the deal
    moves to the left.

    >>> dealer_of(0, 4), dealer_of(1, 4), dealer_of(5, 3)
    (3, 0, 1)
    """
    return (hand_number + players - 1) % players


def first_leader(tables: RuleTables, hands: Sequence[int], dealer: int) -> int | None:
    """Who leads the first trick: the holder of the lowest club (as the rules' first-lead
    card), or the seat after the dealer; ``None`` if nobody holds that card. ``hands``
    are the seats' cards once passing is over, as masks.

    >>> from hearts_core import Rules
    >>> hands = [CardSet.parse(text).mask for text in ("3C", "2C", "4C", "5C")]
    >>> first_leader(Rules().tables(), hands, 3)
    1
    """
    card = tables.first_lead_card
    if not card:
        return (dealer + 1) % len(hands)
    for seat, mask in enumerate(hands):
        if mask & card:
            return seat
    return None


def breaks_hearts(tables: RuleTables, card: Card, current_trick: Sequence[Card]) -> bool:
    """Whether playing ``card`` to ``current_trick`` (the cards before it) breaks hearts:
    ``card`` is one of the rules' breaking cards and, when only discards break hearts, it is
    played off the suit led. The engine, the play-out of :func:`~hearts_core.playout.rollout`, the
    events and belief sampling all ask this function.

    >>> from hearts_core import Rules
    >>> queen, heart, spade = Card.parse("QS"), Card.parse("5H"), Card.parse("2S")
    >>> breaks_hearts(Rules().tables(), queen, ()), breaks_hearts(
    ...     Rules(queen_breaks_hearts=True).tables(), queen, ())
    (False, True)
    >>> discards = Rules(only_discards_break_hearts=True).tables()
    >>> breaks_hearts(discards, heart, ()), breaks_hearts(discards, heart, (spade,))
    (False, True)
    """
    return play_breaks_hearts(tables, card.bit, current_trick[0].suit_mask if current_trick else 0)


def play_breaks_hearts(tables: RuleTables, bit: int, led: int) -> bool:
    """:func:`breaks_hearts` on masks: whether playing the card ``bit`` breaks hearts when
    ``led`` is the suit led (as a mask; 0 when the card leads).

    >>> from hearts_core import Rules
    >>> heart, spades = Card.parse("5H").bit, Card.parse("2S").suit_mask
    >>> discards = Rules(only_discards_break_hearts=True).tables()
    >>> play_breaks_hearts(discards, heart, 0), play_breaks_hearts(discards, heart, spades)
    (False, True)
    """
    if not bit & tables.breaking_mask:
        return False
    if tables.discards_only_break:
        return bool(led) and not bit & led
    return True


def hearts_broken_by(
    tables: RuleTables, tricks: Sequence[Trick], current_trick: Sequence[Card]
) -> bool:
    """Whether hearts are broken after ``tricks`` and the trick in progress.

    >>> from hearts_core import Rules
    >>> cards = tuple(Card.parse(text) for text in ("2C", "3C", "5H", "4C"))
    >>> hearts_broken_by(Rules().tables(), [Trick(0, cards)], ())
    True
    """
    for cards in [trick.cards for trick in tricks] + [tuple(current_trick)]:
        for position, card in enumerate(cards):
            if breaks_hearts(tables, card, cards[:position]):
                return True
    return False


def taken_and_won(tricks: Sequence[Trick], players: int) -> tuple[list[int], list[int]]:
    """The cards each seat has taken in ``tricks``, as masks, and how many tricks it won.

    >>> trick = Trick(0, tuple(Card.parse(text) for text in ("2C", "KC", "AH", "9C")))
    >>> masks, won = taken_and_won([trick], 4)
    >>> str(CardSet.from_mask(masks[1])), won
    ('2C 9C KC AH', [0, 1, 0, 0])
    """
    masks = [0] * players
    won = [0] * players
    for trick in tricks:
        winner = trick.winner
        masks[winner] |= trick.mask
        won[winner] += 1
    return masks, won


@stay_frozen
@attrs.frozen(weakref_slot=False)
class Trick:
    """A completed trick: who led, and the cards in the order played (one per seat).

    >>> trick = Trick(3, tuple(Card.parse(text) for text in "2C KC AH 9C".split()))
    >>> trick.winner, trick.seat_of(1)
    (0, 0)
    >>> [str(c) for c in trick.cards]
    ['2C', 'KC', 'AH', '9C']
    """

    leader: int
    """The seat that led."""
    cards: tuple[Card, ...]
    """The cards, led card first; card ``i`` came from seat ``(leader + i) % players``."""
    winner: int = attrs.field(init=False, eq=False, repr=False)
    """The seat that played the highest card of the suit led (see :func:`trick_winner`)."""
    mask: int = attrs.field(init=False, eq=False, repr=False)
    """The trick's cards as a bitmask (see :attr:`~hearts_core.CardSet.mask`)."""

    def __attrs_post_init__(self) -> None:
        mask = 0
        for card in self.cards:
            mask |= card.bit
        winner = trick_winner(self.leader, self.cards, len(self.cards)) if self.cards else 0
        object.__setattr__(self, "winner", winner)
        object.__setattr__(self, "mask", mask)

    def seat_of(self, index: int) -> int:
        """The seat that played the ``index``-th card of the trick (see :func:`seat_of`)."""
        return seat_of(self.leader, index, len(self.cards))

    def points(self, rules: Rules) -> int:
        """The points in this trick under ``rules``.

        >>> from hearts_core import Rules
        >>> Trick(0, tuple(Card.parse(text) for text in "2H QS 3C 4C".split())).points(Rules())
        14
        """
        points = rules.tables().points
        return sum(points[card.index] for card in self.cards)


@stay_frozen
@attrs.frozen(weakref_slot=False)
class HandContext:
    """What stays the same for a whole hand, shared by all its states.

    >>> from hearts_core import new_game
    >>> context = new_game(Rules(players=3)).context
    >>> context.hand_number, context.totals, context.tables.hand_size
    (0, (0, 0, 0), 17)
    >>> context.pass_direction
    <PassDirection.LEFT: 'left'>
    """

    rules: Rules
    """The rules of the game."""
    hand_number: int
    """The hand being played, counted from 0."""
    totals: tuple[int, ...]
    """Each seat's total before this hand."""
    counting_down: bool = False
    """Whether this hand's scores are subtracted from the totals: a ``count-down`` game (see
    :class:`~hearts_core.rules.GameEnd`) after some total has reached the target. It is history,
    not a function of the totals, so it is kept here."""
    tables: RuleTables = attrs.field(init=False, eq=False, repr=False)
    """The rules compiled for the engine (``rules.tables()``)."""
    pass_direction: PassDirection = attrs.field(init=False, eq=False, repr=False)
    """Where cards go this hand (``rules.pass_direction(hand_number)``)."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "tables", self.rules.tables())
        object.__setattr__(self, "pass_direction", self.rules.pass_direction(self.hand_number))


@attrs.frozen(weakref_slot=False, repr=False, init=False)
class GameState:
    """A complete position of a game. Immutable: :func:`~hearts_core.apply` returns a new one.

    Build the first state with :func:`~hearts_core.new_game` (at any hand number
    and totals); every later one comes from :func:`~hearts_core.apply`. Two
    states are equal when they are the same position.

    >>> import random
    >>> from hearts_core import apply, new_game, random_deal
    >>> state = apply(new_game(), random_deal(Rules(), random.Random(1)))
    >>> state.phase.value, [len(hand) for hand in state.hands], state.to_act
    ('pass', [13, 13, 13, 13], (0, 1, 2, 3))
    """

    context: HandContext
    """Rules, hand number and totals: fixed during a hand."""
    phase: Phase
    """What the game waits for."""
    passes: tuple[CardSet | None, ...]
    """Cards each seat has passed this hand, ``None`` for a seat yet to pass; empty in a
    hand without passing. Kept after the exchange, so a seat can see what it gave and
    received."""
    tricks: tuple[Trick, ...]
    """The completed tricks of this hand, in order."""
    current_trick: tuple[Card, ...]
    """The cards of the trick in progress, in play order."""
    leader: int
    """The seat that leads (or led) the trick in progress."""
    hearts_broken: bool
    """Whether hearts have been broken this hand."""
    phase_hands: tuple[int, ...]
    """Each seat's cards when this phase began, as masks: as dealt while passing, after
    the exchange during play. Less :attr:`played_mask`, they give every hand."""
    played_mask: int
    """The cards played this hand, as a mask."""
    seat_to_play: int = attrs.field(eq=False)
    """The seat to play in the play phase (else -1), kept so that :func:`~hearts_core.apply`
    and :func:`~hearts_core.legal_actions` need not work it out again."""
    legal_bits: int = attrs.field(eq=False)
    """The cards that seat may play, as a mask (0 outside the play phase);
    :attr:`legal_mask` is the same as a :class:`~hearts_core.CardSet`."""
    pass_listing: SeatPasses | None = attrs.field(eq=False)
    """The passes of the seats yet to pass (none outside the pass phase); ``None`` in the
    pass phase until :func:`~hearts_core.legal_actions` first lists them (see
    :func:`~hearts_core.legality.seat_passes`), which keeps them here."""
    winning: int = attrs.field(eq=False)
    """The trick in progress as the kernel's step reads it (see :func:`winning_so_far`):
    the winning card's bit, and its seat above bit 52; 0 with no card played."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        # Every state comes from new_game and apply, so it is always a position a game
        # reaches; attrs.evolve and hand-built states would not be.
        raise InvalidStateError("state", "game states are built by new_game and apply, not by hand")

    @property
    def hands(self) -> tuple[CardSet, ...]:
        """The cards each seat holds (empty while a deal is awaited)."""
        played = self.played_mask
        return tuple([unchecked_cardset(mask & ~played) for mask in self.phase_hands])

    @property
    def hand_masks(self) -> tuple[int, ...]:
        """:attr:`hands` as bitmasks (:attr:`~hearts_core.CardSet.mask`), for code that
        counts bits."""
        played = self.played_mask
        return tuple([mask & ~played for mask in self.phase_hands])

    @property
    def legal_mask(self) -> CardSet:
        """The cards the seat to play may play now (empty outside the play phase): the mask
        ``legal_actions`` lists its plays from, kept on the state.

        >>> import random
        >>> from hearts_core import Rules, apply, new_game, random_deal
        >>> state = apply(new_game(Rules(pass_cycle=["hold"])), random_deal(Rules(),
        ...               random.Random(2)))
        >>> str(state.legal_mask), new_game().legal_mask.mask
        ('2C', 0)
        """
        return unchecked_cardset(self.legal_bits)

    @property
    def rules(self) -> Rules:
        """The rules of the game."""
        return self.context.rules

    @property
    def hand_number(self) -> int:
        """The current hand, counted from 0."""
        return self.context.hand_number

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's total, not counting the hand in progress."""
        return self.context.totals

    @property
    def counting_down(self) -> bool:
        """Whether this hand's scores are subtracted from the totals (see
        :attr:`HandContext.counting_down`)."""
        return self.context.counting_down

    @property
    def dealer(self) -> int:
        """The dealer of this hand (see :func:`dealer_of`)."""
        return dealer_of(self.context.hand_number, self.context.tables.players)

    @property
    def pass_direction(self) -> PassDirection:
        """Where cards go this hand (``HOLD``: no passing)."""
        return self.context.pass_direction

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that may act now: several while passing, none while a deal is awaited."""
        phase = self.phase
        if phase is Phase.PLAY:
            return (self.seat_to_play,)
        if phase is Phase.PASS:
            return tuple([seat for seat, cards in enumerate(self.passes) if cards is None])
        if phase is Phase.MOON:
            shooter = self.moon_shooter
            return () if shooter is None else (shooter,)
        return ()

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is Phase.GAME_OVER

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the lowest total once the game is over, else ``()``."""
        if self.phase is not Phase.GAME_OVER:
            return ()
        low = min(self.totals)
        return tuple([seat for seat, total in enumerate(self.totals) if total == low])

    @property
    def played(self) -> CardSet:
        """The cards played so far this hand, current trick included."""
        return unchecked_cardset(self.played_mask)

    @property
    def is_first_trick(self) -> bool:
        """Whether the trick in progress is the hand's first."""
        return self.phase is Phase.PLAY and not self.tricks

    @property
    def taken(self) -> tuple[CardSet, ...]:
        """The cards each seat has taken in tricks this hand."""
        masks, _ = taken_and_won(self.tricks, self.context.tables.players)
        return tuple([unchecked_cardset(mask) for mask in masks])

    @property
    def hand_points(self) -> tuple[int, ...]:
        """The points each seat has taken this hand so far, before any moon adjustment."""
        tables = self.context.tables
        masks, _ = taken_and_won(self.tricks, tables.players)
        return tuple([tables.points_of(mask) for mask in masks])

    @property
    def moon_shooter(self) -> int | None:
        """The seat that took every card the moon needs, once the hand's tricks are all
        played, if one did (whether the rules score a moon or not)."""
        tables = self.context.tables
        if len(self.tricks) != tables.hand_size:
            return None
        masks, _ = taken_and_won(self.tricks, tables.players)
        return moon_shooter(tables, masks)

    def _repr_svg_(self) -> str:
        """The table from above, every hand face up, for notebooks (see
        :func:`hearts_core.svg.table`).

        >>> from hearts_core import new_game
        >>> new_game()._repr_svg_().startswith("<svg")
        True
        """
        from hearts_core.svg import table  # svg draws states: imported when asked

        return table(self)

    def __repr__(self) -> str:
        hands = " | ".join(str(hand) for hand in self.hands)
        trick = " ".join(str(card) for card in self.current_trick)
        return (
            f"<GameState hand {self.hand_number} {self.phase.value}, totals {self.totals}, "
            f"{len(self.tricks)} tricks, trick [{trick}], hands [{hands}]>"
        )
