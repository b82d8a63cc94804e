"""The vector environment against the single-agent one, table by table and seed by seed.

Table ``i`` of ``vector_env(n)`` reset with seed ``s`` is ``env()`` reset with seed
``s + i``: the same deals, the same opponents' cards (``random`` drawn from the kernel's
generator in both; ``rule`` played in the kernel by the vector env and by ``RuleBot``
through its view in the single env), the same observations, masks, rewards, ends and
outcomes, through autoresets. ``make test`` runs this file again with the pure kernel.
"""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest

pytest.importorskip("numpy", reason="needs numpy: install the rl extra")
pytest.importorskip("gymnasium", reason="needs gymnasium: install the rl extra")

import numpy as np

from hearts_core import InvalidActionError, InvalidRulesError, UnknownNameError, variant_names
from hearts_core.adapters.gymnasium import env
from hearts_core.adapters.vector import vector_env


def _side_by_side(
    variant: str, opponents: Any, *, tables: int = 3, steps: int = 120, seed: int = 5,
    reward: str = "points", full_game: bool = False, observation: str = "dict",
) -> int:  # fmt: skip
    """Step both with the same random legal actions; the hands ended, checked."""
    vector = vector_env(
        tables, variant, opponents=opponents, reward=reward, full_game=full_game,
        observation=observation,
    )  # fmt: skip
    singles = [
        env(variant, opponents=opponents, reward=reward, full_game=full_game,
            observation=observation)
        for _ in range(tables)
    ]  # fmt: skip
    seen, infos = vector.reset(seed=seed)
    alone = [single.reset(seed=seed + index)[0] for index, single in enumerate(singles)]
    assert infos["seat"].tolist() == [single.seat for single in singles]
    flat = observation == "flat"
    rng = np.random.default_rng(seed)
    ended = 0
    for step in range(steps):
        actions_count = vector.encoder.actions
        masks = seen[:, -actions_count:] if flat else seen["action_mask"]
        for index in range(tables):
            if flat:
                assert np.array_equal(seen[index], alone[index]), (step, index)
            else:
                assert np.array_equal(seen["observation"][index], alone[index]["observation"])
                assert np.array_equal(seen["action_mask"][index], alone[index]["action_mask"])
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in masks])
        seen, rewards, terminated, truncated, infos = vector.step(actions)
        assert not truncated.any()
        for index, single in enumerate(singles):
            observation_, gained, done, _, info = single.step(int(actions[index]))
            assert gained == pytest.approx(rewards[index], abs=1e-9), (step, index)
            assert done == terminated[index], (step, index)
            if "payoff" in info:
                assert infos["_payoff"][index]
                assert info["payoff"] == pytest.approx(infos["payoff"][index])
                assert tuple(infos["scores"][index]) == info["scores"]
                assert (infos["moon"][index] == -1) == (info["moon"] is None)
            if done:
                ended += 1
                last = infos["final_obs"][index]
                if flat:
                    assert np.array_equal(last, observation_)
                else:
                    assert np.array_equal(last["observation"], observation_["observation"])
                observation_, _ = single.reset()
            alone[index] = observation_
        assert infos["seat"].tolist() == [single.seat for single in singles]
    return ended


@pytest.mark.parametrize("opponents", ["random", "rule", ["rule", "random", "rule"]])
def test_the_standard_game_table_by_table(opponents: Any) -> None:
    assert _side_by_side("standard", opponents, steps=150) >= 20


@pytest.mark.parametrize(
    ("variant", "reward"),
    [
        ("three-player", "payoff"),
        ("six-player", "points"),
        ("classic", "payoff"),  # the shooter chooses: a learner's moon choice is a step
        ("omnibus", "points"),  # J♦ takes points away
        ("no-passing", "payoff"),
        ("shoot-the-sun", "points"),
    ],
)
def test_variants_table_by_table(variant: str, reward: str) -> None:
    assert _side_by_side(variant, "rule", reward=reward, steps=90) >= 10


def test_whole_games_and_the_flat_observation() -> None:
    _side_by_side("standard", "random", full_game=True, reward="win", steps=100)
    _side_by_side("standard", "rule", observation="flat", steps=60)


def test_moon_choices_and_outside_bots() -> None:
    # moon-choice: every moon is the shooter's choice; mc:2 is played in Python from the
    # position replayed, by the same bot in both environments.
    assert _side_by_side("moon-choice", ["rule", "mc:2", "random"], steps=200) >= 30


def test_rewards_add_up_to_the_scores() -> None:
    tables = vector_env(4, opponents="rule", reward="points")
    seen, _ = tables.reset(seed=2)
    rng = np.random.default_rng(2)
    running = np.zeros(4)
    checked = 0
    while checked < 12:
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in seen["action_mask"]])
        learners = [table.learner for table in tables._tables]
        seen, rewards, terminated, _, infos = tables.step(actions)
        running += rewards
        for index in np.flatnonzero(terminated):
            assert running[index] == -infos["scores"][index][learners[index]]
            running[index] = 0.0
            checked += 1


def test_self_play_gives_every_seat_its_rewards() -> None:
    tables = vector_env(2, "three-player", self_play=True, reward="payoff")
    seen, infos = tables.reset(seed=9)
    rng = np.random.default_rng(9)
    totals = np.zeros((2, 3))
    seats_seen = set()
    hands = 0
    while hands < 6:
        seats_seen.update(infos["seat"].tolist())
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in seen["action_mask"]])
        seen, rewards, terminated, _, infos = tables.step(actions)
        assert rewards.shape == (2, 3)
        totals += rewards
        for index in np.flatnonzero(terminated):
            assert totals[index] == pytest.approx(infos["payoffs"][index])
            assert totals[index].sum() == pytest.approx(0.0)
            totals[index] = 0.0
            hands += 1
    assert seats_seen == {0, 1, 2}


def test_an_illegal_action_ends_that_table_only() -> None:
    tables = vector_env(2, opponents="random")
    seen, _ = tables.reset(seed=4)
    actions = np.array([int(np.flatnonzero(row)[0]) for row in seen["action_mask"]])
    actions[1] = int(np.flatnonzero(seen["action_mask"][1] == 0)[0])
    before = seen["observation"][1].copy()
    seen, rewards, terminated, _, infos = tables.step(actions)
    assert terminated.tolist() == [False, True]
    assert rewards[1] == -26.0 and infos["_illegal"].tolist() == [False, True]
    assert np.array_equal(infos["final_obs"][1]["observation"], before)


def test_copies_and_pickles_play_on_alike() -> None:
    tables = vector_env(3, opponents="rule")
    seen, _ = tables.reset(seed=3)
    for _ in range(7):
        seen, *_ = tables.step(seen["action_mask"].argmax(axis=1))
    for other in (copy.deepcopy(tables), pickle.loads(pickle.dumps(tables))):
        mine = copy.deepcopy(tables)
        actions = seen["action_mask"].argmax(axis=1)
        for _ in range(40):
            first, second = other.step(actions), mine.step(actions)
            assert np.array_equal(first[0]["observation"], second[0]["observation"])
            assert np.array_equal(first[1], second[1]) and np.array_equal(first[2], second[2])
            actions = first[0]["action_mask"].argmax(axis=1)


def refused_argument(error: InvalidRulesError, field: str) -> None:
    assert (error.field, error.source) == (field, None)
    assert [name for name, _ in error.problems] == [field]
    assert field in str(error)  # the message names the argument


def test_bad_arguments_name_themselves() -> None:
    with pytest.raises(InvalidRulesError) as refused:
        vector_env(0)
    refused_argument(refused.value, "num_envs")
    with pytest.raises(InvalidRulesError) as refused:
        vector_env(2, observation="box")
    refused_argument(refused.value, "observation")
    with pytest.raises(InvalidRulesError) as refused:
        vector_env(2, opponents=["rule"])
    refused_argument(refused.value, "opponents")
    with pytest.raises(UnknownNameError):
        vector_env(2, opponents="genius")
    tables = vector_env(2)
    with pytest.raises(InvalidRulesError) as refused:
        tables.reset(seed=[1, 2, 3])
    refused_argument(refused.value, "seed")
    assert "2" in refused.value.reason and "3" in refused.value.reason  # wanted and given
    with pytest.raises(InvalidRulesError) as refused:
        tables.reset(seed="7")  # type: ignore[arg-type]
    refused_argument(refused.value, "seed")
    assert "'7'" in refused.value.reason
    # Neither carries a field: only the messages tell these two apart.
    with pytest.raises(InvalidActionError) as info:
        tables.step(np.zeros(2, dtype=np.int64))
    assert (info.value.field, info.value.action) == (None, None)
    assert "reset" in str(info.value)
    tables.reset(seed=0)
    with pytest.raises(InvalidActionError) as info:
        tables.step(np.zeros(3, dtype=np.int64))
    assert (info.value.field, info.value.action) == (None, None)
    assert "2 in all" in str(info.value)


@pytest.mark.parametrize("variant", variant_names())
def test_every_variant_table_by_table(variant: str) -> None:
    _side_by_side(variant, "rule", steps=60)
    _side_by_side(variant, "random", steps=40, full_game=True)
