"""The engine's constructors (``hearts_core/_slots.py``): in both builds they build the
very values the classes' own constructors build, field for field, and nothing in the
package changes an object's class to get there."""

from __future__ import annotations

import importlib
import importlib.util
import random
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
import pytest

import hearts_core
from hearts_core import Card, CardSet, Rules, apply, new_game, random_deal
from hearts_core import _slots as pure
from hearts_core.state import GameState, HandContext, Trick

COMPILED = (
    importlib.import_module("hearts_core._slots_c")
    if importlib.util.find_spec("hearts_core._slots_c")
    else None
)
BUILDS = [pure] if COMPILED is None else [pure, COMPILED]


def fields_of(value: Any) -> tuple[object, ...]:
    return tuple(getattr(value, field.name) for field in attrs.fields(type(value)))


def named_fields(value: Any) -> dict[str, object]:
    return {field.name: getattr(value, field.name) for field in attrs.fields(type(value))}


@pytest.fixture(params=BUILDS, ids=lambda build: build.__name__)
def build(request: pytest.FixtureRequest) -> ModuleType:
    module: ModuleType = request.param
    module.bind_slots(GameState, Trick, HandContext)
    return module


def test_a_state_built_from_its_fields_is_that_state_field_for_field(build: ModuleType) -> None:
    state = apply(new_game(Rules(players=3)), random_deal(Rules(players=3), random.Random(4)))
    values = fields_of(state)
    copy = build.make_state(**named_fields(state))
    assert type(copy) is GameState
    # Equality ignores some fields (eq=False), so every field is compared one by one.
    assert fields_of(copy) == values
    assert copy == state and copy is not state


def test_the_last_field_defaults_to_no_card_played(build: ModuleType) -> None:
    state = new_game()
    given = named_fields(state)
    del given["winning"]
    copy = build.make_state(**given)
    assert copy.winning == 0


def test_a_trick_built_from_its_fields_is_the_trick_its_constructor_builds(
    build: ModuleType,
) -> None:
    cards = tuple(Card.parse(text) for text in ["2C", "KC", "AH", "9C"])
    built = build.make_trick(1, cards, 2, CardSet(cards).mask)
    assert type(built) is Trick
    # Led by seat 1, the king of clubs (the second card, seat 2) takes it.
    assert fields_of(built) == fields_of(Trick(1, cards))


def test_a_context_built_from_its_fields_is_the_context_its_constructor_builds(
    build: ModuleType,
) -> None:
    rules = Rules(players=5)
    context = HandContext(rules, 3, (1, 2, 3, 4, 5), True)
    built = build.make_context(*fields_of(context))
    assert type(built) is HandContext
    assert fields_of(built) == fields_of(context)
    assert built.pass_direction is rules.pass_direction(3)


def test_built_values_stay_frozen(build: ModuleType) -> None:
    state = build.make_state(**named_fields(new_game()))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.leader = 2


def test_a_state_is_built_by_name_only(build: ModuleType) -> None:
    with pytest.raises(TypeError):
        build.make_state(*fields_of(new_game()))


def test_classes_whose_slots_differ_are_refused(build: ModuleType) -> None:
    @attrs.frozen
    class Other:
        leader: int
        cards: tuple[Card, ...]

    with pytest.raises(TypeError, match="Other's first slots"):
        build.bind_slots(GameState, Other, HandContext)
    build.bind_slots(GameState, Trick, HandContext)  # as the engine left it


def test_a_class_without_slots_is_refused(build: ModuleType) -> None:
    class Plain:  # its fields would live in a dict, not in slots
        pass

    with pytest.raises(TypeError, match=r"^Plain's first slots are not "):
        build.bind_slots(GameState, Trick, Plain)
    build.bind_slots(GameState, Trick, HandContext)  # as the engine left it


def test_a_state_given_in_order_is_the_state_given_by_name(build: ModuleType) -> None:
    state = apply(new_game(), random_deal(Rules(), random.Random(8)))
    values = fields_of(state)
    copy = build.new_state(*values)
    assert type(copy) is GameState and fields_of(copy) == values


def test_no_module_of_the_package_assigns_an_objects_class() -> None:
    root = Path(hearts_core.__file__).resolve().parent
    assigning = re.compile(r"\.__class__\s*=[^=]")
    found = [
        f"{path.relative_to(root)}:{number}"
        for path in sorted(root.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if assigning.search(line)
    ]
    assert found == []
