"""The errors: each class's fields, and the messages it writes from them."""

from __future__ import annotations

import pytest

from hearts_core import (
    IllegalActionError,
    InvalidActionError,
    InvalidRulesError,
    InvalidStateError,
    PlayCard,
    Rule,
)
from hearts_core.io import RecordError

# Messages are checked word for word here, and only here: how each class writes its message
# from its fields (the source first, one problem per line, "... and N more") is the
# documented form its docstring shows. Elsewhere, tests pin the fields and the value shown.
# The AttributeError of a changed problem says why in place of Python's own message.

# --- Pins for hearts_core.errors, found by mutation testing (docs/mutation.md) ------------

Problem = RecordError.Problem


def test_every_rule_has_a_summary_of_one_sentence() -> None:
    for rule in Rule:
        assert rule.summary.endswith(".")
        assert rule.summary[0].isupper()
    assert Rule.NOT_YOUR_TURN.summary == "Only a seat whose turn it is may act."


def test_an_invalid_action_keeps_its_message_field_and_action() -> None:
    play = PlayCard(0, "2C")
    error = InvalidActionError("not a card: 'ZZ'", "card", play)
    assert str(error) == "not a card: 'ZZ'"
    assert (error.field, error.action) == ("card", play)
    bare = InvalidActionError("not an action: 7")
    assert str(bare) == "not an action: 7"
    assert bare.field is None
    assert bare.action is None


def test_an_illegal_action_keeps_its_rule_message_and_action() -> None:
    play = PlayCard(1, "QS")
    error = IllegalActionError(Rule.MUST_FOLLOW_SUIT, "seat 1 must follow clubs", play)
    assert str(error) == "seat 1 must follow clubs"
    assert error.rule is Rule.MUST_FOLLOW_SUIT
    assert error.action is play
    bare = IllegalActionError(Rule.WRONG_PHASE, "not now")
    assert (str(bare), bare.rule, bare.action) == ("not now", Rule.WRONG_PHASE, None)


def test_an_invalid_ruleset_of_one_problem_reads_field_and_reason() -> None:
    error = InvalidRulesError("players", "must be between 3 and 6, not 7")
    assert str(error) == "players: must be between 3 and 6, not 7"
    assert (error.field, error.reason, error.source) == (
        "players",
        "must be between 3 and 6, not 7",
        None,
    )
    assert error.problems == (("players", "must be between 3 and 6, not 7"),)


def test_an_invalid_ruleset_names_its_source_first() -> None:
    error = InvalidRulesError("moon", "unknown", source="ours.toml")
    assert str(error) == "ours.toml: moon: unknown"
    assert error.source == "ours.toml"
    # An empty list of problems is the one problem of the field and the reason.
    again = InvalidRulesError("moon", "unknown", "ours.toml", ())
    assert again.problems == (("moon", "unknown"),)
    assert str(again) == "ours.toml: moon: unknown"


def test_an_invalid_ruleset_of_several_problems_lists_each_on_a_line() -> None:
    problems = (("name", "is required"), ("jokers", "unknown rule field"))
    error = InvalidRulesError("name", "is required", "bad.toml", problems)
    assert str(error) == "bad.toml: 2 problems:\n  name: is required\n  jokers: unknown rule field"
    assert error.problems == problems
    assert (error.field, error.reason) == ("name", "is required")
    plain = InvalidRulesError("name", "is required", problems=problems)
    assert str(plain) == "2 problems:\n  name: is required\n  jokers: unknown rule field"


def test_an_invalid_state_reads_field_and_reason() -> None:
    error = InvalidStateError("totals", "must have 4 entries")
    assert str(error) == "totals: must have 4 entries"
    assert (error.field, error.reason) == ("totals", "must have 4 entries")


def test_a_record_problem_reads_path_and_message() -> None:
    problem = Problem("$.actions[3].card", "not a card")
    assert (problem.path, problem.message) == ("$.actions[3].card", "not a card")
    assert str(problem) == "$.actions[3].card: not a card"
    assert repr(problem) == "RecordError.Problem('$.actions[3].card', 'not a card')"


def test_record_problems_are_equal_by_path_and_message() -> None:
    problem = Problem("$.x", "unknown key")
    assert problem == Problem("$.x", "unknown key")
    assert hash(problem) == hash(Problem("$.x", "unknown key"))
    assert problem != Problem("$.y", "unknown key")
    assert problem != Problem("$.x", "missing")
    assert problem != ("$.x", "unknown key")
    assert problem.__eq__("$.x: unknown key") is NotImplemented
    assert len({problem, Problem("$.x", "unknown key"), Problem("$.y", "unknown key")}) == 2


def test_a_record_problem_cannot_be_changed() -> None:
    problem = Problem("$.x", "unknown key")
    with pytest.raises(AttributeError, match=r"^RecordError\.Problem is immutable$"):
        problem.path = "$.y"
    with pytest.raises(AttributeError, match=r"^RecordError\.Problem is immutable$"):
        problem.message = "missing"
    assert (problem.path, problem.message) == ("$.x", "unknown key")


def test_a_record_error_of_one_problem_reads_as_that_problem() -> None:
    error = RecordError([Problem("$.x", "unknown key")])
    assert str(error) == "$.x: unknown key"
    assert error.problems == (Problem("$.x", "unknown key"),)
    assert error.more == 0


def test_a_record_error_of_no_problem_is_refused_at_the_root() -> None:
    error = RecordError([])
    assert str(error) == "$: refused"
    assert error.problems == (Problem("$", "refused"),)


def test_a_record_error_of_several_problems_lists_each_on_a_line() -> None:
    problems = [Problem("$.x", "unknown key"), Problem("$.actions", "missing")]
    error = RecordError(problems)
    assert str(error) == "2 problems:\n  $.x: unknown key\n  $.actions: missing"
    assert error.problems == tuple(problems)


def test_a_record_error_counts_the_problems_left_out() -> None:
    error = RecordError((Problem("$.x", "unknown key"),), more=4)
    assert str(error) == "5 problems:\n  $.x: unknown key\n  ... and 4 more"
    assert error.more == 4
    two = RecordError([Problem("$.x", "unknown key"), Problem("$.y", "unknown key")], 1)
    assert str(two) == "3 problems:\n  $.x: unknown key\n  $.y: unknown key\n  ... and 1 more"
