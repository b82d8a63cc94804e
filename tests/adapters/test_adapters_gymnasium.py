"""The single-agent Gymnasium environment, and what the PettingZoo one gained with it: the
flat observation, infos at a hand's and a game's end, copies and pickles mid-hand."""

from __future__ import annotations

import copy
import pickle
import shlex
import sys
import warnings
from typing import Any

import pytest

pytest.importorskip("gymnasium", reason="needs gymnasium: install the rl extra")
pytest.importorskip("numpy", reason="needs numpy: install the rl extra")
pytest.importorskip("pettingzoo", reason="needs pettingzoo: install the rl extra")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test  # type: ignore[import-untyped]

from hearts_core import InvalidActionError, InvalidRulesError, UnknownNameError
from hearts_core.adapters.gymnasium import ENV_ID, env
from hearts_core.adapters.pettingzoo import env as aec_env
from hearts_core.adapters.pettingzoo import raw_env
from hearts_core.bots import BotError, RuleBot


@pytest.mark.parametrize(
    "arguments",
    [
        {},
        {"opponents": "rule", "observation": "flat"},
        {"variant": "classic", "full_game": True, "reward": "win", "opponents": "rule"},
        {"variant": "three-player", "reward": "payoff", "seat": 2},
    ],
)
def test_check_env_passes(arguments: dict[str, Any]) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env(**arguments))
    # check_env cannot try other render modes on an environment built without gymnasium.make
    assert all("alternative render modes" in str(w.message) for w in caught)


def test_registered_with_gymnasium() -> None:
    made = gymnasium.make(ENV_ID, opponents="rule", observation="flat")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(made.unwrapped)
    assert not caught
    observation, _ = made.reset(seed=1)
    assert observation.shape == (741,)


def _play(game: Any, seed: int) -> tuple[float, dict[str, Any]]:
    """One episode with the lowest legal action: the learner's rewards and last info."""
    observation, _ = game.reset(seed=seed)
    total, done, info = 0.0, False, {}
    while not done:
        mask = observation["action_mask"]
        observation, reward, done, _, info = game.step(int(np.flatnonzero(mask)[0]))
        total += reward
    return total, info


def test_infos_at_the_end_of_a_hand_and_of_a_game() -> None:
    game = env(opponents="rule", reward="payoff")
    for seed in range(8):
        total, info = _play(game, seed)
        scores = info["scores"]
        assert info["payoff"] == pytest.approx(total)
        mine = scores[game.seat]
        assert info["payoff"] == pytest.approx((sum(scores) - mine) / 3 - mine)
        assert info["totals"] == scores  # one hand from zero
        assert sum(info["points"]) == 26
        assert (info["moon"] is None) == (26 not in info["points"])
        assert "winners" not in info
    whole = env(opponents="rule", full_game=True, reward="win")
    total, info = _play(whole, 3)
    assert max(info["totals"]) >= 100 and info["winners"]
    assert total == (1 / len(info["winners"]) if whole.seat in info["winners"] else 0.0)


def test_opponents_by_name_by_seat_and_as_bots() -> None:
    game = env(opponents=["rule", "mc:2", RuleBot()])
    total, info = _play(game, 4)
    assert total == -info["scores"][game.seat]
    with pytest.raises(InvalidRulesError) as refused:
        env(opponents=["rule", "rule"])
    assert (refused.value.field, refused.value.source) == ("opponents", None)
    assert [field for field, _ in refused.value.problems] == ["opponents"]
    assert "2" in refused.value.reason  # the number of bots given
    with pytest.raises(UnknownNameError):
        env(opponents="genius")
    with pytest.raises(BotError):
        env(opponents="mc:0")
    with pytest.raises(InvalidRulesError) as refused:
        env(seat=4)
    assert (refused.value.field, refused.value.source) == ("seat", None)
    assert [field for field, _ in refused.value.problems] == ["seat"]
    assert "4" in refused.value.reason


def test_an_opponent_that_runs_as_a_program() -> None:
    """A cmd: opponent plays over the bot protocol, as the same bot in-process does, and
    closing the environment stops its program."""
    program = f"cmd:{shlex.quote(sys.executable)} -m hearts_core.bots.serve rule"
    outside, inside = env(opponents=program), env(opponents="rule")
    try:
        assert _play(outside, 6) == _play(inside, 6)
    finally:
        outside.close()
    programs = [bot for bot in outside._bots if bot is not None]
    assert programs and all(getattr(bot, "_process") is None for bot in programs)  # noqa: B009


def test_the_seat_follows_the_seed_or_turns() -> None:
    game = env()
    game.reset(seed=6)
    assert game.seat == 2
    game.reset()
    assert game.seat == 3
    fixed = env(seat=1)
    fixed.reset(seed=6)
    assert fixed.seat == 1


def test_illegal_and_malformed_actions() -> None:
    game = env()
    # These three carry no field (no action was built): only their messages tell them apart.
    with pytest.raises(InvalidActionError) as raised:
        game.step(0)
    assert (raised.value.field, raised.value.action) == (None, None)
    assert "reset" in str(raised.value) and "over" not in str(raised.value)
    observation, _ = game.reset(seed=0)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, done, _, info = game.step(illegal)
    assert (reward, done, info) == (-26.0, True, {"illegal": True})
    with pytest.raises(InvalidActionError) as raised:
        game.step(0)
    assert (raised.value.field, raised.value.action) == (None, None)
    assert "over" in str(raised.value)
    game.reset(seed=0)
    with pytest.raises(InvalidActionError) as raised:
        game.step("QS")
    assert (raised.value.field, raised.value.action) == (None, None)
    assert "integer" in str(raised.value) and "'QS'" in str(raised.value)


def test_copies_of_the_single_env_play_on_alike() -> None:
    game = env(opponents="random")
    observation, _ = game.reset(seed=5)
    for _ in range(6):
        observation, *_ = game.step(int(np.flatnonzero(observation["action_mask"])[-1]))
    for other in (copy.deepcopy(game), pickle.loads(pickle.dumps(game))):
        mine = copy.deepcopy(game)
        seen = observation
        for _ in range(10):
            action = int(np.flatnonzero(seen["action_mask"])[0])
            first, second = other.step(action), mine.step(action)
            assert np.array_equal(first[0]["observation"], second[0]["observation"])
            assert first[1:3] == second[1:3]
            if first[2]:
                break
            seen = first[0]


# --- the PettingZoo environment ------------------------------------------------------


def test_the_aec_env_passes_api_test_with_flat_observations() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(aec_env("standard", observation="flat"), num_cycles=500)
    assert not caught


def test_the_flat_observation_is_the_vector_then_the_mask() -> None:
    flat, plain = raw_env(observation="flat"), raw_env()
    flat.reset(seed=8)
    plain.reset(seed=8)
    for agent in plain.possible_agents:
        seen = plain.observe(agent)
        expected = np.concatenate((seen["observation"], seen["action_mask"].astype(np.float32)))
        assert np.array_equal(flat.observe(agent), expected)
    assert flat.observation_space("player_0").shape == (741,)


def test_aec_infos_at_a_hand_end() -> None:
    game = raw_env(reward="payoff")
    game.reset(seed=2)
    rng = np.random.default_rng(2)
    returns = dict.fromkeys(game.possible_agents, 0.0)
    while not any(game.terminations.values()):
        assert all(info == {} for info in game.infos.values())
        mask = game.observe(game.agent_selection)["action_mask"]
        game.step(int(rng.choice(np.flatnonzero(mask))))
        for agent, reward in game.rewards.items():
            returns[agent] += reward
    for seat, agent in enumerate(game.possible_agents):
        info = game.infos[agent]
        assert info["payoff"] == pytest.approx(returns[agent])
        assert info["payoffs"][seat] == info["payoff"] and len(info["scores"]) == 4


def test_aec_copies_mid_hand_are_equal_and_independent() -> None:
    for make in (raw_env, aec_env):
        game = make()
        game.reset(seed=1)
        for _ in range(20):  # into the play: passes made, a few tricks
            mask = game.observe(game.agent_selection)["action_mask"]
            game.step(int(np.flatnonzero(mask)[0]))
        for other in (copy.deepcopy(game), pickle.loads(pickle.dumps(game))):
            agent = game.agent_selection
            assert other.agent_selection == agent
            seen, own = other.observe(agent), game.observe(agent)
            assert np.array_equal(seen["observation"], own["observation"])
            other.step(int(np.flatnonzero(other.observe(agent)["action_mask"])[0]))
            assert game.agent_selection == agent  # the original did not move
