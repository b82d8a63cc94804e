"""Hostile input: every entry point refuses anything wrong with a HeartsError, nothing else.

A game server reads records, states and views from the network, variant files
from users, and actions from players. Each class of problem found by trying the
library as a hostile client has a test here: Hypothesis draws arbitrary values
(as data and as Python objects) for every entry point, and seeded campaigns
count what they tried. Time and memory for the size cases are measured by
``bench/hostile.py``, never here.
"""

from __future__ import annotations

import contextlib
import functools
import json
import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

import attrs
import pytest
from helpers.positions import position
from hypothesis import given
from hypothesis import strategies as st

from hearts_core import (
    Card,
    CardSet,
    ChooseMoon,
    Deal,
    HeartsError,
    IllegalActionError,
    InvalidActionError,
    InvalidRulesError,
    InvalidStateError,
    PassCards,
    Phase,
    PlayCard,
    Rule,
    Rules,
    apply,
    apply_as,
    explain,
    format_action,
    legal_actions,
    load_variant,
    new_game,
    observe,
    parse_action,
    random_deal,
    step,
    variant,
)
from hearts_core.belief import Belief, consistent_state, resample
from hearts_core.io import (
    GameRecord,
    RecordError,
    parse_hand,
    record_from_data,
    record_from_json,
    record_to_json,
    state_from_data,
    state_from_json,
    state_to_json,
    view_from_data,
    view_from_json,
    view_to_json,
)
from hearts_core.io.jsontext import loads
from hearts_core.io.limits import MAX_DOCUMENT_CHARACTERS, MAX_PROBLEMS
from hearts_core.rules import describe, describe_variant, variant_info

TRIED: Final[Counter[str]] = Counter()
"""Hostile inputs tried, by entry point (the campaign's report)."""

POSITION: Final[Any] = position(None, 3, 9)  # Any: some tests forge it on purpose

# Values a hostile caller might pass anywhere: JSON-like data, huge and odd numbers,
# the library's own values in the wrong places.
scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.sampled_from([10**40, -(10**40), 2**64, -1, 4, 6, 52])
    | st.floats(allow_nan=True)
    | st.text(max_size=20)
    | st.binary(max_size=20)
    | st.sampled_from([Card.parse("QS"), CardSet.parse("2C 3C"), Phase.PLAY, Rules()])
)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.tuples(inner, inner)
        | st.dictionaries(st.text(max_size=10) | st.integers(), inner, max_size=5)
    ),
    max_leaves=15,
)


def only_hearts_errors(name: str, call: Callable[[], object]) -> None:
    TRIED[name] += 1
    with contextlib.suppress(HeartsError):
        call()


ENTRY_POINTS: Final[dict[str, Callable[[Any], object]]] = {
    "Card.parse": Card.parse,
    "CardSet.parse": CardSet.parse,
    "CardSet": CardSet,
    "CardSet.from_mask": CardSet.from_mask,
    "Rules.from_mapping": Rules.from_mapping,
    "Rules(players=...)": lambda value: Rules(players=value),
    "Rules(card_values=...)": lambda value: Rules(card_values=value),
    "Rules(pass_cycle=...)": lambda value: Rules(pass_cycle=value),
    "Rules().evolve": lambda value: Rules().evolve(**{type(value).__name__: value}),
    "Rules().evolve(players)": lambda value: Rules().evolve(players=value),
    "new_game(rules)": lambda value: new_game(value),
    "new_game(totals)": lambda value: new_game(totals=value),
    "new_game(hand_number)": lambda value: new_game(hand_number=value),
    "apply": lambda value: apply(POSITION, value),
    "step": lambda value: step(POSITION, value),
    "explain": lambda value: explain(POSITION, value),
    "observe": lambda value: observe(POSITION, value),
    "apply_as": lambda value: apply_as(POSITION, value, value),
    "PlayCard": lambda value: PlayCard(value, value),
    "PassCards": lambda value: PassCards(0, value),
    "ChooseMoon": lambda value: ChooseMoon(0, value),
    "Deal": Deal,
    "random_deal": lambda value: random_deal(value, value),
    "loads": loads,
    "record_from_data": record_from_data,
    "state_from_data": state_from_data,
    "view_from_data": view_from_data,
    "parse_hand": parse_hand,
    "Belief": Belief,
    "GameRecord": lambda value: GameRecord(Rules(), value),
    "GameRecord(totals)": lambda value: GameRecord(Rules(), totals=value),
    "GameRecord(counting_down)": lambda value: GameRecord(Rules(), counting_down=value),
    "new_game(counting_down)": lambda value: new_game(counting_down=value),
    "variant": variant,
    "variant_info": variant_info,
    "load_variant": load_variant,
    "describe": describe,
    "describe(title)": lambda value: describe(Rules(), value),
    "describe_variant": describe_variant,
    "parse_action": parse_action,
    "parse_action(rules)": lambda value: parse_action("play 0 2C", value),
    "format_action": format_action,
}


@pytest.mark.parametrize("name", list(ENTRY_POINTS))
@given(value=values)
def test_every_entry_point_refuses_anything_with_a_hearts_error(name: str, value: Any) -> None:
    only_hearts_errors(name, lambda: ENTRY_POINTS[name](value))


def test_a_seeded_campaign_over_every_entry_point() -> None:
    rng = random.Random(20261130)
    pool: list[object] = [
        None,
        True,
        1.0,
        10**5000,
        "QS" * 1000,
        "\x1b[2J",
        b"\xff",
        [[[]]],
        {"format": "hearts-view/2"},
        Card.parse("2C"),
        CardSet.parse("2C"),
        Rules(),
        Phase.DEAL,
        -7,
        "",
    ]
    for _ in range(3000):
        name = rng.choice(list(ENTRY_POINTS))
        value = rng.choice(pool)
        only_hearts_errors(name, functools.partial(ENTRY_POINTS[name], value))
    assert sum(TRIED.values()) >= 3000
    print("hostile campaign:", sum(TRIED.values()), "inputs tried:", dict(sorted(TRIED.items())))


# --- quadratic and huge documents ---------------------------------------------------


def test_a_key_repeated_many_times_is_reported_once_with_the_count_capped() -> None:
    pairs = ",".join(f'"k{i}": 1, "k{i}": 2' for i in range(20_000))
    text = '{"format": "hearts-view/2", ' + pairs + "}"
    with pytest.raises(RecordError) as info:
        view_from_json(text)
    error = info.value
    assert len(error.problems) == MAX_PROBLEMS
    assert error.more > 20_000 - MAX_PROBLEMS
    assert len({problem.path for problem in error.problems}) == MAX_PROBLEMS
    assert "more" in str(error).splitlines()[-1]
    assert loads('{"a": 1, "a": 2, "b": 1, "a": 3}').duplicates == ("a",)


def test_documents_longer_than_the_limit_are_refused_before_parsing() -> None:
    text = " " * (MAX_DOCUMENT_CHARACTERS + 1)
    for load in (record_from_json, state_from_json, view_from_json):
        with pytest.raises(RecordError) as info:
            load(text)
        assert ([p.path for p in info.value.problems], info.value.more) == (["$"], 0)
        assert "longer than" in info.value.problems[0].message
    with pytest.raises(RecordError) as info:
        parse_hand("hearts-hand/2\n" + "#\n" * 5000)
    assert ([p.path for p in info.value.problems], info.value.more) == (["$"], 0)
    assert "longer than" in info.value.problems[0].message


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000,
        '{"a": ' * 50_000,
        "1" * 5000,
        b"\xff\xfe",
        '{"a": NaN}',
    ],
)
def test_deep_huge_and_broken_json_is_a_record_error(text: str | bytes) -> None:
    for load in (record_from_json, state_from_json, view_from_json):
        with pytest.raises(RecordError):
            load(text)


def test_a_huge_total_is_refused_by_every_loader() -> None:
    state = position(None, 1, 0)
    for to_json, from_json in (
        (state_to_json, state_from_json),
        (lambda s: view_to_json(observe(s, 0)), view_from_json),
    ):
        text = to_json(state).replace('"totals":[0,', '"totals":[' + "9" * 5000 + ",")
        with pytest.raises(RecordError) as info:
            from_json(text)
        # too long a number for Python to read: the whole text is refused as not JSON
        assert ([p.path for p in info.value.problems], info.value.more) == (["$"], 0)
        assert "integer" in info.value.problems[0].message
    record = json.loads(record_to_json(GameRecord(Rules())))
    record["totals"] = [0, 0, 0, -(10**30)]
    with pytest.raises(RecordError) as info:
        record_from_json(json.dumps(record))
    assert ([p.path for p in info.value.problems], info.value.more) == (["$.totals[3]"], 0)


def test_totals_that_already_ended_the_game_are_refused_at_hand_0() -> None:
    record = json.loads(record_to_json(GameRecord(Rules())))
    record["totals"] = [120, 10, 20, 30]
    with pytest.raises(RecordError) as info:
        record_from_json(json.dumps(record))
    assert ([p.path for p in info.value.problems], info.value.more) == (["$.totals"], 0)
    assert "ended the game" in info.value.problems[0].message


@pytest.mark.parametrize(
    "line",
    [
        "  ²: 2C 3C",
        "  " + "9" * 5000 + ": 2C",
        "moon: ¹ add-to-others",
        "   1. " + "7" * 5000 + ": 2C",
    ],
)
def test_the_hand_notation_reads_only_ascii_digits_and_checks_lengths_first(line: str) -> None:
    text = "hearts-hand/2\nrules: {}\nhand: 0\ntotals: 0 0 0 0\ndeal:\n" + line + "\n"
    with pytest.raises(RecordError):
        parse_hand(text)


# --- forged and mutated objects ------------------------------------------------------


def test_a_forged_play_is_refused_by_apply_and_explain_alike() -> None:
    state = position(None, 2, 8)
    play = legal_actions(state)[0]
    assert isinstance(play, PlayCard)
    # Actions are tuples underneath, and nothing can rewrite a built one: a forger has
    # to build the tuple itself, past the constructor's checks.
    forged = tuple.__new__(PlayCard, (float(play.seat), play.card))  # type: ignore[type-var]
    with pytest.raises(InvalidActionError):
        apply(state, forged)
    assert isinstance(explain(state, forged), InvalidActionError)


class LyingCardSet(CardSet):
    """A card set that claims to hold three cards whatever it holds."""

    def __len__(self) -> int:
        return 3


def test_subclasses_that_lie_about_their_size_are_refused() -> None:
    state = apply(new_game(), random_deal(Rules(), random.Random(4)))
    liar = LyingCardSet(state.hands[0].cards()[:5])
    assert len(liar) == 3
    # Built through the constructor, the liar becomes a plain set of its five cards.
    with pytest.raises(IllegalActionError) as info:
        apply(state, PassCards(0, liar))
    assert info.value.rule is Rule.WRONG_PASS_COUNT
    # Forged into a built action, it is not a card set at all.
    forged = tuple.__new__(PassCards, (0, liar))  # type: ignore[type-var]
    with pytest.raises(InvalidActionError):
        apply(state, forged)
    assert len(state.hands[0]) == 13


def test_an_interned_play_cannot_be_rewritten_in_place() -> None:
    state = position(None, 5, 6)
    play = legal_actions(state)[0]
    assert isinstance(play, PlayCard)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        play.__init__(5, "AS")  # type: ignore[misc]
    assert legal_actions(state)[0] is play and play.seat == state.to_act[0]


def test_a_state_cannot_be_evolved_into_an_impossible_position() -> None:
    with pytest.raises(InvalidStateError):
        attrs.evolve(POSITION, leader=9)


def test_shared_rules_cannot_be_rebuilt_in_place() -> None:
    rules = Rules()
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        rules.__init__(players=3)  # type: ignore[misc]
    assert rules.players == 4


# --- acting for another seat -----------------------------------------------------------


def test_a_server_refuses_another_seats_action_without_revealing_its_cards() -> None:
    state = position(None, 7, 12)
    current = state.to_act[0]
    other = (current + 1) % 4
    for card in state.hands[current]:
        with pytest.raises(IllegalActionError) as info:
            apply_as(state, other, PlayCard(current, card))
        assert info.value.rule is Rule.NOT_YOUR_SEAT
        message = str(info.value)
        assert not any(str(c) in message for c in state.hands[current])
    with pytest.raises(IllegalActionError) as dealt:
        apply_as(new_game(), 0, random_deal(Rules(), random.Random(1)))
    assert dealt.value.rule is Rule.NOT_YOUR_SEAT
    after = apply_as(state, current, legal_actions(state)[0])
    assert after == apply(state, legal_actions(state)[0])


# --- views the loader accepts work everywhere -----------------------------------------


@given(seed=st.integers(0, 2**32), steps=st.integers(0, 60))
def test_a_view_the_loader_accepts_can_be_resampled(seed: int, steps: int) -> None:
    state = position(None, seed, steps)
    for seat in range(4):
        view = view_from_json(view_to_json(observe(state, seat)))
        assert observe(consistent_state(view), seat) == view
        assert observe(resample(view, random.Random(seed)), seat) == view


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ("a = " + "[" * 100_000 + "]" * 100_000, "values nested too deeply"),
        ("players = " + "9" * 5000, "not readable: Exceeds the limit"),
        ("#" * 1_000_001, "larger than 1000000 bytes"),
        (b'name = "\xff"', "not UTF-8 text"),
        ("name = ", "not valid TOML"),
    ],
)
def test_hostile_variant_files_are_invalid_rules(
    tmp_path: Path, content: str | bytes, reason: str
) -> None:
    path = tmp_path / "house.toml"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    with pytest.raises(InvalidRulesError) as info:
        load_variant(path)
    error = info.value
    assert (error.field, error.source) == ("(file)", str(path))
    assert [field for field, _ in error.problems] == ["(file)"]
    assert reason in error.reason


@pytest.mark.parametrize("where", ["a\x00b", "x" * 100_000, "."])
def test_paths_that_cannot_be_read_are_invalid_rules(where: str) -> None:
    with pytest.raises(InvalidRulesError) as info:
        load_variant(where)
    assert info.value.field == "(file)"
    assert [field for field, _ in info.value.problems] == ["(file)"]
    assert info.value.reason.startswith("cannot read")
    assert len(str(info.value)) < 400  # a path of any length is named briefly
