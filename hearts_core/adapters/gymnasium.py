"""Hearts as a single-agent Gymnasium environment: one learner, the other seats played by bots.

:func:`env` builds a :class:`HeartsEnv`. The learner takes one seat; the other seats are
played inside the environment by named bots, any name ``hearts arena`` accepts (``random``,
``rule``, ``mc:24``, ``cmd:COMMAND``, ...). Actions, observations and rewards are those of
the PettingZoo environment (:mod:`hearts_core.adapters.pettingzoo`), seen from the learner's
seat. It needs the ``rl`` extra.

>>> import numpy as np
>>> from hearts_core.adapters.gymnasium import env
>>> game = env("standard", opponents="rule")
>>> observation, info = game.reset(seed=4)
>>> rng = np.random.default_rng(4)
>>> total, done = 0.0, False
>>> while not done:
...     legal = observation["action_mask"].nonzero()[0]
...     observation, reward, done, truncated, info = game.step(int(rng.choice(legal)))
...     total += reward
>>> total == -info["scores"][game.seat]  # reward="points": minus the points scored
True

Importing this module registers the environment with Gymnasium as
``hearts_core/Hearts-v0``, so ``gymnasium.make("hearts_core/Hearts-v0", opponents="rule")``
builds it once the module is imported (or in one call:
``gymnasium.make("hearts_core.adapters.gymnasium:hearts_core/Hearts-v0")``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

import gymnasium
import numpy as np

from hearts_core.actions import Action, ChooseMoon, PassCards, PlayCard
from hearts_core.adapters.action_ids import CARDS, MOON_ACTIONS, card_action
from hearts_core.adapters.opponents import draws_for, restored_draws, saved_draws
from hearts_core.adapters.opponents import opponents as opponents_of
from hearts_core.adapters.pettingzoo import raw_env
from hearts_core.bots.arena import BotSpec
from hearts_core.cards import CardSet
from hearts_core.errors import InvalidActionError, InvalidRulesError
from hearts_core.kernel import batch
from hearts_core.observation import observe
from hearts_core.rules import Rules
from hearts_core.rules.fields import shown
from hearts_core.state import GameState, Phase

__all__ = ["ENV_ID", "HeartsEnv", "env"]

ENV_ID: Final = "hearts_core/Hearts-v0"
"""The id the environment is registered with in Gymnasium."""


def _bot_actions(action: Action) -> list[int]:
    """A bot's action as the environment's action ids: a pass is one id per card."""
    if isinstance(action, PlayCard):
        return [card_action(action.card)]
    if isinstance(action, PassCards):
        return [card_action(card) for card in action.cards]
    assert isinstance(action, ChooseMoon)
    return [CARDS + MOON_ACTIONS.index(action.option)]


def random_actions(state: GameState, seat: int, draws: Any) -> list[int]:
    """The random player's action for ``seat``, drawn from the kernel generator ``draws``,
    as action ids: a pass is ``pass_count`` cards of the hand drawn at once, a play one
    legal card, a moon choice one of the two."""
    if state.phase is Phase.PASS:
        picked = draws.cards(state.hand_masks[seat], state.rules.pass_count)
        return [card_action(card) for card in CardSet.from_mask(picked)]
    if state.phase is Phase.PLAY:
        return [batch.bit_action(draws.card(state.legal_mask.mask))]
    return [CARDS + draws.below(len(MOON_ACTIONS))]


class HeartsEnv(gymnasium.Env[Any, np.int64]):
    """One seat of a Hearts table for a single learner; build it with :func:`env`.

    ``seat`` is the learner's seat in the episode under way. Each :meth:`step` takes the
    learner's action, then plays the bots until the learner is to act again or the
    episode ends. Its reward is what the learner's rewards added up to over those steps.

    >>> game = env("three-player", seat=1)
    >>> _ = game.reset(seed=0)
    >>> game.seat, game.observation_space["observation"].shape, game.action_space
    (1, (577,), Discrete(52))
    """

    metadata: Final[dict[str, Any]] = {"render_modes": ["ansi"], "render_fps": 1}  # type: ignore[misc]
    """Gymnasium's metadata: the render modes."""

    def __init__(
        self,
        variant: str | Rules = "standard",
        *,
        opponents: BotSpec | Sequence[BotSpec] = "random",
        reward: str = "points",
        full_game: bool = False,
        observation: str = "dict",
        seat: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        game = raw_env(
            variant, full_game=full_game, reward=reward, observation=observation,
            render_mode=render_mode,
        )  # fmt: skip
        players = game.rules.players
        if seat is not None and (type(seat) is not int or not 0 <= seat < players):
            raise InvalidRulesError(
                "seat", f"must be None or a seat from 0 to {players - 1}, not {shown(seat)}"
            )
        self._game = game
        self._bots = opponents_of(opponents, players)
        self._chosen = seat
        self.seat: int = 0 if seat is None else seat
        """The learner's seat in the episode under way."""
        self.render_mode = render_mode
        self.observation_space = game.observation_space("player_0")
        self.action_space = game.action_space("player_0")
        self._rng = random.Random()
        self._draws = draws_for(None)
        self._queue: list[int] = []  # the cards of a bot's pass still to pick, one per step
        self._started = False
        self._over = True

    # Copies and pickles: the kernel generator is kept as values (see saved_draws).
    def __getstate__(self) -> dict[str, Any]:
        found = dict(self.__dict__)
        found["_draws"] = saved_draws(self._draws)
        return found

    def __setstate__(self, saved: dict[str, Any]) -> None:
        self.__dict__.update(saved)
        self._draws = restored_draws(saved["_draws"])

    @property
    def rules(self) -> Rules:
        """The rules played.

        >>> env("black-maria").rules.players
        3
        """
        rules: Rules = self._game.rules
        return rules

    @property
    def game(self) -> raw_env:
        """The PettingZoo environment underneath, which every seat plays.

        >>> env().game.possible_agents[0]
        'player_0'
        """
        return self._game

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Start an episode; returns the learner's first observation and an empty info.

        Unless ``env(seat=...)`` fixed it, the learner's seat is ``seed % players`` when
        ``seed`` is given, else the seat after the last episode's. ``options`` are those of
        the PettingZoo environment's ``reset`` (``"hand_number"``, ``"deal"``).

        >>> game = env()
        >>> _ = game.reset(seed=6)
        >>> game.seat
        2
        """
        super().reset(seed=seed)
        players = self.rules.players
        if self._chosen is not None:
            self.seat = self._chosen
        elif seed is not None:
            self.seat = int(seed) % players
        elif self._started:
            self.seat = (self.seat + 1) % players
        if seed is not None:
            self._rng = random.Random(int(seed))
            self._draws = draws_for(int(seed))
        self._started = True
        self._queue = []
        self._game.reset(seed=None if seed is None else int(seed), options=options)
        _, self._over, info = self._advance()
        return self._observe(), info

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Play ``action`` for the learner, then the bots up to its next turn.

        An illegal action ends the episode with the PettingZoo environment's
        ``illegal_reward`` (minus the most points a hand can cost) and ``info["illegal"]``.

        Raises:
            InvalidActionError: for an action that is not an integer, or a step before
                :meth:`reset`.

        >>> game = env()
        >>> _ = game.reset(seed=0)
        >>> game.step(51)[1:4]  # the ace of spades is not in seat 0's hand
        (-26.0, True, False)
        """
        game = self._game
        if not self._started:
            raise InvalidActionError("reset the environment before its first step")
        if isinstance(action, np.integer):
            action = int(action)
        if type(action) is not int:
            raise InvalidActionError(f"an action id is an integer, not {shown(action)}")
        agent = game.possible_agents[self.seat]
        if self._over:
            raise InvalidActionError("the episode is over: reset the environment")
        mask = game.legal_mask(agent)
        if not (0 <= action < len(mask) and mask[action]):
            self._over = True
            return self._observe(), float(game.illegal_reward), True, False, {"illegal": True}
        game.step(action)
        reward = float(game.rewards[agent])
        info = dict(game.infos[agent])
        later, self._over, later_info = self._advance()
        info.update(later_info)
        return self._observe(), reward + later, self._over, False, info

    def _advance(self) -> tuple[float, bool, dict[str, Any]]:
        """Play the bots until the learner is to act or the episode is over: the learner's
        rewards in the meantime, whether it is over, and the infos it was given."""
        game = self._game
        agent = game.possible_agents[self.seat]
        players = self.rules.players
        reward = 0.0
        info: dict[str, Any] = {}
        while game.agents and not game.terminations[game.agent_selection]:
            acting = game.agent_selection
            if acting == agent:
                return reward, False, info
            if not self._queue:
                seat = game.possible_agents.index(acting)
                bot = self._bots[(seat - self.seat - 1) % players]
                if bot is None:
                    self._queue = random_actions(game.state, seat, self._draws)
                else:
                    self._queue = _bot_actions(bot.choose(observe(game.state, seat), self._rng))
            game.step(self._queue.pop(0))
            reward += float(game.rewards[agent])
            info.update(game.infos[agent])
        return reward, True, info

    def _observe(self) -> Any:
        return self._game.observe(self._game.possible_agents[self.seat])

    def render(self) -> str | None:
        """The table as text with ``render_mode="ansi"`` (every hand, as a spectator sees it).

        >>> game = env(render_mode="ansi")
        >>> _ = game.reset(seed=2)
        >>> game.render().splitlines()[0]
        'hand 0 (pass left), dealer player_3, totals 0 0 0 0'
        """
        if self.render_mode is None:
            return None
        text: str | None = self._game.render()
        return text

    def close(self) -> None:
        """Stop the bots that run as programs (``cmd:``).

        >>> env().close()
        """
        for bot in self._bots:
            if bot is None:
                continue
            close = getattr(bot, "close", None)
            if close is not None:
                close()


def env(
    variant: str | Rules = "standard",
    *,
    opponents: BotSpec | Sequence[BotSpec] = "random",
    reward: str = "points",
    full_game: bool = False,
    observation: str = "dict",
    seat: int | None = None,
    render_mode: str | None = None,
) -> HeartsEnv:
    """A single-agent environment: the learner at one seat of ``variant``, bots at the others.

    * ``opponents``: one bot spec (or bot) for every other seat, or one per seat from the
      learner's left; any spec ``hearts arena`` takes (default ``"random"``).
    * ``reward``: ``"points"``, ``"payoff"`` or ``"win"``, as in the PettingZoo environment.
    * ``full_game``: an episode is a whole game (default: one hand).
    * ``observation``: ``"dict"`` (``observation`` and ``action_mask``) or ``"flat"`` (one
      ``Box``, the mask last).
    * ``seat``: the learner's seat, or ``None`` to take it from ``reset``'s seed.

    Raises:
        InvalidRulesError: for an unknown variant or format, or a bad seat or opponents.
        UnknownNameError: for an unknown reward scheme or bot.

    >>> game = env("standard", opponents=["rule", "random", "rule"], observation="flat")
    >>> game.observation_space.shape
    (741,)
    """
    return HeartsEnv(
        variant, opponents=opponents, reward=reward, full_game=full_game,
        observation=observation, seat=seat, render_mode=render_mode,
    )  # fmt: skip


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="hearts_core.adapters.gymnasium:env")
