"""hearts_core: the rules of Hearts as an immutable state and a pure transition function.

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

from hearts_core.action_notation import format_action, parse_action
from hearts_core.actions import Action, ChooseMoon, Deal, PassCards, PlayCard, random_deal
from hearts_core.as_seat import apply_as, step_as
from hearts_core.belief import consistent_state, resample
from hearts_core.cards import FULL_DECK, HEARTS, QUEEN_OF_SPADES, Card, CardSet, Rank, Suit
from hearts_core.claims import Claim, claim_cards, claim_rest
from hearts_core.engine import apply, new_game, step
from hearts_core.errors import (
    BotError,
    HeartsError,
    IllegalActionError,
    InvalidActionError,
    InvalidCardError,
    InvalidRulesError,
    InvalidSeatError,
    InvalidStateError,
    RecordError,
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
from hearts_core.io import (
    GameRecord,
    event_from_data,
    event_from_json,
    event_to_data,
    event_to_json,
    format_hand,
    json_schema,
    parse_hand,
    record_from_json,
    record_to_json,
    replay,
    replay_steps,
    state_from_json,
    state_to_json,
    view_from_json,
    view_to_json,
)
from hearts_core.kernel import KERNEL
from hearts_core.legality import PassChoices, explain, is_legal, legal_actions
from hearts_core.observation import PlayerView, observe
from hearts_core.playout import play_outs, rollout, rollouts
from hearts_core.rules import (
    FirstLead,
    GameEnd,
    HeartPoints,
    MoonOption,
    MoonRequires,
    MoonScoring,
    PassDirection,
    Rules,
    SunScoring,
    TieRule,
)
from hearts_core.rules.rulebook import describe, describe_variant
from hearts_core.rules.variants import Variant, load_variant, variant, variant_info, variant_names
from hearts_core.state import GameState, HandContext, Phase, Trick, trick_winner

__version__ = "0.1.0"

__all__ = [
    "Action",
    "Card",
    "CardPlayed",
    "CardSet",
    "CardsPassed",
    "ChooseMoon",
    "Deal",
    "Event",
    "FULL_DECK",
    "HEARTS",
    "QUEEN_OF_SPADES",
    "FirstLead",
    "GameEnd",
    "HeartPoints",
    "MoonRequires",
    "SunScoring",
    "SunShot",
    "TieRule",
    "GameOver",
    "GameState",
    "HandContext",
    "HandDealt",
    "HandScored",
    "HeartsBroken",
    "HeartsError",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidCardError",
    "InvalidRulesError",
    "InvalidSeatError",
    "InvalidStateError",
    "BotError",
    "UnknownNameError",
    "MoonOption",
    "MoonScoring",
    "MoonShot",
    "MoonChosen",
    "PassCards",
    "PassChoices",
    "PassDirection",
    "PassSubmitted",
    "Phase",
    "PlayCard",
    "PlayerView",
    "Rank",
    "Rule",
    "Rules",
    "Suit",
    "Trick",
    "TrickTaken",
    "Variant",
    "apply",
    "explain",
    "is_legal",
    "legal_actions",
    "load_variant",
    "new_game",
    "observe",
    "random_deal",
    "step",
    "apply_as",
    "step_as",
    "rollout",
    "rollouts",
    "play_outs",
    "KERNEL",
    "resample",
    "consistent_state",
    "trick_winner",
    "variant",
    "variant_info",
    "variant_names",
    "describe",
    "describe_variant",
    "RecordError",
    "GameRecord",
    "replay",
    "replay_steps",
    "record_to_json",
    "record_from_json",
    "state_to_json",
    "state_from_json",
    "view_to_json",
    "view_from_json",
    "format_hand",
    "parse_hand",
    "format_action",
    "parse_action",
    "json_schema",
    "visible_events",
    "event_to_data",
    "event_from_data",
    "event_to_json",
    "event_from_json",
    "Claim",
    "claim_rest",
    "claim_cards",
]
