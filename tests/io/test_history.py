"""Saved games as histories and their free metadata: ``GameRecord.steps()`` gives back the
very transitions the game was played with, and ``extra`` metadata survives every round
trip while anything outside its limits is refused with its path."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

pytest.importorskip("jsonschema", reason="needs jsonschema: install the dev extra")

import jsonschema

from hearts_core import variant, variant_names
from hearts_core.bots import RandomBot, transitions
from hearts_core.io import (
    GameRecord,
    RecordError,
    format_hand,
    json_schema,
    parse_hand,
    record_from_data,
    record_from_json,
    record_to_data,
    record_to_json,
    replay,
    replay_steps,
)


@pytest.mark.parametrize("name", variant_names())
def test_steps_of_a_saved_game_are_the_transitions_it_was_played_with(name: str) -> None:
    rules = variant(name)
    rng = random.Random(f"steps {name}")
    played = []
    for number, transition in enumerate(transitions([RandomBot()] * rules.players, rules, rng)):
        played.append(transition)
        if number > 250:
            break
    record = GameRecord(rules, [t.action for t in played], variant=name)
    steps = list(record.steps())
    assert [s.action for s in steps] == [t.action for t in played]
    assert [s.events for s in steps] == [t.events for t in played]
    assert [s.state for s in steps] == [t.after for t in played]
    assert [s.state for s in steps] == list(replay(record))[1:]
    assert list(replay_steps(record)) == steps


def test_an_empty_record_has_no_steps() -> None:
    assert list(GameRecord.for_variant("classic").steps()) == []


EXTRA = {"seed": 2**53 - 1, "table": "T" * 200, "rated": False, "round.2-b_c": -(2**53 - 1)}


def test_extra_metadata_survives_json_the_notation_and_cutting_into_hands() -> None:
    rules = variant("classic")
    rng = random.Random(11)
    actions = [
        t.action
        for _, t in zip(range(120), transitions([RandomBot()] * 4, rules, rng), strict=False)
    ]
    record = GameRecord(rules, actions, variant="classic", extra=EXTRA)
    assert dict(record.extra) == EXTRA
    assert record_from_json(record_to_json(record)) == record
    assert record_from_json(record_to_json(record, pretty=True)).extra == EXTRA
    data = record_to_data(record)
    assert data["metadata"] == {"extra": EXTRA}
    jsonschema.Draft202012Validator(json_schema("record")).validate(data)
    for part in record.hands():
        assert dict(part.extra) == EXTRA
        assert parse_hand(format_hand(part)) == part


def test_extra_metadata_is_read_only_and_a_copy() -> None:
    given = {"seed": 1}
    record = GameRecord.for_variant("classic", extra=given)
    given["seed"] = 2
    assert record.extra["seed"] == 1
    with pytest.raises(TypeError):
        record.extra["seed"] = 3  # type: ignore[index]
    assert "extra" not in record_to_data(GameRecord.for_variant("classic")).get("metadata", {})


@pytest.mark.parametrize(
    ("extra", "problems"),
    [
        (
            {"odds": 1.5},
            [
                "$.metadata.extra.odds: must be a string, a whole number or true or false, "
                "not the number 1.5"
            ],
        ),
        (
            {"none": None, "list": [1]},
            [
                "$.metadata.extra.none: must be a string, a whole number or true or false, "
                "not null",
                "$.metadata.extra.list: must be a string, a whole number or true or false, "
                "not an array",
            ],
        ),
        (
            {"seed": 2**53},
            [
                "$.metadata.extra.seed: must be between -9007199254740991 and 9007199254740991, "
                "not a very large number"
            ],
        ),
        ({"site": "x" * 201}, ["$.metadata.extra.site: must be at most 200 characters, not 201"]),
        (
            {"9lives": 1},
            [
                '$.metadata.extra: not a key: a string ("9lives") (1 to 40 letters, digits, _ . -, '
                "starting with a letter)"
            ],
        ),
        (
            {"k" * 41: 1},
            [
                f'$.metadata.extra: not a key: a string ("{"k" * 40}"...) '
                "(1 to 40 letters, digits, _ . -, starting with a letter)"
            ],
        ),
        (
            {f"k{i}": i for i in range(33)},
            ["$.metadata.extra: must have at most 32 entries, not 33"],
        ),
        ([("seed", 1)], ["$.metadata.extra: must be an object, not an array"]),
    ],
)
def test_extra_metadata_outside_its_limits_is_refused_with_its_path(
    extra: Any, problems: list[str]
) -> None:
    with pytest.raises(RecordError) as built:
        GameRecord.for_variant("classic", extra=extra)
    assert [str(p) for p in built.value.problems] == problems
    data = record_to_data(GameRecord.for_variant("classic"))
    data["metadata"] = {"extra": extra}
    with pytest.raises(RecordError) as read:
        record_from_data(json.loads(json.dumps(data)))
    assert [str(p) for p in read.value.problems] == problems
    assert not jsonschema.Draft202012Validator(json_schema("record")).is_valid(
        json.loads(json.dumps(data))
    )


def test_a_repeated_extra_key_in_json_is_refused() -> None:
    text = record_to_json(GameRecord.for_variant("classic", extra={"seed": 1}))
    text = text.replace('"extra":{"seed":1}', '"extra":{"seed":1,"seed":2}')
    with pytest.raises(RecordError) as info:
        record_from_json(text)
    assert [str(p) for p in info.value.problems] == [
        "$.metadata.extra.seed: appears more than once"
    ]
