"""The ``hearts_core`` game for OpenSpiel (``register_game``).

* OpenSpiel's own ``random_sim_test`` (clones, serialization, tensors and
  strings, utilities within the declared bounds) on 3-, 4- and 6-player
  variants, a moon choice and a whole game;
* differentially against OpenSpiel's C++ ``hearts``: with ``variant="openspiel"``,
  1,000 random trajectories replay in both with equal legal action lists (chance
  nodes included), current players, chance outcomes and returns at every step;
* the observation tensor is the PettingZoo environment's observation for the
  same game, and Shimmy's PettingZoo wrapper plays whole hands of it.

OpenSpiel is installed by ``make test`` (the dev extras): without ``pyspiel`` these
tests fail rather than skip.
"""

from __future__ import annotations

import random
import time
from typing import Any, Final

import pytest

pytest.importorskip("numpy", reason="needs numpy: install the rl extra")
pytest.importorskip("gymnasium", reason="needs gymnasium: install the rl extra")
pytest.importorskip("pettingzoo", reason="needs pettingzoo: install the rl extra")

import numpy as np

from hearts_core import Card, IllegalActionError, InvalidRulesError, Rule, Rules
from hearts_core.adapters.encoding import card_action
from hearts_core.adapters.openspiel import GAME_PARAMETERS, register_game
from hearts_core.adapters.pettingzoo import raw_env

TRAJECTORIES: Final = 1000
MOON_DEAL: Final = [
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
]


@pytest.fixture(scope="module")
def pyspiel() -> Any:
    try:
        import pyspiel  # type: ignore[import-not-found,unused-ignore]
    except ImportError as exc:  # pragma: no cover - make test installs open-spiel
        pytest.fail(f"pyspiel cannot be imported ({exc}): install the dev extras")
    register_game()
    return pyspiel


@pytest.mark.parametrize(
    ("variant", "full_game", "sims"),
    [
        ("openspiel", False, 4),
        ("standard", False, 4),
        ("three-player", False, 3),
        ("six-player", False, 3),
        ("moon-choice", False, 3),
        ("omnibus", False, 2),
        ("three-player", True, 1),
    ],
)
def test_openspiel_random_sim_test(pyspiel: Any, variant: str, full_game: bool, sims: int) -> None:
    game = pyspiel.load_game("hearts_core", {"variant": variant, "full_game": full_game})
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_registering_twice_does_nothing_and_the_parameters_are_declared(pyspiel: Any) -> None:
    register_game()
    assert list(pyspiel.registered_names()).count("hearts_core") == 1
    game_type = pyspiel.load_game("hearts_core").get_type()
    assert dict(game_type.parameter_specification) == dict(GAME_PARAMETERS)
    assert game_type.provides_observation_tensor and game_type.provides_information_state_tensor
    assert game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game_type.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION


def test_an_unknown_variant_is_refused_with_a_hearts_error(pyspiel: Any) -> None:
    with pytest.raises(InvalidRulesError):
        pyspiel.load_game("hearts_core", {"variant": "no-such-variant"})


# --- against OpenSpiel's C++ hearts ----------------------------------------------------------


@pytest.mark.slow
def test_openspiel_variant_replays_the_cpp_game_action_for_action(pyspiel: Any) -> None:
    ours = pyspiel.load_game("hearts_core", {"variant": "openspiel"})
    theirs = pyspiel.load_game("hearts")
    assert ours.num_distinct_actions() == theirs.num_distinct_actions() == 52
    assert ours.num_players() == theirs.num_players()
    rng = random.Random(20261130)
    steps = ended = 0
    directions: set[int] = set()
    start = time.perf_counter()
    for trajectory in range(TRAJECTORIES):
        a, b = ours.new_initial_state(), theirs.new_initial_state()
        history: list[int] = []
        while True:
            where = f"trajectory {trajectory}, actions {history}"
            assert a.current_player() == b.current_player(), where
            assert a.is_terminal() == b.is_terminal(), where
            assert a.returns() == b.returns(), where
            if a.is_terminal():
                ended += 1
                break
            legal = a.legal_actions()
            assert legal == b.legal_actions(), where
            if a.is_chance_node():
                assert a.chance_outcomes() == b.chance_outcomes(), where
            action = legal[rng.randrange(len(legal))]
            if not history:
                directions.add(action)
            a.apply_action(action)
            b.apply_action(action)
            history.append(action)
            steps += 1
    print(
        f"\n[openspiel] {ended} trajectories of {TRAJECTORIES} agree with C++ hearts, "
        f"{steps} steps compared, {time.perf_counter() - start:.1f} s"
    )
    assert ended == TRAJECTORIES and directions == {0, 1, 2, 3}


def deal_actions(hands: list[str]) -> list[int]:
    """The chance actions that deal ``hands``: the k-th card to seat k % players."""
    cards = [[Card.parse(text) for text in hand.split()] for hand in hands]
    players = len(cards)
    return [card_action(cards[k % players][k // players]) for k in range(52)]


def test_the_moon_choice_and_its_returns(pyspiel: Any) -> None:
    game = pyspiel.load_game("hearts_core", {"variant": "moon-choice"})
    assert game.num_distinct_actions() == 54
    for choice, expected in ((52, [26.0, 0.0, 0.0, 0.0]), (53, [52.0, 26.0, 26.0, 26.0])):
        state = game.new_initial_state()
        state.apply_action(3)  # the fourth hand of the cycle: no passing
        for action in deal_actions(MOON_DEAL):
            state.apply_action(action)
        rng = random.Random(choice)
        while state.legal_actions() != [52, 53]:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
        assert state.current_player() == 0 and not state.is_terminal()
        state.apply_action(choice)
        # The moon amount minus each score: add-to-others scores 0 26 26 26,
        # subtract-from-shooter -26 0 0 0.
        assert state.is_terminal() and state.returns() == expected


def test_the_observation_tensor_is_the_pettingzoo_observation(pyspiel: Any) -> None:
    game = pyspiel.load_game("hearts_core", {"variant": "standard"})
    rng = random.Random(4)
    for hand in range(4):
        env = raw_env("standard")
        deck = [card for hand_text in MOON_DEAL for card in hand_text.split()]
        rng.shuffle(deck)
        deal = [" ".join(deck[seat * 13 : seat * 13 + 13]) for seat in range(4)]
        env.reset(options={"hand_number": hand, "deal": deal})
        state = game.new_initial_state()
        state.apply_action(hand)
        for action in deal_actions(deal):
            state.apply_action(action)
        while not state.is_terminal():
            seat = state.current_player()
            assert env.agent_selection == f"player_{seat}"
            for other in range(4):
                seen = env.observe(f"player_{other}")
                tensor = np.array(state.observation_tensor(other), dtype=np.float32)
                assert np.array_equal(tensor, seen["observation"])
                legal = np.flatnonzero(seen["action_mask"]).tolist()
                assert legal == (state.legal_actions() if other == seat else [])
            action = state.legal_actions()[rng.randrange(len(state.legal_actions()))]
            state.apply_action(action)
            env.step(action)
        assert all(env.terminations.values())


def test_the_information_state_adds_the_order_of_play(pyspiel: Any) -> None:
    game = pyspiel.load_game("hearts_core", {"variant": "standard"})
    state = game.new_initial_state()
    state.apply_action(0)  # pass left
    for action in deal_actions(MOON_DEAL):
        state.apply_action(action)
    for card in ("AC", "KC", "QC"):  # seat 0 passes three clubs, in this order
        state.apply_action(card_action(Card.parse(card)))
    size = game.observation_tensor_size()
    info = np.array(state.information_state_tensor(0))
    assert len(info) == size + 104
    assert np.array_equal(info[:size], np.array(state.observation_tensor(0)))
    picks = info[size + 52 :]
    assert picks[card_action(Card.parse("AC"))] == pytest.approx(1 / 3)
    assert picks[card_action(Card.parse("QC"))] == pytest.approx(1.0)
    assert "picks AC KC QC" in state.information_state_string(0)
    assert "picks" not in state.observation_string(0)
    # Seat 1 saw none of it.
    assert not np.array(state.information_state_tensor(1))[size:].any()


def test_an_illegal_pass_id_is_refused_at_once_and_changes_nothing(pyspiel: Any) -> None:
    # The pass is taken one card at a time, as PettingZoo takes it: a card the seat does
    # not hold, or has picked already, is refused when it is picked.
    game = pyspiel.load_game("hearts_core", {"variant": "standard"})
    state = game.new_initial_state()
    state.apply_action(0)  # pass left
    for action in deal_actions(MOON_DEAL):  # seat 0 holds the clubs
        state.apply_action(action)
    state.apply_action(card_action(Card.parse("AC")))
    history, legal = state.history(), state.legal_actions()
    for card, again in (("2D", False), ("AC", True)):
        with pytest.raises(IllegalActionError) as info:
            state.apply_action(card_action(Card.parse(card)))
        assert (info.value.rule, info.value.action) == (Rule.CARD_NOT_IN_HAND, None)
        assert card in str(info.value) and ("picked to pass" in str(info.value)) is again
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(53)  # no card, and no moon choice in this game
    assert info.value.rule is Rule.WRONG_PHASE
    assert state.history() == history and state.legal_actions() == legal
    assert state.current_player() == 0 and "picks AC," in state.information_state_string(0)


def test_the_game_length_bound_lets_shimmy_play_whole_hands(pyspiel: Any) -> None:
    from shimmy import OpenSpielCompatibilityV0  # type: ignore[import-untyped]

    env = OpenSpielCompatibilityV0(game_name="hearts_core", config={"variant": "openspiel"})
    env.reset(seed=1)
    rng = random.Random(1)
    decisions = 0
    for _agent in env.agent_iter():
        _, _, terminated, truncated, info = env.last()
        assert not truncated
        if terminated:
            env.step(None)
            continue
        legal = np.flatnonzero(info["action_mask"])
        env.step(int(legal[rng.randrange(len(legal))]))
        decisions += 1
    assert decisions in (52, 64)  # every play, and the passes when the hand passes


def test_rules_are_not_a_parameter(pyspiel: Any) -> None:
    # The game takes shipped variants by name; Rules values go to the PettingZoo env.
    with pytest.raises(Exception):  # noqa: B017 - pyspiel refuses the parameter's type
        pyspiel.load_game("hearts_core", {"variant": Rules()})
