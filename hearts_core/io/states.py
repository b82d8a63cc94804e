"""Game states as JSON (``hearts-state/2``): one :class:`~hearts_core.GameState`, every
hand included (keep it on the server), loaded only if it is a position a game reaches.

>>> import random
>>> from hearts_core import Rules, apply, new_game, random_deal
>>> state = apply(new_game(), random_deal(Rules(), random.Random(2)))
>>> state_from_json(state_to_json(state)) == state
True
"""

from __future__ import annotations

from typing import Any, Final

from hearts_core.cards import CardSet
from hearts_core.engine import MAX_HAND_NUMBER
from hearts_core.io.checks import (
    check_format,
    optional_string,
    upgrade,
)
from hearts_core.io.jsontext import dumps, loads
from hearts_core.io.limits import MAX_TEXT_LENGTH
from hearts_core.io.position import (
    Position,
    check_position,
)
from hearts_core.io.reader import Reader
from hearts_core.io.values import (
    cards_to_data,
    read_rules,
    read_totals,
    read_tricks,
    rules_to_data,
    tricks_to_data,
)
from hearts_core.legality import check_state, wrong_type
from hearts_core.state import (
    GameState,
    Phase,
)

__all__ = [
    "STATE_FORMAT",
    "state_to_data",
    "state_to_json",
    "state_from_data",
    "state_from_json",
]


STATE_FORMAT: Final = "hearts-state/2"
"""The ``format`` of a game state document."""


def state_to_data(state: GameState, variant: str | None = None) -> dict[str, Any]:
    """A game state as plain JSON data (see :func:`state_to_json`).

    >>> from hearts_core import new_game
    >>> state_to_data(new_game())["phase"]
    'deal'
    """
    check_state(state)
    check_label(variant)
    return {
        "format": STATE_FORMAT,
        "variant": variant,
        "rules": rules_to_data(state.rules),
        "hand_number": state.hand_number,
        "totals": list(state.totals),
        "counting_down": state.counting_down,
        "phase": state.phase.value,
        "hands": [cards_to_data(hand) for hand in state.hands],
        "passes": [None if p is None else cards_to_data(p) for p in state.passes],
        "tricks": tricks_to_data(state.tricks),
        "current_trick": cards_to_data(state.current_trick),
        "leader": state.leader,
    }


def state_to_json(state: GameState, variant: str | None = None, *, pretty: bool = False) -> str:
    """A game state as canonical JSON, every hand included (keep it from the players).

    ``variant`` labels the rules with a variant name; the rules are written in full.

    Raises:
        InvalidStateError: for a ``state`` that is not a :class:`~hearts_core.GameState`, a
            ``variant`` that is not ``None`` or a string the loader takes back (at most
            200 characters of valid Unicode), or a ``pretty`` that is not a bool; the
            error's ``field`` names the argument.

    >>> from hearts_core import new_game
    >>> state_to_json(new_game())[-46:]
    '"totals":[0,0,0,0],"tricks":[],"variant":null}'
    """
    check_pretty(pretty)
    return dumps(state_to_data(state, variant), pretty=pretty)


def check_label(variant: object) -> None:
    """Refuse a ``variant`` label that is neither ``None`` nor a string the loaders read back.

    >>> check_label("classic")
    >>> check_label(7)
    Traceback (most recent call last):
    ...
    hearts_core.errors.InvalidStateError: variant: must be None or a variant name, not 7
    """
    if variant is None:
        return
    if type(variant) is not str or len(variant) > MAX_TEXT_LENGTH:
        raise wrong_type("variant", "None or a variant name", variant)
    try:
        variant.encode("utf-8")
    except UnicodeEncodeError:
        raise wrong_type("variant", "valid Unicode", variant) from None


def check_pretty(pretty: object) -> None:
    """Refuse a ``pretty`` flag that is not a bool.

    >>> check_pretty(1)
    Traceback (most recent call last):
    ...
    hearts_core.errors.InvalidStateError: pretty: must be True or False, not 1
    """
    if type(pretty) is not bool:
        raise wrong_type("pretty", "True or False", pretty)


_STATE_KEYS: Final = (
    "format",
    "rules",
    "hand_number",
    "totals",
    "counting_down",
    "phase",
    "hands",
    "passes",
    "tricks",
    "current_trick",
    "leader",
)


# long: one pass over the document that reports every problem together, in field order
def state_from_data(data: Any) -> GameState:
    """A game state from parsed JSON data, checked to be a position a game reaches.

    Every card of the deck must be in exactly one place (a hand, a trick, the
    trick in progress); hand sizes must fit the tricks played and whose turn it
    is; leaders must be the previous tricks' winners; passes must fit the pass
    direction; and replaying the hand from the deal these cards imply must give
    this very position, every play legal. The state returned is the replayed one.

    Raises:
        RecordError: listing every problem with its JSON path.

    >>> from hearts_core import new_game
    >>> data = state_to_data(new_game())
    >>> state_from_data(data) == new_game()
    True
    >>> data["hands"] = [["2C"], [], [], []]
    >>> state_from_data(data)
    Traceback (most recent call last):
    ...
    hearts_core.io.errors.RecordError: $.hands: must be empty: no hand is in progress while \
waiting for a deal
    """
    reader = Reader()
    data = upgrade(reader, data, STATE_FORMAT)
    doc = reader.json_object(
        data, "$", required=_STATE_KEYS, optional=("variant",))
    if doc is None or any(key not in doc for key in _STATE_KEYS):
        reader.raise_if_any()
    assert doc is not None
    check_format(reader, doc, STATE_FORMAT)
    optional_string(reader, doc.get("variant"), "$.variant")
    rules = read_rules(reader, doc["rules"], "$.rules")
    players = rules.players if rules is not None else None
    hand_number = reader.integer(doc["hand_number"], "$.hand_number", 0, MAX_HAND_NUMBER)
    totals = read_totals(reader, doc["totals"], "$.totals", players)
    counting_down = reader.boolean(doc["counting_down"], "$.counting_down")
    phase = reader.choice(Phase, doc["phase"], "$.phase")
    hands = [
        reader.cards(h, f"$.hands[{i}]")
        for i, h in enumerate(reader.array(doc["hands"], "$.hands") or ())
    ]
    passes: list[CardSet | None] = []
    for i, item in enumerate(reader.array(doc["passes"], "$.passes") or ()):
        passes.append(None if item is None else reader.cards(item, f"$.passes[{i}]"))
    tricks = read_tricks(reader, doc["tricks"], "$.tricks", players)
    trick = reader.card_list(doc["current_trick"], "$.current_trick")
    leader = reader.seat(doc["leader"], "$.leader", players)
    reader.raise_if_any()
    assert rules is not None and hand_number is not None and totals is not None
    assert phase is not None and trick is not None and leader is not None
    assert counting_down is not None
    position = Position(
        rules,
        hand_number,
        totals,
        phase,
        tuple(h.mask for h in hands if h is not None),
        tuple(passes),
        tuple(tricks),
        trick,
        leader,
        counting_down,
    )
    state = check_position(reader, position)
    reader.raise_if_any()
    assert state is not None
    return state


def state_from_json(text: str | bytes) -> GameState:
    """A game state from JSON text (untrusted input welcome).

    Raises:
        RecordError: listing every problem with its JSON path; nothing else.

    >>> from hearts_core import new_game, variant
    >>> state = new_game(variant("black-maria"))
    >>> state_from_json(state_to_json(state, "black-maria")) == state
    True
    """
    return state_from_data(loads(text))
