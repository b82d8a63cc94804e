"""Many Hearts tables as one Gymnasium vector environment, stepped in the hand kernel.

:func:`vector_env` builds a :class:`HeartsVectorEnv` of ``num_envs`` tables. Each is the
single-agent environment of :mod:`hearts_core.adapters.gymnasium` (a learner at one seat,
opponents at the others), and for the same seed it plays the same hands, action for
action: the tests step both side by side. The play runs in the kernel
(:mod:`hearts_core.kernel`'s ``batch``): one :meth:`~HeartsVectorEnv.step` plays every
table's card, then the opponents' cards up to each learner's next turn, and encodes each
observation into one array, with the ``random`` and ``rule`` opponents played there
too. Deals, passes, moon choices and scoring, once a hand, run in Python, and so do
opponents of any other name, from the position replayed.

>>> import numpy as np
>>> from hearts_core.adapters.vector import vector_env
>>> tables = vector_env(8, opponents="rule")
>>> observations, infos = tables.reset(seed=0)
>>> observations["observation"].shape, observations["action_mask"].shape
((8, 689), (8, 52))
>>> rng = np.random.default_rng(0)
>>> hands = 0
>>> for _ in range(100):
...     legal = observations["action_mask"]
...     actions = np.array([rng.choice(np.flatnonzero(row)) for row in legal])
...     observations, rewards, terminated, truncated, infos = tables.step(actions)
...     hands += int(terminated.sum())
>>> hands > 40  # a hand is 13 plays of the learner, and 3 picks when it passes
True

**Autoreset.** A table whose episode ends is reset in the same step (Gymnasium's
``AutoresetMode.SAME_STEP``): the observation returned is the new episode's first, and
``infos["final_obs"]`` holds the last one. ``infos`` also hold, for the tables whose hand
ended, what :func:`~hearts_core.adapters.outcome.outcome_info` says, each key with its
``_key`` mask, as Gymnasium's vector environments give infos; ``infos["seat"]`` is the
seat to act at each table.

**Self-play.** With ``self_play=True`` every seat is a learner: each step carries the
action of the seat to act at each table (``infos["seat"]``), the observation is that
seat's, and the rewards have one column per seat, ``(num_envs, players)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from numbers import Integral
from typing import Any, Final

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from hearts_core.adapters.encoding import Encoder
from hearts_core.adapters.opponents import Opponent, opponents
from hearts_core.adapters.outcome import (
    REWARDS,
    check_arguments,
    check_observation,
    illegal_reward,
    observation_space,
)
from hearts_core.adapters.pettingzoo import rules_of
from hearts_core.adapters.vector_table import PLAYING, Table
from hearts_core.bots.arena import BotSpec
from hearts_core.errors import InvalidActionError, InvalidRulesError
from hearts_core.kernel import batch
from hearts_core.rules import Rules
from hearts_core.rules.fields import shown

__all__ = ["HeartsVectorEnv", "vector_env"]

_WAITING, _ILLEGAL, _PYTHON = 1, 2, 3


def _layout(encoder: Encoder) -> Any:
    """The encoder's layout as the kernel reads it."""
    blocks = {block.name: block.start for block in encoder.blocks}
    players = encoder.players
    return batch.Layout(
        players, blocks["trick 0"], blocks["leader"], blocks["phase"], blocks["pass direction"],
        blocks["hearts broken"], blocks["points"], encoder._positive, encoder._target,
        encoder._constants,
    )  # fmt: skip



class HeartsVectorEnv(VectorEnv[Any, Any, Any]):
    """``num_envs`` Hearts tables stepped as one batch; build it with :func:`vector_env`.

    >>> tables = vector_env(2, "three-player", self_play=True, observation="flat")
    >>> observations, infos = tables.reset(seed=1)
    >>> observations.shape, infos["seat"].tolist()
    ((2, 629), [0, 0])
    """

    metadata: Final[dict[str, Any]] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # type: ignore[misc]
    """Gymnasium's metadata: tables reset in the step that ends their episode."""

    # long: the arguments checked and every array the steps write into, made once
    def __init__(
        self,
        num_envs: int,
        variant: str | Rules = "standard",
        *,
        opponents: BotSpec | Sequence[BotSpec] = "random",
        reward: str = "points",
        full_game: bool = False,
        observation: str = "dict",
        seat: int | None = None,
        self_play: bool = False,
    ) -> None:
        if type(num_envs) is not int or num_envs < 1:
            raise InvalidRulesError(
                "num_envs", f"must be a whole number of at least 1, not {shown(num_envs)}"
            )
        rules = rules_of(variant)
        check_arguments(rules, full_game, reward, None)
        self.format = check_observation(observation)
        players = rules.players
        if seat is not None and (type(seat) is not int or not 0 <= seat < players):
            raise InvalidRulesError(
                "seat", f"must be None or a seat from 0 to {players - 1}, not {shown(seat)}"
            )
        if type(self_play) is not bool:
            raise InvalidRulesError("self_play", f"must be true or false, not {shown(self_play)}")
        self.rules: Final = rules
        """The rules played."""
        self.full_game: Final = full_game or rules.single_hand
        self.self_play: Final = self_play
        """Whether every seat is a learner."""
        self.seat = seat
        self.scheme = REWARDS.index(reward)
        self.illegal_reward: Final = illegal_reward(rules, reward)
        """The reward of an illegal action, which ends the episode."""
        self.opponents = () if self_play else opponents_of(opponents, players)
        self.encoder = encoder = Encoder(rules)
        self.layout = _layout(encoder)
        self.num_envs = num_envs
        self.single_observation_space = observation_space(encoder, self.format)
        self.single_action_space = spaces.Discrete(encoder.actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._tables = [Table(self) for _ in range(num_envs)]
        self._boards = [table.board for table in self._tables]  # each table keeps its board
        self._observations = np.zeros((num_envs, encoder.size), dtype=np.float32)
        self._masks = np.zeros((num_envs, encoder.actions), dtype=np.int8)
        self._status = np.zeros(num_envs, dtype=np.int8)
        self._seats = np.zeros(num_envs, dtype=np.int64)
        self._rewards = np.zeros((num_envs, players), dtype=np.float64)
        self._started = False

    @property
    def tables(self) -> tuple[Table, ...]:
        """The tables, one for each environment of the batch.

        >>> len(vector_env(3).tables)
        3
        """
        return tuple(self._tables)

    # Copies and pickles: the kernel's layout is rebuilt from the encoder.
    def __getstate__(self) -> dict[str, Any]:
        found = dict(self.__dict__)
        del found["layout"], found["_boards"]
        return found

    def __setstate__(self, saved: dict[str, Any]) -> None:
        self.__dict__.update(saved)
        self.layout = _layout(self.encoder)
        self._boards = [table.board for table in self._tables]

    def reset(
        self, *, seed: int | Sequence[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[Any, dict[str, Any]]:  # fmt: skip
        """Start an episode at every table; table ``i`` is seeded ``seed + i`` (or
        ``seed[i]``), as the single-agent environment's ``reset(seed=...)`` is.

        >>> tables = vector_env(3)
        >>> _, infos = tables.reset(seed=5)
        >>> infos["seat"].tolist()  # the learner's seat: the seed modulo the players
        [1, 2, 3]
        """
        if seed is None or isinstance(seed, Integral):
            seeds = [None if seed is None else int(seed) + i for i in range(self.num_envs)]
        elif isinstance(seed, Sequence) and not isinstance(seed, str | bytes):
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise InvalidRulesError("seed", f"give {self.num_envs} seeds, not {len(seeds)}")
        else:
            raise InvalidRulesError(
                "seed", f"must be an integer or a list of seeds, not {shown(seed)}"
            )
        self._started = True
        infos: dict[str, Any] = {}
        for index, table in enumerate(self._tables):
            table.reset(seeds[index], options)
            found = table.advance()
            self._ready(index, table, infos, found)
        infos["seat"] = self._seats.copy()
        return self._output(), infos

    def _outcome(self, infos: dict[str, Any], found: dict[str, Any], index: int) -> None:
        """Add a hand's outcome to ``infos``, as arrays: ``moon`` -1 for none, ``winners``
        one flag per seat."""
        for key, value in found.items():
            if key == "moon":
                value = -1 if value is None else value
            elif key == "winners":
                flags = np.zeros(self.rules.players, dtype=bool)
                flags[list(value)] = True
                value = flags
            self._put(infos, key, value, index)

    def _put(self, infos: dict[str, Any], key: str, value: Any, index: int) -> None:
        """Set ``infos[key][index]`` and its flag ``infos["_" + key][index]``, as Gymnasium's
        vector environments lay infos out (the arrays made at the first value)."""
        array = infos.get(key)
        if array is None:
            if key == "final_obs":
                array = np.full(self.num_envs, None, dtype=object)
            else:
                first = np.asarray(value)
                array = np.zeros((self.num_envs, *first.shape), dtype=first.dtype)
            infos[key] = array
            infos["_" + key] = np.zeros(self.num_envs, dtype=bool)
        array[index] = value
        infos["_" + key][index] = True

    def _ready(self, index: int, table: Table, infos: dict[str, Any], found: Any) -> None:
        """Write table ``index``'s observation and status once Python has played it."""
        if found is not None:
            self._outcome(infos, found, index)
        if table.over:  # an episode that ends before the learner acts: start the next
            self._rewards[index] += table.board.take_rewards()
            last = np.empty(self.encoder.size, dtype=np.float32)
            table.final(last)
            self._finish(index, table, infos, self._flat(last))
            return
        self._rewards[index] += table.board.take_rewards()
        self._seats[index] = table.acting
        table.encode(self._observations[index], self._masks[index])
        self._status[index] = _WAITING if table.board.phase == PLAYING else _PYTHON

    def _finish(self, index: int, table: Table, infos: dict[str, Any], last: Any) -> None:
        """Table ``index``'s episode is over, its last observation ``last``: start the next."""
        self._put(infos, "final_obs", last, index)
        self._terminated[index] = True
        table.reset(None, None)
        found = table.advance()
        if found is not None:  # pragma: no cover - a hand scored before a learner acts
            self._outcome(infos, found, index)
        self._seats[index] = table.acting
        table.encode(self._observations[index], self._masks[index])
        self._status[index] = _WAITING if table.board.phase == PLAYING else _PYTHON

    def _flat(self, vector: Any, mask: Any = None) -> Any:
        """One observation in the environment's format (no action allowed by default)."""
        if mask is None:
            mask = np.zeros(self.encoder.actions, np.int8)
        if self.format == "flat":
            return np.concatenate((vector, mask.astype(np.float32)))
        return {"observation": vector, "action_mask": mask}

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """Take each table's action (for the seat to act there), play on to each learner's
        next turn, and reset the tables whose episode ended.

        Raises:
            InvalidActionError: for a step before :meth:`reset`, or actions that are not
                ``num_envs`` integers.
        """
        if not self._started:
            raise InvalidActionError("reset the environment before its first step")
        chosen = np.asarray(actions)
        if chosen.shape != (self.num_envs,) or chosen.dtype.kind not in "iu":
            raise InvalidActionError(
                f"give one integer action per table, {self.num_envs} in all, not {shown(actions)}"
            )
        chosen = chosen.astype(np.int64)
        learners = np.array([table.learner for table in self._tables])  # before any reset
        self._rewards[:] = 0.0
        self._terminated = np.zeros(self.num_envs, dtype=bool)
        status = self._status
        left = batch.step(
            self.layout, self._boards, chosen, status, self._seats,
            self._observations, self._masks, self._rewards,
        )  # fmt: skip
        infos: dict[str, Any] = {}
        if left:
            for index in np.flatnonzero(status != _WAITING):
                self._python_step(int(index), int(chosen[index]), infos)
        infos["seat"] = self._seats.copy()
        rewards = (
            self._rewards.copy() if self.self_play
            else self._rewards[np.arange(self.num_envs), learners]
        )  # fmt: skip
        truncated = np.zeros(self.num_envs, dtype=bool)
        return self._output(), rewards, self._terminated.copy(), truncated, infos

    def _python_step(self, index: int, action: int, infos: dict[str, Any]) -> None:
        table = self._tables[index]
        status = self._status[index]
        if status == _ILLEGAL or (status == _PYTHON and table.board.phase != PLAYING
                                  and not table.act(action)):  # fmt: skip
            self._rewards[index] = 0.0
            self._rewards[index, table.acting] = self.illegal_reward
            self._put(infos, "illegal", True, index)
            table.over = True
            last = self._flat(self._observations[index].copy(), self._masks[index].copy())
            self._finish(index, table, infos, last)
            return
        found, table.pending = table.pending, None
        if not table.over:
            found = table.advance() or found
        self._ready(index, table, infos, found)

    def _output(self) -> Any:
        if self.format == "flat":
            return np.concatenate(
                (self._observations, self._masks.astype(np.float32)), axis=1
            )
        return {"observation": self._observations.copy(), "action_mask": self._masks.copy()}

    def close_extras(self, **kwargs: Any) -> None:
        """Stop the opponents that run as programs (``cmd:``)."""
        for opponent in self.opponents:
            close = getattr(opponent, "close", None)
            if close is not None:
                close()


def opponents_of(specs: BotSpec | Sequence[BotSpec], players: int) -> tuple[Opponent, ...]:
    return opponents(specs, players)


def vector_env(
    num_envs: int,
    variant: str | Rules = "standard",
    *,
    opponents: BotSpec | Sequence[BotSpec] = "random",
    reward: str = "points",
    full_game: bool = False,
    observation: str = "dict",
    seat: int | None = None,
    self_play: bool = False,
) -> HeartsVectorEnv:
    """``num_envs`` tables of ``variant`` as one Gymnasium vector environment.

    The arguments are those of :func:`hearts_core.adapters.gymnasium.env`, and
    ``self_play=True`` makes every seat a learner (``opponents`` is then unused).

    Raises:
        InvalidRulesError: for a bad ``num_envs``, variant, format, seat or opponents.
        UnknownNameError: for an unknown reward scheme or bot.

    >>> vector_env(4, "six-player", opponents="rule").observation_space["observation"].shape
    (4, 913)
    """
    return HeartsVectorEnv(
        num_envs, variant, opponents=opponents, reward=reward, full_game=full_game,
        observation=observation, seat=seat, self_play=self_play,
    )  # fmt: skip
