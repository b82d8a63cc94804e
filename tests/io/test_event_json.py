"""Events as JSON and the events a seat may see: every event of random games of every
variant reads back and fits the shipped schema, bad data is refused with its path, and no
seat is sent a passed card it may not see. Expected data is written out by hand from the
format's table."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("jsonschema", reason="needs jsonschema: install the dev extra")

import jsonschema
from helpers.strategies import Game, budget, games, random_scenarios
from hypothesis import given, settings

from hearts_core import (
    Card,
    CardPlayed,
    CardSet,
    CardsPassed,
    Event,
    GameOver,
    HandDealt,
    HandScored,
    HeartsBroken,
    InvalidSeatError,
    InvalidStateError,
    MoonChosen,
    MoonOption,
    MoonShot,
    PassSubmitted,
    SunShot,
    TrickTaken,
    observe,
    variant,
    variant_names,
    visible_events,
)
from hearts_core.bots import RandomBot, transitions
from hearts_core.io import (
    RecordError,
    event_from_data,
    event_from_json,
    event_to_data,
    event_to_json,
    json_schema,
)
from hearts_core.rules import PassDirection

REPO = Path(__file__).resolve().parents[2]
VALIDATOR = jsonschema.Draft202012Validator(json_schema("event"))


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(word) for word in text.split())


EXAMPLES: list[tuple[Event, dict[str, Any]]] = [
    (
        HandDealt(2, 1, PassDirection.ACROSS),
        {"type": "hand-dealt", "hand_number": 2, "dealer": 1, "pass_direction": "across"},
    ),
    (PassSubmitted(3), {"type": "pass-submitted", "seat": 3}),
    (
        CardsPassed(0, 1, CardSet.parse("QS 2C AH")),
        {"type": "cards-passed", "from_seat": 0, "to_seat": 1, "cards": ["2C", "AH", "QS"]},
    ),
    (
        CardsPassed(2, 3, None),
        {"type": "cards-passed", "from_seat": 2, "to_seat": 3, "cards": None},
    ),
    (CardPlayed(1, Card.parse("TH")), {"type": "card-played", "seat": 1, "card": "TH"}),
    (HeartsBroken(1, Card.parse("TH")), {"type": "hearts-broken", "seat": 1, "card": "TH"}),
    (
        TrickTaken(2, cards("5C KC TH 2C"), 1),
        {"type": "trick-taken", "winner": 2, "cards": ["5C", "KC", "TH", "2C"], "points": 1},
    ),
    (MoonShot(0, None), {"type": "moon-shot", "seat": 0, "option": None}),
    (
        MoonShot(0, MoonOption.ADD_TO_OTHERS),
        {"type": "moon-shot", "seat": 0, "option": "add-to-others"},
    ),
    (
        MoonChosen(0, MoonOption.SUBTRACT_FROM_SHOOTER),
        {"type": "moon-chosen", "seat": 0, "option": "subtract-from-shooter"},
    ),
    (SunShot(4), {"type": "sun-shot", "seat": 4}),
    (
        HandScored(0, (26, 0, 0), (0, 26, 26), (0, 26, 26)),
        {
            "type": "hand-scored",
            "hand_number": 0,
            "points": [26, 0, 0],
            "scores": [0, 26, 26],
            "totals": [0, 26, 26],
        },
    ),
    (
        GameOver((1, 3), (104, 40, 77, 40)),
        {"type": "game-over", "winners": [1, 3], "totals": [104, 40, 77, 40]},
    ),
]


@pytest.mark.parametrize(("event", "data"), EXAMPLES)
def test_each_event_type_has_the_data_of_the_table(event: Event, data: dict[str, Any]) -> None:
    assert event_to_data(event) == data
    assert event_from_data(data) == event
    assert event_from_json(json.dumps(data)) == event
    assert json.loads(event_to_json(event)) == data
    VALIDATOR.validate(data)


def test_the_examples_cover_every_event_type() -> None:
    assert {type(event) for event, _ in EXAMPLES} == set(Event.__args__)


def check_round_trips(events: tuple[Event, ...], players: int) -> None:
    for event in events:
        data = event_to_data(event)
        VALIDATOR.validate(data)
        assert event_from_data(data, players) == event
        assert event_from_json(event_to_json(event), players) == event


def check_seats_see_only_their_passes(events: tuple[Event, ...], after: Any, players: int) -> None:
    """Each seat's events name the cards it passed or received, and no other passed card."""
    if not any(isinstance(event, CardsPassed) for event in events):
        assert all(visible_events(events, seat) == events for seat in range(players))
        return
    for seat in range(players):
        shown = visible_events(events, seat)
        assert len(shown) == len(events)
        view = observe(after, seat)
        for event, original in zip(shown, events, strict=True):
            if not isinstance(event, CardsPassed):
                assert event is original
                continue
            assert isinstance(original, CardsPassed)
            assert (event.from_seat, event.to_seat) == (original.from_seat, original.to_seat)
            if seat == event.from_seat:
                assert event.cards == view.passed
            elif seat == event.to_seat:
                assert event.cards == view.received
            else:
                assert event.cards is None
        check_round_trips(shown, players)


@pytest.mark.parametrize("name", variant_names())
def test_events_of_random_games_of_every_variant_read_back(name: str) -> None:
    rules = variant(name)
    rng = random.Random(f"events {name}")
    kinds: set[type] = set()
    for number, step in enumerate(transitions([RandomBot()] * rules.players, rules, rng)):
        kinds.update(type(event) for event in step.events)
        check_round_trips(step.events, rules.players)
        check_seats_see_only_their_passes(step.events, step.after, rules.players)
        if number > 300:  # several hands per variant
            break
    assert {HandDealt, CardPlayed, TrickTaken, HandScored} <= kinds


@settings(max_examples=budget(0.05))
@given(games(random_scenarios(), max_hands=2))
def test_events_of_any_game_read_back_and_hide_other_passes(game: Game) -> None:
    players = game.rules.players
    for transition in game.transitions:
        check_round_trips(transition.events, players)
        check_seats_see_only_their_passes(transition.events, transition.after, players)


@pytest.mark.parametrize(
    ("data", "players", "problems"),
    [
        ([], None, ["$: must be an object, not an array"]),
        ({"seat": 1}, None, ["$.type: missing"]),
        ({"type": "card-played", "seat": 1}, None, ["$.card: missing"]),
        (
            {"type": "card-played", "seat": 4, "card": "QS"},
            4,
            ["$.seat: must be between 0 and 3, not 4"],
        ),
        (
            {"type": "card-played", "seat": "1", "card": "Q♠", "extra": 0},
            None,
            [
                "$.extra: unknown key",
                '$.seat: must be an integer, not a string ("1")',
                '$.card: not a card: a string ("Q♠")',
            ],
        ),
        (
            {"type": "cards-passed", "from_seat": 2, "to_seat": 2, "cards": ["QS", "QS"]},
            None,
            ["$.cards[1]: QS is listed twice"],
        ),
        (
            {"type": "cards-passed", "from_seat": 2, "to_seat": 2, "cards": ["QS"]},
            None,
            ["$.to_seat: a seat does not pass to itself"],
        ),
        (
            {"type": "trick-taken", "winner": 3, "cards": ["2C", "3C", "4C"], "points": 0},
            None,
            ["$.winner: no seat 3 in a trick of 3"],
        ),
        (
            {"type": "trick-taken", "winner": 0, "cards": ["2C", "3C", "4C"], "points": 0},
            4,
            ["$.cards: a trick has 4 cards, one per seat, not 3"],
        ),
        (
            {"type": "moon-chosen", "seat": 0, "option": None},
            None,
            ['$.option: must be one of "add-to-others", "subtract-from-shooter", not null'],
        ),
        (
            {
                "type": "hand-scored",
                "hand_number": 0,
                "points": [0] * 4,
                "scores": [0] * 4,
                "totals": [0] * 3,
            },
            None,
            ["$: points, scores and totals must have one item per seat each"],
        ),
        (
            {"type": "game-over", "winners": [], "totals": [1, 2, 3]},
            None,
            ["$.winners: must list 1 to 6 seats"],
        ),
        (
            {"type": "game-over", "winners": [2, 1], "totals": [1, 2, 3]},
            None,
            ["$.winners[1]: seats are listed once each, in increasing order"],
        ),
        (
            {"type": "hand-dealt", "hand_number": 10**7, "dealer": 0, "pass_direction": "up"},
            None,
            [
                "$.hand_number: must be between 0 and 1000000, not 10000000",
                '$.pass_direction: must be one of "left", "right", "across", "hold", '
                'not a string ("up")',
            ],
        ),
    ],
)
def test_bad_event_data_is_refused_with_every_problem_and_its_path(
    data: object, players: int | None, problems: list[str]
) -> None:
    with pytest.raises(RecordError) as info:
        event_from_data(data, players)
    assert [str(problem) for problem in info.value.problems] == problems


def test_the_schema_refuses_what_the_loader_refuses_for_form() -> None:
    for data in (
        {"type": "card-played", "seat": "1", "card": "QS"},
        {"type": "card-played", "seat": 1, "card": "10H"},
        {"type": "card-played", "seat": 1, "card": "QS", "extra": 0},
        {"type": "bid", "seat": 1},
        {"type": "moon-chosen", "seat": 0, "option": None},
        {
            "type": "hand-scored",
            "hand_number": 0,
            "points": [0, 0],
            "scores": [0] * 3,
            "totals": [0] * 3,
        },
    ):
        assert not VALIDATOR.is_valid(data), data
        with pytest.raises(RecordError):
            event_from_data(data)


def test_not_json_and_bad_arguments_are_typed_errors() -> None:
    with pytest.raises(RecordError):
        event_from_json('{"type": "sun-shot", "seat": 1, "seat": 2}')
    with pytest.raises(RecordError):
        event_from_json("[" * 10_000)
    with pytest.raises(InvalidStateError) as info:
        event_from_data({"type": "sun-shot", "seat": 1}, players=7)
    assert info.value.field == "players"
    with pytest.raises(InvalidStateError) as info:
        event_to_data("sun-shot")  # type: ignore[arg-type]
    assert info.value.field == "event"
    with pytest.raises(InvalidSeatError):
        visible_events([PassSubmitted(1)], 6)
    with pytest.raises(InvalidStateError) as info:
        visible_events([PassSubmitted(1), "played"], 0)  # type: ignore[list-item]
    assert info.value.field == "events[1]"


def test_the_event_schema_is_shipped_and_shares_the_record_definitions() -> None:
    schema = json_schema("event")
    jsonschema.Draft202012Validator.check_schema(schema)
    path = REPO / "hearts_core" / "io" / "schemas" / "event.schema.json"
    assert json.loads(path.read_text(encoding="utf-8")) == schema
    record = json_schema("record")
    for name in ("card", "cards", "cardList", "seat", "seats"):
        assert schema["$defs"][name] == record["$defs"][name]
    types = [branch["properties"]["type"]["const"] for branch in schema["oneOf"]]
    assert types == [
        "hand-dealt",
        "pass-submitted",
        "cards-passed",
        "card-played",
        "hearts-broken",
        "trick-taken",
        "moon-shot",
        "moon-chosen",
        "sun-shot",
        "hand-scored",
        "game-over",
    ]
