"""Computer players, the names they go by, and a loop that lets them play a game.

**The bot protocol.** A bot sees only its seat's
:class:`~hearts_core.PlayerView` and answers with one of
``view.legal_actions``: a ``choose(view, rng)`` method is the whole
:class:`Bot` interface, so anything that can answer (a person at a terminal,
a network client, a script) can sit at the table too.

**The built-in bots**, from weakest to strongest:

* :class:`RandomBot` picks uniformly among the legal actions.
* :class:`RuleBot` passes and plays by rules of thumb (shed the queen of
  spades, duck under the winning card, dump points when void, stop a moon).
* :class:`MonteCarloBot` deals the hidden cards at random many times, in ways
  consistent with what its seat has seen, plays each deal out with the engine
  and picks the card that scored best on average.
* :class:`IsmctsBot` plays every card out on many sampled deals in the hand
  kernel's batches, weighing a moon attempt while one is possible, defending
  against a rival's, and playing a claim that settles the hand; it passes by
  search too.

All four play any ruleset: 3 to 6 seats, stripped decks, other card values,
and the moon choice.

**The arena** (``hearts_core.bots.arena``) measures one bot against another
on duplicate deals; ``serve`` and ``command`` carry the bot protocol, so a
bot in any language can play (see the protocol page of the docs).

**The registry.** :func:`make_bot` builds a bot from a spec such as ``rule``,
``mc:64`` or ``mc:samples=64,rollout=random``; :data:`BOTS` lists the names.

**The game loop.** :func:`transitions` seats one bot per seat and yields each
step of a game as a :class:`Transition` (state before, action, state after,
events); :func:`play_game` yields just ``(state, events)``.

The modules, from the bottom up: ``protocol`` (the :class:`Bot` protocol),
``knowledge`` (facts a seat reads from its view), ``heuristics`` (the rules of
thumb RuleBot and the Monte-Carlo play-outs share), ``random_bot``,
``rule_bot`` and ``monte_carlo`` (one bot each), ``registry`` (bots by name)
and ``loop`` (the game loop). The names above, and :func:`split_specs`, are
importable from ``hearts_core.bots`` itself; a bot writer imports the helpers
of ``knowledge`` and ``heuristics`` from those modules.

>>> import random
>>> from hearts_core import GameOver, Rules
>>> bots = [make_bot("rule"), RandomBot(), RandomBot(), RandomBot()]
>>> for state, events in play_game(bots, Rules(), random.Random(1)):
...     pass
>>> state.is_over, isinstance(events[-1], GameOver)
(True, True)
>>> make_bot("mc:samples=64,rollout=random")
MonteCarloBot(samples=64, rollout='random')
"""

from hearts_core.bots.errors import BotError, ProtocolError
from hearts_core.bots.ismcts import IsmctsBot
from hearts_core.bots.loop import Transition, play_game, transitions
from hearts_core.bots.monte_carlo import MonteCarloBot
from hearts_core.bots.protocol import Bot
from hearts_core.bots.random_bot import RandomBot
from hearts_core.bots.registry import BOTS, make_bot, split_specs
from hearts_core.bots.rule_bot import RuleBot, SimpleBot

__all__ = [
    "BotError",
    "ProtocolError",
    "Bot",
    "RandomBot",
    "RuleBot",
    "SimpleBot",
    "MonteCarloBot",
    "IsmctsBot",
    "BOTS",
    "make_bot",
    "split_specs",
    "play_game",
    "transitions",
    "Transition",
]
