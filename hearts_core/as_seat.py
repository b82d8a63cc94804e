"""Acting for a known seat: what a server calls with actions from the network.

:func:`apply_as` and :func:`step_as` are :func:`~hearts_core.apply` and
:func:`~hearts_core.step` for a caller that knows which seat sent the action.
They refuse an action for any other seat (or a deal) with rule ``NOT_YOUR_SEAT``
before looking at the position, so that a refusal never quotes another seat's
cards (docs/untrusted-input.md).

>>> from hearts_core import IllegalActionError, PlayCard, new_game
>>> try:
...     apply_as(new_game(), 3, PlayCard(1, "2C"))
... except IllegalActionError as error:
...     print(error.rule.value)
NOT_YOUR_SEAT
"""

from __future__ import annotations

from hearts_core.actions import Action, Deal
from hearts_core.engine import apply, step
from hearts_core.errors import IllegalActionError, InvalidSeatError, Rule
from hearts_core.events import Event
from hearts_core.legality import check_state, malformed, not_a_seat
from hearts_core.rules import is_seat
from hearts_core.rules.fields import shown
from hearts_core.state import GameState

__all__ = ["apply_as", "step_as"]


def _check_sender(state: GameState, seat: int, action: Action) -> None:
    """Refuse an action that ``seat`` may not send, without a word about any other seat."""
    check_state(state)
    if seat.__class__ is not int:
        raise not_a_seat(seat)
    players = state.context.tables.players
    if not is_seat(seat, players):
        raise InvalidSeatError(f"no such seat: {shown(seat)} (seats 0 to {players - 1})")
    invalid = malformed(action)
    if invalid is not None:
        raise invalid
    if isinstance(action, Deal):
        raise IllegalActionError(Rule.NOT_YOUR_SEAT, f"seat {seat} may not deal", action)
    if action.seat != seat:
        raise IllegalActionError(
            Rule.NOT_YOUR_SEAT, f"seat {seat} may act only for itself, not for seat {action.seat}"
        )


def apply_as(state: GameState, seat: int, action: Action) -> GameState:
    """:func:`apply` for a server that knows which seat sent ``action``.

    It refuses an action for any other seat (or a deal) with rule
    ``NOT_YOUR_SEAT`` before looking at the position, so the refusal says
    nothing of the game; any other refusal then names only the sender's own
    cards. Call this, not :func:`apply`, with actions from the network: a
    refusal of a play for another seat would quote that seat's hand.

    Raises:
        InvalidSeatError: if ``seat`` is not a seat at this table.
        InvalidActionError: if ``action`` is malformed.
        IllegalActionError: rule ``NOT_YOUR_SEAT``, or any rule :func:`apply` checks.

    >>> import random
    >>> from hearts_core import IllegalActionError, PlayCard, Rules, new_game, random_deal
    >>> rules = Rules(pass_cycle=["hold"])
    >>> state = apply(new_game(rules), random_deal(rules, random.Random(2)))
    >>> try:
    ...     apply_as(state, 0, PlayCard(1, "2C"))
    ... except IllegalActionError as error:
    ...     print(error.rule.value, "-", error)
    NOT_YOUR_SEAT - seat 0 may act only for itself, not for seat 1
    """
    _check_sender(state, seat, action)
    return apply(state, action)


def step_as(state: GameState, seat: int, action: Action) -> tuple[GameState, tuple[Event, ...]]:
    """:func:`step` for a server that knows which seat sent ``action`` (see :func:`apply_as`).

    >>> import random
    >>> from hearts_core import PassCards, Rules, new_game, random_deal
    >>> state = apply(new_game(), random_deal(Rules(), random.Random(1)))
    >>> pass_ = PassCards(2, state.hands[2].cards()[:3])
    >>> step_as(state, 2, pass_)[1]
    (PassSubmitted(seat=2),)
    """
    _check_sender(state, seat, action)
    return step(state, action)
