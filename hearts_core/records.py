"""Game records, and JSON for one game state or one seat's view: save, load, replay, exchange.

Three JSON documents, each with a ``format`` tag, a JSON Schema shipped in the
package (:func:`~hearts_core.codec.json_schema`) and a pair of functions:

* a **game record** (``hearts-record/1``): the rules, every action in order
  (deals included) and optional metadata; :func:`replay` yields each state.
  :func:`record_to_json` / :func:`record_from_json`.
* a **game state** (``hearts-state/1``): one :class:`~hearts_core.GameState`,
  every hand included. :func:`state_to_json` / :func:`state_from_json`.
* a **player view** (``hearts-view/1``): one :class:`~hearts_core.PlayerView`,
  what a server sends a seat, never another seat's cards.
  :func:`view_to_json` / :func:`view_from_json`.

Output is canonical: the same value gives byte-identical JSON. Loading is
strict: anything wrong (types, unknown or repeated keys, cards missing or
twice, an impossible position, an illegal action) raises
:class:`~hearts_core.RecordError` listing every problem with its JSON path,
and nothing is built.

>>> import random
>>> from hearts_core import Phase, apply, legal_actions, new_game, random_deal, variant
>>> rng = random.Random(5)
>>> state, actions = new_game(variant("classic")), []
>>> while state.phase is not Phase.GAME_OVER and len(actions) < 80:
...     action = rng.choice(legal_actions(state) or [random_deal(state.rules, rng)])
...     actions.append(action)
...     state = apply(state, action)
>>> record = GameRecord(variant("classic"), actions, variant="classic", event="club night")
>>> text = record_to_json(record)
>>> record_from_json(text) == record, list(replay(record))[-1] == state
(True, True)
>>> state_from_json(state_to_json(state)) == state
True
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator, Sequence
from typing import Any, Final

import attrs

from hearts_core.actions import Action, ChooseMoon, Deal, PassCards, PlayCard
from hearts_core.cards import Card, CardSet
from hearts_core.codec import (
    Reader,
    action_to_data,
    cards_to_data,
    describe,
    dumps,
    key_path,
    loads,
    read_action,
    read_rules,
    rules_to_data,
)
from hearts_core.engine import apply
from hearts_core.errors import IllegalActionError, Rule
from hearts_core.legality import explain
from hearts_core.observation import PlayerView, observe
from hearts_core.rules import MoonOption, PassDirection, Rules
from hearts_core.scoring import game_is_over, score_hand
from hearts_core.state import GameState, HandContext, Phase, Trick

__all__ = [
    "RECORD_FORMAT",
    "STATE_FORMAT",
    "VIEW_FORMAT",
    "GameRecord",
    "replay",
    "record_to_data",
    "record_to_json",
    "record_from_data",
    "record_from_json",
    "state_to_data",
    "state_to_json",
    "state_from_data",
    "state_from_json",
    "view_to_data",
    "view_to_json",
    "view_from_data",
    "view_from_json",
]

RECORD_FORMAT: Final = "hearts-record/1"
"""The ``format`` of a game record document."""
STATE_FORMAT: Final = "hearts-state/1"
"""The ``format`` of a game state document."""
VIEW_FORMAT: Final = "hearts-view/1"
"""The ``format`` of a player view document."""

_DATE: Final = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_NAME_LENGTH: Final = 200


def _as_tuple(value: Any) -> Any:
    return tuple(value) if isinstance(value, list | tuple) else value


def _zero_scores(record: GameRecord) -> tuple[int, ...]:
    players = record.rules.players if isinstance(record.rules, Rules) else 0
    return (0,) * players


@attrs.frozen
class GameRecord:
    """A game as the list of its actions, from a first deal; always a legal game.

    Building one replays it: an action illegal where it stands, a wrong type or
    an impossible start raises :class:`~hearts_core.RecordError` naming the JSON
    path of the culprit (``$.actions[7].card``). The game may be unfinished.

    >>> from hearts_core import Deal, PlayCard, variant
    >>> hands = ["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    ...          "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"]
    >>> record = GameRecord(variant("no-passing"), [Deal(hands), PlayCard(0, "2C")],
    ...                     variant="no-passing", players=("Ann", "Bo", "Cy", "Di"))
    >>> record.final.trick, record.final.to_act
    ((Card.parse('2C'),), (1,))
    >>> GameRecord(variant("no-passing"), [Deal(hands), PlayCard(0, "3C")])
    Traceback (most recent call last):
    ...
    hearts_core.errors.RecordError: $.actions[1].card: FIRST_LEAD_TWO_OF_CLUBS: seat 0 must \
lead 2C to the first trick
    """

    rules: Rules
    """The rules of the game: all of them are stored, so a record stays valid if a
    variant file changes later."""
    actions: tuple[Action, ...] = attrs.field(default=(), converter=_as_tuple)
    """Every action, in order: the deals, passes, plays and moon choices."""
    variant: str | None = None
    """The name of the variant the rules came from, if any (a label: ``rules`` decide)."""
    hand_number: int = 0
    """The hand the record starts at (0 for a new game)."""
    scores: tuple[int, ...] = attrs.field(
        default=attrs.Factory(_zero_scores, takes_self=True), converter=_as_tuple
    )
    """Each seat's total when the record starts (zeros for a new game)."""
    players: tuple[str, ...] | None = attrs.field(default=None, converter=_as_tuple)
    """The players' names, seat 0 first, if known."""
    date: str | None = None
    """The day the game was played, ``YYYY-MM-DD``, if known."""
    event: str | None = None
    """The event, club or match it belongs to, if any."""

    def __attrs_post_init__(self) -> None:
        reader = Reader()
        _check_record(reader, self)
        reader.raise_if_any()

    @classmethod
    def for_variant(cls, name: str, actions: Sequence[Action] = (), **metadata: Any) -> GameRecord:
        """A record of a game under the shipped variant ``name``, labelled with it.

        >>> GameRecord.for_variant("classic").rules.moon.value
        'shooter-chooses'
        """
        from hearts_core.variants import variant_info

        info = variant_info(name)
        return cls(info.rules, tuple(actions), variant=info.name, **metadata)

    @property
    def start(self) -> GameState:
        """The state before the first action: waiting for a deal.

        >>> GameRecord.for_variant("standard").start.phase.value
        'deal'
        """
        return GameState(HandContext(self.rules, self.hand_number, self.scores), Phase.DEAL)

    @property
    def final(self) -> GameState:
        """The state after the last action.

        >>> GameRecord.for_variant("standard").final.phase.value
        'deal'
        """
        state = self.start
        for action in self.actions:
            state = apply(state, action)
        return state

    def hands(self) -> tuple[GameRecord, ...]:
        """The record cut into one record per hand dealt, each starting at its own hand
        number and totals (the form :func:`~hearts_core.notation.format_hand` writes).

        >>> GameRecord.for_variant("standard").hands()
        ()
        """
        parts: list[GameRecord] = []
        state = self.start
        begin: GameState | None = None
        current: list[Action] = []
        for action in self.actions:
            if isinstance(action, Deal):
                if begin is not None:
                    parts.append(self._part(begin, current))
                begin, current = state, []
            current.append(action)
            state = apply(state, action)
        if begin is not None:
            parts.append(self._part(begin, current))
        return tuple(parts)

    def _part(self, begin: GameState, actions: list[Action]) -> GameRecord:
        return attrs.evolve(
            self, actions=tuple(actions), hand_number=begin.hand_number, scores=begin.scores
        )


def replay(record: GameRecord) -> Iterator[GameState]:
    """Each state of the game in turn: the start, then the state after each action.

    >>> from hearts_core import Deal
    >>> hands = ["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    ...          "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"]
    >>> [state.phase.value for state in replay(GameRecord.for_variant("standard", [Deal(hands)]))]
    ['deal', 'pass']
    """
    state = record.start
    yield state
    for action in record.actions:
        state = apply(state, action)
        yield state


# --- checks shared by records, states and views -------------------------------------


def _check_metadata(reader: Reader, record: GameRecord, players: int | None) -> None:
    if record.variant is not None:
        reader.string(record.variant, "$.variant", _NAME_LENGTH)
    if record.players is not None:
        path = "$.metadata.players"
        names = reader.array(record.players, path, players)
        for seat, name in enumerate(names or ()):
            reader.string(name, f"{path}[{seat}]", _NAME_LENGTH)
    if record.date is not None:
        _check_date(reader, record.date, "$.metadata.date")
    if record.event is not None:
        reader.string(record.event, "$.metadata.event", _NAME_LENGTH)


def _check_date(reader: Reader, value: object, path: str) -> None:
    text = reader.string(value, path)
    if text is None:
        return
    try:
        if not _DATE.fullmatch(text):
            raise ValueError
        datetime.date.fromisoformat(text)
    except ValueError:
        reader.add(path, f"must be a date written YYYY-MM-DD, not {describe(text)}")


def _check_totals(
    reader: Reader,
    rules: Rules,
    hand_number: int,
    scores: tuple[int, ...],
    phase: Phase,
    paths: tuple[str, str] = ("$.hand_number", "$.scores"),
) -> None:
    """The hand number and totals must be ones a game reaches in ``phase``."""
    over = game_is_over(rules, scores)
    if rules.single_hand and hand_number != 0:
        reader.add(paths[0], f"a single-hand game has only hand 0, not hand {hand_number}")
    elif phase is Phase.GAME_OVER and not over:
        reader.add("$.phase", "the game cannot be over: no total ends it (see $.scores)")
    elif phase is not Phase.GAME_OVER and hand_number > 0 and over:
        reader.add(
            paths[1],
            f"these totals end the game, so it cannot have gone on to hand {hand_number}",
        )


_RULE_FIELD: Final = {
    Rule.WRONG_PHASE: "type",
    Rule.NOT_YOUR_TURN: "seat",
    Rule.ALREADY_PASSED: "seat",
    Rule.INVALID_DEAL: "hands",
    Rule.WRONG_PASS_COUNT: "cards",
    Rule.MOON_OPTION_NOT_OFFERED: "option",
}


def _action_problem(error: IllegalActionError, path: str) -> tuple[str, str]:
    """Where an illegal action is wrong, and why (the rule identifier first)."""
    field = _RULE_FIELD.get(error.rule)
    action = error.action
    if field is None and error.rule is not Rule.NOT_AN_ACTION:
        field = "cards" if isinstance(action, PassCards) else "card"
    where = key_path(path, field) if field else path
    return where, f"{error.rule.value}: {error}"


def _deal_problems(reader: Reader, rules: Rules, deal: Deal, path: str, fields: bool) -> None:
    """Every way a deal is wrong: hand count, hand sizes, cards outside the deck or twice."""
    tables = rules.tables()
    hands_path = key_path(path, "hands") if fields else path
    if len(deal.hands) != tables.players:
        reader.add(hands_path, f"must hold {tables.players} hands")
        return
    seen: dict[Card, int] = {}
    for seat, hand in enumerate(deal.hands):
        where = f"{path}.hands[{seat}]" if fields else path
        if len(hand) != tables.hand_size:
            reader.add(where, f"seat {seat} must get {tables.hand_size} cards, not {len(hand)}")
        outside = hand.mask & ~tables.deck
        if outside:
            reader.add(where, f"not in this ruleset's deck: {CardSet.from_mask(outside)}")
        for card in hand:
            if card in seen:
                reader.add(where, f"{card} is also dealt to seat {seen[card]}")
            else:
                seen[card] = seat
    missing = tables.deck & ~CardSet(seen).mask
    if missing:
        reader.add(hands_path, f"cards not dealt: {CardSet.from_mask(missing)}")


def _check_actions(reader: Reader, record: GameRecord, players: int) -> bool:
    """Every action is a well-formed action object; report the ones that are not."""
    ok = True
    for index, action in enumerate(record.actions):
        path = f"$.actions[{index}]"
        if isinstance(action, PlayCard):
            good = _is_seat(action.seat, players) and isinstance(action.card, Card)
        elif isinstance(action, PassCards):
            good = _is_seat(action.seat, players) and isinstance(action.cards, CardSet)
        elif isinstance(action, ChooseMoon):
            good = _is_seat(action.seat, players) and isinstance(action.option, MoonOption)
        elif isinstance(action, Deal):
            good = isinstance(action.hands, tuple) and all(
                isinstance(hand, CardSet) for hand in action.hands
            )
        else:
            good = False
        if not good:
            reader.add(path, f"not a well-formed action: {action!r}"[:200])
            ok = False
    return ok


def _is_seat(seat: object, players: int) -> bool:
    return type(seat) is int and 0 <= seat < players


def _check_record(reader: Reader, record: GameRecord) -> None:
    rules = record.rules
    if not isinstance(rules, Rules):
        reader.add("$.rules", f"must be a Rules value, not {describe(rules)}")
        return
    players = rules.players
    _check_metadata(reader, record, players)
    hand_number = reader.integer(record.hand_number, "$.hand_number", 0)
    scores = reader.array(record.scores, "$.scores", players)
    if scores is not None:
        for seat, score in enumerate(scores):
            reader.integer(score, f"$.scores[{seat}]")
    if not isinstance(record.actions, tuple):
        reader.add("$.actions", f"must be a sequence of actions, not {describe(record.actions)}")
        return
    if reader.problems or not _check_actions(reader, record, players):
        return
    assert hand_number is not None
    _check_totals(reader, rules, hand_number, record.scores, Phase.DEAL)
    if reader.problems:
        return
    steps = [(f"$.actions[{index}]", action) for index, action in enumerate(record.actions)]
    _check_sequence(reader, record.start, steps, fields=True)


def _check_sequence(
    reader: Reader, state: GameState, steps: Sequence[tuple[str, Action]], fields: bool
) -> None:
    """Apply each action in turn; note the first illegal one (or bad deal) and stop there.

    ``fields``: point at the action's field at fault (JSON), or at the action's path only.
    """
    for index, (path, action) in enumerate(steps):
        rest = "the actions after this one were not checked" if index + 1 < len(steps) else None
        if isinstance(action, Deal) and state.phase is Phase.DEAL:
            before = len(reader.problems)
            _deal_problems(reader, state.rules, action, path, fields)
            if len(reader.problems) > before:
                if rest:
                    reader.add(path, rest)
                return
        error = explain(state, action)
        if error is not None:
            where, message = _action_problem(error, path)
            reader.add(where if fields else path, message)
            if rest:
                reader.add(path, rest)
            return
        state = apply(state, action)


# --- game records as JSON ---------------------------------------------------------


def record_to_data(record: GameRecord) -> dict[str, Any]:
    """A record as plain JSON data (see :func:`record_to_json`).

    >>> sorted(record_to_data(GameRecord.for_variant("standard")))
    ['actions', 'format', 'hand_number', 'rules', 'scores', 'variant']
    """
    data: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "variant": record.variant,
        "rules": rules_to_data(record.rules),
        "hand_number": record.hand_number,
        "scores": list(record.scores),
        "actions": [action_to_data(action) for action in record.actions],
    }
    metadata: dict[str, Any] = {}
    if record.players is not None:
        metadata["players"] = list(record.players)
    if record.date is not None:
        metadata["date"] = record.date
    if record.event is not None:
        metadata["event"] = record.event
    if metadata:
        data["metadata"] = metadata
    return data


def record_to_json(record: GameRecord, *, pretty: bool = False) -> str:
    """A record as canonical JSON (``pretty``: indented for people to read).

    >>> record_to_json(GameRecord.for_variant("standard", event="club"))[:60]
    '{"actions":[],"format":"hearts-record/1","hand_number":0,"me'
    """
    return dumps(record_to_data(record), pretty=pretty)


def record_from_data(data: Any) -> GameRecord:
    """A record from parsed JSON data, checked through and replayed.

    Raises:
        RecordError: listing every problem with its JSON path.

    >>> data = record_to_data(GameRecord.for_variant("standard"))
    >>> record_from_data(data).variant
    'standard'
    >>> data["actions"] = [{"type": "play", "seat": 0, "card": "2C"}]
    >>> record_from_data(data)
    Traceback (most recent call last):
    ...
    hearts_core.errors.RecordError: $.actions[0].type: WRONG_PHASE: cannot play a card now: \
the game is waiting for a deal
    """
    reader = Reader()
    doc = reader.json_object(
        data,
        "$",
        required=("format", "rules", "actions"),
        optional=("variant", "hand_number", "scores", "metadata"),
    )
    if doc is None:
        reader.raise_if_any()
    assert doc is not None
    _check_format(reader, doc, RECORD_FORMAT)
    rules = read_rules(reader, doc["rules"], "$.rules") if "rules" in doc else None
    players = rules.players if rules is not None else None
    variant = _optional_string(reader, doc.get("variant"), "$.variant")
    hand_number = reader.integer(doc.get("hand_number", 0), "$.hand_number", 0)
    scores = _read_scores(reader, doc["scores"], "$.scores", players) if "scores" in doc else None
    names: tuple[str, ...] | None = None
    date: str | None = None
    event: str | None = None
    if "metadata" in doc:
        meta = reader.json_object(
            doc["metadata"], "$.metadata", optional=("players", "date", "event")
        )
        if meta:
            if "players" in meta:
                names = _read_names(reader, meta["players"], "$.metadata.players", players)
            if "date" in meta:
                before = len(reader.problems)
                _check_date(reader, meta["date"], "$.metadata.date")
                date = meta["date"] if len(reader.problems) == before else None
            if "event" in meta:
                event = reader.string(meta["event"], "$.metadata.event", _NAME_LENGTH)
    actions: list[Action] = []
    items = reader.array(doc["actions"], "$.actions") if "actions" in doc else None
    for index, item in enumerate(items or ()):
        action = read_action(reader, item, f"$.actions[{index}]", players)
        if action is not None:
            actions.append(action)
    reader.raise_if_any()
    assert rules is not None and hand_number is not None
    return GameRecord(
        rules,
        tuple(actions),
        variant=variant,
        hand_number=hand_number,
        scores=scores if scores is not None else (0,) * rules.players,
        players=names,
        date=date,
        event=event,
    )


def record_from_json(text: str | bytes) -> GameRecord:
    """A record from JSON text (untrusted input welcome).

    Raises:
        RecordError: listing every problem with its JSON path; nothing else.

    >>> record = GameRecord.for_variant("omnibus", date="2024-05-01")
    >>> record_from_json(record_to_json(record)) == record
    True
    """
    return record_from_data(loads(text))


def _check_format(reader: Reader, doc: dict[str, Any], expected: str) -> None:
    if "format" not in doc:
        return
    found = doc["format"]
    if found != expected:
        reader.add(
            "$.format", f"must be {expected!r} (what this library reads), not {describe(found)}"
        )


def _optional_string(reader: Reader, value: object, path: str) -> str | None:
    return None if value is None else reader.string(value, path, _NAME_LENGTH)


def _read_scores(
    reader: Reader, value: object, path: str, players: int | None
) -> tuple[int, ...] | None:
    items = reader.array(value, path, players)
    if items is None:
        return None
    scores = [reader.integer(item, f"{path}[{i}]") for i, item in enumerate(items)]
    return None if None in scores else tuple(s for s in scores if s is not None)


def _read_names(
    reader: Reader, value: object, path: str, players: int | None
) -> tuple[str, ...] | None:
    items = reader.array(value, path, players)
    if items is None:
        return None
    names = [reader.string(item, f"{path}[{i}]", _NAME_LENGTH) for i, item in enumerate(items)]
    return None if None in names else tuple(n for n in names if n is not None)


def _read_seats(reader: Reader, value: object, path: str, players: int | None) -> tuple[int, ...]:
    """A list of distinct seats in increasing order."""
    items = reader.array(value, path)
    seats: list[int] = []
    for i, item in enumerate(items or ()):
        seat = reader.seat(item, f"{path}[{i}]", players)
        if seat is None:
            continue
        if seats and seat <= seats[-1]:
            reader.add(f"{path}[{i}]", "seats are listed once each, in increasing order")
        seats.append(seat)
    return tuple(seats)


def _read_tricks(reader: Reader, value: object, path: str, players: int | None) -> list[Trick]:
    tricks: list[Trick] = []
    for i, item in enumerate(reader.array(value, path) or ()):
        where = f"{path}[{i}]"
        data = reader.json_object(item, where, required=("leader", "cards"))
        if data is None or len(data) < 2:
            continue
        leader = reader.seat(data["leader"], f"{where}.leader", players)
        cards = reader.card_list(data["cards"], f"{where}.cards")
        if leader is not None and cards is not None:
            tricks.append(Trick(leader, cards))
    return tricks


def _tricks_to_data(tricks: Sequence[Trick]) -> list[dict[str, Any]]:
    return [{"leader": trick.leader, "cards": cards_to_data(trick.cards)} for trick in tricks]


# --- game states as JSON ----------------------------------------------------------


def state_to_data(state: GameState, variant: str | None = None) -> dict[str, Any]:
    """A game state as plain JSON data (see :func:`state_to_json`).

    >>> from hearts_core import new_game
    >>> state_to_data(new_game())["phase"]
    'deal'
    """
    return {
        "format": STATE_FORMAT,
        "variant": variant,
        "rules": rules_to_data(state.rules),
        "hand_number": state.hand_number,
        "scores": list(state.scores),
        "phase": state.phase.value,
        "hands": [cards_to_data(hand) for hand in state.hands],
        "passes": [None if p is None else cards_to_data(p) for p in state.passes],
        "tricks": _tricks_to_data(state.tricks),
        "trick": cards_to_data(state.trick),
        "leader": state.leader,
    }


def state_to_json(state: GameState, variant: str | None = None, *, pretty: bool = False) -> str:
    """A game state as canonical JSON, every hand included (keep it from the players).

    ``variant`` labels the rules with a variant name; the rules are written in full.

    >>> from hearts_core import new_game
    >>> state_to_json(new_game())[-57:]
    '"scores":[0,0,0,0],"trick":[],"tricks":[],"variant":null}'
    """
    return dumps(state_to_data(state, variant), pretty=pretty)


_STATE_KEYS: Final = (
    "format",
    "rules",
    "hand_number",
    "scores",
    "phase",
    "hands",
    "passes",
    "tricks",
    "trick",
    "leader",
)


def state_from_data(data: Any) -> GameState:
    """A game state from parsed JSON data, checked to be a position a game reaches.

    Every card of the deck must be in exactly one place (a hand, a trick, the
    trick in progress); hand sizes must fit the tricks played and whose turn it
    is; leaders must be the previous tricks' winners; passes must fit the pass
    direction; and replaying the hand from the deal these cards imply must give
    this very state, every play legal.

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
    hearts_core.errors.RecordError: $.hands: must be empty: no hand is in progress while \
waiting for a deal
    """
    reader = Reader()
    doc = reader.json_object(data, "$", required=_STATE_KEYS, optional=("variant",))
    if doc is None or any(key not in doc for key in _STATE_KEYS):
        reader.raise_if_any()
    assert doc is not None
    _check_format(reader, doc, STATE_FORMAT)
    _optional_string(reader, doc.get("variant"), "$.variant")
    rules = read_rules(reader, doc["rules"], "$.rules")
    players = rules.players if rules is not None else None
    hand_number = reader.integer(doc["hand_number"], "$.hand_number", 0)
    scores = _read_scores(reader, doc["scores"], "$.scores", players)
    phase = reader.choice(Phase, doc["phase"], "$.phase")
    hands = [
        reader.cards(h, f"$.hands[{i}]")
        for i, h in enumerate(reader.array(doc["hands"], "$.hands") or ())
    ]
    passes: list[CardSet | None] = []
    for i, item in enumerate(reader.array(doc["passes"], "$.passes") or ()):
        passes.append(None if item is None else reader.cards(item, f"$.passes[{i}]"))
    tricks = _read_tricks(reader, doc["tricks"], "$.tricks", players)
    trick = reader.card_list(doc["trick"], "$.trick")
    leader = reader.seat(doc["leader"], "$.leader", players)
    reader.raise_if_any()
    assert rules is not None and hand_number is not None and scores is not None
    assert phase is not None and trick is not None and leader is not None
    hand_sets = tuple(h for h in hands if h is not None)
    state = GameState(
        HandContext(rules, hand_number, scores),
        phase,
        tuple(hand.mask for hand in hand_sets),
        tuple(passes),
        tuple(tricks),
        trick,
        leader,
    )
    _check_state(reader, state)
    reader.raise_if_any()
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


class _Hand:
    """What a position in a hand says about who holds and played what."""

    def __init__(self, state: GameState) -> None:
        tables = state.context.tables
        self.players = players = tables.players
        self.size = tables.hand_size
        self.played = [0] * players
        """Cards each seat has played this hand, as masks."""
        for trick in state.tricks:
            for index, card in enumerate(trick.cards):
                self.played[(trick.leader + index) % players] |= card.bit
        self.in_trick = [(state.leader + index) % players for index in range(len(state.trick))]
        for seat, card in zip(self.in_trick, state.trick, strict=True):
            self.played[seat] |= card.bit

    def hand_size(self, state: GameState, seat: int) -> int:
        """Cards ``seat`` should hold now."""
        if state.phase is Phase.PASS:
            return self.size
        return self.size - len(state.tricks) - (seat in self.in_trick)


def _first_leader(state: GameState, holdings: Sequence[int]) -> int | None:
    """Who leads the first trick: the holder of the first lead card (``None`` if nobody
    holds it), or the seat after the dealer."""
    card = state.context.tables.first_lead_card
    if not card:
        return (state.dealer + 1) % len(holdings)
    for seat, mask in enumerate(holdings):
        if mask & card:
            return seat
    return None


def _check_counts(reader: Reader, state: GameState) -> None:
    """Trick counts, trick sizes and the leader for the phase."""
    tables = state.context.tables
    players, size = tables.players, tables.hand_size
    phase = state.phase
    if phase is Phase.PASS:
        if state.tricks or state.trick:
            reader.add("$.tricks", "must be empty: no card is played while passing")
    elif phase is Phase.PLAY:
        if len(state.tricks) >= size:
            reader.add("$.tricks", f"a hand has {size} tricks, and it is scored after the last one")
        if len(state.trick) >= players:
            reader.add("$.trick", f"a trick in progress has fewer than {players} cards")
    elif phase is Phase.MOON:
        if len(state.tricks) != size:
            reader.add("$.tricks", f"the moon choice comes after all {size} tricks")
        if state.trick:
            reader.add("$.trick", "must be empty once every trick is played")
    if phase is not Phase.PLAY and state.leader != 0:
        reader.add("$.leader", f"must be 0 when no trick is being played, not {state.leader}")
    for index, trick in enumerate(state.tricks):
        if len(trick.cards) != players:
            reader.add(f"$.tricks[{index}].cards", f"a trick has {players} cards")


def _place_cards(
    reader: Reader, state: GameState, places: Sequence[tuple[str, str, Sequence[Card]]]
) -> None:
    """Each card of the deck exactly once among ``places`` (path, name, cards)."""
    deck = state.context.tables.deck
    seen: dict[Card, str] = {}
    for path, name, cards in places:
        for card in cards:
            if not card.bit & deck:
                reader.add(path, f"{card} is not in this ruleset's deck")
            elif card in seen:
                reader.add(path, f"{card} is also {seen[card]}")
            else:
                seen[card] = name
    missing = deck & ~CardSet(seen).mask
    if missing:
        reader.add("$.hands", f"these cards are nowhere: {CardSet.from_mask(missing)}")


def _check_state(reader: Reader, state: GameState) -> None:
    context = state.context
    rules = context.rules
    players = rules.players
    phase = state.phase
    _check_totals(reader, rules, context.hand_number, context.scores, phase)
    if phase in (Phase.DEAL, Phase.GAME_OVER):
        waiting = "waiting for a deal" if phase is Phase.DEAL else "the game is over"
        for name, value in (
            ("hands", state.hand_masks),
            ("passes", state.passes),
            ("tricks", state.tricks),
            ("trick", state.trick),
        ):
            if value:
                reader.add(f"$.{name}", f"must be empty: no hand is in progress while {waiting}")
        if state.leader:
            reader.add("$.leader", f"must be 0 while {waiting}")
        return
    if len(state.hand_masks) != players:
        reader.add("$.hands", f"must hold {players} hands, not {len(state.hand_masks)}")
        return
    _check_counts(reader, state)
    places: list[tuple[str, str, Sequence[Card]]] = [
        (f"$.hands[{seat}]", f"in hand {seat}", hand.cards())
        for seat, hand in enumerate(state.hands)
    ]
    for index, trick in enumerate(state.tricks):
        places += [
            (f"$.tricks[{index}].cards[{i}]", f"in trick {index}", (card,))
            for i, card in enumerate(trick.cards)
        ]
    places += [
        (f"$.trick[{i}]", "in the trick in progress", (c,)) for i, c in enumerate(state.trick)
    ]
    _place_cards(reader, state, places)
    if reader.problems:
        return
    hand = _Hand(state)
    holdings = [state.hand_masks[seat] | hand.played[seat] for seat in range(players)]
    # Leaders first: a wrong one moves cards to other seats, and the hand sizes
    # and passes would then be wrong too.
    _check_leaders(reader, state, holdings)
    if reader.problems:
        return
    for seat, held in enumerate(state.hands):
        expected = hand.hand_size(state, seat)
        if len(held) != expected:
            reader.add(
                f"$.hands[{seat}]", f"seat {seat} should hold {expected} cards, not {len(held)}"
            )
    _check_passes(reader, state, holdings)
    if reader.problems:
        return
    _check_by_replay(reader, state, holdings)


def _check_passes(reader: Reader, state: GameState, holdings: Sequence[int]) -> None:
    rules = state.rules
    players = rules.players
    direction = state.pass_direction
    if direction is PassDirection.HOLD:
        if state.passes:
            reader.add(
                "$.passes", f"must be empty: hand {state.hand_number} passes no cards (hold)"
            )
        return
    if len(state.passes) != players:
        reader.add("$.passes", f"must have {players} entries, one per seat")
        return
    for seat, passed in enumerate(state.passes):
        path = f"$.passes[{seat}]"
        if passed is None:
            if state.phase is not Phase.PASS:
                reader.add(path, "every seat has passed once play begins")
            continue
        if len(passed) != rules.pass_count:
            reader.add(path, f"a pass is {rules.pass_count} cards, not {len(passed)}")
        if state.phase is Phase.PASS:
            if passed.mask & ~state.hand_masks[seat]:
                away = CardSet.from_mask(passed.mask & ~state.hand_masks[seat])
                reader.add(
                    path,
                    f"seat {seat} does not hold {away}: passed cards stay "
                    "in the hand until every seat has passed",
                )
            continue
        receiver = direction.receiver(seat, players)
        if passed.mask & holdings[seat]:
            kept = CardSet.from_mask(passed.mask & holdings[seat])
            reader.add(path, f"seat {seat} passed {kept} but still holds or played them")
        if passed.mask & ~holdings[receiver]:
            lost = CardSet.from_mask(passed.mask & ~holdings[receiver])
            reader.add(path, f"seat {receiver} received {lost} but neither holds nor played them")
    if state.phase is Phase.PASS and None not in state.passes:
        reader.add("$.passes", "once every seat has passed the cards change hands and play begins")


def _check_leaders(reader: Reader, state: GameState, holdings: Sequence[int]) -> None:
    if state.phase is Phase.PASS:
        return
    expected = _first_leader(state, holdings)
    for index, trick in enumerate(state.tricks):
        if expected is not None and trick.leader != expected:
            why = "the previous trick's winner" if index else "the first leader"
            reader.add(
                f"$.tricks[{index}].leader", f"must be {expected} ({why}), not {trick.leader}"
            )
        expected = trick.winner
    if state.phase is Phase.PLAY and expected is not None and state.leader != expected:
        why = "the last trick's winner" if state.tricks else "the first leader"
        reader.add("$.leader", f"must be {expected} ({why}), not {state.leader}")


def _check_by_replay(reader: Reader, state: GameState, holdings: Sequence[int]) -> None:
    """Deal the cards this position implies, replay the hand, and compare."""
    players = state.rules.players
    direction = state.pass_direction
    steps: list[tuple[str, Action]] = []
    if state.phase is Phase.PASS:
        dealt = list(state.hand_masks)
    else:
        dealt = list(holdings)
        if state.passes:
            for seat, passed in enumerate(state.passes):
                assert passed is not None
                receiver = direction.receiver(seat, players)
                dealt[receiver] &= ~passed.mask
            for seat, passed in enumerate(state.passes):
                assert passed is not None
                dealt[seat] |= passed.mask
    steps.append(("$.hands", Deal(tuple(CardSet.from_mask(mask) for mask in dealt))))
    for seat, passed in enumerate(state.passes):
        if passed is not None:
            steps.append((f"$.passes[{seat}]", PassCards(seat, passed)))
    for index, trick in enumerate(state.tricks):
        for i, card in enumerate(trick.cards):
            steps.append((f"$.tricks[{index}].cards[{i}]", PlayCard(trick.seat_of(i), card)))
    for i, card in enumerate(state.trick):
        steps.append((f"$.trick[{i}]", PlayCard((state.leader + i) % players, card)))
    replayed = GameState(state.context, Phase.DEAL)
    for path, action in steps:
        error = explain(replayed, action)
        if error is not None:
            reader.add(path, f"{error.rule.value}: {error}")
            return
        replayed = apply(replayed, action)
    if replayed.phase is not state.phase:
        if state.phase is Phase.MOON:
            reader.add("$.phase", "no moon choice is due: these tricks are scored at once")
        else:
            reader.add("$.phase", f"these cards lead to phase {replayed.phase.value!r}")
    elif replayed != state:
        reader.add("$", "this is not the position its cards lead to")  # pragma: no cover


# --- player views as JSON ---------------------------------------------------------


def _legal_cards(view: PlayerView) -> CardSet:
    cards = CardSet()
    for action in view.legal_actions:
        if isinstance(action, PlayCard):
            cards = cards | CardSet([action.card])
        elif isinstance(action, PassCards):
            return view.hand
    return cards


def view_to_data(view: PlayerView, variant: str | None = None) -> dict[str, Any]:
    """A player view as plain JSON data (see :func:`view_to_json`).

    >>> from hearts_core import new_game, observe
    >>> view_to_data(observe(new_game(), 2))["seat"]
    2
    """
    return {
        "format": VIEW_FORMAT,
        "variant": variant,
        "seat": view.seat,
        "rules": rules_to_data(view.rules),
        "phase": view.phase.value,
        "hand_number": view.hand_number,
        "dealer": view.dealer,
        "pass_direction": view.pass_direction.value,
        "hand": cards_to_data(view.hand),
        "passed": None if view.passed is None else cards_to_data(view.passed),
        "received": None if view.received is None else cards_to_data(view.received),
        "passed_seats": list(view.passed_seats),
        "hand_sizes": list(view.hand_sizes),
        "tricks": _tricks_to_data(view.tricks),
        "trick": cards_to_data(view.trick),
        "leader": view.leader,
        "hearts_broken": view.hearts_broken,
        "hand_points": list(view.hand_points),
        "scores": list(view.scores),
        "to_act": list(view.to_act),
        "winners": list(view.winners),
        "legal_cards": cards_to_data(_legal_cards(view)),
    }


def view_to_json(view: PlayerView, variant: str | None = None, *, pretty: bool = False) -> str:
    """A player view as canonical JSON: what a server sends one seat.

    It holds the seat's own hand and passes and the public record, never a card
    of another hand. ``legal_cards`` lists the cards the seat's legal actions use
    (the cards it may play, or its hand while it has a pass to make).

    >>> import random
    >>> from hearts_core import Rules, apply, new_game, observe, random_deal
    >>> state = apply(new_game(), random_deal(Rules(), random.Random(1)))
    >>> text = view_to_json(observe(state, 1))
    >>> all(str(card) not in text.split('"rules"')[0] for card in state.hands[0])
    True
    """
    return dumps(view_to_data(view, variant), pretty=pretty)


_VIEW_KEYS: Final = (
    "format",
    "seat",
    "rules",
    "phase",
    "hand_number",
    "dealer",
    "pass_direction",
    "hand",
    "passed",
    "received",
    "passed_seats",
    "hand_sizes",
    "tricks",
    "trick",
    "leader",
    "hearts_broken",
    "hand_points",
    "scores",
    "to_act",
    "winners",
    "legal_cards",
)


def view_from_data(data: Any) -> PlayerView:
    """A player view from parsed JSON data, its derived fields checked.

    The seat's cards and the public record must fit together (each card in one
    place, hand sizes, trick leaders, passes), and every field that follows from
    the others (dealer, pass direction, hand sizes, hearts broken, hand points,
    whose turn, winners, legal cards) must be what they give. The legality of
    other seats' past plays depends on cards the view hides and is not checked.

    Raises:
        RecordError: listing every problem with its JSON path.

    >>> from hearts_core import new_game, observe
    >>> data = view_to_data(observe(new_game(), 0))
    >>> data["dealer"], data["hand_points"] = 1, [0, 5, 0, 0]
    >>> view_from_data(data)
    Traceback (most recent call last):
    ...
    hearts_core.errors.RecordError: 2 problems:
      $.dealer: is 1, but the rest of the view gives 3
      $.hand_points: is [0,5,0,0], but the rest of the view gives [0,0,0,0]
    """
    reader = Reader()
    doc = reader.json_object(data, "$", required=_VIEW_KEYS, optional=("variant",))
    if doc is None or any(key not in doc for key in _VIEW_KEYS):
        reader.raise_if_any()
    assert doc is not None
    _check_format(reader, doc, VIEW_FORMAT)
    _optional_string(reader, doc.get("variant"), "$.variant")
    rules = read_rules(reader, doc["rules"], "$.rules")
    players = rules.players if rules is not None else None
    seat = reader.seat(doc["seat"], "$.seat", players)
    phase = reader.choice(Phase, doc["phase"], "$.phase")
    hand_number = reader.integer(doc["hand_number"], "$.hand_number", 0)
    scores = _read_scores(reader, doc["scores"], "$.scores", players)
    hand = reader.cards(doc["hand"], "$.hand")
    passed = None if doc["passed"] is None else reader.cards(doc["passed"], "$.passed")
    received = None if doc["received"] is None else reader.cards(doc["received"], "$.received")
    tricks = _read_tricks(reader, doc["tricks"], "$.tricks", players)
    trick = reader.card_list(doc["trick"], "$.trick")
    leader = reader.seat(doc["leader"], "$.leader", players)
    passed_seats = _read_seats(reader, doc["passed_seats"], "$.passed_seats", players)
    # The derived fields: read for their types here, compared with what they
    # should be below.
    derived = {
        "dealer": reader.seat(doc["dealer"], "$.dealer", players),
        "pass_direction": reader.choice(PassDirection, doc["pass_direction"], "$.pass_direction"),
        "hand_sizes": _read_scores(reader, doc["hand_sizes"], "$.hand_sizes", players),
        "hearts_broken": reader.boolean(doc["hearts_broken"], "$.hearts_broken"),
        "hand_points": _read_scores(reader, doc["hand_points"], "$.hand_points", players),
        "to_act": _read_seats(reader, doc["to_act"], "$.to_act", players),
        "winners": _read_seats(reader, doc["winners"], "$.winners", players),
    }
    legal = reader.cards(doc["legal_cards"], "$.legal_cards")
    reader.raise_if_any()
    assert rules is not None and seat is not None and phase is not None
    assert hand_number is not None and scores is not None and hand is not None
    assert trick is not None and leader is not None and legal is not None
    context = HandContext(rules, hand_number, scores)
    given = _Seen(seat, phase, hand, passed, received, passed_seats, tuple(tricks), trick, leader)
    state = _fabricate(reader, context, given)
    reader.raise_if_any()
    assert state is not None
    view = observe(state, seat)
    for name, value in derived.items():
        expected = getattr(view, name)
        if value != expected:
            _mismatch(reader, name, _plain(value), _plain(expected))
    if legal != _legal_cards(view):
        _mismatch(reader, "legal_cards", cards_to_data(legal), cards_to_data(_legal_cards(view)))
    reader.raise_if_any()
    return view


def view_from_json(text: str | bytes) -> PlayerView:
    """A player view from JSON text (untrusted input welcome); its legal actions are
    worked out again from the view.

    Raises:
        RecordError: listing every problem with its JSON path; nothing else.

    >>> import random
    >>> from hearts_core import Rules, apply, new_game, observe, random_deal
    >>> state = apply(new_game(), random_deal(Rules(), random.Random(1)))
    >>> view = view_from_json(view_to_json(observe(state, 3)))
    >>> view == observe(state, 3), len(view.legal_actions)
    (True, 286)
    """
    return view_from_data(loads(text))


def _mismatch(reader: Reader, name: str, found: object, expected: object) -> None:
    reader.add(f"$.{name}", f"is {dumps(found)}, but the rest of the view gives {dumps(expected)}")


def _plain(value: object) -> object:
    if isinstance(value, PassDirection):
        return value.value
    if isinstance(value, tuple):
        return list(value)
    return value


@attrs.frozen
class _Seen:
    """The parts of a view that are not derived from the others."""

    seat: int
    phase: Phase
    hand: CardSet
    passed: CardSet | None
    received: CardSet | None
    passed_seats: tuple[int, ...]
    tricks: tuple[Trick, ...]
    trick: tuple[Card, ...]
    leader: int


def _fabricate(reader: Reader, context: HandContext, seen: _Seen) -> GameState | None:
    """A full state that the seat would see as ``seen``, after checking what it sees.

    The hidden cards go to the other seats in card order, as many as each one's
    hand size says (the cards this seat passed stay with their receiver); which
    seat gets which hidden card changes nothing the seat sees.
    """
    rules = context.rules
    tables = context.tables
    players = tables.players
    phase = seen.phase
    hand_number = context.hand_number
    me = seen.seat
    _check_totals(reader, rules, hand_number, context.scores, phase)
    if phase in (Phase.DEAL, Phase.GAME_OVER):
        waiting = "waiting for a deal" if phase is Phase.DEAL else "the game is over"
        for name, value in (
            ("hand", seen.hand),
            ("passed", seen.passed),
            ("received", seen.received),
            ("passed_seats", seen.passed_seats),
            ("tricks", seen.tricks),
            ("trick", seen.trick),
        ):
            if value:
                reader.add(f"$.{name}", f"must be empty while {waiting}")
        if seen.leader:
            reader.add("$.leader", f"must be 0 while {waiting}")
        return GameState(context, phase)
    # A position in a hand: check what the seat sees, then deal the rest.
    probe = GameState(context, phase, (), (), seen.tricks, seen.trick, seen.leader)
    _check_counts(reader, probe)
    places: list[tuple[str, str, Sequence[Card]]] = [("$.hand", "in the hand", seen.hand.cards())]
    for index, trick in enumerate(seen.tricks):
        places += [
            (f"$.tricks[{index}].cards[{i}]", f"in trick {index}", (card,))
            for i, card in enumerate(trick.cards)
        ]
    places += [
        (f"$.trick[{i}]", "in the trick in progress", (c,)) for i, c in enumerate(seen.trick)
    ]
    deck = tables.deck
    seen_mask = 0
    for path, _, cards in places:
        for card in cards:
            if not card.bit & deck:
                reader.add(path, f"{card} is not in this ruleset's deck")
            elif seen_mask & card.bit:
                reader.add(path, f"{card} is seen twice")
            seen_mask |= card.bit
    if reader.problems:
        return None
    hand = _Hand(probe)
    holdings = list(hand.played)
    holdings[me] |= seen.hand.mask
    # Leaders first (a wrong one moves cards to other seats). Only the cards this
    # seat sees say who led first: the hidden ones are dealt below, in an order of
    # this function's choosing.
    _check_leaders(reader, probe, holdings)
    if reader.problems:
        return None
    sizes = [hand.hand_size(probe, seat) for seat in range(players)]
    if len(seen.hand) != sizes[me]:
        reader.add("$.hand", f"seat {me} should hold {sizes[me]} cards, not {len(seen.hand)}")
    if phase is Phase.MOON:
        taken_masks, won = probe._taken_and_won()
        if score_hand(rules, taken_masks, won, context.scores).scores is not None:
            reader.add("$.phase", "no moon choice is due: these tricks are scored at once")
    hidden = deck & ~seen_mask
    passes = _view_passes(reader, context, seen, holdings, hidden, sizes)
    if reader.problems or passes is None:
        return None
    # Deal the hidden cards: the receiver keeps what this seat passed it, the rest
    # go round in card order.
    masks = [0] * players
    masks[me] = seen.hand.mask
    direction = rules.pass_direction(hand_number)
    if phase is not Phase.PASS and seen.passed is not None:
        receiver = direction.receiver(me, players)
        masks[receiver] = seen.passed.mask & hidden
        hidden &= ~seen.passed.mask
    rest = CardSet.from_mask(hidden).cards()
    taken = 0
    for seat in range(players):
        if seat == me:
            continue
        need = sizes[seat] - masks[seat].bit_count()
        if need < 0:
            reader.add("$.passed", f"seat {seat} cannot still hold all of the cards passed to it")
            return None
        masks[seat] |= CardSet(rest[taken : taken + need]).mask
        taken += need
    if taken != len(rest):
        reader.add("$.hand_sizes", "the hidden cards do not fit the hand sizes")  # pragma: no cover
        return None
    if phase is Phase.PASS:
        passes = tuple(
            p
            if p is not None or seat not in seen.passed_seats or seat == me
            else CardSet(CardSet.from_mask(masks[seat]).cards()[: rules.pass_count])
            for seat, p in enumerate(passes)
        )
    return GameState(context, phase, tuple(masks), passes, seen.tricks, seen.trick, seen.leader)


def _view_passes(
    reader: Reader,
    context: HandContext,
    seen: _Seen,
    holdings: Sequence[int],
    hidden: int,
    sizes: Sequence[int],
) -> tuple[CardSet | None, ...] | None:
    """The passes of the fabricated state, after checking the seat's own."""
    rules = context.rules
    players = rules.players
    direction = rules.pass_direction(context.hand_number)
    me = seen.seat
    count = rules.pass_count
    if direction is PassDirection.HOLD:
        for name, value in (("passed", seen.passed), ("received", seen.received)):
            if value is not None:
                reader.add(f"$.{name}", f"must be null: hand {context.hand_number} passes no cards")
        if seen.passed_seats:
            reader.add("$.passed_seats", "must be empty: this hand passes no cards")
        return ()
    for name, value in (("passed", seen.passed), ("received", seen.received)):
        if value is not None and len(value) != count:
            reader.add(f"$.{name}", f"a pass is {count} cards, not {len(value)}")
    if seen.phase is Phase.PASS:
        if seen.received is not None:
            reader.add("$.received", "must be null until every seat has passed")
        if (seen.passed is not None) != (me in seen.passed_seats):
            reader.add("$.passed_seats", f"lists seat {me} exactly when $.passed is not null")
        if seen.passed is not None and seen.passed.mask & ~seen.hand.mask:
            reader.add("$.passed", "passed cards stay in the hand until every seat has passed")
        if len(seen.passed_seats) == players:
            reader.add("$.passed_seats", "once every seat has passed, play begins")
        return tuple(seen.passed if seat == me else None for seat in range(players))
    if seen.passed_seats != tuple(range(players)):
        reader.add("$.passed_seats", "every seat has passed once play begins")
    if seen.passed is None or seen.received is None:
        for name, value in (("passed", seen.passed), ("received", seen.received)):
            if value is None:
                reader.add(f"$.{name}", "must be the cards of the pass once play begins")
        return None
    receiver = direction.receiver(me, players)
    giver = (me - direction.offset(players)) % players
    if seen.received.mask & ~holdings[me]:
        lost = CardSet.from_mask(seen.received.mask & ~holdings[me])
        reader.add("$.received", f"seat {me} neither holds nor played {lost}")
    if seen.passed.mask & holdings[me]:
        kept = CardSet.from_mask(seen.passed.mask & holdings[me])
        reader.add("$.passed", f"seat {me} still holds or played {kept}")
    played_away = seen.passed.mask & ~hidden & ~holdings[me]
    if played_away & ~holdings[receiver]:
        wrong = CardSet.from_mask(played_away & ~holdings[receiver])
        reader.add("$.passed", f"{wrong} went to seat {receiver}, but another seat played it")
    if (seen.passed.mask & hidden).bit_count() > sizes[receiver]:
        reader.add("$.passed", f"seat {receiver} holds fewer cards than it was passed")
    # What the other seats passed is hidden: any card set marks them as passed.
    passes: list[CardSet | None] = [CardSet() for _ in range(players)]
    passes[giver] = seen.received
    passes[me] = seen.passed
    return tuple(passes)
