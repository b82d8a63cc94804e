"""Conformance vectors: each ``tests/data/conformance/*.json`` file replayed through the public API.

A file is one named case in the language-neutral format of
``tests/data/conformance/README.md``: the rules, a deal, the actions, and what must hold
along the way (the exact legal cards, refusals with the rule they break) and at the end
(points, scores, totals, game over, winners). The expected values were worked out by hand
from the rules, never read back from the engine; this module only loads, validates and
replays them, so any other implementation can be checked against the same files.

A file with an unknown or missing key, or a malformed value, is refused with
:class:`CaseError` before it is run: a typo must not silently disable a check.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, NoReturn

import pytest

from hearts_core import (
    Action,
    CardSet,
    ChooseMoon,
    Deal,
    Event,
    GameState,
    HandScored,
    HeartsError,
    IllegalActionError,
    PassCards,
    Phase,
    PlayCard,
    Rule,
    Rules,
    apply,
    is_legal,
    legal_actions,
    new_game,
    step,
    variant,
)

DATA: Final = Path(__file__).resolve().parents[1] / "data" / "conformance"
FORMAT: Final = "hearts-conformance/1"
CASE_FILES: Final = sorted(DATA.glob("*.json"))

# The rule fields of format version 1. A "fields" ruleset must give every one of them
# (moon_points is optional: absent means the positive points in the deck), so a case never
# depends on an implementation's defaults.
RULE_FIELDS: Final = (
    "players",
    "lowest_rank",
    "removed_cards",
    "pass_count",
    "pass_cycle",
    "first_lead",
    "points_on_first_trick",
    "must_break_hearts",
    "queen_breaks_hearts",
    "lead_hearts_instead_of_queen",
    "queen_waits_for_hearts",
    "heart_points",
    "card_values",
    "moon",
    "moon_requires",
    "sun",
    "sun_points",
    "no_tricks_bonus",
    "target_score",
    "single_hand",
    "exact_target_halves",
    "tie",
)
# Fields added to format version 1 after it was published: a case may leave them out, and
# then they take the standard value (false, and "target" for game_end).
OPTIONAL_RULE_FIELDS: Final = (
    "moon_points",
    "only_discards_break_hearts",
    "game_end",
    "full_polish",
)

PHASES: Final = frozenset(phase.value for phase in Phase)
RULE_IDS: Final = frozenset(rule.value for rule in Rule)
MOON_OPTIONS: Final = frozenset({"add-to-others", "subtract-from-shooter"})
CARD: Final = re.compile(r"[2-9TJQKA][CDHS]")
CASE_NAME: Final = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


class CaseError(ValueError):
    """A conformance file that does not follow the format."""


# --- reading a file ------------------------------------------------------------------


def _fail(where: str, message: str) -> NoReturn:
    raise CaseError(f"{where}: {message}")


def _object(
    value: object, where: str, required: tuple[str, ...], optional: tuple[str, ...] = ()
) -> dict[str, Any]:
    if not isinstance(value, dict):
        _fail(where, f"must be an object, not {value!r}")
    for key in value:
        if key not in required and key not in optional:
            _fail(where, f"unknown key {key!r}")
    for key in required:
        if key not in value:
            _fail(where, f"missing key {key!r}")
    return value


def _int(value: object, where: str, low: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        _fail(where, f"must be an integer, not {value!r}")
    if low is not None and value < low:
        _fail(where, f"must be at least {low}, not {value}")
    return value


def _bool(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        _fail(where, f"must be true or false, not {value!r}")
    return value


def _text(value: object, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        _fail(where, f"must be a non-empty string, not {value!r}")
    return value


def _list(value: object, where: str) -> list[Any]:
    if not isinstance(value, list):
        _fail(where, f"must be a list, not {value!r}")
    return value


def _ints(value: object, where: str, length: int) -> tuple[int, ...]:
    items = _list(value, where)
    if len(items) != length:
        _fail(where, f"must have {length} entries (one per seat), not {len(items)}")
    return tuple(_int(item, f"{where}[{i}]") for i, item in enumerate(items))


def _seat(value: object, where: str, players: int) -> int:
    seat = _int(value, where, 0)
    if seat >= players:
        _fail(where, f"no seat {seat} with {players} players")
    return seat


def _seats(value: object, where: str, players: int) -> tuple[int, ...]:
    return tuple(_seat(s, f"{where}[{i}]", players) for i, s in enumerate(_list(value, where)))


def _card(value: object, where: str) -> str:
    if not isinstance(value, str) or not CARD.fullmatch(value):
        _fail(where, f"must be a card such as 'QS' or 'TH', not {value!r}")
    return value


def _cards(value: object, where: str) -> frozenset[str]:
    items = [_card(c, f"{where}[{i}]") for i, c in enumerate(_list(value, where))]
    if len(set(items)) != len(items):
        _fail(where, "lists a card twice")
    return frozenset(items)


def _rule_id(value: object, where: str) -> str:
    if not isinstance(value, str) or value not in RULE_IDS:
        _fail(where, f"must be one of {', '.join(sorted(RULE_IDS))}, not {value!r}")
    return value


def _rules(value: object, where: str) -> Rules:
    spec = _object(value, where, (), ("variant", "overrides", "fields"))
    try:
        if "fields" in spec:
            if "variant" in spec or "overrides" in spec:
                _fail(where, "give either 'fields' or 'variant' (with 'overrides'), not both")
            fields = _object(spec["fields"], f"{where}.fields", RULE_FIELDS, OPTIONAL_RULE_FIELDS)
            return Rules.from_mapping(fields)
        if "variant" not in spec:
            _fail(where, "missing key 'variant' (or 'fields')")
        base = variant(_text(spec["variant"], f"{where}.variant"))
        overrides = _object(
            spec.get("overrides", {}), f"{where}.overrides", (), RULE_FIELDS + OPTIONAL_RULE_FIELDS
        )
        return Rules.from_mapping({**base.to_mapping(), **overrides})
    except HeartsError as error:
        _fail(where, f"not a valid ruleset: {error}")


def _action(value: object, where: str, players: int) -> Action:
    if not isinstance(value, dict) or len(value) != 1:
        _fail(where, f"must be an object with one key: pass, play or moon, not {value!r}")
    kind, body = next(iter(value.items()))
    inner = f"{where}.{kind}"
    if kind == "pass":
        data = _object(body, inner, ("seat", "cards"))
        cards = _cards(data["cards"], f"{inner}.cards")
        return PassCards(_seat(data["seat"], f"{inner}.seat", players), " ".join(sorted(cards)))
    if kind == "play":
        data = _object(body, inner, ("seat", "card"))
        return PlayCard(_seat(data["seat"], f"{inner}.seat", players), _card(data["card"], inner))
    if kind == "moon":
        data = _object(body, inner, ("seat", "option"))
        option = data["option"]
        if option not in MOON_OPTIONS:
            _fail(f"{inner}.option", f"must be one of {sorted(MOON_OPTIONS)}, not {option!r}")
        return ChooseMoon(_seat(data["seat"], f"{inner}.seat", players), option)
    _fail(where, f"unknown action {kind!r} (pass, play or moon)")


@dataclass(frozen=True)
class Refusal:
    """An action that must be refused for ``rule``: ``card`` played by the seat to act, or
    a whole ``action``."""

    rule: str
    card: str | None
    action: Action | None


@dataclass(frozen=True)
class Check:
    """What must hold after ``after`` actions; ``None`` fields are not checked."""

    after: int
    phase: str | None
    to_act: tuple[int, ...] | None
    hands: tuple[frozenset[str], ...] | None
    legal: frozenset[str] | None
    illegal: tuple[Refusal, ...]


@dataclass(frozen=True)
class Case:
    """One conformance file, validated."""

    name: str
    rules: Rules
    hand_number: int
    scores_before: tuple[int, ...]
    deal: tuple[frozenset[str], ...]
    actions: tuple[Action, ...]
    checks: tuple[Check, ...]
    hand_points: tuple[int, ...] | None
    hand_scores: tuple[int, ...] | None
    totals_after: tuple[int, ...] | None
    game_over: bool | None
    winners: tuple[int, ...] | None
    counting_down: bool = False
    counting_down_after: bool | None = None


def _refusal(value: object, where: str, players: int) -> Refusal:
    data = _object(value, where, ("rule",), ("card", "action", "note"))
    if ("card" in data) == ("action" in data):
        _fail(where, "give exactly one of 'card' and 'action'")
    if "note" in data:
        _text(data["note"], f"{where}.note")
    rule = _rule_id(data["rule"], f"{where}.rule")
    if "card" in data:
        return Refusal(rule, _card(data["card"], f"{where}.card"), None)
    return Refusal(rule, None, _action(data["action"], f"{where}.action", players))


def _check(value: object, where: str, players: int, actions: int) -> Check:
    data = _object(
        value, where, ("after",), ("phase", "to_act", "hands", "legal", "illegal", "note")
    )
    after = _int(data["after"], f"{where}.after", 0)
    if after > actions:
        _fail(f"{where}.after", f"only {actions} actions are given, not {after}")
    phase = data.get("phase")
    if phase is not None and phase not in PHASES:
        _fail(f"{where}.phase", f"must be one of {', '.join(sorted(PHASES))}, not {phase!r}")
    if "note" in data:
        _text(data["note"], f"{where}.note")
    hands = None
    if "hands" in data:
        rows = _list(data["hands"], f"{where}.hands")
        if len(rows) != players:
            _fail(f"{where}.hands", f"must have {players} hands, not {len(rows)}")
        hands = tuple(_cards(row, f"{where}.hands[{i}]") for i, row in enumerate(rows))
    return Check(
        after=after,
        phase=phase,
        to_act=_seats(data["to_act"], f"{where}.to_act", players) if "to_act" in data else None,
        hands=hands,
        legal=_cards(data["legal"], f"{where}.legal") if "legal" in data else None,
        illegal=tuple(
            _refusal(item, f"{where}.illegal[{i}]", players)
            for i, item in enumerate(_list(data.get("illegal", []), f"{where}.illegal"))
        ),
    )


TOP_REQUIRED: Final = (
    "format",
    "name",
    "description",
    "rules",
    "hand_number",
    "scores_before",
    "deal",
    "actions",
)
TOP_OPTIONAL: Final = (
    "counting_down",
    "counting_down_after",
    "checks",
    "hand_points",
    "hand_scores",
    "totals_after",
    "game_over",
    "winners",
)


def parse_case(value: object, stem: str) -> Case:
    """Validate one decoded file named ``stem``.json; raise :class:`CaseError` if malformed."""
    data = _object(value, stem, TOP_REQUIRED, TOP_OPTIONAL)
    if data["format"] != FORMAT:
        _fail(f"{stem}.format", f"must be {FORMAT!r}, not {data['format']!r}")
    name = _text(data["name"], f"{stem}.name")
    if name != stem or not CASE_NAME.fullmatch(name):
        _fail(f"{stem}.name", f"must be the file's name in kebab-case ({stem!r}), not {name!r}")
    _text(data["description"], f"{stem}.description")
    rules = _rules(data["rules"], f"{stem}.rules")
    players = rules.players
    hands = _list(data["deal"], f"{stem}.deal")
    if len(hands) != players:
        _fail(f"{stem}.deal", f"must have {players} hands (seat 0 first), not {len(hands)}")
    actions = tuple(
        _action(a, f"{stem}.actions[{i}]", players)
        for i, a in enumerate(_list(data["actions"], f"{stem}.actions"))
    )
    checks = tuple(
        _check(c, f"{stem}.checks[{i}]", players, len(actions))
        for i, c in enumerate(_list(data.get("checks", []), f"{stem}.checks"))
    )

    def per_seat(key: str) -> tuple[int, ...] | None:
        return _ints(data[key], f"{stem}.{key}", players) if key in data else None

    return Case(
        name=name,
        rules=rules,
        hand_number=_int(data["hand_number"], f"{stem}.hand_number", 0),
        scores_before=_ints(data["scores_before"], f"{stem}.scores_before", players),
        deal=tuple(_cards(hand, f"{stem}.deal[{i}]") for i, hand in enumerate(hands)),
        actions=actions,
        checks=checks,
        hand_points=per_seat("hand_points"),
        hand_scores=per_seat("hand_scores"),
        totals_after=per_seat("totals_after"),
        game_over=_bool(data["game_over"], f"{stem}.game_over") if "game_over" in data else None,
        winners=_seats(data["winners"], f"{stem}.winners", players) if "winners" in data else None,
        counting_down=(
            _bool(data["counting_down"], f"{stem}.counting_down")
            if "counting_down" in data
            else False
        ),
        counting_down_after=(
            _bool(data["counting_down_after"], f"{stem}.counting_down_after")
            if "counting_down_after" in data
            else None
        ),
    )


def load_case(path: Path) -> Case:
    """Read and validate one conformance file."""
    try:
        value = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise CaseError(f"{path.name}: not valid JSON: {error}") from None
    return parse_case(value, path.stem)


# --- replaying a case ----------------------------------------------------------------


def _show(cards: frozenset[str] | set[str]) -> str:
    return str(CardSet.parse(" ".join(cards))) if cards else "(none)"


def _refuse(state: GameState, action: Action, rule: str, where: str) -> None:
    assert not is_legal(state, action), f"{where}: is_legal accepts {action}, expected {rule}"
    try:
        apply(state, action)
    except IllegalActionError as error:
        assert error.rule.value == rule, (
            f"{where}: {action} refused for {error.rule.value} ({error}), expected {rule}"
        )
    else:
        raise AssertionError(f"{where}: {action} was accepted, expected refusal for {rule}")


def _check_legal(state: GameState, expected: frozenset[str], where: str) -> None:
    assert state.phase is Phase.PLAY and len(state.to_act) == 1, (
        f"{where}: 'legal' needs one seat to play, but phase is {state.phase.value} "
        f"and to_act is {list(state.to_act)}"
    )
    seat = state.to_act[0]
    actions = legal_actions(state)
    plays = [a for a in actions if isinstance(a, PlayCard)]
    assert len(plays) == len(actions), f"{where}: legal actions that are not plays: {actions}"
    actual = {str(a.card) for a in plays}
    assert actual == expected, (
        f"{where}: seat {seat} legal cards {_show(actual)}, expected {_show(expected)} "
        f"(missing {_show(expected - actual)}, extra {_show(actual - expected)})"
    )
    # apply and is_legal must agree with legal_actions on every card the seat holds.
    for card in state.hands[seat]:
        action = PlayCard(seat, card)
        if str(card) in expected:
            assert is_legal(state, action), f"{where}: is_legal refuses legal {action}"
            try:
                apply(state, action)
            except IllegalActionError as error:
                raise AssertionError(f"{where}: apply refuses legal {action}: {error}") from None
        else:
            assert not is_legal(state, action), f"{where}: is_legal accepts illegal {action}"
            with pytest.raises(IllegalActionError):
                apply(state, action)


def _run_check(state: GameState, check: Check, where: str) -> None:
    if check.phase is not None:
        assert state.phase.value == check.phase, (
            f"{where}: phase {state.phase.value}, expected {check.phase}"
        )
    if check.to_act is not None:
        assert state.to_act == check.to_act, (
            f"{where}: to_act {list(state.to_act)}, expected {list(check.to_act)}"
        )
    if check.hands is not None:
        actual = tuple(frozenset(str(c) for c in hand) for hand in state.hands)
        for seat, (got, want) in enumerate(zip(actual, check.hands, strict=True)):
            assert got == want, f"{where}: seat {seat} holds {_show(got)}, expected {_show(want)}"
    if check.legal is not None:
        _check_legal(state, check.legal, where)
    for refusal in check.illegal:
        action = refusal.action
        if action is None:
            assert refusal.card is not None
            assert len(state.to_act) == 1, f"{where}: 'card' refusals need one seat to act"
            action = PlayCard(state.to_act[0], refusal.card)
        _refuse(state, action, refusal.rule, where)


def run_case(case: Case) -> None:
    """Replay ``case`` through the public API; raise AssertionError at the first mismatch."""
    state = new_game(
        case.rules,
        hand_number=case.hand_number,
        totals=case.scores_before,
        counting_down=case.counting_down,
    )
    try:
        state, events = step(state, Deal([" ".join(sorted(hand)) for hand in case.deal]))
    except IllegalActionError as error:
        raise AssertionError(f"{case.name}: deal refused: {error.rule.value}: {error}") from None
    history: list[Event] = list(events)
    checks: dict[int, list[Check]] = {}
    for check in case.checks:
        checks.setdefault(check.after, []).append(check)
    for index in range(len(case.actions) + 1):
        for check in checks.get(index, []):
            _run_check(state, check, f"{case.name}: after {index} actions")
        if index == len(case.actions):
            break
        action = case.actions[index]
        try:
            state, events = step(state, action)
        except IllegalActionError as error:
            raise AssertionError(
                f"{case.name}: action {index} ({action}) refused: {error.rule.value}: {error}"
            ) from None
        history.extend(events)

    scored = [event for event in history if isinstance(event, HandScored)]
    final = (case.hand_points, case.hand_scores, case.totals_after)
    if any(value is not None for value in final):
        assert len(scored) == 1, f"{case.name}: {len(scored)} hands scored, expected 1"
        (event,) = scored
        for label, want, got in (
            ("hand points", case.hand_points, event.points),
            ("hand scores", case.hand_scores, event.scores),
            ("totals after the hand", case.totals_after, event.totals),
        ):
            if want is not None:
                assert tuple(got) == want, (
                    f"{case.name}: {label} {list(got)}, expected {list(want)}"
                )
        if case.totals_after is not None:
            want = case.totals_after
            assert state.totals == want, (
                f"{case.name}: state totals {list(state.totals)}, expected {list(want)}"
            )
    if case.game_over is not None:
        assert state.is_over == case.game_over, (
            f"{case.name}: game over is {state.is_over}, expected {case.game_over}"
        )
    if case.counting_down_after is not None:
        assert state.counting_down == case.counting_down_after, (
            f"{case.name}: counting down is {state.counting_down}, "
            f"expected {case.counting_down_after}"
        )
    if case.winners is not None:
        assert state.winners == case.winners, (
            f"{case.name}: winners {list(state.winners)}, expected {list(case.winners)}"
        )


# --- the tests -----------------------------------------------------------------------


def test_the_cases_are_found() -> None:
    # An empty glob would turn the parametrized test below into a silent skip.
    assert len(CASE_FILES) >= 40, f"only {len(CASE_FILES)} conformance files in {DATA}"
    assert (DATA / "README.md").is_file()


@pytest.mark.parametrize("path", CASE_FILES, ids=[path.stem for path in CASE_FILES])
def test_conformance(path: Path) -> None:
    run_case(load_case(path))


def _base() -> dict[str, Any]:
    """A small valid case to break in the tests below."""
    data: dict[str, Any] = json.loads((DATA / "moon-choice.json").read_text(encoding="utf-8"))
    parse_case(data, "moon-choice")
    return data


def _set(path: tuple[str | int, ...], value: object) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        target: Any = data
        for step_key in path[:-1]:
            target = target[step_key]
        target[path[-1]] = value

    return change


def _drop(key: str) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        del data[key]

    return change


def _drop_field(field: str) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data["rules"] = {"fields": Rules().to_mapping()}
        del data["rules"]["fields"][field]

    return change


MALFORMED: Final[Mapping[str, tuple[Callable[[dict[str, Any]], None], str]]] = {
    "unknown top-level key": (_set(("comment",), "hi"), "unknown key 'comment'"),
    "missing deal": (_drop("deal"), "missing key 'deal'"),
    "other format": (_set(("format",), "hearts-conformance/2"), "format"),
    "name not the file's": (_set(("name",), "moon-add"), "name"),
    "bool as integer": (_set(("hand_number",), True), "hand_number"),
    "scores for 3 seats": (_set(("scores_before",), [0, 0, 0]), "scores_before"),
    "ten as 10": (_set(("deal", 0, 0), "10C"), "deal[0][0]"),
    "lower-case card": (_set(("deal", 0, 0), "2c"), "deal[0][0]"),
    "card dealt twice to a seat": (_set(("deal", 0, 1), "2C"), "twice"),
    "unknown check key": (_set(("checks", 0, "legl"), ["2C"]), "unknown key 'legl'"),
    "check after the last action": (_set(("checks", 0, "after"), 99), "after"),
    "unknown phase": (_set(("checks", 0, "phase"), "playing"), "phase"),
    "unknown action kind": (_set(("actions", 0), {"deal": {}}), "unknown action 'deal'"),
    "two kinds in one action": (
        _set(("actions", 0), {"play": {"seat": 0, "card": "2C"}, "moon": {}}),
        "one key",
    ),
    "unknown key in a play": (
        _set(("actions", 0), {"play": {"seat": 0, "card": "2C", "face": "up"}}),
        "unknown key 'face'",
    ),
    "no such seat": (_set(("actions", 0), {"play": {"seat": 4, "card": "2C"}}), "no seat 4"),
    "unknown moon option": (
        _set(("actions", 52), {"moon": {"seat": 2, "option": "double"}}),
        "option",
    ),
    "unknown rule id": (
        _set(("checks", 0, "illegal"), [{"card": "3C", "rule": "NO_SUCH_RULE"}]),
        "rule",
    ),
    "refusal with card and action": (
        _set(
            ("checks", 0, "illegal"),
            [{"card": "3C", "action": {"play": {"seat": 0, "card": "3C"}}, "rule": "WRONG_PHASE"}],
        ),
        "exactly one",
    ),
    "variant and fields": (
        _set(("rules",), {"variant": "standard", "fields": Rules().to_mapping()}),
        "not both",
    ),
    "unknown variant": (_set(("rules",), {"variant": "no-such-variant"}), "no-such-variant"),
    "unknown override": (
        _set(("rules",), {"variant": "standard", "overrides": {"jokers": 2}}),
        "jokers",
    ),
    "invalid override value": (
        _set(("rules",), {"variant": "standard", "overrides": {"moon": "sometimes"}}),
        "moon",
    ),
    "incomplete fields": (_drop_field("tie"), "missing key 'tie'"),
    "hand points for 3 seats": (_set(("hand_points",), [0, 0, 26]), "hand_points"),
    "game_over as a string": (_set(("game_over",), "no"), "game_over"),
    "counting_down as a number": (_set(("counting_down",), 1), "counting_down"),
}


@pytest.mark.parametrize("case", list(MALFORMED), ids=list(MALFORMED))
def test_malformed_files_are_refused(case: str) -> None:
    change, message = MALFORMED[case]
    data = _base()
    change(data)
    with pytest.raises(CaseError, match=re.escape(message)):
        parse_case(data, "moon-choice")


def _first_check(data: dict[str, Any], after: int) -> dict[str, Any]:
    found: dict[str, Any] = next(c for c in data["checks"] if c["after"] == after)
    return found


WRONG: Final[Mapping[str, tuple[Callable[[dict[str, Any]], None], str]]] = {
    "a legal card missing": (
        lambda d: _first_check(d, 1).update(legal=["7C", "8C", "9C", "TC"]),
        "legal cards",
    ),
    "an illegal card called legal": (
        lambda d: _first_check(d, 1).update(legal=["7C", "8C", "9C", "TC", "AC", "7D"]),
        "legal cards",
    ),
    "the wrong rule": (
        lambda d: _first_check(d, 1).update(illegal=[{"card": "7D", "rule": "HEARTS_NOT_BROKEN"}]),
        "expected HEARTS_NOT_BROKEN",
    ),
    "a legal card called illegal": (
        lambda d: _first_check(d, 1).update(illegal=[{"card": "7C", "rule": "MUST_FOLLOW_SUIT"}]),
        "accepts",
    ),
    "the wrong seat to act": (lambda d: _first_check(d, 1).update(to_act=[2]), "to_act"),
    "the wrong phase": (lambda d: _first_check(d, 52).update(phase="deal"), "phase"),
    "the wrong hands": (
        lambda d: _first_check(d, 0).update(hands=[d["deal"][1], *d["deal"][1:]]),
        "holds",
    ),
    "an illegal action": (_set(("actions", 0), {"play": {"seat": 0, "card": "3C"}}), "refused"),
    "the wrong points": (_set(("hand_points",), [0, 0, 0, 26]), "hand points"),
    "the wrong scores": (_set(("hand_scores",), [26, 26, 0, 26]), "hand scores"),
    "the wrong totals": (_set(("totals_after",), [50, 60, 70, 80]), "totals"),
    "game over flipped": (_set(("game_over",), True), "game over"),
    "the wrong winners": (_set(("winners",), [2]), "winners"),
    "counting down after a target game": (_set(("counting_down_after",), True), "counting down"),
}


@pytest.mark.parametrize("case", list(WRONG), ids=list(WRONG))
def test_wrong_expectations_fail(case: str) -> None:
    # The runner must be able to fail: each wrong expectation is caught with its own message.
    change, message = WRONG[case]
    data = _base()
    change(data)
    with pytest.raises(AssertionError, match=re.escape(message)):
        run_case(parse_case(data, "moon-choice"))


def test_the_base_case_passes_unchanged() -> None:
    run_case(parse_case(copy.deepcopy(_base()), "moon-choice"))
