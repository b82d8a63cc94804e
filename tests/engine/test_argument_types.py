"""Wrong argument types at the public entry points, and callers that misbehave.

Every public function given a value of the wrong type where a state, view, record, event
list, seat or generator belongs raises a typed :class:`~hearts_core.HeartsError` whose
message (and ``field``, where the class has one) names the argument, never an
``AttributeError`` or ``TypeError`` from deep inside. A forged action whose fields were
never set is refused as malformed, and a ``random.Random`` subclass that misbehaves
cannot stall a play-out or a resample: those run in a subprocess, so a regression fails
on its time limit instead of hanging the suite.

Run this file under both kernel builds (``HEARTS_CORE_PURE=1`` for the pure one).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

import hearts_core as h
import hearts_core.belief
import hearts_core.io
import hearts_core.playout
from hearts_core import io as hio
from hearts_core.belief import Belief
from hearts_core.cards import Card
from hearts_core.draws import CheckedDraws

RULES = h.Rules()
HOLD = h.Rules(pass_cycle=["hold"])
PASSING = h.apply(h.new_game(), h.random_deal(RULES, random.Random(3)))
PLAYING = h.apply(h.new_game(HOLD), h.random_deal(HOLD, random.Random(2)))
VIEW = h.observe(PLAYING, 0)
RECORD = h.io.GameRecord.for_variant("standard")
PLAY = h.legal_actions(PLAYING)[0]
EVENT = h.SunShot(1)


def rng() -> random.Random:
    return random.Random(7)


# The wrong-type library value for each kind of argument: the near miss a caller makes.
NEAR_MISS: dict[str, object] = {
    "state": VIEW,  # a view where the state belongs
    "view": PLAYING,  # and the other way round
    "record": PLAYING,
    "rng": RULES,
    "states": PLAYING,  # one state where a sequence of them belongs
    "events": EVENT,  # one event where a sequence of them belongs
    "event": PLAYING,
    "variant": Card.parse("2C"),
    "pretty": Card.parse("2C"),
    "seat": Card.parse("2C"),
}
COMMON: tuple[object, ...] = (None, 0, "x")

# (id, argument name, the kind of argument, the call, values that are fine there)
Call = Callable[[Any], object]
CALLS: list[tuple[str, str, str, Call]] = [
    ("apply", "state", "state", lambda bad: h.apply(bad, PLAY)),
    ("step", "state", "state", lambda bad: h.step(bad, PLAY)),
    ("explain", "state", "state", lambda bad: h.explain(bad, PLAY)),
    ("explain-non-action", "state", "state", lambda bad: h.explain(bad, "2C")),
    ("is_legal", "state", "state", lambda bad: h.is_legal(bad, PLAY)),
    ("legal_actions", "state", "state", lambda bad: h.legal_actions(bad)),
    ("rollout", "state", "state", lambda bad: h.playout.rollout(bad, rng())),
    ("rollout", "rng", "rng", lambda bad: h.playout.rollout(PLAYING, bad)),
    ("rollouts", "state", "state", lambda bad: h.playout.rollouts(bad, 3, rng())),
    ("rollouts", "rng", "rng", lambda bad: h.playout.rollouts(PLAYING, 3, bad)),
    ("play_outs", "states", "states", lambda bad: h.playout.play_outs(bad, rng())),
    ("play_outs", "states[1]", "state", lambda bad: h.playout.play_outs([PLAYING, bad], rng())),
    ("play_outs", "rng", "rng", lambda bad: h.playout.play_outs([PLAYING], bad)),
    ("resample", "view", "view", lambda bad: h.belief.resample(bad, rng())),
    ("resample", "rng", "rng", lambda bad: h.belief.resample(VIEW, bad)),
    ("Belief.sample", "rng", "rng", lambda bad: Belief(VIEW).sample(bad)),
    ("consistent_state", "view", "view", lambda bad: h.belief.consistent_state(bad)),
    ("state_to_json", "state", "state", lambda bad: h.io.state_to_json(bad)),
    ("state_to_json", "variant", "variant", lambda bad: h.io.state_to_json(PLAYING, bad)),
    ("state_to_json", "pretty", "pretty", lambda bad: h.io.state_to_json(PLAYING, pretty=bad)),
    ("state_to_data", "state", "state", lambda bad: hio.state_to_data(bad)),
    ("view_to_json", "view", "view", lambda bad: h.io.view_to_json(bad)),
    ("view_to_json", "variant", "variant", lambda bad: h.io.view_to_json(VIEW, bad)),
    ("view_to_json", "pretty", "pretty", lambda bad: h.io.view_to_json(VIEW, pretty=bad)),
    ("view_to_data", "view", "view", lambda bad: hio.view_to_data(bad)),
    ("record_to_json", "record", "record", lambda bad: h.io.record_to_json(bad)),
    ("record_to_json", "pretty", "pretty", lambda bad: h.io.record_to_json(RECORD, pretty=bad)),
    ("record_to_data", "record", "record", lambda bad: hio.record_to_data(bad)),
    ("event_to_json", "event", "event", lambda bad: h.io.event_to_json(bad)),
    ("event_to_data", "event", "event", lambda bad: h.io.event_to_data(bad)),
    ("format_hand", "record", "record", lambda bad: h.io.format_hand(bad)),
    # Not iterated: the refusal comes at the call, not at the first next().
    ("replay", "record", "record", lambda bad: h.io.replay(bad)),
    ("replay_steps", "record", "record", lambda bad: h.io.replay_steps(bad)),
    ("visible_events", "events", "events", lambda bad: h.visible_events(bad, 0)),
    ("visible_events", "events[1]", "event", lambda bad: h.visible_events([EVENT, bad], 0)),
]
# Values that are fine for an argument, and so are left out of its row.
FINE: dict[str, tuple[object, ...]] = {"variant": (None, "x")}


def _cases() -> list[Any]:
    cases = []
    for name, argument, kind, call in CALLS:
        for bad in (*COMMON, NEAR_MISS[kind]):
            if any(bad is fine or bad == fine for fine in FINE.get(kind, ())):
                continue
            label = f"{name}-{argument}-{type(bad).__name__}"
            cases.append(pytest.param(call, argument, bad, id=label))
    return cases


@pytest.mark.parametrize(("call", "argument", "bad"), _cases())
def test_a_wrong_type_is_refused_naming_the_argument(
    call: Call, argument: str, bad: object
) -> None:
    with pytest.raises(h.InvalidStateError) as info:
        call(bad)
    assert info.value.field == argument
    assert str(info.value).startswith(f"{argument}: ")
    assert isinstance(info.value, h.HeartsError)


SEAT_CALLS: list[tuple[str, Call]] = [
    ("legal_actions-play", lambda seat: h.legal_actions(PLAYING, seat)),
    ("legal_actions-pass", lambda seat: h.legal_actions(PASSING, seat)),
    ("legal_actions-deal", lambda seat: h.legal_actions(h.new_game(), seat)),
    ("visible_events", lambda seat: h.visible_events([EVENT], seat)),
]


@pytest.mark.parametrize("bad", ["x", "1", True, 1.0, Card.parse("2C")], ids=repr)
@pytest.mark.parametrize(("name", "call"), SEAT_CALLS, ids=[name for name, _ in SEAT_CALLS])
def test_a_seat_that_is_not_an_int_is_refused(name: str, call: Call, bad: object) -> None:
    with pytest.raises(h.InvalidSeatError, match="seat") as info:
        call(bad)
    assert isinstance(info.value, h.HeartsError)


def test_a_seat_out_of_range_has_no_legal_actions_and_none_means_every_seat() -> None:
    assert tuple(h.legal_actions(PLAYING, 7)) == ()
    assert tuple(h.legal_actions(PASSING, -1)) == ()
    assert h.legal_actions(PLAYING, None) == h.legal_actions(PLAYING)
    seat = PLAYING.to_act[0]
    assert h.legal_actions(PLAYING, seat) == h.legal_actions(PLAYING)


def test_explain_and_is_legal_still_answer_about_values_that_are_not_actions() -> None:
    for value in (None, 0, "2C", Card.parse("2C"), PLAYING):
        error = h.explain(PLAYING, value)
        assert isinstance(error, h.InvalidActionError) and error.field is None
        assert h.is_legal(PLAYING, value) is False


def test_a_good_call_is_unchanged_by_the_checks() -> None:
    assert h.is_legal(PLAYING, PLAY) and h.explain(PLAYING, PLAY) is None
    assert h.apply(PLAYING, PLAY) == h.step(PLAYING, PLAY)[0]
    assert h.io.state_from_json(h.io.state_to_json(PLAYING, "standard", pretty=True)) == PLAYING
    assert h.io.view_from_json(h.io.view_to_json(VIEW, None)) == VIEW
    assert len(list(h.io.replay(RECORD))) == 1


def test_play_outs_draw_nothing_before_every_state_is_checked() -> None:
    generator = random.Random(11)
    before = generator.getstate()
    with pytest.raises(h.InvalidStateError) as info:
        h.playout.play_outs([PLAYING, PASSING, h.new_game()], generator)
    assert info.value.field == "states[2]" and "deal phase" in str(info.value)
    assert generator.getstate() == before


def test_a_variant_label_the_loader_would_refuse_is_not_written() -> None:
    for label in ("v" * 201, "\ud800"):
        with pytest.raises(h.InvalidStateError) as info:
            h.io.state_to_json(PLAYING, label)
        assert info.value.field == "variant"
    long_but_fine = "v" * 200
    assert h.io.state_from_json(h.io.state_to_json(PLAYING, long_but_fine)) == PLAYING


@pytest.mark.parametrize(
    "bound", [1, 2, 3, 52, 286, 1144, 2**32 + 1, 10**20 + 7, 2**64, 3**90], ids=str
)
def test_resample_draws_the_numbers_random_random_draws(bound: int) -> None:
    # The same numbers randrange and shuffle give, from getrandbits alone: a seed gives
    # the states it gave before resample stopped calling them.
    ours, theirs = random.Random(bound), random.Random(bound)
    draws = CheckedDraws(ours)
    assert [draws.below(bound) for _ in range(20)] == [theirs.randrange(bound) for _ in range(20)]
    mine, yours = list(range(30)), list(range(30))
    draws.shuffle(mine)
    theirs.shuffle(yours)
    assert mine == yours and ours.getstate() == theirs.getstate()


# --- misbehaving callers, in a subprocess so that a regression cannot hang the suite -------

HOSTILE = r"""
import json, random
import hearts_core as h
from hearts_core import PlayCard, PassCards, ChooseMoon, Deal

class Skewed(random.Random):
    # random() at its bound and randrange() far out of range: nothing may use them.
    def random(self):
        return 1.0
    def randrange(self, *args, **kwargs):
        return 10**9
    def choice(self, seq):
        raise AssertionError("choice called")
    def shuffle(self, x):
        raise AssertionError("shuffle called")
    def sample(self, *args, **kwargs):
        raise AssertionError("sample called")

class Zeros(random.Random):
    # getrandbits gives only zeros: the kernel's exact draws reject them all.
    def getrandbits(self, k):
        return 0

class Wide(random.Random):
    # getrandbits gives more bits than asked for.
    def getrandbits(self, k):
        return 1 << (k + 5)

class Negative(random.Random):
    def getrandbits(self, k):
        return -1

class Ones(random.Random):
    # getrandbits gives only ones: every draw below a bound that is not a power of two
    # is rejected.
    def getrandbits(self, k):
        return (1 << k) - 1

rules = h.Rules()
hold = h.Rules(pass_cycle=["hold"])
passing = h.apply(h.new_game(), h.random_deal(rules, random.Random(3)))
playing = h.apply(h.new_game(hold), h.random_deal(hold, random.Random(2)))
view = h.observe(playing, 1)
pass_view = h.observe(passing, 2)
results = {}

def run(name, call):
    try:
        value = call()
    except h.HeartsError as error:
        results[name] = ["refused", type(error).__name__, getattr(error, "field", None), str(error)]
    except BaseException as error:
        results[name] = ["crashed", type(error).__name__, None, str(error)]
    else:
        results[name] = ["returned", value]

# A subclass whose random, randrange, choice, shuffle and sample misbehave: the draws come
# from getrandbits alone, so the answers are those of random.Random with the same seed.
for start, label in ((passing, "passing"), (playing, "playing")):
    run(f"rollout-skewed-{label}",
        lambda: h.playout.rollout(start, Skewed(5)) == h.playout.rollout(start, random.Random(5)))
    run(f"rollouts-skewed-{label}",
        lambda: h.playout.rollouts(start, 40, Skewed(5))
        == h.playout.rollouts(start, 40, random.Random(5)))
    run(f"play_outs-skewed-{label}",
        lambda: h.playout.play_outs([start] * 3, Skewed(5))
        == h.playout.play_outs([start] * 3, random.Random(5)))
run("random_deal-skewed",
    lambda: h.random_deal(rules, Skewed(5)) == h.random_deal(rules, random.Random(5)))
run("new_game-deal-skewed",
    lambda: h.apply(h.new_game(), h.random_deal(rules, Skewed(5)))
    == h.apply(h.new_game(), h.random_deal(rules, random.Random(5))))
for seen, label in ((view, "playing"), (pass_view, "passing")):
    run(f"resample-skewed-{label}",
        lambda: h.belief.resample(seen, Skewed(5)) == h.belief.resample(seen, random.Random(5))
        and h.observe(h.belief.resample(seen, Skewed(6)), seen.seat) == seen)

# Subclasses whose getrandbits misbehaves: refused, naming rng, in bounded time.
for kind in (Zeros, Wide, Negative):
    name = kind.__name__.lower()
    run(f"rollout-{name}", lambda: h.playout.rollout(playing, kind(1)) is not None)
    run(f"rollout-{name}-passing", lambda: h.playout.rollout(passing, kind(1)) is not None)
    run(f"rollouts-{name}", lambda: h.playout.rollouts(playing, 40, kind(1)) is not None)
    run(f"play_outs-{name}", lambda: h.playout.play_outs([playing] * 3, kind(1)) is not None)
    if kind is Zeros:  # zeros are numbers in range: the first state that fits
        run("resample-zeros", lambda: h.observe(h.belief.resample(view, Zeros(1)), 1) == view)
    else:
        run(f"resample-{name}", lambda: h.belief.resample(view, kind(1)) is not None)
run("resample-ones", lambda: h.belief.resample(view, Ones(1)) is not None)

# A play whose fields were never set, made without its constructor: an object with no
# fields, and one with a seat but no card (whether actions keep their fields in slots or
# in the items of a tuple).
def forge(kind, *fields):
    try:
        made = object.__new__(kind)
    except TypeError:  # a tuple: its items are its fields
        return tuple.__new__(kind, fields)
    for name, value in zip(("seat", "card"), fields):
        object.__setattr__(made, name, value)
    return made

forged = forge(PlayCard)
half = forge(PlayCard, playing.to_act[0])
for action, label in ((forged, "forged"), (half, "half")):
    for start, where in ((playing, "playing"), (passing, "passing"), (h.new_game(), "deal")):
        run(f"apply-{label}-{where}", lambda: h.apply(start, action))
        run(f"step-{label}-{where}", lambda: h.step(start, action))
        run(f"explain-{label}-{where}", lambda: type(h.explain(start, action)).__name__
            + ":" + str(h.explain(start, action).field))
        run(f"is_legal-{label}-{where}", lambda: h.is_legal(start, action))
for kind in (PassCards, ChooseMoon, Deal):
    run(f"apply-forged-{kind.__name__}", lambda: h.apply(passing, forge(kind)))
print(json.dumps(results))
"""


@pytest.fixture(scope="module")
def hostile() -> dict[str, list[Any]]:
    """What each hostile call did, run in a subprocess under the same kernel build; the time
    limit is a guard against a hang, far above what the calls take."""
    done = subprocess.run(
        [sys.executable, "-c", HOSTILE],
        capture_output=True,
        text=True,
        timeout=300,
        env=dict(os.environ),
        check=False,
    )
    assert done.returncode == 0, done.stderr
    found: dict[str, list[Any]] = json.loads(done.stdout)
    return found


SKEWED = [
    *(f"{call}-skewed-{where}" for call in ("rollout", "rollouts", "play_outs")
      for where in ("passing", "playing")),
    "random_deal-skewed",
    "new_game-deal-skewed",
    "resample-skewed-playing",
    "resample-skewed-passing",
]  # fmt: skip


@pytest.mark.parametrize("case", SKEWED)
def test_a_subclass_with_broken_random_and_randrange_draws_as_random_random(
    hostile: dict[str, list[Any]], case: str
) -> None:
    assert hostile[case] == ["returned", True]


BROKEN_BITS = [
    *(
        case.format(kind)
        for case in ("rollout-{}", "rollout-{}-passing", "rollouts-{}", "play_outs-{}")
        for kind in ("zeros", "wide", "negative")
    ),
    "resample-wide",
    "resample-negative",
    "resample-ones",
]


@pytest.mark.parametrize("case", BROKEN_BITS)
def test_a_subclass_with_broken_getrandbits_is_refused_naming_rng(
    hostile: dict[str, list[Any]], case: str
) -> None:
    outcome, kind_of_error, field, message = hostile[case]
    assert (outcome, kind_of_error, field) == ("refused", "InvalidStateError", "rng"), message
    assert message.startswith("rng: ")


def test_a_resample_from_a_generator_of_zeros_stays_in_range(
    hostile: dict[str, list[Any]],
) -> None:
    assert hostile["resample-zeros"] == ["returned", True]


@pytest.mark.parametrize("label", ["forged", "half"])
@pytest.mark.parametrize("where", ["playing", "passing", "deal"])
def test_a_play_whose_fields_were_never_set_is_malformed(
    hostile: dict[str, list[Any]], label: str, where: str
) -> None:
    field = "seat" if label == "forged" else "card"
    for call in ("apply", "step"):
        outcome, kind, found, message = hostile[f"{call}-{label}-{where}"]
        assert (outcome, kind, found) == ("refused", "InvalidActionError", field), message
    assert hostile[f"explain-{label}-{where}"] == ["returned", f"InvalidActionError:{field}"]
    assert hostile[f"is_legal-{label}-{where}"] == ["returned", False]


@pytest.mark.parametrize("kind", ["PassCards", "ChooseMoon", "Deal"])
def test_other_forged_actions_are_malformed(hostile: dict[str, list[Any]], kind: str) -> None:
    outcome, error, _, message = hostile[f"apply-forged-{kind}"]
    assert (outcome, error) == ("refused", "InvalidActionError"), message


@pytest.mark.parametrize("bad", [None, 0, "x"], ids=repr)
@pytest.mark.parametrize("call", ["apply_as", "step_as"])
def test_acting_for_a_seat_refuses_a_state_that_is_not_one(call: str, bad: object) -> None:
    act = getattr(h, call)
    with pytest.raises(h.InvalidStateError) as raised:
        act(bad, 0, h.PlayCard(0, "2C"))
    assert raised.value.field == "state"


@pytest.mark.parametrize("seat", ["0", None, 0.0, True], ids=repr)
def test_acting_for_a_seat_refuses_a_seat_that_is_not_an_int(seat: object) -> None:
    state = h.new_game()
    with pytest.raises(h.InvalidSeatError, match="seat must be a seat number"):
        h.apply_as(state, seat, h.PlayCard(0, "2C"))  # type: ignore[arg-type]
