"""RLlib takes both adapters: ``make test-rllib`` runs this file, in ``.venv-rllib``.

RLlib (``ray[rllib]``) installs without a deep-learning framework, but training
needs one, and Ray with PyTorch is several times the size of everything else
the tests install: so these tests have their own make target and virtual
environment, which ``.ci/run`` runs after ``make test``. ``make test`` leaves this
file out (``--ignore``); elsewhere it skips where RLlib or PyTorch is missing.

* RLlib's ``PettingZooEnv`` wraps ``env()`` and steps whole episodes of 3-, 4- and
  6-player variants, one hand and a whole game; the rewards add up to minus the
  scores;
* RLlib's ``OpenSpielEnv`` loads the ``hearts_core`` OpenSpiel game (it cannot load
  OpenSpiel's C++ ``hearts``, which has no observation tensor) and steps episodes;
* the examples of ``docs/rllib.md``, the how-to that trains with PPO, run as written.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip(
    "ray.rllib", reason="needs RLlib, the rllib extra (not in dev): make test-rllib installs it"
)
pytest.importorskip(
    "torch", reason="needs PyTorch (in no extra): make test-rllib installs its CPU build"
)

import numpy as np
from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv  # type: ignore[import-not-found,unused-ignore]

from hearts_core.adapters.pettingzoo import env

REPO = Path(__file__).resolve().parents[2]


def episode(wrapped: Any, rng: random.Random) -> tuple[int, dict[str, float]]:
    """Play one episode through RLlib's multi-agent API: decisions and returns."""
    observations, _ = wrapped.reset(seed=rng.randrange(10**6))
    returns: dict[str, float] = {}
    decisions = 0
    while True:
        (agent,) = observations
        legal = np.flatnonzero(observations[agent]["action_mask"])
        action = int(legal[rng.randrange(len(legal))])
        observations, rewards, terminateds, truncateds, _ = wrapped.step({agent: action})
        decisions += 1
        for who, reward in rewards.items():
            returns[who] = returns.get(who, 0.0) + reward
        assert not any(truncateds.values())
        if terminateds["__all__"]:
            return decisions, returns


@pytest.mark.parametrize(
    ("name", "hand_decisions"),
    [("three-player", (51, 60)), ("standard", (52, 64)), ("six-player", (48, 60))],
)
def test_rllibs_pettingzoo_wrapper_steps_whole_hands(
    name: str, hand_decisions: tuple[int, ...]
) -> None:
    wrapped = PettingZooEnv(env(name))
    players = len(wrapped.possible_agents)
    assert wrapped.observation_space == type(wrapped.observation_space)(
        {agent: wrapped.observation_spaces[wrapped.possible_agents[0]] for agent in wrapped.agents}
    )
    rng = random.Random(name)
    for _ in range(10):
        decisions, returns = episode(wrapped, rng)
        assert decisions in hand_decisions
        assert len(returns) == players
        assert sum(returns.values()) in (-26.0, -26.0 * (players - 1))


def test_rllibs_pettingzoo_wrapper_steps_a_whole_game() -> None:
    wrapped = PettingZooEnv(env("standard", full_game=True, reward="win"))
    decisions, returns = episode(wrapped, random.Random(3))
    assert decisions > 104  # more than one hand
    assert sum(returns.values()) == pytest.approx(1.0)


def test_rllibs_openspiel_env_loads_the_hearts_core_game() -> None:
    import pyspiel  # type: ignore[import-not-found,unused-ignore]
    from ray.rllib.env.wrappers.open_spiel import OpenSpielEnv  # type: ignore[import-not-found,unused-ignore]

    from hearts_core.adapters.openspiel import register_game

    register_game()
    game = pyspiel.load_game("hearts_core", {"variant": "openspiel"})
    wrapped = OpenSpielEnv(game)
    rng = random.Random(5)
    for _ in range(5):
        observations, _ = wrapped.reset()
        decisions = 0
        while True:
            (agent,) = observations
            state = wrapped.state
            legal = state.legal_actions(agent)
            assert len(observations[agent]) == game.observation_tensor_size()
            observations, rewards, terminateds, _, _ = wrapped.step(
                {agent: legal[rng.randrange(len(legal))]}
            )
            decisions += 1
            if terminateds["__all__"]:
                break
        assert decisions in (52, 64)
        assert sum(rewards.values()) in (4 * 26 - 26, 4 * 26 - 78)


def test_the_rllib_how_to_runs() -> None:
    from sybil import Sybil  # type: ignore[import-not-found,unused-ignore]
    from sybil.parsers.markdown import PythonCodeBlockParser  # type: ignore[import-not-found,unused-ignore]

    document = Sybil(parsers=[PythonCodeBlockParser()]).parse(REPO / "docs" / "rllib.md")
    examples = list(document)
    assert examples
    for example in examples:
        example.evaluate()
