"""The engine's constructors: states, tricks and hand contexts built from every field, unchecked.

The engine builds a state for every card played, so these skip the checks and
the attrs machinery that public construction goes through: the kernel's constructors
(``hearts_core/_slots.py``) set each slot directly. Callers outside the
engine use :func:`~hearts_core.new_game` and :func:`~hearts_core.apply`.

>>> from hearts_core import new_game
>>> between_hands(new_game().context, Phase.DEAL) == new_game()
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from hearts_core import kernel
from hearts_core.cards import Card
from hearts_core.rules import Rules
from hearts_core.state import NO_PASSES, GameState, HandContext, Phase, Trick

__all__ = ["make_state", "make_trick", "make_context", "between_hands"]


# The classes are bound once, here: the kernel's constructors set their slots directly
# (in C in the compiled build), skipping the frozen classes' attribute checks.
kernel.bind_slots(GameState, Trick, HandContext)

make_state: Final[Callable[..., GameState]] = kernel.make_state
"""``make_state(*, context, phase, passes, tricks, current_trick, leader, hearts_broken,
phase_hands, played_mask, seat_to_play, legal_bits, pass_listing, winning=0)``: a new
state with every field given by name, unchecked (the engine's own keyword-only
constructor; callers outside the engine use :func:`~hearts_core.new_game` and
:func:`~hearts_core.apply`).

>>> from hearts_core import new_game
>>> waiting = new_game()
>>> make_state(context=waiting.context, phase=Phase.DEAL, passes=(), tricks=(),
...            current_trick=(), leader=0, hearts_broken=False, phase_hands=(),
...            played_mask=0, seat_to_play=-1, legal_bits=0,
...            pass_listing=NO_PASSES) == waiting
True
"""

make_trick: Final[Callable[[int, tuple[Card, ...], int, int], Trick]] = kernel.make_trick
"""``make_trick(leader, cards, winner, mask)``: ``Trick(leader, cards)`` with its winner and
mask already worked out (the engine's constructor, built as :func:`make_state` is).

>>> cards = tuple(Card.parse(text) for text in "2C KC AH 9C".split())
>>> make_trick(3, cards, 0, CardSet(cards).mask) == Trick(3, cards)
True
"""


def make_context(
    rules: Rules, hand_number: int, totals: tuple[int, ...], counting_down: bool
) -> HandContext:
    """``HandContext(rules, hand_number, totals, counting_down)``, unchecked: the engine's
    constructor, built as :func:`make_state` is.

    >>> make_context(Rules(), 2, (1, 2, 3, 4), False) == HandContext(Rules(), 2, (1, 2, 3, 4))
    True
    >>> make_context(Rules(), 0, (0, 0, 0, 0), False).tables.players
    4
    """
    context: HandContext = kernel.make_context(
        rules, hand_number, totals, counting_down, rules.tables(),
        rules.pass_direction(hand_number),
    )  # fmt: skip
    return context


def between_hands(context: HandContext, phase: Phase) -> GameState:
    """The state between hands: waiting for the deal of ``context``'s hand, or the game over
    with ``context``'s totals.

    >>> from hearts_core import Rules, new_game
    >>> between_hands(HandContext(Rules(), 0, (0, 0, 0, 0)), Phase.DEAL) == new_game()
    True
    """
    return make_state(
        context=context, phase=phase, passes=(), tricks=(), current_trick=(), leader=0,
        hearts_broken=False, phase_hands=(), played_mask=0, seat_to_play=-1, legal_bits=0,
        pass_listing=NO_PASSES,
    )  # fmt: skip
