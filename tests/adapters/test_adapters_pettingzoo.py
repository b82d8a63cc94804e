"""The PettingZoo environment (``hearts_core.adapters.pettingzoo``).

PettingZoo's own tests (``api_test``, ``seed_test``, ``render_test``) run on
3-, 4- and 6-player variants, with a whole game and a moon choice too. The
rest checks what they cannot: that the observation kept up to date play by play
is the encoding of the position, that rewards add up to the scores the engine
reports (``step``'s ``HandScored`` events), that ``env()`` behaves exactly as
PettingZoo's stacked wrappers, and that bad arguments raise HeartsErrors.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable
from functools import partial
from typing import Any, Final

import pytest

pytest.importorskip("numpy", reason="needs numpy: install the rl extra")
pytest.importorskip("pettingzoo", reason="needs pettingzoo: install the rl extra")
pytest.importorskip("gymnasium", reason="needs gymnasium: install the rl extra")

import numpy as np
from pettingzoo.test import api_test, render_test, seed_test  # type: ignore[import-untyped]

from hearts_core import (
    Deal,
    HandScored,
    IllegalActionError,
    InvalidActionError,
    InvalidRulesError,
    InvalidStateError,
    PassCards,
    PlayCard,
    Rule,
    UnknownNameError,
    step,
    variant,
    variant_names,
)
from hearts_core.adapters.encoding import action_card
from hearts_core.adapters.pettingzoo import env, raw_env
from hearts_core.adapters.pettingzoo_wrappers import standard_wrappers

# api_test warns for any environment whose name is not on PettingZoo's own lists of
# classic games with dict observations; these two warnings say only that.
NAME_LIST_WARNINGS: Final = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
}
ECOSYSTEM: Final = [
    ("three-player", False),
    ("standard", False),
    ("six-player", False),
    ("moon-choice", False),
    ("standard", True),
]

# A deal in which seat 0 holds every club: it leads the 2C, the others cannot follow,
# and it wins every trick, so it takes every card and shoots the moon.
MOON_DEAL: Final = [
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
]


def messages(caught: list[warnings.WarningMessage]) -> set[str]:
    return {str(warning.message) for warning in caught}


@pytest.mark.parametrize(("name", "full_game"), ECOSYSTEM)
def test_pettingzoo_api_test(name: str, full_game: bool) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(name, full_game=full_game), num_cycles=1000)
    assert messages(caught) <= NAME_LIST_WARNINGS


@pytest.mark.parametrize(("name", "full_game"), ECOSYSTEM)
def test_pettingzoo_seed_test(name: str, full_game: bool) -> None:
    seed_test(lambda: env(name, full_game=full_game), num_cycles=300)


@pytest.mark.parametrize("name", ["three-player", "standard", "six-player"])
def test_pettingzoo_render_test(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    def made(render_mode: str | None = None) -> Any:
        return env(name, render_mode=render_mode)

    render_test(made, custom_tests={"ansi": lambda text: "player_0" in text})
    assert "player_0" in capsys.readouterr().out  # "human" printed the table


def test_seeds_give_the_same_deals_and_other_seeds_other_deals() -> None:
    def first_hands(seed: int) -> list[list[float]]:
        game = raw_env()
        game.reset(seed=seed)
        return [game.observe(agent)["observation"][:52].tolist() for agent in game.agents]

    assert first_hands(5) == first_hands(5)
    assert first_hands(5) != first_hands(6)


# --- playing episodes -------------------------------------------------------------------


def play(
    game: Any,
    rng: random.Random,
    check: Callable[[Any], None] | None = None,
    limit: int | None = None,
) -> dict[str, float]:
    """Play random legal actions to the end of the episode (or for ``limit`` steps); each
    agent's return."""
    returns = dict.fromkeys(game.possible_agents, 0.0)
    for _ in range(limit or 100_000):
        if not game.agents:
            return returns
        if check is not None:
            check(game)
        observation, reward, terminated, truncated, _ = game.last()
        returns[game.agent_selection] += reward
        if terminated or truncated:
            game.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        game.step(int(legal[rng.randrange(len(legal))]))
    assert limit is not None, "the episode did not end"
    return returns


def encoded_anew(game: raw_env) -> None:
    """Every seat's observation is the position encoded from scratch."""
    state = game._state
    for seat, agent in enumerate(game.possible_agents):
        picked = game._picked if agent == game.agent_selection else 0
        vector, mask = game._encoder.observation_and_mask(state, seat, picked, game._record)
        seen = game.observe(agent)
        assert np.array_equal(seen["observation"], vector), (agent, state)
        assert np.array_equal(seen["action_mask"], mask), (agent, state)
        assert seen["action_mask"].dtype == np.int8
        assert seen["observation"].dtype == np.float32


@pytest.mark.parametrize("name", variant_names())
def test_observations_kept_up_to_date_are_the_encoding_of_the_position(name: str) -> None:
    rng = random.Random(name)
    for full_game in (False, True):
        game = raw_env(name, full_game=full_game)
        game.reset(seed=rng.randrange(1000))
        play(game, rng, check=encoded_anew, limit=400 if full_game else None)


def test_only_the_seat_to_act_has_legal_actions() -> None:
    rng = random.Random(3)
    game = raw_env("five-player")
    game.reset(seed=3)

    def one_seat(game: Any) -> None:
        acting = game.agent_selection
        for agent in game.agents:
            mask = game.observe(agent)["action_mask"]
            assert mask.any() == (agent == acting and not game.terminations[agent])

    play(game, rng, check=one_seat)


# --- rewards ----------------------------------------------------------------------------


class Recorder:
    """Plays random legal actions in an environment and the same actions in the engine,
    keeping the hand scores the engine's events report."""

    def __init__(self, game: raw_env, rng: random.Random) -> None:
        self.game = game
        self.rng = rng
        self.scores: list[tuple[int, ...]] = []
        self.rewards = dict.fromkeys(game.possible_agents, 0.0)

    def run(self) -> None:
        game = self.game
        while game.agents:
            agent = game.agent_selection
            for each in game.agents:
                self.rewards[each] += game.rewards[each]
            if game.terminations[agent]:
                game.step(None)
                continue
            before = game._state
            picked = game._picked
            legal = np.flatnonzero(game.observe(agent)["action_mask"])
            action = int(legal[self.rng.randrange(len(legal))])
            game.step(action)
            self.replay(before, picked, agent, action)

    def replay(self, before: Any, picked: int, agent: str, action: int) -> None:
        """The same action through ``step``, for its events."""
        seat = self.game.possible_agents.index(agent)
        if before.phase.value == "pass":
            card = action_card(action)
            if (picked | card.bit).bit_count() < before.rules.pass_count:
                return
            from hearts_core import CardSet

            _, events = step(before, PassCards(seat, CardSet.from_mask(picked | card.bit)))
        elif before.phase.value == "play":
            _, events = step(before, PlayCard(seat, action_card(action)))
        else:
            from hearts_core import ChooseMoon

            option = ("add-to-others", "subtract-from-shooter")[action - 52]
            _, events = step(before, ChooseMoon(seat, option))
        self.scores += [event.scores for event in events if isinstance(event, HandScored)]


@pytest.mark.parametrize(
    "name", ["standard", "omnibus", "spot-hearts", "three-player", "six-player"]
)
def test_points_rewards_add_up_to_minus_the_hand_score(name: str) -> None:
    rng = random.Random(name)
    for _ in range(20):
        recorder = Recorder(raw_env(name, reward="points"), rng)
        recorder.game.reset(seed=rng.randrange(10**6))
        recorder.run()
        (scores,) = recorder.scores
        assert [recorder.rewards[a] for a in recorder.game.possible_agents] == [
            -float(score) for score in scores
        ]


def test_payoff_rewards_are_the_others_mean_minus_ones_own() -> None:
    rng = random.Random(8)
    for _ in range(20):
        recorder = Recorder(raw_env("standard", reward="payoff"), rng)
        recorder.game.reset(seed=rng.randrange(10**6))
        recorder.run()
        (scores,) = recorder.scores
        for seat, agent in enumerate(recorder.game.possible_agents):
            others = [score for other, score in enumerate(scores) if other != seat]
            expected = sum(others) / len(others) - scores[seat]
            assert recorder.rewards[agent] == pytest.approx(expected)


def test_whole_game_points_add_up_to_minus_the_totals_and_win_goes_to_the_winners() -> None:
    rng = random.Random(11)
    recorder = Recorder(raw_env("standard", full_game=True), rng)
    recorder.game.reset(seed=4)
    recorder.run()
    totals = [sum(hand[seat] for hand in recorder.scores) for seat in range(4)]
    assert len(recorder.scores) > 1 and max(totals) >= 100
    assert [recorder.rewards[a] for a in recorder.game.possible_agents] == [
        -float(t) for t in totals
    ]
    # The same game with reward "win": 1 shared among the lowest totals.
    winner = raw_env("standard", full_game=True, reward="win")
    winner.reset(seed=4)
    returns = play(winner, random.Random(11))
    low = min(totals)
    lowest = [seat for seat, total in enumerate(totals) if total == low]
    assert list(returns.values()) == [
        1 / len(lowest) if seat in lowest else 0.0 for seat in range(4)
    ]


def test_a_trick_with_points_is_rewarded_when_it_is_taken() -> None:
    game = raw_env("standard")
    game.reset(seed=1, options={"hand_number": 3, "deal": MOON_DEAL})
    # Seat 0 leads clubs; the others discard. After the first trick, no points (the
    # first trick takes none); seat 1 discards a diamond, seat 2 a heart later.
    rng = random.Random(2)
    seen_points = False
    while not any(game.terminations.values()):
        legal = np.flatnonzero(game.observe(game.agent_selection)["action_mask"])
        game.step(int(legal[rng.randrange(len(legal))]))
        taken = game.state.hand_points[0]
        if taken and not seen_points:
            seen_points = True
            assert game._cumulative_rewards["player_0"] == -taken
    assert seen_points


# --- the moon choice --------------------------------------------------------------------


@pytest.mark.parametrize(("action", "expected"), [(52, [0, 26, 26, 26]), (53, [-26, 0, 0, 0])])
def test_the_moon_shooter_chooses_with_actions_52_and_53(
    action: int, expected: list[int]
) -> None:
    game = raw_env("moon-choice")
    game.reset(options={"hand_number": 3, "deal": MOON_DEAL})
    rng = random.Random(0)
    returns = dict.fromkeys(game.agents, 0.0)
    while game._state.phase.value == "play":
        legal = np.flatnonzero(game.observe(game.agent_selection)["action_mask"])
        game.step(int(legal[rng.randrange(len(legal))]))
        for agent, reward in game.rewards.items():
            returns[agent] += reward
    assert game.agent_selection == "player_0"
    mask = game.observe("player_0")["action_mask"]
    assert mask.shape == (54,) and np.flatnonzero(mask).tolist() == [52, 53]
    assert returns == {"player_0": -26.0, "player_1": 0.0, "player_2": 0.0, "player_3": 0.0}
    game.step(action)
    assert all(game.terminations.values())
    for agent, reward in game.rewards.items():
        returns[agent] += reward
    assert list(returns.values()) == [-float(points) for points in expected]


# --- env() and PettingZoo's stacked wrappers ----------------------------------------------


def same(first: Any, second: Any) -> bool:
    if isinstance(first, list | tuple):
        return len(first) == len(second) and all(map(same, first, second))
    if isinstance(first, dict):
        return first.keys() == second.keys() and all(same(first[k], second[k]) for k in first)
    if isinstance(first, np.ndarray):
        return bool(np.array_equal(first, second)) and first.dtype == second.dtype
    return bool(first == second) and type(first) is type(second)


def logged(call: Callable[[], Any]) -> tuple[Any, list[str]]:
    """What ``call`` returns, and what PettingZoo's EnvLogger logged meanwhile."""
    from pettingzoo.utils.env_logger import EnvLogger  # type: ignore[import-untyped]

    EnvLogger.flush()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = call()
    return result, [str(m) for m in EnvLogger.mqueue] + sorted(messages(caught))


@pytest.mark.parametrize("seed", range(12))
def test_env_behaves_as_pettingzoos_three_wrappers(seed: int) -> None:
    rng = random.Random(seed)
    name = ["standard", "three-player", "moon-choice"][seed % 3]
    ours, stock = env(name), standard_wrappers(raw_env(name))
    illegal_at = rng.randrange(80) if seed % 2 else -1
    for game in (ours, stock):
        game.reset(seed=seed)
    for count in range(200):
        assert ours.agents == stock.agents
        if not ours.agents:
            break
        assert ours.agent_selection == stock.agent_selection
        seen, log = logged(ours.last)
        assert same([seen, log], list(logged(stock.last))), count
        observation, _, terminated, truncated, _ = seen
        if terminated or truncated:
            action = None
        elif count == illegal_at:
            action = int(np.flatnonzero(observation["action_mask"] == 0)[0])
        else:
            legal = np.flatnonzero(observation["action_mask"])
            action = int(legal[rng.randrange(len(legal))])
        assert logged(partial(ours.step, action)) == logged(partial(stock.step, action))
        assert same(ours.rewards, stock.rewards)
        assert same(ours.terminations, stock.terminations)
        assert same(ours.truncations, stock.truncations)
    else:
        raise AssertionError("the episode did not end")
    # After the end, both complain alike about a further step.
    after = logged(lambda: ours.step(None))
    assert after == logged(lambda: stock.step(None)) and after[1]


def test_an_illegal_action_ends_the_episode_with_the_penalty() -> None:
    game = env("standard")
    game.reset(seed=3)
    agent = game.agent_selection
    illegal = int(np.flatnonzero(game.last()[0]["action_mask"] == 0)[0])
    _, log = logged(lambda: game.step(illegal))
    assert any("Illegal move" in line for line in log)
    assert all(game.terminations.values())
    assert game.rewards[agent] == -26.0
    assert all(reward == 0 for other, reward in game.rewards.items() if other != agent)


@pytest.mark.parametrize("factory", [env, standard_wrappers])
def test_calls_out_of_order_and_out_of_bounds_are_refused(factory: Any) -> None:
    game = factory("standard") if factory is env else factory(raw_env())
    with pytest.raises(AttributeError, match="before reset"):
        game.agent_selection  # noqa: B018
    with pytest.raises(AssertionError, match="before step"):
        game.step(0)
    with pytest.raises(AssertionError, match="before observe"):
        game.observe("player_0")
    game.reset(seed=1)
    for action in (52, -1, 3.0, "2C"):
        with pytest.raises(AssertionError, match="not in action space"):
            game.step(action)


def test_the_raw_env_refuses_illegal_and_malformed_actions() -> None:
    game = raw_env("standard")
    game.reset(seed=3, options={"hand_number": 3, "deal": MOON_DEAL})
    with pytest.raises(IllegalActionError) as info:
        game.step(4)  # 3C: seat 0 must lead the 2C
    assert info.value.rule is Rule.FIRST_LEAD_LOWEST_CLUB
    with pytest.raises(IllegalActionError) as info:
        game.step(52)
    assert info.value.rule is Rule.WRONG_PHASE
    for action in ("2C", 1.0, True, None):
        with pytest.raises(InvalidActionError):
            game.step(action)
    passing = raw_env("standard")
    passing.reset(seed=3, options={"hand_number": 0, "deal": MOON_DEAL})
    passing.step(0)
    with pytest.raises(IllegalActionError) as info:
        passing.step(0)
    assert (info.value.rule, info.value.action) == (Rule.CARD_NOT_IN_HAND, None)
    # the rule alone does not say why a card just held is not held: the message does
    assert "2C" in str(info.value) and "picked to pass" in str(info.value)


# --- arguments ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("arguments", "error", "field"),
    [
        ({"variant": "no-such-variant"}, InvalidRulesError, "name"),
        ({"variant": 4}, InvalidRulesError, "variant"),
        ({"full_game": 1}, InvalidRulesError, "full_game"),
        ({"reward": "wins"}, UnknownNameError, None),
        ({"reward": "win"}, InvalidRulesError, "reward"),
        ({"render_mode": "rgb_array"}, InvalidRulesError, "render_mode"),
    ],
)
def test_bad_arguments_raise_hearts_errors(
    arguments: dict[str, Any], error: type[Exception], field: str | None
) -> None:
    for factory in (env, raw_env):
        with pytest.raises(error) as info:
            factory(**arguments)
        if field is not None:
            assert getattr(info.value, "field", None) == field


def test_win_rewards_are_allowed_for_whole_games_and_single_hand_rules() -> None:
    assert raw_env("standard", full_game=True, reward="win").reward == "win"
    assert raw_env("openspiel", reward="win").full_game


@pytest.mark.parametrize(
    ("options", "error"),
    [
        ({"hand_number": -1}, InvalidStateError),
        ({"deal": "2C 3C"}, InvalidActionError),
        ({"deal": MOON_DEAL[:3] + ["2C 3C"]}, IllegalActionError),
    ],
)
def test_bad_reset_options_raise_hearts_errors(
    options: dict[str, Any], error: type[Exception]
) -> None:
    with pytest.raises(error):
        raw_env().reset(options=options)


def test_rules_can_be_given_and_deals_must_fit_them() -> None:
    game = raw_env(variant("hartenjagen"))  # 32 cards
    with pytest.raises(IllegalActionError) as info:
        game.reset(options={"deal": Deal(MOON_DEAL)})
    assert info.value.rule is Rule.INVALID_DEAL
    game.reset(seed=2)
    assert int(game.observe(game.agent_selection)["observation"][:52].sum()) == 8


def test_spaces_are_the_same_objects_and_equal_for_every_agent() -> None:
    for name in ("three-player", "standard", "six-player", "classic"):
        game = raw_env(name)
        first = game.possible_agents[0]
        for agent in game.possible_agents:
            assert game.observation_space(agent) is game.observation_space(agent)
            assert game.action_space(agent) is game.action_space(agent)
            assert game.observation_space(agent) == game.observation_space(first)
            assert game.action_space(agent) == game.action_space(first)
