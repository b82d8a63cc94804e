"""The game state: frozen values that the engine replaces, never changes.

What stays fixed for a whole hand (the rules, the hand number, the totals
before the hand) lives in one shared :class:`HandContext`, so each new
:class:`GameState` built during play has only a few fields. Everything that
can be derived (whose turn it is, whether hearts are broken, the points taken
so far) is a property.
"""

from __future__ import annotations

import enum
from typing import Final

import attrs

from hearts_core.cards import Card, CardSet, _from_mask
from hearts_core.rules import PassDirection, Rules, RuleTables

__all__ = ["Phase", "Trick", "HandContext", "GameState"]


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


def _trick_winner(leader: int, cards: tuple[Card, ...]) -> int:
    # Card indices run suit by suit, so the winner is the highest index between
    # the led card's and the end of its suit.
    best = cards[0].index
    end = best - best % 13 + 13
    position = 0
    for i, card in enumerate(cards):
        if best < card.index < end:
            best = card.index
            position = i
    return (leader + position) % len(cards)  # a complete trick has one card per seat


@attrs.frozen
class Trick:
    """A completed trick: who led, and the cards in the order played.

    >>> trick = Trick(3, tuple(Card.parse(text) for text in "2C KC AH 9C".split()))
    >>> trick.winner
    0
    >>> [str(c) for c in trick.cards]
    ['2C', 'KC', 'AH', '9C']
    """

    leader: int
    """The seat that led."""
    cards: tuple[Card, ...]
    """The cards, led card first; card ``i`` came from seat ``(leader + i) % players``."""

    @property
    def winner(self) -> int:
        """The seat that played the highest card of the suit led."""
        return _trick_winner(self.leader, self.cards)

    def seat_of(self, index: int) -> int:
        """The seat that played the ``index``-th card of the trick."""
        return (self.leader + index) % len(self.cards)

    def points(self, rules: Rules) -> int:
        """The points in this trick under ``rules``."""
        return sum(rules.card_points(card) for card in self.cards)


@attrs.frozen
class HandContext:
    """What stays the same for a whole hand, shared by all its states.

    >>> from hearts_core import new_game
    >>> context = new_game(Rules(players=3)).context
    >>> context.hand_number, context.scores, context.tables.hand_size
    (0, (0, 0, 0), 17)
    """

    rules: Rules
    """The rules of the game."""
    hand_number: int
    """The hand being played, counted from 0."""
    scores: tuple[int, ...]
    """Each seat's total before this hand."""
    tables: RuleTables = attrs.field(init=False, eq=False, repr=False)
    """The rules compiled for the engine (derived from ``rules``)."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "tables", self.rules.tables())


@attrs.frozen
class GameState:
    """A complete position of a game. Immutable: :func:`~hearts_core.apply` returns a new one.

    Build the first state with :func:`~hearts_core.new_game`.

    >>> from hearts_core import new_game
    >>> state = new_game()
    >>> state.phase, state.hand_number, state.scores, state.to_act
    (<Phase.DEAL: 'deal'>, 0, (0, 0, 0, 0), ())
    """

    context: HandContext
    """Rules, hand number and totals: fixed during a hand."""
    phase: Phase
    """What the game waits for."""
    hand_masks: tuple[int, ...] = ()
    """The cards each seat holds, as :attr:`CardSet.mask` bitmasks (empty while a
    deal is awaited). :attr:`hands` gives them as card sets."""
    passes: tuple[CardSet | None, ...] = ()
    """Cards each seat has passed this hand, ``None`` for a seat yet to pass.
    Kept after the exchange, so a seat can see what it gave and received."""
    tricks: tuple[Trick, ...] = ()
    """The completed tricks of this hand, in order."""
    trick: tuple[Card, ...] = ()
    """The cards of the trick in progress, in play order."""
    leader: int = 0
    """The seat that leads (or led) the trick in progress."""

    @property
    def hands(self) -> tuple[CardSet, ...]:
        """The cards each seat holds (empty while a deal is awaited)."""
        return tuple(_from_mask(mask) for mask in self.hand_masks)

    @property
    def rules(self) -> Rules:
        """The rules of the game."""
        return self.context.rules

    @property
    def hand_number(self) -> int:
        """The current hand, counted from 0."""
        return self.context.hand_number

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's total, not counting the hand in progress."""
        return self.context.scores

    @property
    def dealer(self) -> int:
        """The dealer of this hand: the last seat deals hand 0, then the deal moves to the left."""
        players = self.context.tables.players
        return (self.context.hand_number + players - 1) % players

    @property
    def pass_direction(self) -> PassDirection:
        """Where cards go this hand (``HOLD``: no passing)."""
        return self.context.rules.pass_direction(self.context.hand_number)

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that may act now: several while passing, none while a deal is awaited."""
        phase = self.phase
        if phase is Phase.PLAY:
            return ((self.leader + len(self.trick)) % self.context.tables.players,)
        if phase is Phase.PASS:
            return tuple(seat for seat, cards in enumerate(self.passes) if cards is None)
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
        low = min(self.scores)
        return tuple(seat for seat, score in enumerate(self.scores) if score == low)

    @property
    def played(self) -> CardSet:
        """The cards played so far this hand, current trick included."""
        if not self.hand_masks:
            return CardSet()
        held = 0
        for mask in self.hand_masks:
            held |= mask
        return CardSet.from_mask(self.context.tables.deck & ~held)

    @property
    def hearts_broken(self) -> bool:
        """Whether hearts have been broken: a breaking card has been played this hand."""
        return bool(self.played.mask & self.context.tables.breaking_mask)

    @property
    def is_first_trick(self) -> bool:
        """Whether the trick in progress is the hand's first."""
        return self.phase is Phase.PLAY and not self.tricks

    @property
    def taken(self) -> tuple[CardSet, ...]:
        """The cards each seat has taken in tricks this hand."""
        return tuple(_from_mask(m) for m in self._taken_masks())

    def _taken_masks(self) -> list[int]:
        return self._taken_and_won()[0]

    def _taken_and_won(self) -> tuple[list[int], list[int]]:
        """The cards each seat took, as masks, and how many tricks it won."""
        players = self.context.tables.players
        masks = [0] * players
        won = [0] * players
        for trick in self.tricks:
            cards = trick.cards
            mask = 0
            for card in cards:
                mask |= card.bit
            winner = _trick_winner(trick.leader, cards)
            masks[winner] |= mask
            won[winner] += 1
        return masks, won

    @property
    def hand_points(self) -> tuple[int, ...]:
        """The points each seat has taken this hand so far, before any moon adjustment."""
        points_of = self.context.tables.points_of
        return tuple(points_of(m) for m in self._taken_masks())

    @property
    def moon_shooter(self) -> int | None:
        """The seat that took every card the moon needs, once the hand's tricks are all
        played, if one did (whether the rules score a moon or not)."""
        tables = self.context.tables
        if len(self.tricks) != tables.hand_size:
            return None
        need = tables.moon_mask
        for seat, mask in enumerate(self._taken_masks()):
            if mask & need == need:
                return seat
        return None


# The engine builds thousands of states per hand. Setting the slots through
# their descriptors skips the cost of attrs' generated __init__ (which has no
# validators to run), about halving the price of a new state.
_FIELDS: Final = ("context", "phase", "hand_masks", "passes", "tricks", "trick", "leader")
assert tuple(f.name for f in attrs.fields(GameState)) == _FIELDS
(_set_context, _set_phase, _set_hands, _set_passes, _set_tricks, _set_trick, _set_leader) = (
    getattr(GameState, name).__set__ for name in _FIELDS
)
_new = object.__new__


def _make_state(
    context: HandContext,
    phase: Phase,
    hand_masks: tuple[int, ...],
    passes: tuple[CardSet | None, ...],
    tricks: tuple[Trick, ...],
    trick: tuple[Card, ...],
    leader: int,
) -> GameState:
    """``GameState(...)`` with every field given, built faster (engine use only)."""
    state: GameState = _new(GameState)
    _set_context(state, context)
    _set_phase(state, phase)
    _set_hands(state, hand_masks)
    _set_passes(state, passes)
    _set_tricks(state, tricks)
    _set_trick(state, trick)
    _set_leader(state, leader)
    return state
