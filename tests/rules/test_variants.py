"""Example tests for rulesets and variant files: the shipped variants, their aliases,
and the errors for malformed files and fields, each naming the key and the file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hearts_core import HeartsError, InvalidRulesError, Rules, load_variant, variant, variant_names
from hearts_core.rules import LIMITS, RULE_FIELDS, MoonScoring, PassDirection, variant_info

SHIPPED = ["classic", "moon-choice", "moon-subtract", "queen-breaks-hearts", "standard"]

# --- the shipped variants -----------------------------------------------------------


def test_every_shipped_variant_is_listed() -> None:
    assert set(SHIPPED) <= set(variant_names())
    assert list(variant_names()) == sorted(variant_names())


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_variant_loads(name: str) -> None:
    info = variant_info(name)
    assert info.name == name
    assert isinstance(info.rules, Rules)
    assert info.description.strip()
    assert info.sources
    assert variant(name) == info.rules


def test_standard_is_the_default() -> None:
    assert variant("standard") == Rules()
    rules = variant("standard")
    assert rules.pass_count == 3
    assert rules.pass_cycle == (
        PassDirection.LEFT,
        PassDirection.RIGHT,
        PassDirection.ACROSS,
        PassDirection.HOLD,
    )
    assert not rules.queen_breaks_hearts
    assert rules.moon is MoonScoring.ADD_TO_OTHERS
    assert rules.target_score == 100


def test_each_variant_changes_only_its_rule() -> None:
    assert variant("queen-breaks-hearts") == Rules(queen_breaks_hearts=True)
    assert variant("moon-choice") == Rules(moon=MoonScoring.SHOOTER_CHOOSES)
    assert variant("moon-subtract") == Rules(moon=MoonScoring.SUBTRACT_FROM_SHOOTER)
    assert variant("classic") == Rules(
        queen_breaks_hearts=True, moon=MoonScoring.SHOOTER_CHOOSES, tie="shared-win"
    )


@pytest.mark.parametrize(
    ("alias", "name"),
    [
        ("default", "standard"),
        ("black-lady", "standard"),
        ("qs-breaks", "queen-breaks-hearts"),
        ("shooter-chooses", "moon-choice"),
        ("subtract-26", "moon-subtract"),
    ],
)
def test_aliases(alias: str, name: str) -> None:
    assert variant_info(alias).name == name
    assert variant(alias) == variant(name)


@pytest.mark.parametrize("spelling", ["STANDARD", " Standard ", "Default", "QS-Breaks"])
def test_names_are_case_insensitive(spelling: str) -> None:
    assert variant(spelling) == variant(spelling.strip().lower())


@pytest.mark.parametrize("name", ["nonesuch", "", "standard.toml", "standard2"])
def test_unknown_variant_name(name: str) -> None:
    with pytest.raises(InvalidRulesError) as info:
        variant(name)
    assert (info.value.field, info.value.source) == ("name", None)
    assert [field for field, _ in info.value.problems] == ["name"]
    assert repr(name) in str(info.value)
    # the message lists what is known, to help a person fix the name
    assert "standard" in str(info.value)


def test_shipped_files_load_directly() -> None:
    from hearts_core.rules.variants import variants_dir

    for name in SHIPPED:
        path = variants_dir() / f"{name}.toml"
        assert load_variant(path) == variant_info(name)
        assert load_variant(str(path)) == variant_info(name)


# --- your own variant files --------------------------------------------------------


def write(tmp_path: Path, text: str, name: str = "house.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def refused(path: Path) -> InvalidRulesError:
    with pytest.raises(InvalidRulesError) as info:
        load_variant(path)
    error = info.value
    assert isinstance(error, HeartsError)
    assert error.source == str(path)
    assert str(path) in str(error)
    return error


def test_house_rules_file(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        'name = "house"\n'
        'aliases = ["ours"]\n'
        'description = "Short games."\n'
        'sources = ["the kitchen table"]\n'
        'extends = "standard"\n'
        "target_score = 50\n"
        'pass_cycle = ["left", "hold"]\n',
    )
    info = load_variant(path)
    assert info.name == "house"
    assert info.aliases == ("ours",)
    assert info.description == "Short games."
    assert info.sources == ("the kitchen table",)
    assert info.rules == Rules(target_score=50, pass_cycle=(PassDirection.LEFT, PassDirection.HOLD))


def test_file_without_extends_starts_from_the_defaults(tmp_path: Path) -> None:
    info = load_variant(write(tmp_path, 'name = "plain"\nqueen_breaks_hearts = true\n'))
    assert info.rules == Rules(queen_breaks_hearts=True)
    assert info.aliases == ()
    assert info.sources == ()


def test_extends_a_variant_and_overrides_it(tmp_path: Path) -> None:
    # classic sets queen_breaks_hearts and shooter-chooses; this file undoes the first
    path = write(tmp_path, 'name = "mine"\nextends = "classic"\nqueen_breaks_hearts = false\n')
    assert load_variant(path).rules == Rules(moon=MoonScoring.SHOOTER_CHOOSES, tie="shared-win")


@pytest.mark.parametrize("key", ["jokers", "pass_directions", "queen_breaks_heart", "Moon"])
def test_unknown_key(tmp_path: Path, key: str) -> None:
    path = write(tmp_path, f'name = "house"\n{key} = 3\n')
    error = refused(path)
    assert error.field == key
    assert key in str(error)


@pytest.mark.parametrize(
    ("line", "key"),
    [
        ('pass_count = "three"', "pass_count"),
        ("pass_count = 3.0", "pass_count"),
        ("pass_count = true", "pass_count"),
        ("target_score = [100]", "target_score"),
        ('queen_breaks_hearts = "yes"', "queen_breaks_hearts"),
        ("queen_breaks_hearts = 1", "queen_breaks_hearts"),
        ('moon = "sometimes"', "moon"),
        ("moon = 26", "moon"),
        ('pass_cycle = "left"', "pass_cycle"),
        ('pass_cycle = ["left", "up"]', "pass_cycle"),
        ("pass_cycle = [1, 2]", "pass_cycle"),
        ("pass_cycle = []", "pass_cycle"),
        ("name = 5", "name"),
        ('aliases = "one"', "aliases"),
        ("aliases = [1]", "aliases"),
        ("description = 3", "description"),
        ('sources = "somewhere"', "sources"),
        ("extends = 1", "extends"),
    ],
)
def test_wrong_type(tmp_path: Path, line: str, key: str) -> None:
    text = line + "\n" if line.startswith("name") else f'name = "house"\n{line}\n'
    error = refused(write(tmp_path, text))
    assert error.field == key
    assert f": {key}: " in str(error)


@pytest.mark.parametrize(
    ("line", "key"),
    [
        ("pass_count = 0", "pass_count"),
        ("pass_count = 14", "pass_count"),
        ("target_score = 0", "target_score"),
        ("target_score = -100", "target_score"),
    ],
)
def test_value_out_of_range(tmp_path: Path, line: str, key: str) -> None:
    error = refused(write(tmp_path, f'name = "house"\n{line}\n'))
    assert error.field == key


def test_missing_name(tmp_path: Path) -> None:
    error = refused(write(tmp_path, "target_score = 50\n"))
    assert error.field == "name"


@pytest.mark.parametrize(
    "text",
    [
        'name = "house\n',  # unterminated string
        "name = house\n",  # bare word
        'name = "a"\nname = "b"\n',  # duplicate key
        "[rules\n",
    ],
)
def test_bad_toml(tmp_path: Path, text: str) -> None:
    error = refused(write(tmp_path, text))
    assert error.field == "(file)"
    assert "TOML" in str(error)


def test_missing_file(tmp_path: Path) -> None:
    error = refused(tmp_path / "absent.toml")
    assert error.field == "(file)"


@pytest.mark.parametrize("parent", ["nonesuch", "standard.toml", ""])
def test_bad_extends(tmp_path: Path, parent: str) -> None:
    error = refused(write(tmp_path, f'name = "house"\nextends = "{parent}"\n'))
    assert error.field == "extends"
    assert repr(parent) in str(error)


def test_extends_takes_a_name_not_a_path(tmp_path: Path) -> None:
    # extends names a shipped variant; a relative path must not reach files outside
    # the shipped folder (here it would land back on standard.toml by another route)
    error = refused(write(tmp_path, 'name = "house"\nextends = "../variants/standard"\n'))
    assert error.field == "extends"


def test_extends_itself(tmp_path: Path) -> None:
    error = refused(write(tmp_path, 'name = "house"\nextends = "house"\n'))
    assert error.field == "extends"
    assert "circular" in str(error)


# --- Rules validation --------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"pass_count": 0}, "pass_count"),
        ({"pass_count": 14}, "pass_count"),
        ({"pass_count": "3"}, "pass_count"),
        ({"pass_count": True}, "pass_count"),
        ({"target_score": 0}, "target_score"),
        ({"target_score": 99.5}, "target_score"),
        ({"pass_cycle": ()}, "pass_cycle"),
        ({"pass_cycle": "left"}, "pass_cycle"),
        ({"pass_cycle": ("left", "sideways")}, "pass_cycle"),
        ({"queen_breaks_hearts": "no"}, "queen_breaks_hearts"),
        ({"queen_breaks_hearts": 0}, "queen_breaks_hearts"),
        ({"moon": "never"}, "moon"),
        ({"moon": None}, "moon"),
    ],
)
def test_rules_validation_names_the_field(changes: dict[str, Any], field: str) -> None:
    with pytest.raises(InvalidRulesError) as info:
        Rules(**changes)
    assert info.value.field == field
    assert str(info.value).startswith(f"{field}: ")
    assert info.value.source is None
    with pytest.raises(InvalidRulesError) as evolved:
        Rules().evolve(**changes)
    assert evolved.value.field == field
    with pytest.raises(InvalidRulesError) as mapped:
        Rules.from_mapping(changes, source="my.json")
    assert mapped.value.field == field
    assert mapped.value.source == "my.json"
    assert str(mapped.value).startswith(f"my.json: {field}: ")


def test_rules_messages_say_what_is_wrong() -> None:
    with pytest.raises(InvalidRulesError) as info:
        Rules(pass_count=14)
    assert (info.value.field, info.value.source) == ("pass_count", None)
    assert [field for field, _ in info.value.problems] == ["pass_count"]
    # the message says what is wrong: the hand size it must fit and the value given
    assert "13" in info.value.reason and "14" in info.value.reason
    with pytest.raises(InvalidRulesError) as info:
        Rules(moon="never")
    assert (info.value.field, info.value.source) == ("moon", None)
    assert "add-to-others" in str(info.value)
    assert "'never'" in str(info.value)


def test_rules_check_each_field_as_it_is_assigned() -> None:
    with pytest.raises(InvalidRulesError) as info:
        Rules(players="4")
    assert (info.value.field, info.value.source) == ("players", None)
    assert [field for field, _ in info.value.problems] == ["players"]
    assert "integer" in info.value.reason and "'4'" in info.value.reason
    low, high = LIMITS["players"]
    for players in (low - 1, high + 1):
        with pytest.raises(InvalidRulesError) as info:
            Rules(players=players)
        assert (info.value.field, info.value.source) == ("players", None)
        assert [field for field, _ in info.value.problems] == ["players"]
        assert all(str(n) in info.value.reason for n in (low, high, players))
    with pytest.raises(InvalidRulesError) as info:
        Rules().evolve(colour=1)
    assert (info.value.field, info.value.source) == ("colour", None)
    assert [field for field, _ in info.value.problems] == ["colour"]


def test_rule_fields_are_the_fields_a_ruleset_is_written_with() -> None:
    # Every field set (moon_points, None by default, is left out of the mapping when None).
    assert tuple(Rules(moon_points=26).to_mapping()) == RULE_FIELDS
    assert all(not name.startswith("_") for name in RULE_FIELDS)


def test_from_mapping_is_strict_and_reports_every_problem() -> None:
    # A list of card texts, not one string of them; card_values keyed by card text.
    three = Rules.from_mapping({"players": 3, "removed_cards": ["2D"]})
    assert three == Rules(players=3)
    with pytest.raises(InvalidRulesError) as info:
        Rules.from_mapping({"players": 3, "removed_cards": "2D 3D"})
    assert info.value.problems == (
        ("removed_cards", "must be a list of card texts, not '2D 3D'"),
    )
    with pytest.raises(InvalidRulesError) as info:
        Rules.from_mapping({"card_values": {1: 13}})
    assert info.value.field == "card_values"
    with pytest.raises(InvalidRulesError) as info:
        Rules.from_mapping({"players": "4", "moon": "maybe", "jokers": 1}, source="x.json")
    error = info.value
    assert [field for field, _ in error.problems] == ["players", "moon", "jokers"]
    assert (error.field, error.reason) == error.problems[0]
    assert error.source == "x.json"


def test_rules_accept_strings_for_enums() -> None:
    rules = Rules(pass_cycle=("hold",), moon="subtract-from-shooter")
    assert rules.pass_cycle == (PassDirection.HOLD,)
    assert rules.moon is MoonScoring.SUBTRACT_FROM_SHOOTER


def test_rules_mapping_round_trip() -> None:
    for name in SHIPPED:
        rules = variant(name)
        assert Rules.from_mapping(rules.to_mapping()) == rules
    documented = {
        "pass_count": 3,
        "pass_cycle": ["left", "right", "across", "hold"],
        "queen_breaks_hearts": False,
        "moon": "add-to-others",
        "target_score": 100,
    }
    mapping = Rules().to_mapping()
    assert {key: mapping.get(key) for key in documented} == documented


def test_from_mapping_rejects_unknown_key_and_non_mapping() -> None:
    with pytest.raises(InvalidRulesError) as info:
        Rules.from_mapping({"jokers": 2}, source="x.toml")
    assert info.value.field == "jokers"
    assert info.value.source == "x.toml"
    with pytest.raises(InvalidRulesError):
        Rules.from_mapping(["pass_count", 3])  # type: ignore[arg-type]


def test_rules_are_frozen_and_hashable() -> None:
    rules = Rules()
    with pytest.raises(AttributeError):
        rules.pass_count = 4  # type: ignore[misc]
    assert hash(rules) == hash(Rules())
    assert rules.evolve(target_score=50) == Rules(target_score=50)
    assert rules == Rules()  # evolve made a copy


# --- every problem in a file, each with its key ------------------------------------


def test_every_problem_in_a_file_is_reported_with_its_key(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "name = 5\n"
        'aliases = "ours"\n'
        "sources = [1]\n"
        'pass_count = "three"\n'
        "jokers = 2\n"
        'moon = "sometimes"\n',
    )
    error = refused(path)
    assert [key for key, _ in error.problems] == [
        "name",
        "aliases",
        "sources",
        "pass_count",
        "jokers",
        "moon",
    ]
    assert error.problems[0] == ("name", "must be a string, not 5")
    assert error.problems[1] == ("aliases", "must be a list of strings, not 'ours'")
    assert (error.field, error.reason) == error.problems[0]


def test_metadata_and_consistency_problems_together(tmp_path: Path) -> None:
    # The metadata problem and the rules' cross-field check are both reported.
    path = write(tmp_path, 'description = 3\nplayers = 3\npass_cycle = ["across"]\n')
    error = refused(path)
    assert [key for key, _ in error.problems] == ["name", "description", "pass_cycle"]
    assert error.problems[0] == ("name", "is required")


def test_a_file_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes('name = "café"\n'.encode("latin-1"))
    error = refused(path)
    assert error.field == "(file)"
    assert "not UTF-8" in error.reason and "0xe9" in error.reason


@pytest.mark.parametrize(
    "text",
    [
        "name = 1979-05-27\n",  # a date
        "name = 1.5\n",
        'name = ["house"]\n',
        "[name]\nfirst = 1\n",  # a table
    ],
)
def test_a_wrong_typed_name_is_refused_not_a_type_error(tmp_path: Path, text: str) -> None:
    error = refused(write(tmp_path, text))
    assert error.field == "name"
    assert error.reason.startswith("must be a string, not ")


def test_extends_problems_are_collected_with_the_others(tmp_path: Path) -> None:
    path = write(tmp_path, 'name = "house"\nextends = "nonesuch"\ntarget_score = 0\n')
    error = refused(path)
    assert [key for key, _ in error.problems] == ["extends", "target_score"]


# --- the house-rules page documents every field --------------------------------------


def _toml(value: Any) -> str:
    """A plain value written as the house-rules page writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items()) + " }"
    return str(value)


def test_the_house_rules_page_lists_every_field_with_its_default() -> None:
    page = Path(__file__).resolve().parents[2] / "docs" / "house-rules.md"
    text = page.read_text(encoding="utf-8")
    section = text.split("### Rule fields", 1)[1].split("\n## ", 1)[0]
    rows = [line.split(" | ") for line in section.splitlines() if line.startswith("| `")]
    fields = [row[0].strip("| `") for row in rows]
    assert fields == list(RULE_FIELDS)
    standard = Rules().to_mapping()
    for row, field in zip(rows, fields, strict=True):
        default = row[2]
        if field in standard:
            assert default == f"`{_toml(standard[field])}`", field
        else:
            assert field == "moon_points" and "positive points" in default
