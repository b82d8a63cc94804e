"""The search bot: its options, legal play in every kind of ruleset, and reproducibility."""

from __future__ import annotations

import random
from typing import Any

import pytest

from hearts_core import (
    BotError,
    HandScored,
    Phase,
    Rules,
    UnknownNameError,
    apply,
    new_game,
    observe,
    random_deal,
    variant,
)
from hearts_core.bots import IsmctsBot, RuleBot, make_bot, transitions


def test_options_by_name_and_by_value() -> None:
    bot = make_bot("ismcts:400")
    assert isinstance(bot, IsmctsBot) and bot.iterations == 400 and bot.moon
    bot = make_bot("ismcts:iterations=64,seconds=0.5,exploration=1.2,moon=no")
    assert isinstance(bot, IsmctsBot)
    assert (bot.iterations, bot.seconds, bot.exploration, bot.moon) == (64, 0.5, 1.2, False)
    assert make_bot("ismcts").iterations == 32  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "spec", ["ismcts:0", "ismcts:moon=maybe", "ismcts:exploration=-1", "ismcts:seconds=0"]
)
def test_bad_options_are_refused(spec: str) -> None:
    with pytest.raises(BotError):
        make_bot(spec)


def test_unknown_option() -> None:
    with pytest.raises(UnknownNameError, match="samples"):
        make_bot("ismcts:samples=3")


def test_bad_settings_in_python() -> None:
    settings: list[dict[str, Any]] = [
        {"iterations": 0},
        {"seconds": -1.0},
        {"exploration": "x"},
        {"moon": 1},
    ]
    for kwargs in settings:
        with pytest.raises(BotError):
            IsmctsBot(**kwargs)


@pytest.mark.parametrize(
    "name", ["standard", "three-player", "six-player", "black-maria", "omnibus", "shoot-the-sun"]
)
def test_plays_a_whole_hand_in_every_kind_of_ruleset(name: str) -> None:
    # The engine refuses an illegal action, so a hand played to its score is all legal.
    rules = variant(name)
    bots = [IsmctsBot(iterations=12)] + [RuleBot()] * (rules.players - 1)
    scored = None
    for move in transitions(bots, rules, random.Random(5)):
        scored = next((e for e in move.events if isinstance(e, HandScored)), None)
        if scored is not None:
            break
    assert scored is not None and len(scored.scores) == rules.players


def _first_play(seed: int) -> tuple[Rules, object]:
    rules = Rules(pass_cycle=["hold"])
    state = apply(new_game(rules), random_deal(rules, random.Random(seed)))
    while state.phase is Phase.PLAY and len(observe(state, state.to_act[0]).legal_actions) < 3:
        seat = state.to_act[0]
        state = apply(state, RuleBot().choose(observe(state, seat), random.Random(0)))
    return rules, observe(state, state.to_act[0])


def test_the_same_generator_gives_the_same_search() -> None:
    _, view = _first_play(7)
    bot = IsmctsBot(iterations=40)
    first = bot.evaluate(view, random.Random(3))  # type: ignore[arg-type]
    assert first == bot.evaluate(view, random.Random(3))  # type: ignore[arg-type]
    assert set(first) == set(view.legal_actions)  # type: ignore[attr-defined]


def test_search_beats_random_over_a_few_deals() -> None:
    from hearts_core.bots.arena import run_arena

    result = run_arena("ismcts:16", "random", deals=2, seed=4)
    assert result.payoff.mean > 3.0  # rule beats random by about 6 a deal


def test_no_action_and_wrong_phase() -> None:
    bot = IsmctsBot(iterations=4)
    with pytest.raises(BotError):
        bot.choose(observe(new_game(), 0), random.Random(0))
    state = apply(new_game(), random_deal(Rules(), random.Random(1)))
    with pytest.raises(BotError):
        bot.evaluate(observe(state, 0), random.Random(0))
