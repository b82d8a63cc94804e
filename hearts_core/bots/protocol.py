"""The bot protocol: what every computer player, and any other seat, must answer.

A bot is anything with a ``choose(view, rng)`` method. It sees only its own
seat's :class:`~hearts_core.PlayerView` and returns one of
``view.legal_actions``. The game loop (:func:`~hearts_core.bots.transitions`)
asks each seat in turn, so a person at a terminal, a network client or a test script
plugs in as a bot as well as the built-in ones do.
"""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from hearts_core.actions import Action
from hearts_core.bots.errors import BotError
from hearts_core.observation import PlayerView

__all__ = ["Bot", "no_action_error"]


@runtime_checkable
class Bot(Protocol):
    """Anything that picks an action for a seat from that seat's view.

    ``choose`` is called only when ``view.is_my_turn``; it must return one of
    ``view.legal_actions`` and may draw from ``rng`` (and nothing else
    random), so a game is replayed exactly from its seed. A seat that never
    draws from ``rng`` (a person typing cards, say) leaves the other seats'
    random choices as they would be without it.

    >>> from hearts_core.bots import MonteCarloBot, RandomBot, RuleBot
    >>> isinstance(RandomBot(), Bot), isinstance(RuleBot(), Bot), isinstance(MonteCarloBot(), Bot)
    (True, True, True)
    >>> class FirstChoice:
    ...     def choose(self, view, rng):
    ...         return view.legal_actions[0]
    >>> isinstance(FirstChoice(), Bot)
    True
    """

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """One of ``view.legal_actions``.

        Raises:
            BotError: if ``view`` offers no action (it is not this seat's turn).
        """
        ...


def no_action_error(view: PlayerView) -> BotError:
    """The error a bot raises when asked to act on a view that offers no action.

    >>> from hearts_core import new_game, observe
    >>> print(no_action_error(observe(new_game(), 2)))
    seat 2 has no legal action in phase 'deal'
    """
    return BotError(f"seat {view.seat} has no legal action in phase {view.phase.value!r}")
