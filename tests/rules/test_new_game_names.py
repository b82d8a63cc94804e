"""new_game takes the rules as Rules, a Variant or a variant's name (aliases too), and
refuses anything else with a HeartsError naming the argument."""

from __future__ import annotations

import pytest

from hearts_core import HeartsError, InvalidRulesError, Rules, new_game, variant, variant_names
from hearts_core.rules import MoonScoring, variant_info


@pytest.mark.parametrize("name", variant_names())
def test_a_name_a_variant_and_its_rules_start_the_same_game(name: str) -> None:
    expected = new_game(variant(name))
    assert new_game(name) == expected
    assert new_game(variant_info(name)) == expected
    for alias in variant_info(name).aliases:
        assert new_game(alias) == expected


def test_classic_by_name_is_classic_not_the_default() -> None:
    state = new_game("classic")
    assert state.rules.moon is MoonScoring.SHOOTER_CHOOSES  # the default adds to others
    assert state.rules != Rules()


@pytest.mark.parametrize(
    ("rules", "field", "shown"),
    [
        ("clasic", "name", "'clasic'"),
        ("", "name", "''"),
        (42, "rules", "42"),
        ({"players": 4}, "rules", "a dict"),
        (Rules, "rules", "a type"),
    ],
)
def test_anything_else_is_a_hearts_error_naming_the_argument(
    rules: object, field: str, shown: str
) -> None:
    with pytest.raises(InvalidRulesError) as info:
        new_game(rules)  # type: ignore[arg-type]
    assert isinstance(info.value, HeartsError)
    assert (info.value.field, info.value.source) == (field, None)
    assert shown in info.value.reason  # the reason shows what was given
    if field == "name":  # and, for a name, every name there is
        assert all(name in info.value.reason for name in variant_names())
