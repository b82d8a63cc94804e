"""The game loop: seat one bot per seat and run a game, step by step.

:func:`transitions` is the loop itself. It yields one :class:`Transition` per
action (the state before, the action, the state after, and the events it
caused) and everything else is built on it:

* :func:`play_game` yields ``(state, events)`` pairs, for code that only
  narrates or counts (watching bots, simulations);
* a recorder keeps ``transition.action`` from each step: those actions,
  applied to the starting state, replay the game;
* a person plays by being a seat's :class:`~hearts_core.bots.Bot` (an object
  whose ``choose`` asks at the keyboard), since the loop is lazy: the events
  of one step are in the caller's hands before the next seat is asked;
* a benchmark playing single hands stops at the first transition that ends
  the hand: nothing further is dealt or asked.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from hearts_core.actions import Action, random_deal
from hearts_core.bots.errors import BotError
from hearts_core.bots.protocol import Bot
from hearts_core.engine import new_game, step
from hearts_core.events import Event
from hearts_core.observation import observe
from hearts_core.rules import Rules
from hearts_core.state import GameState, Phase

__all__ = ["Transition", "transitions", "play_game"]


class Transition(NamedTuple):
    """One step of a game: the state before, the action taken, the state after and its events.

    It unpacks as ``before, action, after, events``.

    >>> from hearts_core import Rules
    >>> from hearts_core.bots import RuleBot
    >>> first = next(transitions([RuleBot()] * 4, Rules(), random.Random(1)))
    >>> before, action, after, events = first
    >>> before.phase.value, type(action).__name__, after.phase.value, type(events[0]).__name__
    ('deal', 'Deal', 'pass', 'HandDealt')
    """

    before: GameState
    """The state the action was taken in."""
    action: Action
    """The action: a deal drawn from the game's ``rng``, or a seat's choice."""
    after: GameState
    """The state the action led to."""
    events: tuple[Event, ...]
    """What the action caused, as :func:`~hearts_core.step` reports it."""


def transitions(
    bots: Sequence[Bot], rules: Rules, rng: random.Random, state: GameState | None = None
) -> Iterator[Transition]:
    """Play a game to the end, one :class:`Transition` per action: seat ``i`` is ``bots[i]``.

    Each deal is drawn from ``rng`` with :func:`~hearts_core.random_deal`;
    otherwise the first seat in ``state.to_act`` is asked for its action with
    its own view and ``rng`` (so passes are asked for in seat order). The same
    seed replays the same game. The loop is lazy: it deals or asks a bot only
    when the next transition is requested, so a caller may stop between steps
    (at the end of a hand, say) and must handle one step's events before the
    next seat, perhaps a person, is asked.

    Args:
        bots: One bot per seat (``rules.players`` of them).
        rules: The rules of the game (ignored when ``state`` is given).
        rng: The only source of chance: deals, and the bots' random picks.
        state: A game to continue instead of a new one.

    Raises:
        BotError: if the number of bots is not the number of seats.

    >>> from hearts_core import apply, new_game, variant
    >>> from hearts_core.bots import RuleBot
    >>> rules = variant("classic")
    >>> steps = list(transitions([RuleBot()] * 4, rules, random.Random(3)))
    >>> steps[-1].after.is_over
    True
    >>> replayed = new_game(rules)
    >>> for action in [move.action for move in steps]:
    ...     replayed = apply(replayed, action)
    >>> replayed == steps[-1].after
    True
    """
    if state is None:
        state = new_game(rules)
    players = state.rules.players
    if len(bots) != players:
        raise BotError(f"a game of {players} players needs {players} bots, not {len(bots)}")
    while not state.is_over:
        if state.phase is Phase.DEAL:
            action: Action = random_deal(state.rules, rng)
        else:
            seat = state.to_act[0]
            action = bots[seat].choose(observe(state, seat), rng)
        after, events = step(state, action)
        yield Transition(state, action, after, events)
        state = after


def play_game(
    bots: Sequence[Bot], rules: Rules, rng: random.Random, state: GameState | None = None
) -> Iterator[tuple[GameState, tuple[Event, ...]]]:
    """Play a game to the end: seat ``i`` is ``bots[i]``, ``rng`` deals and feeds the bots.

    Yields the state after each action with the events it caused: the
    ``after`` and ``events`` of each of :func:`transitions`, which takes the
    same arguments. Passes are asked for in seat order. The same seed replays
    the same game.

    Args:
        bots: One bot per seat (``rules.players`` of them).
        rules: The rules of the game (ignored when ``state`` is given).
        rng: The only source of chance: deals, and the bots' random picks.
        state: A game to continue instead of a new one.

    Raises:
        BotError: if the number of bots is not the number of seats.

    >>> from hearts_core import HandScored, variant
    >>> from hearts_core.bots import RuleBot
    >>> hands = [events[-1] for _, events in play_game([RuleBot()] * 4,
    ...     variant("classic"), random.Random(3)) if isinstance(events[-1], HandScored)]
    >>> all(sum(hand.points) == 26 for hand in hands)
    True
    """
    for move in transitions(bots, rules, rng, state):
        yield move.after, move.events
