"""The weakest bot: a uniformly random legal action."""

from __future__ import annotations

import random

from hearts_core.actions import Action
from hearts_core.bots.knowledge import check_view
from hearts_core.bots.protocol import no_action_error
from hearts_core.observation import PlayerView

__all__ = ["RandomBot"]


class RandomBot:
    """Picks uniformly among the legal actions.

    >>> from hearts_core import Rules, apply, new_game, observe, random_deal
    >>> rng = random.Random(5)
    >>> state = apply(new_game(), random_deal(Rules(), rng))
    >>> action = RandomBot().choose(observe(state, 1), rng)
    >>> action in observe(state, 1).legal_actions
    True
    """

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """A uniformly random element of ``view.legal_actions``.

        Raises:
            BotError: if ``view`` offers no action, or its fields contradict each other
                (see :func:`~hearts_core.bots.knowledge.check_view`).

        >>> from hearts_core import Rules, apply, new_game, observe, random_deal
        >>> rng = random.Random(2)
        >>> state = apply(new_game(), random_deal(Rules(), rng))
        >>> type(RandomBot().choose(observe(state, 0), rng)).__name__
        'PassCards'
        """
        actions = check_view(view).legal_actions
        if not actions:
            raise no_action_error(view)
        return rng.choice(actions)

    def __repr__(self) -> str:
        return "RandomBot()"
