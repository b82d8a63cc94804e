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

from hearts_core.actions import Action, Deal, PassCards, PlayCard
from hearts_core.belief import consistent_state
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
from hearts_core.engine import MAX_HAND_NUMBER, MAX_TOTAL, apply, new_game
from hearts_core.errors import IllegalActionError, InvalidActionError, InvalidStateError, Rule
from hearts_core.legality import explain, malformed
from hearts_core.observation import PlayerView, observe
from hearts_core.options import PassDirection
from hearts_core.rules import Rules, RuleTables, is_seat
from hearts_core.scoring import game_is_over, moon_shooter, score_hand
from hearts_core.state import (
    GameState,
    HandContext,
    Phase,
    Trick,
    between_hands,
    dealer_of,
    first_leader,
    hearts_broken_by,
    seat_of,
    taken_and_won,
)

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


def _zero_totals(record: GameRecord) -> tuple[int, ...]:
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
    >>> record.final.current_trick, record.final.to_act
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
    totals: tuple[int, ...] = attrs.field(
        default=attrs.Factory(_zero_totals, takes_self=True), converter=_as_tuple
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
        return new_game(self.rules, hand_number=self.hand_number, totals=self.totals)

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
            self, actions=tuple(actions), hand_number=begin.hand_number, totals=begin.totals
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
    elif phase is not Phase.GAME_OVER and over and not rules.single_hand:
        reader.add(
            paths[1], f"these totals have ended the game, so hand {hand_number} is not played"
        )


_RULE_FIELD: Final = {
    Rule.WRONG_PHASE: "type",
    Rule.NOT_YOUR_TURN: "seat",
    Rule.ALREADY_PASSED: "seat",
    Rule.INVALID_DEAL: "hands",
    Rule.WRONG_PASS_COUNT: "cards",
    Rule.NO_SUCH_SEAT: "seat",
}


def _action_problem(error: IllegalActionError | InvalidActionError, path: str) -> tuple[str, str]:
    """Where an illegal action is wrong, and why (the rule identifier first)."""
    if isinstance(error, InvalidActionError):
        return (key_path(path, error.field) if error.field else path), str(error)
    field = _RULE_FIELD.get(error.rule)
    if field is None:
        field = "cards" if isinstance(error.action, PassCards) else "card"
    return key_path(path, field), f"{error.rule.value}: {error}"


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
        problem = malformed(action)
        if problem is not None:
            reader.add(path, str(problem))
            ok = False
        elif not isinstance(action, Deal) and not is_seat(getattr(action, "seat", None), players):
            reader.add(key_path(path, "seat"), f"no seat at a table of {players}")
            ok = False
    return ok


def _check_record(reader: Reader, record: GameRecord) -> None:
    rules = record.rules
    if not isinstance(rules, Rules):
        reader.add("$.rules", f"must be a Rules value, not {describe(rules)}")
        return
    players = rules.players
    _check_metadata(reader, record, players)
    hand_number = reader.integer(record.hand_number, "$.hand_number", 0, MAX_HAND_NUMBER)
    _read_totals(reader, record.totals, "$.scores", players)
    if not isinstance(record.actions, tuple):
        reader.add("$.actions", f"must be a sequence of actions, not {describe(record.actions)}")
        return
    if reader.problems or not _check_actions(reader, record, players):
        return
    assert hand_number is not None
    _check_totals(reader, rules, hand_number, record.totals, Phase.DEAL)
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
        "scores": list(record.totals),
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
    hand_number = reader.integer(doc.get("hand_number", 0), "$.hand_number", 0, MAX_HAND_NUMBER)
    scores = _read_totals(reader, doc["scores"], "$.scores", players) if "scores" in doc else None
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
        totals=scores if scores is not None else (0,) * rules.players,
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


def _read_totals(
    reader: Reader, value: object, path: str, players: int | None
) -> tuple[int, ...] | None:
    """Running totals, each within what a game may start with."""
    items = reader.array(value, path, players)
    if items is None:
        return None
    totals = [
        reader.integer(item, f"{path}[{i}]", -MAX_TOTAL, MAX_TOTAL) for i, item in enumerate(items)
    ]
    return None if None in totals else tuple(t for t in totals if t is not None)


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
        "scores": list(state.totals),
        "phase": state.phase.value,
        "hands": [cards_to_data(hand) for hand in state.hands],
        "passes": [None if p is None else cards_to_data(p) for p in state.passes],
        "tricks": _tricks_to_data(state.tricks),
        "trick": cards_to_data(state.current_trick),
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


@attrs.frozen
class _Position:
    """A position as a document states it, before it is checked: the fields of a state,
    hands as masks."""

    rules: Rules
    hand_number: int
    totals: tuple[int, ...]
    phase: Phase
    hand_masks: tuple[int, ...]
    passes: tuple[CardSet | None, ...]
    tricks: tuple[Trick, ...]
    current_trick: tuple[Card, ...]
    leader: int

    @property
    def tables(self) -> RuleTables:
        return self.rules.tables()

    @property
    def dealer(self) -> int:
        return dealer_of(self.hand_number, self.rules.players)

    @property
    def pass_direction(self) -> PassDirection:
        return self.rules.pass_direction(self.hand_number)

    @classmethod
    def of(cls, state: GameState) -> _Position:
        return cls(
            state.rules,
            state.hand_number,
            state.totals,
            state.phase,
            state.hand_masks,
            state.passes,
            state.tricks,
            state.current_trick,
            state.leader,
        )


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
    hand_number = reader.integer(doc["hand_number"], "$.hand_number", 0, MAX_HAND_NUMBER)
    totals = _read_totals(reader, doc["scores"], "$.scores", players)
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
    assert rules is not None and hand_number is not None and totals is not None
    assert phase is not None and trick is not None and leader is not None
    position = _Position(
        rules,
        hand_number,
        totals,
        phase,
        tuple(h.mask for h in hands if h is not None),
        tuple(passes),
        tuple(tricks),
        trick,
        leader,
    )
    state = _check_state(reader, position)
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


class _Hand:
    """What a position in a hand says about who holds and played what."""

    def __init__(self, position: _Position) -> None:
        tables = position.tables
        self.players = players = tables.players
        self.size = tables.hand_size
        self.played = [0] * players
        """Cards each seat has played this hand, as masks."""
        for trick in position.tricks:
            for index, card in enumerate(trick.cards):
                self.played[seat_of(trick.leader, index, players)] |= card.bit
        self.in_trick = [
            seat_of(position.leader, index, players) for index in range(len(position.current_trick))
        ]
        for seat, card in zip(self.in_trick, position.current_trick, strict=True):
            self.played[seat] |= card.bit

    def hand_size(self, position: _Position, seat: int) -> int:
        """Cards ``seat`` should hold now."""
        if position.phase is Phase.PASS:
            return self.size
        return self.size - len(position.tricks) - (seat in self.in_trick)


def _check_counts(reader: Reader, position: _Position) -> None:
    """Trick counts, trick sizes and the leader for the phase."""
    tables = position.tables
    players, size = tables.players, tables.hand_size
    phase = position.phase
    if phase is Phase.PASS:
        if position.tricks or position.current_trick:
            reader.add("$.tricks", "must be empty: no card is played while passing")
    elif phase is Phase.PLAY:
        if len(position.tricks) >= size:
            reader.add("$.tricks", f"a hand has {size} tricks, and it is scored after the last one")
        if len(position.current_trick) >= players:
            reader.add("$.trick", f"a trick in progress has fewer than {players} cards")
    elif phase is Phase.MOON:
        if len(position.tricks) != size:
            reader.add("$.tricks", f"the moon choice comes after all {size} tricks")
        if position.current_trick:
            reader.add("$.trick", "must be empty once every trick is played")
    if phase is not Phase.PLAY and position.leader != 0:
        reader.add("$.leader", f"must be 0 when no trick is being played, not {position.leader}")
    for index, trick in enumerate(position.tricks):
        if len(trick.cards) != players:
            reader.add(f"$.tricks[{index}].cards", f"a trick has {players} cards")


def _place_cards(
    reader: Reader, deck: int, places: Sequence[tuple[str, str, Sequence[Card]]]
) -> int:
    """Each card at most once among ``places`` (path, name, cards), all in the deck; the
    cards placed, as a mask."""
    seen: dict[Card, str] = {}
    for path, name, cards in places:
        for card in cards:
            if not card.bit & deck:
                reader.add(path, f"{card} is not in this ruleset's deck")
            elif card in seen:
                reader.add(path, f"{card} is also {seen[card]}")
            else:
                seen[card] = name
    return CardSet(seen).mask


def _played_places(position: _Position) -> list[tuple[str, str, Sequence[Card]]]:
    places: list[tuple[str, str, Sequence[Card]]] = []
    for index, trick in enumerate(position.tricks):
        places += [
            (f"$.tricks[{index}].cards[{i}]", f"in trick {index}", (card,))
            for i, card in enumerate(trick.cards)
        ]
    places += [
        (f"$.trick[{i}]", "in the trick in progress", (c,))
        for i, c in enumerate(position.current_trick)
    ]
    return places


def _between_hands(reader: Reader, phase: Phase, values: dict[str, object], leader: int) -> None:
    """Between hands (waiting for a deal, or the game over) nothing of a hand is shown."""
    waiting = "waiting for a deal" if phase is Phase.DEAL else "the game is over"
    for name, value in values.items():
        if value:
            reader.add(f"$.{name}", f"must be empty: no hand is in progress while {waiting}")
    if leader:
        reader.add("$.leader", f"must be 0 while {waiting}")


def _check_state(reader: Reader, position: _Position) -> GameState | None:
    """Check a stated position; the state its cards lead to, if it is one a game reaches."""
    rules = position.rules
    players = rules.players
    phase = position.phase
    _check_totals(reader, rules, position.hand_number, position.totals, phase)
    if phase in (Phase.DEAL, Phase.GAME_OVER):
        _between_hands(
            reader,
            phase,
            {
                "hands": position.hand_masks,
                "passes": position.passes,
                "tricks": position.tricks,
                "trick": position.current_trick,
            },
            position.leader,
        )
        if reader.problems:
            return None
        return _state_between_hands(position)
    if len(position.hand_masks) != players:
        reader.add("$.hands", f"must hold {players} hands, not {len(position.hand_masks)}")
        return None
    _check_counts(reader, position)
    places: list[tuple[str, str, Sequence[Card]]] = [
        (f"$.hands[{seat}]", f"in hand {seat}", _from_mask_cards(mask))
        for seat, mask in enumerate(position.hand_masks)
    ]
    placed = _place_cards(reader, position.tables.deck, places + _played_places(position))
    missing = position.tables.deck & ~placed
    if missing:
        reader.add("$.hands", f"these cards are nowhere: {CardSet.from_mask(missing)}")
    if reader.problems:
        return None
    hand = _Hand(position)
    holdings = [position.hand_masks[seat] | hand.played[seat] for seat in range(players)]
    # Leaders first: a wrong one moves cards to other seats, and the hand sizes
    # and passes would then be wrong too.
    _check_leaders(reader, position, holdings)
    if reader.problems:
        return None
    for seat, held in enumerate(position.hand_masks):
        expected = hand.hand_size(position, seat)
        if held.bit_count() != expected:
            reader.add(
                f"$.hands[{seat}]",
                f"seat {seat} should hold {expected} cards, not {held.bit_count()}",
            )
    _check_passes(reader, position, holdings)
    if reader.problems:
        return None
    return _check_by_replay(reader, position, holdings)


def _from_mask_cards(mask: int) -> tuple[Card, ...]:
    return CardSet.from_mask(mask).cards()


def _state_between_hands(position: _Position) -> GameState:
    context = HandContext(position.rules, position.hand_number, position.totals)
    return between_hands(context, position.phase)


def _check_passes(reader: Reader, position: _Position, holdings: Sequence[int]) -> None:
    rules = position.rules
    players = rules.players
    direction = position.pass_direction
    if direction is PassDirection.HOLD:
        if position.passes:
            reader.add(
                "$.passes", f"must be empty: hand {position.hand_number} passes no cards (hold)"
            )
        return
    if len(position.passes) != players:
        reader.add("$.passes", f"must have {players} entries, one per seat")
        return
    for seat, passed in enumerate(position.passes):
        path = f"$.passes[{seat}]"
        if passed is None:
            if position.phase is not Phase.PASS:
                reader.add(path, "every seat has passed once play begins")
            continue
        if len(passed) != rules.pass_count:
            reader.add(path, f"a pass is {rules.pass_count} cards, not {len(passed)}")
        if position.phase is Phase.PASS:
            if passed.mask & ~position.hand_masks[seat]:
                away = CardSet.from_mask(passed.mask & ~position.hand_masks[seat])
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
    if position.phase is Phase.PASS and None not in position.passes:
        reader.add("$.passes", "once every seat has passed the cards change hands and play begins")


def _check_leaders(reader: Reader, position: _Position, holdings: Sequence[int]) -> None:
    if position.phase is Phase.PASS:
        return
    expected = first_leader(position.tables, holdings, position.dealer)
    for index, trick in enumerate(position.tricks):
        if expected is not None and trick.leader != expected:
            why = "the previous trick's winner" if index else "the first leader"
            reader.add(
                f"$.tricks[{index}].leader", f"must be {expected} ({why}), not {trick.leader}"
            )
        expected = trick.winner
    if position.phase is Phase.PLAY and expected is not None and position.leader != expected:
        why = "the last trick's winner" if position.tricks else "the first leader"
        reader.add("$.leader", f"must be {expected} ({why}), not {position.leader}")


def _check_by_replay(
    reader: Reader, position: _Position, holdings: Sequence[int]
) -> GameState | None:
    """Deal the cards this position implies, replay the hand, and compare; the state."""
    players = position.rules.players
    direction = position.pass_direction
    steps: list[tuple[str, Action]] = []
    if position.phase is Phase.PASS:
        dealt = list(position.hand_masks)
    else:
        dealt = list(holdings)
        if position.passes:
            for seat, passed in enumerate(position.passes):
                assert passed is not None
                dealt[direction.receiver(seat, players)] &= ~passed.mask
            for seat, passed in enumerate(position.passes):
                assert passed is not None
                dealt[seat] |= passed.mask
    steps.append(("$.hands", Deal(tuple(CardSet.from_mask(mask) for mask in dealt))))
    for seat, passed in enumerate(position.passes):
        if passed is not None:
            steps.append((f"$.passes[{seat}]", PassCards(seat, passed)))
    for index, trick in enumerate(position.tricks):
        for i, card in enumerate(trick.cards):
            steps.append((f"$.tricks[{index}].cards[{i}]", PlayCard(trick.seat_of(i), card)))
    for i, card in enumerate(position.current_trick):
        steps.append((f"$.trick[{i}]", PlayCard(seat_of(position.leader, i, players), card)))
    replayed = new_game(position.rules, hand_number=position.hand_number, totals=position.totals)
    for path, action in steps:
        error = explain(replayed, action)
        if error is not None:
            label = error.rule.value if isinstance(error, IllegalActionError) else "INVALID"
            reader.add(path, f"{label}: {error}")
            return None
        replayed = apply(replayed, action)
    if replayed.phase is not position.phase:
        if position.phase is Phase.MOON:
            reader.add("$.phase", "no moon choice is due: these tricks are scored at once")
        else:
            reader.add("$.phase", f"these cards lead to phase {replayed.phase.value!r}")
        return None
    if _Position.of(replayed) != position:
        reader.add("$", "this is not the position its cards lead to")  # pragma: no cover
        return None
    return replayed


# --- player views as JSON ---------------------------------------------------------


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
        "trick": cards_to_data(view.current_trick),
        "leader": view.leader,
        "hearts_broken": view.hearts_broken,
        "hand_points": list(view.hand_points),
        "scores": list(view.totals),
        "to_act": list(view.to_act),
        "winners": list(view.winners),
        "legal_cards": cards_to_data(view.legal_cards),
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


_VIEW_DERIVED: Final = (
    "dealer",
    "pass_direction",
    "hand_sizes",
    "hearts_broken",
    "hand_points",
    "to_act",
    "winners",
)


def view_from_data(data: Any) -> PlayerView:
    """A player view from parsed JSON data, checked to be one a game shows.

    The seat's cards and the public record must fit together (each card in one
    place, hand sizes, trick leaders, passes); some deal of the hidden cards
    must make every play of the hand legal (see :class:`~hearts_core.Belief`);
    and every field that follows from the others (dealer, pass direction, hand
    sizes, hearts broken, hand points, whose turn, winners, legal cards) must be
    what they give.

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
    hand_number = reader.integer(doc["hand_number"], "$.hand_number", 0, MAX_HAND_NUMBER)
    totals = _read_totals(reader, doc["scores"], "$.scores", players)
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
    assert hand_number is not None and totals is not None and hand is not None
    assert trick is not None and leader is not None and legal is not None
    position = _Position(rules, hand_number, totals, phase, (), (), tuple(tricks), trick, leader)
    seen = _Seen(position, seat, hand, passed, received, passed_seats)
    candidate = _candidate(reader, seen)
    reader.raise_if_any()
    assert candidate is not None
    try:
        state = consistent_state(candidate)
    except InvalidStateError as exc:
        reader.add("$", f"no deal of the hidden cards gives this view: {exc.reason}")
        reader.raise_if_any()
        raise AssertionError("unreachable: a problem was reported") from exc
    if phase not in (Phase.DEAL, Phase.GAME_OVER):
        # Every play legal, this seat's own included: replay the hand.
        _check_by_replay(reader, _Position.of(state), _holdings(state))
        reader.raise_if_any()
    view = observe(state, seat)
    for name, value in derived.items():
        expected = getattr(view, name)
        if value != expected:
            _mismatch(reader, name, _plain(value), _plain(expected))
    if legal != view.legal_cards:
        _mismatch(reader, "legal_cards", cards_to_data(legal), cards_to_data(view.legal_cards))
    reader.raise_if_any()
    return view


def _holdings(state: GameState) -> list[int]:
    """Each seat's cards since the exchange: held now or played."""
    hands = list(state.hand_masks)
    players = state.rules.players
    for trick in state.tricks:
        for index, card in enumerate(trick.cards):
            hands[seat_of(trick.leader, index, players)] |= card.bit
    for index, card in enumerate(state.current_trick):
        hands[seat_of(state.leader, index, players)] |= card.bit
    return hands


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
    """What a view says that is not derived from the rest: the public position and this
    seat's own cards and passes."""

    position: _Position
    seat: int
    hand: CardSet
    passed: CardSet | None
    received: CardSet | None
    passed_seats: tuple[int, ...]


def _candidate(reader: Reader, seen: _Seen) -> PlayerView | None:
    """The view ``seen`` describes, with its derived fields worked out, after checking
    what the seat sees; ``None`` when there is a problem."""
    position = seen.position
    rules = position.rules
    tables = rules.tables()
    players = tables.players
    phase = position.phase
    me = seen.seat
    _check_totals(reader, rules, position.hand_number, position.totals, phase)
    view = PlayerView(
        seat=me,
        rules=rules,
        phase=phase,
        hand_number=position.hand_number,
        dealer=position.dealer,
        pass_direction=position.pass_direction,
        hand=seen.hand,
        passed=seen.passed,
        received=seen.received,
        passed_seats=seen.passed_seats,
        hand_sizes=(0,) * players,
        tricks=position.tricks,
        current_trick=position.current_trick,
        leader=position.leader,
        hearts_broken=False,
        hand_points=(0,) * players,
        totals=position.totals,
        to_act=(),
        winners=(),
        legal_actions=(),
    )
    if phase in (Phase.DEAL, Phase.GAME_OVER):
        _between_hands(
            reader,
            phase,
            {
                "hand": seen.hand,
                "passed": seen.passed,
                "received": seen.received,
                "passed_seats": seen.passed_seats,
                "tricks": position.tricks,
                "trick": position.current_trick,
            },
            position.leader,
        )
        if phase is Phase.GAME_OVER:
            low = min(position.totals)
            winners = tuple(s for s, total in enumerate(position.totals) if total == low)
            view = attrs.evolve(view, winners=winners)
        return None if reader.problems else view
    # A position in a hand: check what the seat sees.
    _check_counts(reader, position)
    places = [("$.hand", "in the hand", seen.hand.cards()), *_played_places(position)]
    seen_mask = _place_cards(reader, tables.deck, places)
    if reader.problems:
        return None
    hand = _Hand(position)
    holdings = list(hand.played)
    holdings[me] |= seen.hand.mask
    # Leaders first (a wrong one moves cards to other seats). Only the cards this
    # seat sees say who led first; the hidden ones are dealt later.
    _check_leaders(reader, position, holdings)
    if reader.problems:
        return None
    sizes = tuple(hand.hand_size(position, seat) for seat in range(players))
    if len(seen.hand) != sizes[me]:
        reader.add("$.hand", f"seat {me} should hold {sizes[me]} cards, not {len(seen.hand)}")
    taken, won = taken_and_won(position.tricks, players)
    if phase is Phase.MOON and score_hand(rules, taken, won, position.totals).scores is not None:
        reader.add("$.phase", "no moon choice is due: these tricks are scored at once")
    _view_passes(reader, seen, holdings, tables.deck & ~seen_mask, sizes)
    if reader.problems:
        return None
    if phase is Phase.PLAY:
        to_act: tuple[int, ...] = (seat_of(position.leader, len(position.current_trick), players),)
    elif phase is Phase.PASS:
        to_act = tuple(s for s in range(players) if s not in seen.passed_seats)
    else:
        shooter = moon_shooter(tables, taken)
        to_act = () if shooter is None else (shooter,)
    return attrs.evolve(
        view,
        hand_sizes=sizes,
        hearts_broken=hearts_broken_by(tables, position.tricks, position.current_trick),
        hand_points=tuple(tables.points_of(mask) for mask in taken),
        to_act=to_act,
    )


def _view_passes(
    reader: Reader, seen: _Seen, holdings: Sequence[int], hidden: int, sizes: Sequence[int]
) -> None:
    """Check the seat's own passes against what it holds and has seen played."""
    position = seen.position
    rules = position.rules
    players = rules.players
    direction = position.pass_direction
    me = seen.seat
    count = rules.pass_count
    if direction is PassDirection.HOLD:
        for name, value in (("passed", seen.passed), ("received", seen.received)):
            if value is not None:
                reader.add(
                    f"$.{name}", f"must be null: hand {position.hand_number} passes no cards"
                )
        if seen.passed_seats:
            reader.add("$.passed_seats", "must be empty: this hand passes no cards")
        return
    for name, value in (("passed", seen.passed), ("received", seen.received)):
        if value is not None and len(value) != count:
            reader.add(f"$.{name}", f"a pass is {count} cards, not {len(value)}")
    if position.phase is Phase.PASS:
        if seen.received is not None:
            reader.add("$.received", "must be null until every seat has passed")
        if (seen.passed is not None) != (me in seen.passed_seats):
            reader.add("$.passed_seats", f"lists seat {me} exactly when $.passed is not null")
        if seen.passed is not None and seen.passed.mask & ~seen.hand.mask:
            reader.add("$.passed", "passed cards stay in the hand until every seat has passed")
        if len(seen.passed_seats) == players:
            reader.add("$.passed_seats", "once every seat has passed, play begins")
        return
    if seen.passed_seats != tuple(range(players)):
        reader.add("$.passed_seats", "every seat has passed once play begins")
    if seen.passed is None or seen.received is None:
        for name, value in (("passed", seen.passed), ("received", seen.received)):
            if value is None:
                reader.add(f"$.{name}", "must be the cards of the pass once play begins")
        return
    receiver = direction.receiver(me, players)
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
