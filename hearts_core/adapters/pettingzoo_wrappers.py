"""PettingZoo's classic wrappers for the Hearts environment, in one layer.

PettingZoo's classic games wrap their raw environment in three wrappers:
an illegal action ends the episode (``TerminateIllegalWrapper``), an action
outside the action space fails an assertion (``AssertOutOfBoundsWrapper``), and
calls must come in order (``OrderEnforcingWrapper``). :class:`ClassicWrappers`
does all three, in the same order, in one layer: through the stack, every
attribute read goes down three ``__getattr__`` calls, which cost more than the
Hearts environment itself. :func:`standard_wrappers` builds the stock stack,
which the tests play side by side with it.

>>> from hearts_core.adapters.pettingzoo import env
>>> type(env()).__mro__[1].__name__
'OrderEnforcingWrapper'
"""

from __future__ import annotations

from typing import Any

from pettingzoo.utils import wrappers  # type: ignore[import-untyped]
from pettingzoo.utils.env_logger import EnvLogger  # type: ignore[import-untyped]

__all__ = ["ClassicWrappers", "standard_wrappers"]


def standard_wrappers(raw: Any) -> Any:
    """``raw`` in PettingZoo's own three wrappers, stacked as its classic games stack them.

    :func:`~hearts_core.adapters.pettingzoo.env` behaves exactly as this stack
    (``tests/adapters/test_adapters_pettingzoo.py`` plays both side by side), in one layer
    instead of three.

    >>> from hearts_core.adapters.pettingzoo import raw_env
    >>> game = standard_wrappers(raw_env())
    >>> type(game).__name__, type(game.env.env).__name__
    ('OrderEnforcingWrapper', 'TerminateIllegalWrapper')
    """
    wrapped: Any = wrappers.TerminateIllegalWrapper(raw, illegal_reward=raw.illegal_reward)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


def _before_reset(name: str) -> AttributeError:
    return AttributeError(f"{name} cannot be accessed before reset")


class ClassicWrappers(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``TerminateIllegalWrapper``, ``AssertOutOfBoundsWrapper`` and
    ``OrderEnforcingWrapper`` around a raw environment, fused into one layer: the same
    checks in the same order, without a chain of attribute look-ups per access. The raw
    environment gives the illegal move's penalty as ``illegal_reward``.

    >>> from hearts_core.adapters.pettingzoo import raw_env
    >>> game = ClassicWrappers(raw_env())
    >>> game.agent_selection
    Traceback (most recent call last):
    ...
    AttributeError: agent_selection cannot be accessed before reset
    """

    def __init__(self, raw: Any) -> None:
        super().__init__(raw)
        self._raw = raw
        self._illegal_value = raw.illegal_reward
        self._actions = int(raw.action_space(raw.possible_agents[0]).n)
        self._prev_obs: Any = None
        self._terminated = False  # terminated by an illegal move

    # The attributes read at every step, straight from the raw environment once reset.
    @property
    def agent_selection(self) -> Any:
        """The agent to act (from the raw environment, once reset)."""
        if not self._has_reset:
            raise _before_reset("agent_selection")
        return self._raw.agent_selection

    @property
    def agents(self) -> Any:
        """The agents still in the episode."""
        if not self._has_reset:
            raise _before_reset("agents")
        return self._raw.agents

    @property
    def rewards(self) -> Any:
        """Each agent's reward from the last step."""
        if not self._has_reset:
            raise _before_reset("rewards")
        return self._raw.rewards

    @property
    def terminations(self) -> Any:
        """Whether each agent's episode has ended."""
        if not self._has_reset:
            raise _before_reset("terminations")
        return self._raw.terminations

    @property
    def truncations(self) -> Any:
        """Whether each agent's episode was cut short."""
        if not self._has_reset:
            raise _before_reset("truncations")
        return self._raw.truncations

    @property
    def infos(self) -> Any:
        """Each agent's info dict."""
        if not self._has_reset:
            raise _before_reset("infos")
        return self._raw.infos

    @property
    def _cumulative_rewards(self) -> Any:
        return self._raw._cumulative_rewards

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._has_reset = True
        self._has_updated = True
        self._terminated = False
        self._prev_obs = None
        self._raw.reset(seed=seed, options=options)

    def observe(self, agent: str) -> Any:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        raw = self._raw
        obs = raw.observe(agent)
        if agent == raw.agent_selection:
            self._prev_obs = obs
        return obs

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            raise _before_reset("agent_selection")
        raw = self._raw
        agent = raw.agent_selection
        observation = self.observe(agent) if observe else None
        return (
            observation,
            raw._cumulative_rewards[agent],
            raw.terminations[agent],
            raw.truncations[agent],
            raw.infos[agent],
        )

    def step(self, action: Any) -> None:
        raw = self._raw
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        elif not raw.agents:
            self._has_updated = True
            EnvLogger.warn_step_after_terminated_truncated()
            return
        self._has_updated = True
        agent = raw.agent_selection
        dead = raw.terminations[agent] or raw.truncations[agent]
        # AssertOutOfBoundsWrapper (a plain int checked here, anything else by the space)
        if type(action) is int:
            inside = 0 <= action < self._actions
        else:
            inside = raw.action_spaces[agent].contains(action)
        assert (action is None and dead) or inside, "action is not in action space"
        # TerminateIllegalWrapper
        if self._prev_obs is None:
            self.observe(agent)
        seen = self._prev_obs
        mask = seen["action_mask"] if isinstance(seen, dict) else seen[-self._actions :]
        self._prev_obs = None
        if self._terminated and dead:
            raw._was_dead_step(action)
        elif not dead and not mask[action]:
            EnvLogger.warn_on_illegal_move()
            raw._cumulative_rewards[agent] = 0
            raw.terminations = dict.fromkeys(raw.agents, True)
            raw.truncations = dict.fromkeys(raw.agents, True)
            raw.rewards = dict.fromkeys(raw.truncations, 0)
            raw.rewards[agent] = float(self._illegal_value)
            raw._accumulate_rewards()
            raw._deads_step_first()
            self._terminated = True
        else:
            raw.step(action)

    def __str__(self) -> str:
        return str(self._raw)
