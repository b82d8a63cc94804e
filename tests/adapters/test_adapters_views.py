"""encode_view against the environments, and trained policies as bots."""

from __future__ import annotations

import random
import shlex
import stat
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numpy", reason="needs numpy: install the rl extra")
pytest.importorskip("gymnasium", reason="needs gymnasium: install the rl extra")
pytest.importorskip("pettingzoo", reason="needs pettingzoo: install the rl extra")

import numpy as np

from hearts_core import CardSet, InvalidRulesError, PassCards, observe
from hearts_core.adapters.pettingzoo import raw_env
from hearts_core.adapters.views import encode_view
from hearts_core.bots import BotError, make_bot
from hearts_core.bots.arena import run_arena
from hearts_core.bots.policy import WEIGHTS, LearnedBot, PolicyBot


@pytest.mark.parametrize(
    ("variant", "hands"), [("standard", 100), ("classic", 10), ("three-player", 10),
                           ("omnibus", 10), ("six-player", 5)],
)  # fmt: skip
def test_encode_view_is_the_envs_encoding_at_every_step(variant: str, hands: int) -> None:
    """Every seat's observation and mask, at every step of ``hands`` hands (whole games,
    so that the totals and dealers change), read back from its view alone."""
    game = raw_env(variant, full_game=True, observation="flat")
    rng = random.Random(hands)
    played = 0
    seed = 0
    while played < hands:
        game.reset(seed=seed)
        seed += 1
        while not all(game.terminations.values()):
            for seat, agent in enumerate(game.possible_agents):
                picked = None
                if agent == game.agent_selection:
                    picked = CardSet.from_mask(game._picked)
                mine = encode_view(observe(game.state, seat), picked, observation="flat")
                assert np.array_equal(mine, np.asarray(game.observe(agent))), (seed, seat)
            mask = game.legal_mask(game.agent_selection)
            number = game.state.hand_number
            game.step(int(rng.choice(np.flatnonzero(mask))))
            played += game.state.hand_number != number or all(game.terminations.values())


def test_encode_view_refuses_an_unknown_format() -> None:
    game = raw_env()
    game.reset(seed=0)
    with pytest.raises(InvalidRulesError) as refused:
        encode_view(observe(game.state, 0), observation="box")
    assert (refused.value.field, refused.value.source) == ("observation", None)
    assert [field for field, _ in refused.value.problems] == ["observation"]
    assert "'box'" in refused.value.reason


def test_a_policy_bot_passes_card_by_card_and_plays_what_the_policy_says() -> None:
    asked: list[tuple[int, int]] = []

    def highest(observation: np.ndarray, mask: np.ndarray) -> int:
        asked.append((int(observation[:52].sum()), int(mask.sum())))
        return int(np.flatnonzero(mask)[-1])

    game = raw_env()
    game.reset(seed=0, options={"hand_number": 0})
    action = PolicyBot(highest).choose(observe(game.state, 0), random.Random(0))
    assert asked == [(13, 13), (12, 12), (11, 11)]  # each pick leaves the hand
    hand = sorted(observe(game.state, 0).hand, key=lambda c: (c.rank, c.suit))
    assert isinstance(action, PassCards)
    assert set(action.cards) == set(hand[-3:])


def test_a_policy_that_breaks_the_rules_is_a_bot_error() -> None:
    game = raw_env()
    game.reset(seed=0)
    acting = game.state.to_act[0]
    view = observe(game.state, acting)
    with pytest.raises(BotError, match="may not take"):
        PolicyBot(lambda o, m: int(np.flatnonzero(m == 0)[0])).choose(view, random.Random())
    with pytest.raises(BotError, match="not an action id"):
        PolicyBot(lambda o, m: "QS").choose(view, random.Random())  # type: ignore[arg-type,return-value]
    with pytest.raises(BotError, match="no legal action"):
        PolicyBot(lambda o, m: 0).choose(observe(game.state, (acting + 1) % 4), random.Random())


def test_the_learned_bot_plays_in_the_arena() -> None:
    assert WEIGHTS.stat().st_size <= 2 * 1024 * 1024
    result = run_arena("learned", "random", deals=4, seed=1)
    assert result.deals == 4 and result.failures == ()
    assert result.speed_a.decisions >= 4 * 4 * 13  # it played every seat of every deal


def test_learned_weights_from_a_path(tmp_path: Path) -> None:
    copy = tmp_path / "Mine.npz"  # the path keeps its case through the spec
    copy.write_bytes(WEIGHTS.read_bytes())
    bot = make_bot(f"learned:path={copy}")
    assert isinstance(bot, LearnedBot) and bot.path == copy
    game = raw_env()
    game.reset(seed=3)
    view = observe(game.state, game.state.to_act[0])
    assert bot.choose(view, random.Random()) == LearnedBot().choose(view, random.Random())


def test_bad_weights_are_bot_errors(tmp_path: Path) -> None:
    with pytest.raises(BotError, match="cannot read"):
        LearnedBot(tmp_path / "missing.npz")
    with pytest.raises(BotError, match="not a regular file"):
        LearnedBot(tmp_path)
    text = tmp_path / "text.npz"
    text.write_text("not weights")
    with pytest.raises(BotError, match="not a NumPy"):
        LearnedBot(text)
    wrong = tmp_path / "wrong.npz"
    np.savez(wrong, w0=np.zeros((4, 3)), b0=np.zeros(2))
    with pytest.raises(BotError, match="layer 0"):
        LearnedBot(wrong)
    small = tmp_path / "small.npz"
    np.savez(small, w0=np.zeros((10, 52)), b0=np.zeros(52))
    game = raw_env()
    game.reset(seed=3)
    with pytest.raises(BotError, match="read 10 entries"):
        LearnedBot(small).choose(observe(game.state, 0), random.Random())
    assert not stat.S_ISREG(tmp_path.stat().st_mode)


def test_without_numpy_the_learned_bot_says_what_it_needs() -> None:
    script = (
        "import sys; sys.modules['numpy'] = None\n"
        "from hearts_core.bots import make_bot\n"
        "from hearts_core.bots import BotError\n"
        "try:\n    make_bot('learned')\nexcept BotError as error:\n    print(error)\n"
    )
    found = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True
    )
    assert found.stdout.strip() == "learned plays with NumPy: install the rl extra"


def test_the_learned_bot_over_the_bot_protocol_plays_as_in_process() -> None:
    """Across the protocol the program sees only the view: with the same weights it makes
    every decision the in-process bot makes, so every deal comes out even."""
    program = f"cmd:{shlex.quote(sys.executable)} -m hearts_core.bots.serve learned"
    result = run_arena(program, "learned", deals=2, seed=4)
    assert result.failures == ()
    assert result.payoff.mean == 0.0 and result.payoff.se == 0.0
