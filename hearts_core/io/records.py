"""Game records (``hearts-record/2``): the rules, every action in order (deals included)
and optional metadata; building one replays it, so a record is always a legal game.

>>> import random
>>> from hearts_core import Phase, apply, legal_actions, new_game, random_deal, variant
>>> rng = random.Random(5)
>>> state, actions = new_game(variant("classic")), []
>>> while state.phase is not Phase.GAME_OVER and len(actions) < 80:
...     action = rng.choice(legal_actions(state) or [random_deal(state.rules, rng)])
...     actions.append(action)
...     state = apply(state, action)
>>> record = GameRecord(variant("classic"), actions, variant="classic", event="club night")
>>> record_from_json(record_to_json(record)) == record, list(replay(record))[-1] == state
(True, True)
"""

from __future__ import annotations

import re
import types
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Final, NamedTuple

import attrs

from hearts_core.actions import Action, Deal
from hearts_core.engine import MAX_HAND_NUMBER, apply, new_game, step
from hearts_core.events import Event
from hearts_core.immutable import stay_frozen
from hearts_core.io.checks import (
    check_date,
    check_format,
    check_sequence,
    check_totals,
    optional_string,
    upgrade,
)
from hearts_core.io.jsontext import dumps, loads
from hearts_core.io.limits import MAX_TEXT_LENGTH
from hearts_core.io.reader import Reader, describe, key_path
from hearts_core.io.states import check_pretty
from hearts_core.io.values import (
    action_to_data,
    read_action,
    read_names,
    read_rules,
    read_totals,
    rules_to_data,
)
from hearts_core.legality import malformed, wrong_type
from hearts_core.rules import Rules, is_seat
from hearts_core.state import (
    GameState,
    Phase,
)

__all__ = [
    "RECORD_FORMAT",
    "GameRecord",
    "ReplayStep",
    "replay",
    "replay_steps",
    "MAX_EXTRA_KEYS",
    "read_extra",
    "record_to_data",
    "record_to_json",
    "record_from_data",
    "record_from_json",
]


RECORD_FORMAT: Final = "hearts-record/2"
"""The ``format`` of a game record document."""


MAX_EXTRA_KEYS: Final = 32
"""The most entries a record's free metadata (:attr:`GameRecord.extra`) holds."""

_EXTRA_KEY: Final = re.compile(r"[A-Za-z][A-Za-z0-9_.-]{0,39}")
_LARGEST_EXTRA_INTEGER: Final = 2**53 - 1  # every JSON reader keeps it exact


def _as_tuple(value: Any) -> Any:
    return tuple(value) if isinstance(value, list | tuple) else value


def _as_mapping(value: Any) -> Any:
    if isinstance(value, Mapping) and len(value) <= MAX_EXTRA_KEYS:
        return types.MappingProxyType(dict(value))
    return value  # left for the record's checks to refuse


def _zero_totals(record: GameRecord) -> tuple[int, ...]:
    players = record.rules.players if isinstance(record.rules, Rules) else 0
    return (0,) * players


@stay_frozen
@attrs.frozen
class GameRecord:
    """A game as the list of its actions, from a first deal; always a legal game.

    Building one replays it: an action illegal where it stands, a wrong type or
    an impossible start raises :class:`~hearts_core.io.RecordError` naming the JSON
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
    hearts_core.io.errors.RecordError: $.actions[1].card: FIRST_LEAD_LOWEST_CLUB: seat 0 must \
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
    counting_down: bool = False
    """Whether the first hand of the record counts down (see
    :attr:`~hearts_core.GameState.counting_down`; ``False`` for a new game)."""
    players: tuple[str, ...] | None = attrs.field(default=None, converter=_as_tuple)
    """The players' names, seat 0 first, if known."""
    date: str | None = None
    """The day the game was played, ``YYYY-MM-DD``, if known."""
    event: str | None = None
    """The event, club or match it belongs to, if any."""
    extra: Mapping[str, str | int | bool] = attrs.field(
        factory=dict, converter=_as_mapping, hash=False
    )
    """Free metadata, kept as given by every round trip: the seed a game was dealt from,
    a table number, a site. At most :data:`MAX_EXTRA_KEYS` entries; each key is 1 to 40
    letters, digits, ``_``, ``.`` or ``-``, starting with a letter; each value a string
    of at most 200 characters, a whole number within +/- 2**53 - 1, or a boolean (write
    any other value as a string). Read only (a mapping proxy)."""

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
        from hearts_core.rules.variants import variant_info

        info = variant_info(name)
        return cls(info.rules, tuple(actions), variant=info.name, **metadata)

    @property
    def start(self) -> GameState:
        """The state before the first action: waiting for a deal.

        >>> GameRecord.for_variant("standard").start.phase.value
        'deal'
        """
        return new_game(
            self.rules,
            hand_number=self.hand_number,
            totals=self.totals,
            counting_down=self.counting_down,
        )

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

    def steps(self) -> Iterator[ReplayStep]:
        """Each action with the state after it and the events it caused, to animate a
        saved game (see :func:`replay_steps`).

        >>> from hearts_core import Deal
        >>> suits = [" ".join(rank + suit for rank in "23456789TJQKA") for suit in "CDHS"]
        >>> [type(e).__name__ for s in GameRecord.for_variant("standard", [Deal(suits)]).steps()
        ...  for e in s.events]
        ['HandDealt']
        """
        return replay_steps(self)

    def hands(self) -> tuple[GameRecord, ...]:
        """The record cut into one record per hand dealt, each starting at its own hand
        number and totals (the form :func:`~hearts_core.io.notation.format_hand` writes).

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
            self,
            actions=tuple(actions),
            hand_number=begin.hand_number,
            totals=begin.totals,
            counting_down=begin.counting_down,
        )


def replay(record: GameRecord) -> Iterator[GameState]:
    """Each state of the game in turn: the start, then the state after each action.

    >>> from hearts_core import Deal
    >>> hands = ["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    ...          "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"]
    >>> [state.phase.value for state in replay(GameRecord.for_variant("standard", [Deal(hands)]))]
    ['deal', 'pass']

    Raises:
        InvalidStateError: at once (not at the first ``next``), for a ``record`` that is
            not a :class:`GameRecord`.
    """
    check_record(record)
    return _replayed(record)


def _replayed(record: GameRecord) -> Iterator[GameState]:
    state = record.start
    yield state
    for action in record.actions:
        state = apply(state, action)
        yield state


def check_record(record: object) -> None:
    """Refuse, naming the argument ``record``, a value that is not a :class:`GameRecord`.

    >>> check_record({"actions": []})
    Traceback (most recent call last):
    ...
    hearts_core.errors.InvalidStateError: record: must be a GameRecord, not a dict
    """
    if not isinstance(record, GameRecord):
        raise wrong_type("record", "a GameRecord", record)


class ReplayStep(NamedTuple):
    """One action of a saved game, as :func:`replay_steps` gives it.

    >>> from hearts_core import Deal
    >>> suits = [" ".join(rank + suit for rank in "23456789TJQKA") for suit in "CDHS"]
    >>> record = GameRecord.for_variant("standard", [Deal(suits)])
    >>> state, action, events = next(replay_steps(record))
    >>> state.phase.value, type(action).__name__, events[0].pass_direction.value
    ('pass', 'Deal', 'left')
    """

    state: GameState
    """The state after the action."""
    action: Action
    """The action."""
    events: tuple[Event, ...]
    """What the action caused, as :func:`~hearts_core.step` reports it."""


def replay_steps(record: GameRecord) -> Iterator[ReplayStep]:
    """Each action of ``record`` in turn, with the state after it and its events, for a
    front end that animates a saved game (the state before the first action is
    :attr:`GameRecord.start`). To send a seat only what it may see, pass the events
    through :func:`~hearts_core.visible_events` and the state through
    :func:`~hearts_core.observe`.

    >>> from hearts_core import Deal, PlayCard
    >>> suits = [" ".join(rank + suit for rank in "23456789TJQKA") for suit in "CDHS"]
    >>> record = GameRecord.for_variant("no-passing", [Deal(suits), PlayCard(0, "2C")])
    >>> for state, action, events in replay_steps(record):
    ...     print(action.__class__.__name__, state.to_act, [type(e).__name__ for e in events])
    Deal (0,) ['HandDealt']
    PlayCard (1,) ['CardPlayed']

    Raises:
        InvalidStateError: at once, for a ``record`` that is not a :class:`GameRecord`.
    """
    check_record(record)
    return _stepped(record)


def _stepped(record: GameRecord) -> Iterator[ReplayStep]:
    state = record.start
    for action in record.actions:
        state, events = step(state, action)
        yield ReplayStep(state, action, events)


def read_extra(reader: Reader, value: object, path: str) -> dict[str, str | int | bool] | None:
    """Free metadata (see :attr:`GameRecord.extra`), or ``None`` after noting what is wrong.

    >>> reader = Reader()
    >>> read_extra(reader, {"seed": 7, "site": "club", "rated": True, "odds": 1.5}, "$.extra")
    >>> [str(problem) for problem in reader.problems]
    ['$.extra.odds: must be a string, a whole number or true or false, not the number 1.5']
    """
    if not isinstance(value, Mapping):
        reader.add(path, f"must be an object, not {describe(value)}")
        return None
    if len(value) > MAX_EXTRA_KEYS:
        reader.add(path, f"must have at most {MAX_EXTRA_KEYS} entries, not {len(value)}")
        return None
    before = len(reader.problems)
    for key in getattr(value, "duplicates", ()):
        reader.add(key_path(path, key), "appears more than once")
    for key, item in value.items():
        if not isinstance(key, str) or not _EXTRA_KEY.fullmatch(key):
            reader.add(
                path,
                f"not a key: {describe(key)} (1 to 40 letters, digits, _ . -, "
                "starting with a letter)",
            )
        elif isinstance(item, str):
            reader.string(item, key_path(path, key), MAX_TEXT_LENGTH)
        elif type(item) is int:
            reader.integer(
                item, key_path(path, key), -_LARGEST_EXTRA_INTEGER, _LARGEST_EXTRA_INTEGER
            )
        elif not isinstance(item, bool):
            reader.add(
                key_path(path, key),
                f"must be a string, a whole number or true or false, not {describe(item)}",
            )
    return dict(value) if len(reader.problems) == before else None


def _check_metadata(reader: Reader, record: GameRecord, players: int | None) -> None:
    if record.variant is not None:
        reader.string(record.variant, "$.variant", MAX_TEXT_LENGTH)
    if record.players is not None:
        path = "$.metadata.players"
        names = reader.array(record.players, path, players)
        for seat, name in enumerate(names or ()):
            reader.string(name, f"{path}[{seat}]", MAX_TEXT_LENGTH)
    if record.date is not None:
        check_date(reader, record.date, "$.metadata.date")
    if record.event is not None:
        reader.string(record.event, "$.metadata.event", MAX_TEXT_LENGTH)
    read_extra(reader, record.extra, "$.metadata.extra")


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
    read_totals(reader, record.totals, "$.totals", players)
    counting_down = reader.boolean(record.counting_down, "$.counting_down")
    if not isinstance(record.actions, tuple):
        reader.add("$.actions", f"must be a sequence of actions, not {describe(record.actions)}")
        return
    if reader.problems or not _check_actions(reader, record, players):
        return
    assert hand_number is not None and counting_down is not None
    check_totals(reader, rules, hand_number, record.totals, Phase.DEAL, counting_down)
    if reader.problems:
        return
    steps = [(f"$.actions[{index}]", action) for index, action in enumerate(record.actions)]
    check_sequence(reader, record.start, steps, fields=True)


def record_to_data(record: GameRecord) -> dict[str, Any]:
    """A record as plain JSON data (see :func:`record_to_json`).

    >>> sorted(record_to_data(GameRecord.for_variant("standard")))
    ['actions', 'counting_down', 'format', 'hand_number', 'rules', 'totals', 'variant']
    """
    check_record(record)
    data: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "variant": record.variant,
        "rules": rules_to_data(record.rules),
        "hand_number": record.hand_number,
        "totals": list(record.totals),
        "counting_down": record.counting_down,
        "actions": [action_to_data(action) for action in record.actions],
    }
    metadata: dict[str, Any] = {}
    if record.players is not None:
        metadata["players"] = list(record.players)
    if record.date is not None:
        metadata["date"] = record.date
    if record.event is not None:
        metadata["event"] = record.event
    if record.extra:
        metadata["extra"] = dict(record.extra)
    if metadata:
        data["metadata"] = metadata
    return data


def record_to_json(record: GameRecord, *, pretty: bool = False) -> str:
    """A record as canonical JSON (``pretty``: indented for people to read).

    Raises:
        InvalidStateError: for a ``record`` that is not a :class:`GameRecord` or a
            ``pretty`` that is not a bool (the error's ``field`` names which).

    >>> record_to_json(GameRecord.for_variant("standard", event="club"))[:65]
    '{"actions":[],"counting_down":false,"format":"hearts-record/2","h'
    """
    check_pretty(pretty)
    return dumps(record_to_data(record), pretty=pretty)


def _read_metadata(reader: Reader, value: object, players: int | None) -> dict[str, Any]:
    """The metadata object of a record document, as ``GameRecord`` arguments."""
    found: dict[str, Any] = {}
    meta = reader.json_object(value, "$.metadata", optional=("players", "date", "event", "extra"))
    if not meta:
        return found
    if "players" in meta:
        found["players"] = read_names(reader, meta["players"], "$.metadata.players", players)
    if "date" in meta:
        before = len(reader.problems)
        check_date(reader, meta["date"], "$.metadata.date")
        found["date"] = meta["date"] if len(reader.problems) == before else None
    if "event" in meta:
        found["event"] = reader.string(meta["event"], "$.metadata.event", MAX_TEXT_LENGTH)
    if "extra" in meta:
        found["extra"] = read_extra(reader, meta["extra"], "$.metadata.extra") or {}
    return found


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
    hearts_core.io.errors.RecordError: $.actions[0].type: WRONG_PHASE: cannot play a card now: \
the game is waiting for a deal
    """
    reader = Reader()
    data = upgrade(reader, data, RECORD_FORMAT)
    doc = reader.json_object(
        data,
        "$",
        required=("format", "rules", "actions"),
        optional=("variant", "hand_number", "totals", "counting_down", "metadata"),
    )
    if doc is None:
        reader.raise_if_any()
    assert doc is not None
    check_format(reader, doc, RECORD_FORMAT)
    rules = read_rules(reader, doc["rules"], "$.rules") if "rules" in doc else None
    players = rules.players if rules is not None else None
    variant = optional_string(reader, doc.get("variant"), "$.variant")
    hand_number = reader.integer(doc.get("hand_number", 0), "$.hand_number", 0, MAX_HAND_NUMBER)
    scores = read_totals(reader, doc["totals"], "$.totals", players) if "totals" in doc else None
    counting_down = reader.boolean(doc.get("counting_down", False), "$.counting_down")
    metadata = _read_metadata(reader, doc["metadata"], players) if "metadata" in doc else {}
    actions: list[Action] = []
    items = reader.array(doc["actions"], "$.actions") if "actions" in doc else None
    for index, item in enumerate(items or ()):
        action = read_action(reader, item, f"$.actions[{index}]", players)
        if action is not None:
            actions.append(action)
    reader.raise_if_any()
    assert rules is not None and hand_number is not None and counting_down is not None
    return GameRecord(
        rules,
        tuple(actions),
        variant=variant,
        hand_number=hand_number,
        totals=scores if scores is not None else (0,) * rules.players,
        counting_down=counting_down,
        **metadata,
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
