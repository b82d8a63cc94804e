"""Hearts as a PettingZoo AEC environment, for every variant and player count.

``env()`` is what learning code uses: the raw environment wrapped as
PettingZoo's classic games are (an illegal action ends the episode with a
penalty, actions out of bounds are refused, and calls must come in order).
It needs the ``rl`` extra (PettingZoo, Gymnasium, NumPy).

>>> import random
>>> from hearts_core.adapters.pettingzoo import env
>>> game = env("standard")
>>> game.reset(seed=7)
>>> game.possible_agents
['player_0', 'player_1', 'player_2', 'player_3']
>>> rng = random.Random(7)
>>> decisions = 0
>>> for agent in game.agent_iter():
...     observation, reward, terminated, truncated, info = game.last()
...     if terminated or truncated:
...         game.step(None)
...         continue
...     legal = observation["action_mask"].nonzero()[0]
...     game.step(int(rng.choice(legal)))
...     decisions += 1
>>> decisions  # one hand: 12 single-card passes (or none) and 52 plays
64

**Agents and turns.** Agent ``player_i`` is seat ``i``. The deal is chance,
drawn from the generator seeded by ``reset(seed=...)``. In a hand that passes,
seat 0 picks its cards one per step, then seat 1, and so on; the cards change
hands once every seat has picked. Then the seat to play acts, one card per
step, and a moon shooter who may choose picks an option.

**Actions** are the ids of :mod:`hearts_core.adapters.action_ids`: a card is
``(rank - 2) * 4 + suit`` (0 to 51), and when the shooter chooses, 52 adds the
moon amount to the others and 53 subtracts it from the shooter.

**Observations** are dicts: ``observation``, the seat's ``float32`` vector
(:class:`~hearts_core.adapters.encoding.Encoder`), and ``action_mask``, ``int8``,
1 for each action the seat may take now.

**Episodes and rewards.** With ``full_game=False`` an episode is one hand,
its deal and passing included, at a hand number drawn from the pass cycle so
that every pass direction comes up; with ``full_game=True`` it is a whole game.
Rewards come as points are taken (the winner of a trick at once, the moon or
any other adjustment when the hand is scored), so that over an episode they add
up to:

* ``"points"``: minus the points the seat scored (its change of total);
* ``"payoff"``: the mean of the other seats' points minus the seat's own;
* ``"win"``: 1 shared among the winners of the game, 0 for the others
  (whole games only).
"""

from __future__ import annotations

import random
from typing import Any, Final

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from hearts_core.actions import PLAYS, ChooseMoon, Deal, random_deal
from hearts_core.adapters.action_ids import CARDS, MOON_ACTIONS, action_card, legal_ids, pick
from hearts_core.adapters.encoding import Encoder
from hearts_core.adapters.outcome import (
    REWARDS,
    check_arguments,
    check_observation,
    flatten,
    hand_info,
    illegal_reward,
    observation_space,
)
from hearts_core.adapters.pettingzoo_wrappers import ClassicWrappers
from hearts_core.adapters.record import HandRecord
from hearts_core.cards import CardSet
from hearts_core.engine import apply, new_game
from hearts_core.engine import step as engine_step
from hearts_core.errors import IllegalActionError, InvalidActionError, InvalidRulesError, Rule
from hearts_core.events import Event
from hearts_core.rules import Rules
from hearts_core.rules.fields import shown
from hearts_core.state import GameState, Phase

__all__ = ["env", "raw_env", "REWARDS", "rules_of"]


def rules_of(variant: str | Rules) -> Rules:
    """The rules of ``variant``: a shipped variant's name or alias, or
    :class:`~hearts_core.Rules`.

    Raises:
        InvalidRulesError: for an unknown name or a value of another type.

    >>> rules_of("six-player").players
    6
    """
    if isinstance(variant, Rules):
        return variant
    if isinstance(variant, str):
        from hearts_core.rules.variants import variant as named

        return named(variant)
    raise InvalidRulesError("variant", f"must be a variant name or Rules, not {shown(variant)}")


def env(
    variant: str | Rules = "standard",
    *,
    full_game: bool = False,
    reward: str = "points",
    render_mode: str | None = None,
    observation: str = "dict",
) -> Any:
    """The Hearts environment for ``variant``, wrapped as PettingZoo's classic games are.

    An illegal action ends the episode: the seat that took it gets minus the
    most points a hand can cost it (-1 with ``reward="win"``), the others 0.
    Actions outside the action space fail an assertion, and calls out of
    order (``step`` before ``reset``) are refused. This is what PettingZoo's
    ``TerminateIllegalWrapper``, ``AssertOutOfBoundsWrapper`` and
    ``OrderEnforcingWrapper`` do, done in one layer (see
    :mod:`hearts_core.adapters.pettingzoo_wrappers`).

    Raises:
        InvalidRulesError: for an unknown variant, a ``full_game`` that is not a
            bool, ``reward="win"`` in one-hand episodes of a many-hand game, or an
            unknown ``render_mode``.
        UnknownNameError: for an unknown reward scheme.

    >>> game = env("three-player", reward="payoff")
    >>> game.reset(seed=1)
    >>> game.agent_selection, int(game.action_space("player_0").n)
    ('player_0', 52)
    """
    raw = raw_env(
        variant, full_game=full_game, reward=reward, render_mode=render_mode,
        observation=observation,
    )  # fmt: skip
    return ClassicWrappers(raw)


class raw_env(AECEnv, EzPickle):  # type: ignore[misc]
    """The Hearts AEC environment, unwrapped: an illegal action raises a HeartsError.

    Takes the arguments of :func:`env`. See the module's documentation for the
    agents, actions, observations and rewards.

    >>> from hearts_core.adapters.pettingzoo import raw_env
    >>> game = raw_env("standard", full_game=True, reward="win")
    >>> game.reset(seed=3)
    >>> game.step(0)
    Traceback (most recent call last):
    ...
    hearts_core.errors.IllegalActionError: seat 0 does not hold 2C
    """

    metadata: Final[dict[str, Any]] = {
        "render_modes": ["human", "ansi"],
        "name": "hearts_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }
    """PettingZoo's metadata: the render modes and the environment's name."""

    def __init__(
        self,
        variant: str | Rules = "standard",
        *,
        full_game: bool = False,
        reward: str = "points",
        render_mode: str | None = None,
        observation: str = "dict",
    ) -> None:
        EzPickle.__init__(
            self, variant, full_game=full_game, reward=reward, render_mode=render_mode,
            observation=observation,
        )  # fmt: skip
        super().__init__()
        rules = rules_of(variant)
        check_arguments(rules, full_game, reward, render_mode)
        self.observation_format: Final = check_observation(observation)
        """``"dict"`` or ``"flat"`` (see :mod:`hearts_core.adapters.outcome`)."""
        self.rules: Final = rules
        """The rules played."""
        self.full_game: Final = full_game or rules.single_hand
        """Whether an episode is a whole game (else one hand)."""
        self.reward: Final = reward
        """The reward scheme (one of :data:`REWARDS`)."""
        self.render_mode = render_mode
        self.illegal_reward: Final = illegal_reward(rules, reward)
        """What ``env()`` gives the seat that takes an illegal action."""
        encoder = Encoder(rules)
        self._encoder = encoder
        players = rules.players
        self._players = players
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents = self.possible_agents[:]
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        # One space object shared by every agent and returned on every call, as RLlib wants.
        self.observation_spaces = dict.fromkeys(
            self.possible_agents, observation_space(encoder, self.observation_format)
        )
        self.action_spaces = dict.fromkeys(
            self.possible_agents, spaces.Discrete(encoder.actions)
        )
        self._zeros = dict.fromkeys(self.possible_agents, 0.0)
        self._rng = random.Random()
        self._state: GameState = new_game(rules)
        self._record = HandRecord.empty(players)
        self._picked = 0
        self._views: list[Any] = []
        self._events: list[Event] = []  # of the hand's last steps, for the infos
        self._reset_books()

    # A copy is the position itself, not a new environment: EzPickle would rebuild one.
    def __getstate__(self) -> dict[str, Any]:
        return dict(self.__dict__)

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)

    @property
    def state(self) -> GameState:
        """The position played (between ``reset`` and the episode's end).

        >>> game = raw_env()
        >>> game.reset(seed=2)
        >>> game.state.phase.value
        'pass'
        """
        return self._state

    def _reset_books(self) -> None:
        agents = self.agents = self.possible_agents[:]
        self.rewards = dict(self._zeros)
        self._rewarded = False
        self._informed = False
        self._cumulative_rewards = dict(self._zeros)
        self.terminations = dict.fromkeys(agents, False)
        self.truncations = dict.fromkeys(agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in agents}
        self.agent_selection = agents[0]

    # --- PettingZoo's API ----------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent``: the same object on every call, equal for every
        agent.

        >>> raw_env().observation_space("player_0")["observation"].shape
        (689,)
        """
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete`` over the action ids.

        >>> raw_env("moon-choice").action_space("player_2")
        Discrete(54)
        """
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new episode: deal a hand (of a new game, with ``full_game``).

        ``seed`` seeds the deals and the hand numbers drawn. ``options`` may set
        ``"hand_number"`` (which hand of the pass cycle to play, or to start a game
        at) and ``"deal"`` (a :class:`~hearts_core.Deal`, or one hand text per seat),
        to replay given deals; other keys are ignored.

        Raises:
            InvalidStateError: for a hand number out of range.
            InvalidActionError: for a deal that is not one.
            IllegalActionError: for a deal that does not fit the rules.

        >>> game = raw_env()
        >>> game.reset(seed=2, options={"hand_number": 3})  # no passing: the 2C holder leads it
        >>> game.observe(game.agent_selection)["action_mask"].nonzero()[0].tolist()
        [0]
        """
        if seed is not None:
            self._rng = random.Random(int(seed))
        rules = self.rules
        chosen = (options or {}).get("hand_number")
        if chosen is not None:
            hand = chosen
        else:
            hand = 0 if self.full_game else self._rng.randrange(len(rules.pass_cycle))
        waiting = new_game(rules, hand_number=hand)
        deal = (options or {}).get("deal")
        if deal is not None and not isinstance(deal, Deal):
            deal = Deal(deal)
        self._reset_books()
        self._deal(waiting, deal)

    def _deal(self, waiting: GameState, deal: Deal | None = None) -> None:
        if deal is None:
            deal = random_deal(self.rules, self._rng)
        self._state = state = apply(waiting, deal)
        self._record = HandRecord.empty(self._players)
        self._picked = 0
        self._events = []
        self._encode()
        self.agent_selection = self.possible_agents[state.to_act[0]]

    def _encode(self) -> None:
        """Encode every seat's observation vector anew (they are then kept up to date play
        by play)."""
        state, record, encoder = self._state, self._record, self._encoder
        self._views = [
            encoder.observation(state, seat, 0, record) for seat in range(self._players)
        ]

    def observe(self, agent: str) -> Any:
        """What ``agent`` sees now: its ``observation`` vector and its ``action_mask``.

        >>> game = raw_env()
        >>> game.reset(seed=2)
        >>> seen = game.observe("player_1")
        >>> seen["observation"].shape, int(seen["action_mask"].sum())  # not its turn
        ((689,), 0)
        """
        seat = self._seat_of[agent]
        mask = self.legal_mask(agent)
        if self.observation_format == "flat":
            return flatten(self._views[seat], mask)
        return {"observation": self._views[seat].copy(), "action_mask": mask}

    def legal_mask(self, agent: str) -> Any:
        """The action mask of ``agent`` (``int8``, 1 for each action it may take now), as
        :meth:`observe` gives it.

        >>> game = raw_env()
        >>> game.reset(seed=2)
        >>> int(game.legal_mask("player_0").sum()), int(game.legal_mask("player_1").sum())
        (13, 0)
        """
        # Only the seat to pass has picked cards (legal_ids gives the others none).
        legal = legal_ids(self._state, self._seat_of[agent], self._picked)
        return self._encoder.action_mask(legal)

    # long: AEC step on its hot path in one frame: checks, engine step, rewards, books
    def step(self, action: Any) -> None:
        """Take ``action`` for ``agent_selection`` (``None`` once the agent is done).

        Raises:
            InvalidActionError: for an action that is not an integer.
            IllegalActionError: for an action the seat may not take now.

        >>> game = raw_env()
        >>> game.reset(seed=2)
        >>> game.step("QS")
        Traceback (most recent call last):
        ...
        hearts_core.errors.InvalidActionError: an action id is an integer, not 'QS'
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if type(action) is not int:
            if isinstance(action, np.integer):
                action = int(action)
            else:
                raise InvalidActionError(f"an action id is an integer, not {shown(action)}")
        seat = self._seat_of[agent]
        state = self._state
        phase = state.phase
        complete = False  # whether this step ends a trick
        if phase is Phase.PLAY:
            if not 0 <= action < CARDS:
                raise IllegalActionError(
                    Rule.WRONG_PHASE, f"action {action} is not a card: the game waits for a play"
                )
            card = action_card(action)
            after = apply(state, PLAYS[seat][card.index])
            self._record = record = self._record.after_play(state, seat, card)
            complete = len(state.current_trick) == self._players - 1
            if not self._encoder.update_after_play(self._views, state, seat, card, after, record):
                # The hand's play is over: played again with its events, for the infos.
                after, events = engine_step(state, PLAYS[seat][card.index])
                self._events.extend(events)
                self._state = after
                self._encode()
        elif phase is Phase.PASS:
            after = self._pick(state, seat, action)
        else:  # the moon choice
            if not 0 <= action - CARDS < len(MOON_ACTIONS):
                raise IllegalActionError(
                    Rule.WRONG_PHASE, f"action {action} is not a moon choice (52 or 53)"
                )
            after, events = engine_step(state, ChooseMoon(seat, MOON_ACTIONS[action - CARDS]))
            self._events.extend(events)
            self._state = after
            self._encode()
        self._state = after
        self._cumulative_rewards[agent] = 0.0
        ended = after.context is not state.context
        if ended:  # the hand is scored: the totals say how much each seat scored
            changes = zip(after.totals, state.totals, state.hand_points, strict=True)
            scored = [new - old - got for new, old, got in changes]
        elif complete:  # a trick is taken: its points, as rewarded at once
            now = after.hand_points
            scored = [new - old for new, old in zip(now, state.hand_points, strict=True)]
        else:
            scored = []
        self._reward(scored, after)
        self._inform(ended)
        if not ended:
            self.agent_selection = self.possible_agents[after.to_act[0]]
        elif self.full_game and after.phase is Phase.DEAL:
            self._deal(after)
        else:  # the episode is over: each seat sees the table between hands
            self._record = HandRecord.empty(self._players)
            self._encode()
            self.terminations = dict.fromkeys(self.agents, True)

    def _pick(self, state: GameState, seat: int, action: int) -> GameState:
        """One card picked to pass (:func:`~hearts_core.adapters.action_ids.pick`), and the
        vectors brought up to date."""
        after, self._picked = pick(state, seat, self._picked, action)
        encoder = self._encoder
        encoder.update_after_pick(self._views[seat], action_card(action))
        if after.phase is not Phase.PASS:  # the cards changed hands
            encoder.update_after_exchange(self._views, after)
        return after

    def _inform(self, ended: bool) -> None:
        """Set ``infos`` when a hand is scored (see
        :func:`~hearts_core.adapters.outcome.hand_info`), and empty them at the step after."""
        if self._informed:
            self.infos = {agent: {} for agent in self.agents}
            self._informed = False
        if ended:
            events = self._events
            self.infos = {
                agent: hand_info(events, seat) for seat, agent in enumerate(self.possible_agents)
            }
            self._events = []
            self._informed = True

    def _reward(self, scored: list[int], after: GameState) -> None:
        """Set ``rewards`` from the points each seat scored in this step."""
        if self._rewarded:  # the rewards of the step before go
            self.rewards = dict(self._zeros)
            self._rewarded = False
        rewards = self.rewards
        if self.reward == "win":
            if after.phase is Phase.GAME_OVER:
                winners = after.winners
                for seat in winners:
                    rewards[self.possible_agents[seat]] = 1.0 / len(winners)
                self._rewarded = True
                self._accumulate_rewards()
            return
        if not any(scored):
            return
        agents = self.possible_agents
        if self.reward == "points":
            for seat, points in enumerate(scored):
                rewards[agents[seat]] = float(-points)
        else:
            total = sum(scored)
            others = self._players - 1
            for seat, points in enumerate(scored):
                rewards[agents[seat]] = (total - points) / others - points
        self._rewarded = True
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The table as text: returned with ``render_mode="ansi"``, printed with ``"human"``.

        It shows every hand, as a spectator sees the table, not one seat's view.

        >>> game = raw_env(render_mode="ansi")
        >>> game.reset(seed=2)
        >>> print(game.render().splitlines()[0])
        hand 0 (pass left), dealer player_3, totals 0 0 0 0
        """
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        text = _table_text(self)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release.

        >>> raw_env().close()
        """


def _table_text(game: raw_env) -> str:
    state = game._state
    players = game._players
    totals = " ".join(str(total) for total in state.totals)
    lines = [
        f"hand {state.hand_number} ({_pass_name(state)}), dealer "
        f"{game.possible_agents[state.dealer]}, totals {totals}"
    ]
    hands = state.hands
    points = state.hand_points
    for seat, agent in enumerate(game.possible_agents):
        held = str(hands[seat]) if hands else ""
        mark = "*" if agent == game.agent_selection and not game.terminations.get(agent) else " "
        lines.append(f"{mark} {agent}: {held or '-'}  (points {points[seat]})")
    if state.phase is Phase.PLAY:
        trick = " ".join(
            f"{game.possible_agents[(state.leader + i) % players]}:{card}"
            for i, card in enumerate(state.current_trick)
        )
        lines.append(f"trick: {trick or '-'}")
    elif state.phase is Phase.PASS and game._picked:
        lines.append(f"picked to pass: {CardSet.from_mask(game._picked)}")
    elif state.phase is Phase.MOON:
        lines.append("the shooter chooses: 52 add to others, 53 subtract from shooter")
    elif state.phase is Phase.GAME_OVER:
        winners = " ".join(game.possible_agents[seat] for seat in state.winners)
        lines.append(f"game over, won by {winners}")
    return "\n".join(lines)


def _pass_name(state: GameState) -> str:
    direction = state.pass_direction.value
    return "no pass" if direction == "hold" else f"pass {direction}"
