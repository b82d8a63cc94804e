"""The engine's constructors: states, tricks and hand contexts built from every field, unchecked.

The engine builds a state for every card played, so these skip the checks and
the attrs machinery that public construction goes through. Callers outside the
engine use :func:`~hearts_core.new_game` and :func:`~hearts_core.apply`.

>>> from hearts_core import new_game
>>> between_hands(new_game().context, Phase.DEAL) == new_game()
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import attrs

from hearts_core.actions import SeatPasses
from hearts_core.cards import Card, CardSet
from hearts_core.rules import Rules
from hearts_core.state import NO_PASSES, GameState, HandContext, Phase, Trick

__all__ = ["make_state", "make_trick", "make_context", "between_hands"]


# The engine builds a state for every card played. Setting the slots of a
# frozen attrs class one by one through their descriptors costs about twice
# as much as plain attribute stores, so states are built as an unfrozen class
# with the very same slots, whose instance then becomes a GameState (CPython
# allows assigning __class__ between classes of identical layout). If this
# Python refuses, states are built through the descriptors instead.
class _Build:
    """Builds a :class:`GameState` from every field, unchecked: the engine's constructor,
    exported as :data:`make_state`. Callers outside the engine use
    :func:`~hearts_core.new_game` and :func:`~hearts_core.apply`.

    >>> from hearts_core import Rules, new_game
    >>> waiting = new_game()
    >>> make_state(waiting.context, Phase.DEAL, (), (), (), 0, False, (), 0, -1, 0,
    ...            NO_PASSES) == waiting
    True
    """

    __slots__ = tuple(field.name for field in attrs.fields(GameState))

    def __init__(
        self,
        context: HandContext,
        phase: Phase,
        passes: tuple[CardSet | None, ...],
        tricks: tuple[Trick, ...],
        current_trick: tuple[Card, ...],
        leader: int,
        hearts_broken: bool,
        start: tuple[int, ...],
        played: int,
        to_play: int,
        legal: int,
        passing: SeatPasses,
        winning: int = 0,
    ) -> None:
        self.context = context
        self.phase = phase
        self.passes = passes
        self.tricks = tricks
        self.current_trick = current_trick
        self.leader = leader
        self.hearts_broken = hearts_broken
        self.phase_hands = start
        self.played_mask = played
        self.seat_to_play = to_play
        self.legal_bits = legal
        self.pass_listing = passing
        self.winning = winning
        self.__class__ = GameState  # type: ignore[assignment]


_FIELDS: Final = tuple(field.name for field in attrs.fields(GameState))
_SETTERS: Final = tuple(getattr(GameState, name).__set__ for name in _FIELDS)


def _build_slowly(*values: Any) -> GameState:
    state: GameState = object.__new__(GameState)
    if len(values) < len(_SETTERS):
        values = (*values, 0)  # no card of a trick played
    for setter, value in zip(_SETTERS, values, strict=True):
        setter(state, value)
    return state


def _fast_or_slow(fast: Any, target: type, slow: Any, probe: tuple[Any, ...]) -> Any:
    """``fast`` if building through it with the values ``probe`` gives a ``target`` on this
    Python (CPython lets an instance change its class between classes of one layout), else
    ``slow``: how each of the engine's constructors is chosen, once, at import.

    >>> _fast_or_slow(_BuildTrick, Trick, _build_trick_slowly, (0, (), 0, 0)) is _BuildTrick
    True
    >>> class Refused:
    ...     def __init__(self, *values: object) -> None:
    ...         raise TypeError("__class__ assignment not allowed here")
    >>> _fast_or_slow(Refused, Trick, _build_trick_slowly, ()) is _build_trick_slowly
    True
    """
    try:
        built = fast(*probe)
    except TypeError:
        return slow
    return fast if type(built) is target else slow


make_state: Final[Callable[..., GameState]] = _fast_or_slow(
    _Build, GameState, _build_slowly, (None,) * len(_FIELDS)
)
"""``make_state(context, phase, passes, tricks, current_trick, leader, hearts_broken, start,
played, to_play, legal, passing, winning=0)``: a new state with every field given,
unchecked (the engine's own constructor; callers outside the engine use
:func:`~hearts_core.new_game` and :func:`~hearts_core.apply`)."""


def between_hands(context: HandContext, phase: Phase) -> GameState:
    """The state between hands: waiting for the deal of ``context``'s hand, or the game over
    with ``context``'s totals.

    >>> from hearts_core import Rules, new_game
    >>> between_hands(HandContext(Rules(), 0, (0, 0, 0, 0)), Phase.DEAL) == new_game()
    True
    """
    return make_state(context, phase, (), (), (), 0, False, (), 0, -1, 0, NO_PASSES)


class _BuildTrick:
    """Builds a :class:`Trick` whose winner and mask are already known: the engine's
    constructor, exported as :data:`make_trick`.

    >>> cards = tuple(Card.parse(text) for text in "2C KC AH 9C".split())
    >>> make_trick(3, cards, 0, CardSet(cards).mask) == Trick(3, cards)
    True
    """

    __slots__ = tuple(field.name for field in attrs.fields(Trick))

    def __init__(self, leader: int, cards: tuple[Card, ...], winner: int, mask: int) -> None:
        self.leader = leader
        self.cards = cards
        self.winner = winner
        self.mask = mask
        self.__class__ = Trick  # type: ignore[assignment]


def _build_trick_slowly(leader: int, cards: tuple[Card, ...], winner: int, mask: int) -> Trick:
    trick: Trick = object.__new__(Trick)
    for name, value in (("leader", leader), ("cards", cards), ("winner", winner), ("mask", mask)):
        object.__setattr__(trick, name, value)
    return trick


make_trick: Final[Callable[[int, tuple[Card, ...], int, int], Trick]] = _fast_or_slow(
    _BuildTrick, Trick, _build_trick_slowly, (0, (), 0, 0)
)
"""``make_trick(leader, cards, winner, mask)``: ``Trick(leader, cards)`` with its winner and
mask already worked out (the engine's constructor, built as :func:`make_state` is).

>>> cards = tuple(Card.parse(text) for text in "2C KC AH 9C".split())
>>> make_trick(3, cards, 0, CardSet(cards).mask) == Trick(3, cards)
True
"""


class _BuildContext:
    """Builds a :class:`HandContext` for the engine, as :data:`make_state` builds states:
    exported as :data:`make_context`.

    >>> make_context(Rules(), 2, (1, 2, 3, 4), False) == HandContext(Rules(), 2, (1, 2, 3, 4))
    True
    """

    __slots__ = tuple(field.name for field in attrs.fields(HandContext))

    def __init__(
        self, rules: Rules, hand_number: int, totals: tuple[int, ...], counting_down: bool
    ) -> None:
        self.rules = rules
        self.hand_number = hand_number
        self.totals = totals
        self.counting_down = counting_down
        self.tables = rules.tables()
        self.pass_direction = rules.pass_direction(hand_number)
        self.__class__ = HandContext  # type: ignore[assignment]


make_context: Final[Callable[[Rules, int, tuple[int, ...], bool], HandContext]] = _fast_or_slow(
    _BuildContext, HandContext, HandContext, (Rules(), 0, (0, 0, 0, 0), False)
)
"""``make_context(rules, hand_number, totals, counting_down)``: ``HandContext`` with every
field given, unchecked (the engine's constructor, built as :func:`make_state` is).

>>> make_context(Rules(), 0, (0, 0, 0, 0), False).tables.players
4
"""
