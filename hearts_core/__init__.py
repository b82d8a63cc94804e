"""hearts_core: the rules of Hearts as an immutable state and a pure transition function.

``import hearts_core`` loads the core: cards, actions, the state and its transition, the
rules, legality, events and views; ``hearts_core.rules`` holds the ruleset's options,
the variants' metadata and the rulebooks. The rest loads when asked for, by its own
name: ``hearts_core.io`` (formats and strict loaders), ``hearts_core.playout`` and
``hearts_core.belief`` (play-outs and sampling), ``hearts_core.claims``,
``hearts_core.svg``, ``hearts_core.bots``, ``hearts_core.adapters``, ``hearts_core.web``
and ``hearts_core.cli``.

>>> import random
>>> from hearts_core import new_game, apply, legal_actions, random_deal
>>> state = new_game()
>>> rng = random.Random(0)
>>> state = apply(state, random_deal(state.rules, rng))
>>> while state.phase.value != "deal":
...     state = apply(state, rng.choice(legal_actions(state)))
>>> sum(state.totals) in (26, 78)
True
"""

import importlib
from typing import TYPE_CHECKING, Any

from hearts_core._moved import MODULES, NAMES, SUBPACKAGES, install_modules, moved_name
from hearts_core.action_notation import format_action, parse_action
from hearts_core.actions import Action, ChooseMoon, Deal, PassCards, PlayCard, random_deal
from hearts_core.as_seat import apply_as, step_as
from hearts_core.cards import FULL_DECK, HEARTS, QUEEN_OF_SPADES, Card, CardSet, Rank, Suit
from hearts_core.engine import apply, new_game, step
from hearts_core.errors import (
    HeartsError,
    IllegalActionError,
    InvalidActionError,
    InvalidCardError,
    InvalidRulesError,
    InvalidSeatError,
    InvalidStateError,
    Rule,
    UnknownNameError,
)
from hearts_core.events import (
    CardPlayed,
    CardsPassed,
    Event,
    GameOver,
    HandDealt,
    HandScored,
    HeartsBroken,
    MoonChosen,
    MoonShot,
    PassSubmitted,
    SunShot,
    TrickTaken,
    visible_events,
)
from hearts_core.kernel import KERNEL
from hearts_core.legality import PassChoices, explain, is_legal, legal_actions
from hearts_core.observation import PlayerView, observe
from hearts_core.rules import MoonOption, Rules, load_variant, variant, variant_names
from hearts_core.state import GameState, HandContext, Phase, Trick, trick_winner

__version__ = "0.1.0"

__all__ = [
    # cards
    "Card",
    "CardSet",
    "Suit",
    "Rank",
    "FULL_DECK",
    "HEARTS",
    "QUEEN_OF_SPADES",
    # actions
    "Action",
    "Deal",
    "PassCards",
    "PlayCard",
    "ChooseMoon",
    "MoonOption",
    "random_deal",
    "format_action",
    "parse_action",
    # the game
    "Rules",
    "variant",
    "variant_names",
    "load_variant",
    "new_game",
    "apply",
    "step",
    "apply_as",
    "step_as",
    "legal_actions",
    "is_legal",
    "explain",
    "PassChoices",
    "KERNEL",
    # the state and what a seat sees
    "GameState",
    "HandContext",
    "Phase",
    "Trick",
    "trick_winner",
    "PlayerView",
    "observe",
    # events, in the order they happen
    "Event",
    "HandDealt",
    "PassSubmitted",
    "CardsPassed",
    "CardPlayed",
    "HeartsBroken",
    "TrickTaken",
    "MoonShot",
    "SunShot",
    "MoonChosen",
    "HandScored",
    "GameOver",
    "visible_events",
    # errors
    "Rule",
    "HeartsError",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidCardError",
    "InvalidRulesError",
    "InvalidSeatError",
    "InvalidStateError",
    "UnknownNameError",
]

install_modules()


if not TYPE_CHECKING:  # type checkers see only __all__: a moved name is an error there

    def __getattr__(name: str) -> Any:
        # Subpackages load on first use; names that left __all__ still import, with a warning.
        if name in SUBPACKAGES:
            return importlib.import_module(f"hearts_core.{name}")
        if name in NAMES:
            return moved_name("hearts_core", name)
        if f"hearts_core.{name}" in MODULES:  # import hearts_core.tables, then .tables
            return importlib.import_module(f"hearts_core.{name}")
        raise AttributeError(f"module 'hearts_core' has no attribute {name!r}")
