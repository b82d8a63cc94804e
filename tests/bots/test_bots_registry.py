"""Bots by name: the spec syntax ``name`` or ``name:options``, and its errors."""

from __future__ import annotations

import pytest

from hearts_core import HeartsError, UnknownNameError
from hearts_core.bots import (
    BOTS,
    BotError,
    IsmctsBot,
    MonteCarloBot,
    RandomBot,
    RuleBot,
    make_bot,
    split_specs,
)


def _settings(spec: str) -> tuple[int, float | None, str]:
    bot = make_bot(spec)
    assert isinstance(bot, MonteCarloBot), spec
    return bot.samples, bot.seconds, bot.rollout


def test_every_listed_name_makes_a_fresh_bot() -> None:
    from hearts_core.bots.policy import LearnedBot

    kinds = {
        "random": RandomBot, "rule": RuleBot, "mc": MonteCarloBot, "ismcts": IsmctsBot,
        "learned": LearnedBot,
    }  # fmt: skip
    assert set(BOTS) == set(kinds)
    for name, kind in kinds.items():
        first, second = make_bot(name), make_bot(name)
        assert type(first) is kind and type(second) is kind
        assert first is not second
        assert BOTS[name].startswith(kind.__name__)


def test_aliases_case_and_spaces() -> None:
    assert type(make_bot("simple")) is RuleBot
    assert type(make_bot(" Random ")) is RandomBot
    for spec in ("montecarlo", "monte-carlo", "MC", "mc:", " mc : "):
        assert _settings(spec) == (24, None, "rule"), spec


@pytest.mark.parametrize(
    ("spec", "settings"),
    [
        ("mc:64", (64, None, "rule")),
        ("mc:samples=64", (64, None, "rule")),
        ("mc:samples=64,rollout=random", (64, None, "random")),
        ("mc:rollout=random,samples=64", (64, None, "random")),
        ("mc:rollout=random", (24, None, "random")),
        ("mc:32,seconds=0.5", (32, 0.5, "rule")),
        ("mc:seconds=2", (24, 2.0, "rule")),
        (" MC : Samples = 8 , Rollout = RANDOM ", (8, None, "random")),
        ("monte-carlo:samples=3", (3, None, "rule")),
    ],
)
def test_monte_carlo_options_by_value_and_by_name(
    spec: str, settings: tuple[int, float | None, str]
) -> None:
    assert _settings(spec) == settings


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("mc:0", "bad value for samples in 'mc:0': give a whole number of at least 1"),
        ("mc:x", "bad value for samples in 'mc:x'"),
        ("mc:1.5", "bad value for samples"),
        ("mc:-3", "bad value for samples"),
        ("mc:²", "bad value for samples"),
        ("mc:samples=", "bad value for samples"),
        ("mc:samples=0", "bad value for samples in 'mc:samples=0'"),
        ("mc:seconds=0", "bad value for seconds in 'mc:seconds=0': give a positive number"),
        ("mc:seconds=-1", "bad value for seconds"),
        ("mc:seconds=nan", "bad value for seconds"),
        ("mc:seconds=inf", "bad value for seconds"),
        ("mc:seconds=soon", "bad value for seconds"),
        ("mc:rollout=perfect", "bad value for rollout in 'mc:rollout=perfect': give 'rule' or"),
        ("mc:8,samples=9", "samples given twice in 'mc:8,samples=9'"),
        ("mc:rollout=rule,rollout=random", "rollout given twice"),
        ("mc:8,,rollout=rule", "an empty option in 'mc:8,,rollout=rule'"),
        ("rule:3", "rule takes no options, not '3'"),
        ("random:rollout=rule", "random takes no options"),
        ("", "no bot named in ''; known: random, rule, mc"),
        ("   ", "no bot named"),
    ],
)
def test_bad_specs_are_bot_errors(spec: str, message: str) -> None:
    with pytest.raises(BotError) as caught:
        make_bot(spec)
    assert message in str(caught.value)
    assert not isinstance(caught.value, UnknownNameError)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("alphago", "unknown bot 'alphago'; known: random, rule, mc"),
        ("genius:3", "unknown bot 'genius' in 'genius:3'"),
        ("samples=3", "unknown bot 'samples=3'"),
        (
            "mc:depth=2",
            "mc has no option 'depth' (in 'mc:depth=2'); its options: samples, rollout, seconds",
        ),
        ("mc:=5", "mc has no option ''"),
    ],
)
def test_unknown_names_are_unknown_name_errors(spec: str, message: str) -> None:
    with pytest.raises(UnknownNameError) as caught:
        make_bot(spec)
    assert message in str(caught.value)


def test_every_spec_error_is_a_hearts_error_and_a_value_error() -> None:
    # The command line reports a ValueError as a usage error; callers catch HeartsError.
    for spec in ("mc:0", "alphago", "mc:depth=1", "rule:3", ""):
        with pytest.raises(HeartsError) as caught:
            make_bot(spec)
        assert isinstance(caught.value, ValueError)
    with pytest.raises(BotError, match="a bot spec is a string"):
        make_bot(3)  # type: ignore[arg-type]


def test_split_specs_keeps_each_bots_options_together() -> None:
    assert split_specs("mc:samples=64,rollout=random,rule") == [
        "mc:samples=64,rollout=random",
        "rule",
    ]
    assert split_specs(" rule , ,random,mc:8,seconds=1 ,mc") == [
        "rule",
        "random",
        "mc:8,seconds=1",
        "mc",
    ]
    assert split_specs("") == []
    # A key=value part with no spec with options before it stands alone (and names no bot).
    assert split_specs("rule,rollout=random") == ["rule", "rollout=random"]
    bots = [make_bot(spec) for spec in split_specs("mc:2,rollout=random,rule,random,mc")]
    assert [type(b) for b in bots] == [MonteCarloBot, RuleBot, RandomBot, MonteCarloBot]
    assert _settings("mc:2,rollout=random") == (2, None, "random")
