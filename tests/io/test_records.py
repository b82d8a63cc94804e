"""Game records, game states, player views and the hand notation, by example.

The golden files in ``tests/data/records/`` hold one game designed by hand so
that every expected value can be worked out without the engine:

* hand 0 (no passing) deals one suit per seat: seat 0 clubs, 1 hearts,
  2 diamonds, 3 spades. Seat 0 leads a club to every trick and is the only seat
  holding clubs, so it wins all 13 tricks: every heart and Q♠, 26 points, a moon
  shot. The rules let the shooter choose; it subtracts: totals -26 0 0 0.
* hand 1 (pass left) deals seat 0 diamonds, 1 clubs, 2 spades, 3 hearts; each
  seat passes its three highest cards left. Seat 1 then holds 2♣ and leads:
  trick 1 is 2♣ Q♣ K♠ 2♦ (seat 2 wins with Q♣, no points); trick 2 is 2♠ Q♠ A♥
  A♦ (seat 3 wins with Q♠: 13 + 1 = 14 points, and A♥ broke hearts); trick 3 is
  under way: 2♥ K♥ K♦, seat 2 to play.

Every refusal below lists the problems expected, written by hand.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

pytest.importorskip("jsonschema", reason="needs jsonschema: install the dev extra")

import jsonschema
from helpers.records import (
    ACTIONS,
    DATA,
    HAND0,
    HAND0_PLAYS,
    HAND1_PASSES,
    HAND1_PLAYS,
    RULES,
    golden_record,
    suit,
)
from helpers.wheels import build_wheel

from hearts_core import (
    Card,
    CardSet,
    ChooseMoon,
    Deal,
    GameState,
    PassCards,
    Phase,
    PlayCard,
    Rules,
    UnknownNameError,
    apply,
    new_game,
    observe,
    variant,
    variant_names,
)
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
    state_from_data,
    state_from_json,
    state_to_data,
    state_to_json,
    view_from_data,
    view_from_json,
    view_to_data,
    view_to_json,
)
from hearts_core.io.jsontext import dumps, loads
from hearts_core.io.reader import Reader
from hearts_core.io.values import read_rules, rule_readers, rules_to_data
from hearts_core.rules import RULE_FIELDS, PassDirection

REPO = Path(__file__).resolve().parents[2]


def golden_state() -> GameState:
    return golden_record().final


def moon_state() -> GameState:
    """Hand 0 played out, before seat 0 chooses how to score its moon."""
    return list(replay(golden_record()))[1 + 52]


def golden(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def problems(error: pytest.ExceptionInfo[RecordError]) -> list[str]:
    return [str(problem) for problem in error.value.problems]


def refused(load: Callable[[Any], object], data: Any) -> list[str]:
    with pytest.raises(RecordError) as error:
        load(data)
    return problems(error)


# --- golden files -------------------------------------------------------------------


def test_the_golden_game_is_the_game_worked_out_by_hand() -> None:
    states = list(replay(golden_record()))
    assert len(states) == len(ACTIONS) + 1
    after_hand0 = states[1 + 52]
    assert after_hand0.phase is Phase.MOON and after_hand0.to_act == (0,)
    assert after_hand0.hand_points == (26, 0, 0, 0)
    after_moon = states[1 + 52 + 1]
    assert after_moon.phase is Phase.DEAL
    assert after_moon.hand_number == 1 and after_moon.totals == (-26, 0, 0, 0)
    final = states[-1]
    assert final.phase is Phase.PLAY and final.pass_direction is PassDirection.LEFT
    assert [t.winner for t in final.tricks] == [2, 3]
    assert final.hand_points == (0, 0, 0, 14)
    assert final.current_trick == tuple(Card.parse(c) for c in ("2H", "KH", "KD"))
    assert final.leader == 3 and final.to_act == (2,)
    assert final.hearts_broken
    # Seat 2 kept 2S-JS, received QC KC AC, and played QC and 2S.
    assert final.hands[2] == CardSet.parse("3S 4S 5S 6S 7S 8S 9S TS JS KC AC")
    assert [len(hand) for hand in final.hands] == [10, 10, 11, 10]


def test_golden_record_file() -> None:
    text = golden("game.record.json")
    record = golden_record()
    assert text == record_to_json(record, pretty=True) + "\n"
    assert record_from_json(text) == record
    data = json.loads(text)
    assert data["format"] == "hearts-record/2"
    assert data["metadata"] == {
        "players": ["Ann", "Bob", "Cat", "Dan"],
        "date": "2024-05-01",
        "event": "golden files",
        "extra": {"seed": 20240501, "table": "3", "rated": True},
    }
    assert data["rules"]["moon"] == "shooter-chooses"
    assert data["rules"]["pass_cycle"] == ["hold", "left"]
    assert data["actions"][0] == {"type": "deal", "hands": [suit(s).split() for s in "CHDS"]}
    assert data["actions"][53] == {"type": "moon", "seat": 0, "option": "subtract-from-shooter"}
    assert data["actions"][55] == {"type": "pass", "seat": 2, "cards": ["QS", "KS", "AS"]}
    assert data["actions"][-1] == {"type": "play", "seat": 1, "card": "KD"}


def test_golden_state_file() -> None:
    text = golden("hand1-trick3.state.json")
    state = golden_state()
    assert text == state_to_json(state, pretty=True) + "\n"
    assert state_from_json(text) == state
    data = json.loads(text)
    assert data["phase"] == "play" and data["hand_number"] == 1
    assert data["totals"] == [-26, 0, 0, 0]
    assert data["passes"] == [
        ["QD", "KD", "AD"],
        ["QC", "KC", "AC"],
        ["QS", "KS", "AS"],
        ["QH", "KH", "AH"],
    ]
    assert data["tricks"] == [
        {"leader": 1, "cards": ["2C", "QC", "KS", "2D"]},
        {"leader": 2, "cards": ["2S", "QS", "AH", "AD"]},
    ]
    assert data["current_trick"] == ["2H", "KH", "KD"] and data["leader"] == 3
    assert data["hands"][0] == ["3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QH"]


def test_golden_view_file() -> None:
    text = golden("hand1-trick3.seat2.view.json")
    view = observe(golden_state(), 2)
    assert text == view_to_json(view, pretty=True) + "\n"
    assert view_from_json(text) == view
    data = json.loads(text)
    assert data["seat"] == 2 and data["dealer"] == 0 and data["pass_direction"] == "left"
    assert data["hand"] == ["KC", "AC", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS"]
    assert data["passed"] == ["QS", "KS", "AS"] and data["received"] == ["QC", "KC", "AC"]
    assert data["passed_seats"] == [0, 1, 2, 3]
    assert data["hand_sizes"] == [10, 10, 11, 10]
    assert data["hearts_broken"] is True
    assert data["hand_points"] == [0, 0, 0, 14]
    assert data["to_act"] == [2] and data["winners"] == []
    # Void in hearts, seat 2 may play any card it holds.
    assert data["legal_cards"] == data["hand"]
    # Only seat 2's own cards, and cards played face up, appear outside the rules.
    # (seat 2 passed AS to seat 3, which still holds it: seat 2 knows where it is)
    hidden = {str(c) for seat in (0, 1, 3) for c in golden_state().hands[seat]} - {"AS"}
    assert not hidden & set(json.dumps({k: v for k, v in data.items() if k != "rules"}).split('"'))


def test_golden_hand_notation_files() -> None:
    hand0, hand1 = golden_record().hands()
    for name, part in (("hand0.hand.txt", hand0), ("hand1.hand.txt", hand1)):
        text = golden(name)
        assert text == format_hand(part)
        assert parse_hand(text).final == part.final
    assert parse_hand(golden("hand0.hand.txt")) == hand0
    # Passes come back in seat order.
    back = parse_hand(golden("hand1.hand.txt"))
    assert [a.seat for a in back.actions if isinstance(a, PassCards)] == [0, 1, 2, 3]
    lines = golden("hand0.hand.txt").splitlines()
    assert lines[:5] == [
        "hearts-hand/2",
        'rules: {"moon":"shooter-chooses","pass_cycle":["hold","left"]}',
        "hand: 0",
        "totals: 0 0 0 0",
        'players: ["Ann","Bob","Cat","Dan"]',
    ]
    assert "   1. 0: 2C 2H 2D 2S" in lines and "  13. 0: AC AH AD AS" in lines
    assert "moon: 0 subtract-from-shooter" in lines
    assert lines[-1] == "# points 26 0 0 0; scored -26 0 0 0; totals -26 0 0 0"
    hand1_lines = golden("hand1.hand.txt").splitlines()
    assert "pass left:" in hand1_lines and "  0: QD KD AD" in hand1_lines
    assert hand1_lines[-3:] == ["   1. 1: 2C QC KS 2D", "   2. 2: 2S QS AH AD", "   3. 3: 2H KH KD"]


@pytest.mark.parametrize(
    "name",
    [
        "game.record.json",
        "hand1-trick3.state.json",
        "hand1-trick3.seat2.view.json",
        "hand0.hand.txt",
        "hand1.hand.txt",
    ],
)
def test_files_of_version_1_still_load(name: str) -> None:
    # Version 2 renamed scores to totals and trick to current_trick; a file written
    # before loads to the same value as its version 2 twin (but for the free metadata,
    # which version 2 added later, without changing the version).
    old = (DATA / "v1" / name).read_text(encoding="utf-8")
    new = golden(name)
    assert old != new
    if name.endswith(".record.json"):
        assert record_from_json(new) == golden_record()
        assert record_from_json(old) == attrs.evolve(golden_record(), extra={})
    elif name.endswith(".state.json"):
        assert state_from_json(old) == state_from_json(new) == golden_state()
    elif name.endswith(".view.json"):
        assert view_from_json(old) == view_from_json(new) == observe(golden_state(), 2)
    else:
        assert parse_hand(old) == attrs.evolve(parse_hand(new), extra={})


def test_version_1_problems_are_reported_under_its_own_keys() -> None:
    data = json.loads((DATA / "v1" / "hand1-trick3.state.json").read_text(encoding="utf-8"))
    data["scores"] = [-26, 0, 0]
    data["trick"] = ["2H", "KH", "ZZ"]
    with pytest.raises(RecordError) as info:
        state_from_data(data)
    assert [str(p) for p in info.value.problems] == [
        "$.scores: must have 4 items, not 3",
        '$.trick[2]: not a card: a string ("ZZ")',
    ]


@pytest.mark.parametrize(
    ("name", "schema"),
    [
        ("game.record.json", "record"),
        ("hand1-trick3.state.json", "state"),
        ("hand1-trick3.seat2.view.json", "view"),
    ],
)
def test_golden_files_validate_against_their_schemas(name: str, schema: str) -> None:
    jsonschema.Draft202012Validator(json_schema(schema)).validate(json.loads(golden(name)))


# --- canonical output ---------------------------------------------------------------


def test_the_same_game_gives_the_same_bytes() -> None:
    # Built again from other objects: cards listed in other orders, passes as lists.
    shuffled = GameRecord(
        Rules.from_mapping({"pass_cycle": ["hold", "left"], "moon": "shooter-chooses"}),
        [
            Deal([" ".join(reversed(suit(s).split())) for s in "CHDS"]),
            *[PlayCard(a.seat, str(a.card)) for a in HAND0_PLAYS],
            ChooseMoon(0, "subtract-from-shooter"),
            Deal([" ".join(reversed(suit(s).split())) for s in "DCSH"]),
            *[PassCards(a.seat, " ".join(reversed(str(a.cards).split()))) for a in HAND1_PASSES],
            *HAND1_PLAYS,
        ],
        players=["Ann", "Bob", "Cat", "Dan"],
        date="2024-05-01",
        event="golden files",
        extra={"table": "3", "rated": True, "seed": 20240501},  # another key order
    )
    assert record_to_json(shuffled) == record_to_json(golden_record())
    assert record_to_json(shuffled, pretty=True) == golden("game.record.json")[:-1]


def test_compact_json_has_sorted_keys_and_no_spaces() -> None:
    text = state_to_json(golden_state())
    assert " " not in text
    assert list(json.loads(text)) == sorted(json.loads(text))
    # Reading a document with its keys in another order writes the same bytes.
    data = json.loads(text)
    reordered = dict(reversed(list(data.items())))
    assert state_to_json(state_from_data(reordered)) == text


def test_output_does_not_depend_on_hash_seeds() -> None:
    program = (
        "import sys; sys.path.insert(0, sys.argv[1]); import helpers.records as t; "
        "from hearts_core import observe; "
        "from hearts_core.io import record_to_json, state_to_json, view_to_json; "
        "r = t.golden_record(); s = r.final; "
        "print(record_to_json(r) + state_to_json(s) + view_to_json(observe(s, 1)))"
    )
    outputs = set()
    for seed in ("1", "2", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        result = subprocess.run(
            [sys.executable, "-c", program, str(Path(__file__).parents[1])],
            env=env,
            capture_output=True,
            text=True,
            check=True,
            timeout=120,
        )
        outputs.add(result.stdout)
    assert len(outputs) == 1


# --- records: refusals --------------------------------------------------------------


def record_data() -> dict[str, Any]:
    return record_to_data(golden_record())


def test_record_wrong_types_unknown_and_missing_keys_are_all_listed() -> None:
    data = record_data()
    data["rules"]["players"] = "4"
    data["rules"]["queen_breaks_hearts"] = "false"
    data["hand_number"] = 0.0
    data["metadata"]["date"] = "1 May 2024"
    data["actions"][1]["seat"] = "0"
    data["actions"][2]["card"] = "10H"
    data["colour"] = "red"
    del data["format"]
    assert refused(record_from_data, data) == [
        "$.colour: unknown key",
        "$.format: missing",
        '$.rules.players: must be an integer, not a string ("4")',
        '$.rules.queen_breaks_hearts: must be true or false, not a string ("false")',
        "$.hand_number: must be an integer, not the number 0.0",
        '$.metadata.date: must be a date written YYYY-MM-DD, not a string ("1 May 2024")',
        '$.actions[1].seat: must be an integer, not a string ("0")',
        '$.actions[2].card: not a card: a string ("10H")',
    ]


def test_record_repeated_keys_are_refused() -> None:
    text = record_to_json(golden_record())
    text = text.replace('"event":"golden files"', '"event":"golden files","event":"other"')
    text = text.replace('{"card":"2C","seat":0', '{"card":"2C","card":"3C","seat":0', 1)
    assert refused(record_from_json, text) == [
        "$.metadata.event: appears more than once",
        "$.actions[1].card: appears more than once",
    ]


def test_record_format_version_is_checked() -> None:
    data = record_data()
    data["format"] = "hearts-record/3"
    assert refused(record_from_data, data) == [
        "$.format: must be 'hearts-record/2' (or its version 1), not a string (\"hearts-record/3\")"
    ]


def test_record_deal_problems_are_all_listed() -> None:
    data = record_data()
    hands = data["actions"][0]["hands"]
    hands[1][0] = "2C"  # 2C twice, 2H missing
    hands[3].append("2D")  # 2D twice, and seat 3 gets 14 cards
    assert refused(record_from_data, data) == [
        "$.actions[0].hands[1]: 2C dealt twice",
        "$.actions[0].hands[3]: seat 3 gets 14 cards, not 13",
        "$.actions[0].hands[3]: 2D dealt twice",
        "$.actions[0].hands: cards not dealt: 2H",
        "$.actions[0]: the actions after this one were not checked",
    ]


def test_record_illegal_action_names_the_rule_and_the_field() -> None:
    data = record_data()
    # Hand 1, trick 2: seat 3 holds spades, so it may not discard 2H on a spade lead.
    index = 1 + 52 + 1 + 1 + 4 + 4 + 1
    assert data["actions"][index] == {"type": "play", "seat": 3, "card": "QS"}
    data["actions"][index]["card"] = "2H"
    assert refused(record_from_data, data) == [
        f"$.actions[{index}].card: MUST_FOLLOW_SUIT: seat 3 must follow spades and holds QS, AS",
        f"$.actions[{index}]: the actions after this one were not checked",
    ]
    data["actions"][index] = {"type": "play", "seat": 0, "card": "AH"}
    assert refused(record_from_data, data)[0] == (
        f"$.actions[{index}].seat: NOT_YOUR_TURN: it is seat 3's turn to play, not seat 0's"
    )


def test_record_start_must_be_reachable() -> None:
    data = record_data()
    data["hand_number"], data["totals"] = 4, [120, 10, 20, 30]
    data["actions"] = []
    assert refused(record_from_data, data) == [
        "$.totals: (120, 10, 20, 30) have already ended the game"
    ]
    # Even at hand 0: no game starts from totals that have ended it.
    data["hand_number"] = 0
    assert refused(record_from_data, data) == [
        "$.totals: (120, 10, 20, 30) have already ended the game"
    ]
    data["totals"] = [0, 0, 0]
    assert refused(record_from_data, data) == ["$.totals: must have 4 items, not 3"]


def test_record_seats_and_names_must_fit_the_table() -> None:
    data = record_data()
    data["metadata"]["players"] = ["Ann", "Bob"]
    data["actions"][1]["seat"] = 4
    data["actions"][53]["option"] = "double"
    assert refused(record_from_data, data) == [
        "$.metadata.players: must have 4 items, not 2",
        "$.actions[1].seat: must be between 0 and 3, not 4",
        '$.actions[53].option: must be one of "add-to-others", "subtract-from-shooter", '
        'not a string ("double")',
    ]


def test_record_built_in_python_is_checked_too() -> None:
    with pytest.raises(RecordError) as error:
        GameRecord(RULES, [HAND0, PlayCard(1, "2H")])
    assert problems(error) == [
        "$.actions[1].seat: NOT_YOUR_TURN: it is seat 0's turn to play, not seat 1's"
    ]
    with pytest.raises(RecordError) as error:
        GameRecord(RULES, [HAND0], totals=(0, 0), date="yesterday")
    assert problems(error) == [
        '$.metadata.date: must be a date written YYYY-MM-DD, not a string ("yesterday")',
        "$.totals: must have 4 items, not 2",
    ]
    with pytest.raises(RecordError) as error:
        GameRecord(RULES, [HAND0, "2C"])
    assert problems(error) == ["$.actions[1]: not an action: '2C'"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "$: not JSON: Expecting value (line 1, column 1)"),
        (
            '{"format": "hearts-record/1"',
            "$: not JSON: Expecting ',' delimiter (line 1, column 29)",
        ),
        ("[" * 100_000, "$: not JSON this library reads: nested too deeply"),
        ('{"a": Infinity}', "$: not JSON: Infinity is not a JSON number"),
        (
            "1" * 5000,
            "$: not JSON: Exceeds the limit (4300 digits) for integer string conversion: "
            "value has 5000 digits",
        ),
        ("[]", "$: must be an object, not an array"),
        ("null", "$: must be an object, not null"),
    ],
)
def test_record_text_that_is_not_a_record(text: str, expected: str) -> None:
    assert refused(record_from_json, text) == [expected]


def test_loaders_refuse_bytes_that_are_not_utf8_and_values_that_are_not_text() -> None:
    assert refused(record_from_json, b'{"a": "\xff"}') == [
        "$: not UTF-8 text: invalid start byte at byte 7"
    ]
    assert refused(state_from_json, 12) == ["$: expected JSON text, not the number 12"]


# --- states: refusals ---------------------------------------------------------------


def state_data() -> dict[str, Any]:
    return state_to_data(golden_state())


def test_state_card_placement_problems_are_all_listed() -> None:
    data = state_data()
    data["hands"][0].remove("3D")  # 3D is nowhere
    data["hands"][1].append("QH")  # QH is in hand 0 too
    data["current_trick"].append("1S")  # not a card
    assert refused(state_from_data, data) == ['$.current_trick[3]: not a card: a string ("1S")']
    data["current_trick"].pop()
    assert refused(state_from_data, data) == [
        "$.hands[1]: QH is also in hand 0",
        "$.hands: these cards are nowhere: 3D",
    ]


def test_state_hand_sizes_must_fit_the_tricks_and_the_turn() -> None:
    data = state_data()
    # Move 3S from seat 2 (who has not played to trick 3) to seat 1 (who has).
    data["hands"][2].remove("3S")
    data["hands"][1].append("3S")
    assert refused(state_from_data, data) == [
        "$.hands[1]: seat 1 should hold 10 cards, not 11",
        "$.hands[2]: seat 2 should hold 11 cards, not 10",
    ]


def test_state_leaders_must_be_the_previous_winners() -> None:
    data = state_data()
    data["tricks"][1]["leader"] = 0
    data["leader"] = 1
    # With trick 2 led by seat 0, Q♠ (second) came from seat 1, which won it: the
    # leader of trick 3 is right for that, but trick 2's leader is not trick 1's winner.
    assert refused(state_from_data, data) == [
        "$.tricks[1].leader: must be 2 (the previous trick's winner), not 0"
    ]
    # Keeping the sizes right, only the leader of the trick in progress is wrong:
    data = state_data()
    data["leader"], data["current_trick"] = 0, []
    data["hands"][3].append("2H")
    data["hands"][0].append("KH")
    data["hands"][1].append("KD")
    assert refused(state_from_data, data) == [
        "$.leader: must be 3 (the last trick's winner), not 0"
    ]


def test_state_passes_must_fit_the_direction_and_the_hands() -> None:
    data = state_data()
    data["passes"][0] = ["QD", "KD", "2D"]
    data["passes"][3] = None
    assert refused(state_from_data, data) == [
        "$.passes[0]: seat 0 passed 2D but still holds or played them",
        "$.passes[0]: seat 1 received 2D but neither holds nor played them",
        "$.passes[3]: every seat has passed once play begins",
    ]
    data = state_to_data(moon_state())  # hand 0 passes no cards
    data["passes"] = [["2C", "3C", "4C"], None, None, None]
    assert refused(state_from_data, data) == [
        "$.passes: must be empty: hand 0 passes no cards (hold)"
    ]


def test_state_an_illegal_play_inside_a_trick_is_found_by_replaying_the_hand() -> None:
    data = state_data()
    # Seat 0 played 2D to trick 1, and AH to trick 2; swap them: AH on the first trick
    # is a point card while seat 0 held diamonds.
    data["tricks"][0]["cards"][3], data["tricks"][1]["cards"][2] = "AH", "2D"
    assert refused(state_from_data, data) == [
        "$.tricks[0].cards[3]: NO_POINTS_ON_FIRST_TRICK: seat 0 may not play AH on the first "
        "trick: it holds cards that score nothing (2D, 3D, 4D, 5D, 6D, 7D, 8D, 9D, TD, JD)"
    ]


def test_state_phase_and_totals_must_be_reachable() -> None:
    moon = state_to_data(moon_state())
    assert moon["phase"] == "moon"
    no_choice = dict(moon, rules=dict(moon["rules"], moon="add-to-others"))
    assert refused(state_from_data, no_choice) == [
        "$.phase: no moon choice is due: these tricks are scored at once"
    ]
    over = state_to_data(new_game())
    over["phase"] = "game-over"
    assert refused(state_from_data, over) == [
        "$.phase: the game cannot be over: no total in (0, 0, 0, 0) ends it"
    ]
    late = state_to_data(new_game())
    late["hand_number"], late["totals"] = 3, [100, 10, 20, 30]
    assert refused(state_from_data, late) == [
        "$.totals: (100, 10, 20, 30) have already ended the game"
    ]
    single = state_to_data(new_game(variant("openspiel")))
    single["hand_number"] = 1
    assert refused(state_from_data, single) == [
        "$.hand_number: a single-hand game has only hand 0, not hand 1"
    ]
    full = state_data()
    full["phase"] = "pass"
    assert (
        refused(state_from_data, full)[0]
        == "$.tricks: must be empty: no card is played while passing"
    )


def test_state_from_another_ruleset_is_refused() -> None:
    data = state_data()
    data["rules"]["players"] = 3
    assert refused(state_from_data, data) == [
        "$.rules.removed_cards: 52 cards do not deal evenly to 3 players"
    ]
    data["rules"]["removed_cards"] = ["2D"]
    assert refused(state_from_data, data) == [
        "$.totals: must have 3 items, not 4",
        "$.leader: must be between 0 and 2, not 3",
    ]


# --- views: refusals ----------------------------------------------------------------


def view_data() -> dict[str, Any]:
    return view_to_data(observe(golden_state(), 2))


def test_view_derived_fields_must_be_what_the_rest_gives() -> None:
    data = view_data()
    data["hand_points"] = [0, 0, 0, 13]
    data["hearts_broken"] = False
    data["hand_sizes"] = [10, 10, 11, 11]
    data["to_act"] = [3]
    data["legal_cards"] = ["3S"]
    data["dealer"] = 3
    data["pass_direction"] = "right"
    assert refused(view_from_data, data) == [
        "$.dealer: is 3, but the rest of the view gives 0",
        '$.pass_direction: is "right", but the rest of the view gives "left"',
        "$.hand_sizes: is [10,10,11,11], but the rest of the view gives [10,10,11,10]",
        "$.hearts_broken: is false, but the rest of the view gives true",
        "$.hand_points: is [0,0,0,13], but the rest of the view gives [0,0,0,14]",
        "$.to_act: is [3], but the rest of the view gives [2]",
        '$.legal_cards: is ["3S"], but the rest of the view gives ["KC","AC","3S","4S","5S",'
        '"6S","7S","8S","9S","TS","JS"]',
    ]


def test_view_own_cards_must_fit_the_record() -> None:
    data = view_data()
    data["hand"].remove("JS")  # seat 2 has not played to trick 3: it holds 11 cards
    data["received"] = ["QC", "KC", "QH"]  # QH is hidden, not in seat 2's cards
    assert refused(view_from_data, data) == [
        "$.hand: seat 2 should hold 11 cards, not 10",
        "$.received: seat 2 neither holds nor played QH",
    ]
    data = view_data()
    data["hand"].append("2S")  # 2S was played to trick 2
    assert refused(view_from_data, data) == ["$.tricks[1].cards[0]: 2S is also in the hand"]


def test_view_whose_hidden_cards_no_deal_fits_is_refused() -> None:
    # A hold hand seen from seat 0. Trick 1: 0:2C 1:8C 2:7C 3:JC; trick 2: 3:QC 0:3C 1:9C 2:KC.
    hands = [
        "2C 3C 4C 5C 6C 2D 3D 4D 5D 6D 2S 3S 4S",
        "8C 9C TC 7D 8D 9D TD 2H 3H 4H 5H 5S 6S",
        "7C KC JD QD KD AD 6H 7H 8H 9H TH 7S 8S",
        "JC QC AC JH QH KH AH 9S TS JS QS KS AS",
    ]
    state = apply(new_game(Rules(pass_cycle=["hold"])), Deal(hands))
    for seat, card in [(0, "2C"), (1, "8C"), (2, "7C"), (3, "JC")] + [
        (3, "QC"),
        (0, "3C"),
        (1, "9C"),
        (2, "KC"),
    ]:
        state = apply(state, PlayCard(seat, card))
    data = view_to_data(observe(state, 0))
    assert view_from_data(data) == observe(state, 0)
    # Seat 2 discarding JD on the club lead says it held no club; it followed with KC later.
    data["tricks"][0]["cards"][2] = "JD"
    assert refused(view_from_data, data) == [
        "$: no deal of the hidden cards gives this view: seat 2 could not have played JD"
    ]


def test_view_passes_are_checked_against_the_phase() -> None:
    data = view_data()
    data["passed"] = None
    data["passed_seats"] = [0, 1, 3]
    assert refused(view_from_data, data) == [
        "$.passed_seats: every seat has passed once play begins",
        "$.passed: must be the cards of the pass once play begins",
    ]
    data = view_data()
    data["passed_seats"] = [0, 2, 1, 3]
    assert refused(view_from_data, data) == [
        "$.passed_seats[2]: seats are listed once each, in increasing order"
    ]


def test_view_in_the_moon_phase_must_have_a_moon_to_choose() -> None:
    moon = moon_state()
    data = view_to_data(observe(moon, 1))
    assert data["to_act"] == [0] and data["legal_cards"] == []
    assert view_from_data(data) == observe(moon, 1)
    data["rules"]["moon"] = "add-to-others"
    assert refused(view_from_data, data) == [
        "$.phase: no moon choice is due: these tricks are scored at once"
    ]


def test_view_legal_actions_are_worked_out_again() -> None:
    state = golden_state()
    for seat in range(4):
        view = view_from_json(view_to_json(observe(state, seat)))
        assert list(view.legal_actions) == list(observe(state, seat).legal_actions)
    passing = list(replay(golden_record()))[1 + 52 + 1 + 1 + 1]
    assert passing.phase is Phase.PASS and passing.to_act == (0, 1, 3)
    view = view_from_json(view_to_json(observe(passing, 0)))
    assert len(view.legal_actions) == 286 and view.passed is None


# --- the notation: refusals ---------------------------------------------------------


def test_notation_problems_name_their_lines() -> None:
    text = golden("hand1.hand.txt")
    bad = text.replace("  1: 2C 3C", "  1: 2C 2C").replace("   2. 2:", "   4. 2:")
    assert refused(parse_hand, bad) == [
        "line 11: 2C is listed twice",
        "line 9: the deal needs a line for each of the 4 seats",
        "line 21: this is trick 2, not 4",
    ]
    illegal = text.replace("   3. 3: 2H KH KD", "   3. 3: 2H KH 2C")
    assert refused(parse_hand, illegal) == ["line 22: CARD_NOT_IN_HAND: seat 1 does not hold 2C"]
    assert refused(parse_hand, "hearts-hand/3\n") == [
        "line 1: the notation starts with the line 'hearts-hand/2'"
    ]
    assert refused(parse_hand, text.replace("pass left:", "pass right:")) == [
        "line 14: hand 1 passes left, not right"
    ]


def test_notation_reads_cards_in_other_spellings_and_skips_comments() -> None:
    text = golden("hand0.hand.txt").replace("  13. 0: AC AH AD AS", "  13. 0: a♣ ah A♦ as  # end")
    text = text.replace("hand: 0", "# a comment\nhand: 0")
    assert refused(parse_hand, text) == ["line 28: not a card: '#'"]
    text = text.replace("  # end", "")
    assert format_hand(parse_hand(text)) == golden("hand0.hand.txt")


# --- schemas ------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["record", "state", "view"])
def test_schema_is_valid_and_shipped_in_the_package(name: str) -> None:
    schema = json_schema(name)
    jsonschema.Draft202012Validator.check_schema(schema)
    path = REPO / "hearts_core" / "io" / "schemas" / f"{name}.schema.json"
    assert json.loads(path.read_text(encoding="utf-8")) == schema
    assert schema["properties"]["format"]["const"] == f"hearts-{name}/2"


def test_schemas_share_their_definitions() -> None:
    record, state, view = (json_schema(name) for name in ("record", "state", "view"))
    for name, definition in state["$defs"].items():
        assert record["$defs"][name] == definition
        assert view["$defs"][name] == definition


def test_schema_rules_match_the_rules_fields() -> None:
    properties = json_schema("record")["$defs"]["rules"]["properties"]
    data = Rules().to_mapping()
    assert set(properties) == set(RULE_FIELDS)
    for name, value in data.items():
        if isinstance(value, str):
            enum_type = type(getattr(Rules(), name))
            assert properties[name]["enum"] == [member.value for member in enum_type], name
    validator = jsonschema.Draft202012Validator(json_schema("record"))
    for text in ("players", "pass_count", "target_score"):
        bad = record_data()
        bad["rules"][text] = "4"
        assert not validator.is_valid(bad)


def test_the_codec_reads_every_rules_field_strictly() -> None:
    # Each field's reader comes from its type annotation; a field of a type the
    # codec cannot read would be handed to Rules unchecked. None may be.
    readers = rule_readers()
    assert set(readers) == set(RULE_FIELDS)
    unread = [name for name, reader in readers.items() if reader is None]
    assert not unread, f"add a strict reader to hearts_core.io.values for: {unread}"
    for name in variant_names():
        rules = variant(name)
        reader = Reader()
        assert read_rules(reader, rules_to_data(rules), "$.rules") == rules, reader.problems
    with pytest.raises(UnknownNameError) as info:
        json_schema("game")
    # UnknownNameError has no fields: its message shows the name and every name there is.
    assert all(name in str(info.value) for name in ('"game"', "record", "state", "view", "event"))


def test_the_schema_refuses_what_the_loader_refuses_for_form() -> None:
    validator = jsonschema.Draft202012Validator(json_schema("record"))
    changes: list[Callable[[dict[str, Any]], object]] = [
        lambda d: d.update(colour="red"),
        lambda d: d["actions"][1].update(card="10H"),
        lambda d: d["actions"][1].update(seat="0"),
        lambda d: d["actions"][1].update(type="bid"),
        lambda d: d["metadata"].update(date="1 May"),
        lambda d: d.pop("rules"),
    ]
    for change in changes:
        data = record_data()
        change(data)
        assert not validator.is_valid(data)
        with pytest.raises(RecordError):
            record_from_data(data)


def test_docs_page_describes_each_format_and_embeds_the_schemas() -> None:
    page = (REPO / "docs" / "records.md").read_text(encoding="utf-8")
    for word in (
        "hearts-record/2",
        "hearts-state/2",
        "hearts-view/2",
        "hearts-hand/2",
        "RecordError",
        "<!-- schemas -->",
        "json_schema",
    ):
        assert word in page, word


@pytest.mark.slow
def test_the_wheel_ships_the_schemas(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    wheel = build_wheel(tmp_path / "dist", env)
    # Import straight from the wheel (a zip file): json_schema reads it with
    # importlib.resources, which needs no files on disk.
    attrs_dir = Path(__import__("attrs").__file__ or "").parents[1]
    program = (
        "import hearts_core; from hearts_core.io import json_schema; "
        "print(hearts_core.__file__); "
        "print([json_schema(n)['$id'] for n in ('record', 'state', 'view', 'event')])"
    )
    result = subprocess.run(
        [sys.executable, "-S", "-c", program],
        cwd=tmp_path,
        env={**env, "PYTHONPATH": os.pathsep.join([str(wheel), str(attrs_dir)])},
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    first, second = result.stdout.splitlines()
    assert first.startswith(str(wheel))
    assert second == str(
        [
            "urn:hearts-core:schema:record:2",
            "urn:hearts-core:schema:state:2",
            "urn:hearts-core:schema:view:2",
            "urn:hearts-core:schema:event:1",
        ]
    )


def test_loads_and_dumps_are_inverse_on_json() -> None:
    data = record_data()
    assert loads(dumps(data)) == data
    assert loads(dumps(data, pretty=True)) == data


# --- count-down games ----------------------------------------------------------------


def test_count_down_positions_keep_their_phase_through_every_format() -> None:
    import random

    from hearts_core.bots import RuleBot, transitions

    rules = variant("hartenjagen")
    steps = list(transitions([RuleBot()] * 4, rules, random.Random(8)))
    record = GameRecord(rules, [step.action for step in steps], variant="hartenjagen")
    final = record.final
    assert final.is_over and final.counting_down and min(final.totals) <= 0
    down = [step.after for step in steps if step.after.counting_down]
    assert down, "the game must reach its count-down"
    # The first count-down state follows a hand whose totals reached 50.
    first = next(step for step in steps if step.after.counting_down)
    assert not first.before.counting_down and max(first.after.totals) >= 50
    for state in (down[0], down[len(down) // 2], final):
        assert state_from_json(state_to_json(state)) == state
        for seat in range(4):
            view = observe(state, seat)
            assert view.counting_down
            assert view_from_json(view_to_json(view)).counting_down
    assert record_from_json(record_to_json(record)) == record
    parts = record.hands()
    assert [part.counting_down for part in parts] == [part.start.counting_down for part in parts]
    assert parts[-1].counting_down and not parts[0].counting_down
    for part in (parts[0], parts[-1]):
        text = format_hand(part)
        assert ("counting_down: yes" in text) == part.counting_down
        assert parse_hand(text) == part
        assert record_from_json(record_to_json(part)) == part


def test_count_down_flags_that_do_not_fit_are_refused_everywhere() -> None:
    classic = state_to_data(new_game())
    classic["counting_down"] = True
    assert refused(state_from_data, classic) == [
        "$.counting_down: only a count-down game counts down"
    ]
    dutch = state_to_data(new_game("hartenjagen", totals=(55, 30, 10, 20), counting_down=True))
    dutch["counting_down"] = False
    expected = (
        "$.counting_down: totals (55, 30, 10, 20) have reached the target 50, "
        "so the game counts down"
    )
    assert refused(state_from_data, dutch) == [expected]
    view = view_to_data(
        observe(new_game("hartenjagen", totals=(55, 30, 10, 20), counting_down=True), 1)
    )
    view["counting_down"] = False
    assert refused(view_from_data, view) == [expected]
    view["counting_down"] = "no"
    assert refused(view_from_data, view) == [
        '$.counting_down: must be true or false, not a string ("no")'
    ]
    record = record_to_data(
        GameRecord(variant("hartenjagen"), totals=(55, 30, 10, 20), counting_down=True)
    )
    assert record_from_data(record).start.counting_down
    del record["counting_down"]  # left out, it is false: these totals need it true
    assert refused(record_from_data, record) == [expected]
    # Counting down below the target is a count-down game's second phase, not a mistake,
    # and a total at 0 or below has ended it.
    assert record_from_data(dict(record, totals=[12, 30, 10, 44], counting_down=True))
    assert refused(record_from_data, dict(record, totals=[0, 30, 10, 44], counting_down=True)) == [
        "$.totals: (0, 30, 10, 44) have already ended the game"
    ]


def test_the_notation_reads_and_checks_its_count_down_line() -> None:
    part = GameRecord(variant("hartenjagen"), totals=(55, 30, 10, 20), counting_down=True)
    text = format_hand(part)
    lines = text.splitlines()
    at = lines.index("totals: 55 30 10 20")
    assert lines[at + 1] == "counting_down: yes"

    assert parse_hand(text) == part
    maybe = text.replace("counting_down: yes", "counting_down: maybe")
    with pytest.raises(RecordError) as error:
        parse_hand(maybe)
    assert problems(error) == [f"line {at + 2}: counting_down: yes or no, not 'maybe'"]
    missing = text.replace("counting_down: yes\n", "")
    with pytest.raises(RecordError) as error:
        parse_hand(missing)
    assert problems(error) == [
        f"line {at + 1}: totals (55, 30, 10, 20) have reached the target 50, "
        "so the game counts down"
    ]
