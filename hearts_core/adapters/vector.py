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

import random
from collections.abc import Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from hearts_core.actions import PLAYS, ChooseMoon, Deal, PassCards, random_deal
from hearts_core.adapters.encoding import CARDS, MOON_ACTIONS, Encoder, action_card
from hearts_core.adapters.outcome import check_observation, observation_space, outcome_info
from hearts_core.adapters.pettingzoo import REWARDS, _check_arguments, _worst_hand, rules_of
from hearts_core.adapters.record import HandRecord
from hearts_core.adapters.seats import (
    Opponent,
    draws_for,
    opponents,
    restored_draws,
    saved_draws,
)
from hearts_core.bots.arena import BotSpec
from hearts_core.bots.rule_bot import RuleBot
from hearts_core.cards import CardSet
from hearts_core.engine import after_hand, apply, new_game
from hearts_core.errors import InvalidActionError, InvalidRulesError
from hearts_core.fields import shown
from hearts_core.kernel import Hand, batch
from hearts_core.observation import observe
from hearts_core.options import PassDirection
from hearts_core.playout import kernel_hand
from hearts_core.rules import Rules
from hearts_core.scoring import moon_scores, score_hand
from hearts_core.state import GameState, Phase

__all__ = ["HeartsVectorEnv", "vector_env"]

_DIRECTIONS: Final = tuple(PassDirection)
_KIND_LEARNER, _KIND_RANDOM, _KIND_RULE, _KIND_OUTSIDE = 0, 1, 2, 3
_WAITING, _ILLEGAL, _PYTHON = 1, 2, 3


def _kind(opponent: Opponent) -> int:
    if opponent is None:
        return _KIND_RANDOM
    if type(opponent) is RuleBot:
        return _KIND_RULE
    return _KIND_OUTSIDE


def _layout(encoder: Encoder) -> Any:
    """The encoder's layout as the kernel reads it."""
    blocks = {block.name: block.start for block in encoder.blocks}
    players = encoder.players
    return batch.Layout(
        players, blocks["trick 0"], blocks["leader"], blocks["phase"], blocks["pass direction"],
        blocks["hearts broken"], blocks["points"], encoder._positive, encoder._target,
        encoder._constants,
    )  # fmt: skip


class _Table:
    """One table: a learner's episodes, as the single-agent environment plays them."""

    def __init__(self, owner: HeartsVectorEnv) -> None:
        self.owner = owner
        rules = self.rules = owner.rules
        self.players = rules.players
        self.learner = 0
        self.started = False
        self.deals = random.Random()  # the deals and hand numbers, as raw_env draws them
        self.bots_rng = random.Random()  # what the other bots draw from
        self.draws = draws_for(None)  # the random players' words
        self.state: GameState = new_game(rules)  # passing, choosing, or at the start of play
        self.picked = 0
        self.acting = 0
        self.over = True
        self.pending: dict[str, Any] | None = None  # the outcome of a hand the learner ended
        self.board = batch.Board(
            Hand(rules.tables().kernel, (), 0), self.draws, (0,) * self.players,
            owner.scheme, rules.moon.value != "off",
        )  # fmt: skip

    # --- episodes ----------------------------------------------------------------------

    def reset(self, seed: int | None, options: dict[str, Any] | None) -> None:
        owner = self.owner
        players = self.players
        if owner.seat is not None:
            self.learner = owner.seat
        elif seed is not None:
            self.learner = seed % players
        elif self.started:
            self.learner = (self.learner + 1) % players
        if seed is not None:
            self.bots_rng = random.Random(seed)
            self.draws = draws_for(seed)
            self.deals = random.Random(seed)
            self.board.rng = self.draws
        self.started = True
        rules = owner.rules
        chosen = (options or {}).get("hand_number")
        if chosen is not None:
            hand = chosen
        else:
            hand = 0 if owner.full_game else self.deals.randrange(len(rules.pass_cycle))
        deal = (options or {}).get("deal")
        if deal is not None and not isinstance(deal, Deal):
            deal = Deal(deal)
        kinds = [_KIND_LEARNER] * players
        if not owner.self_play:
            for offset, opponent in enumerate(owner.opponents):
                kinds[(self.learner + 1 + offset) % players] = _kind(opponent)
        self.kinds = kinds
        self.board.restore((kinds + [0] * (6 - players),) + self.board.state()[1:])
        self.over = False
        self.deal(new_game(rules, hand_number=hand), deal)

    def deal(self, waiting: GameState, deal: Deal | None = None) -> None:
        rules = self.owner.rules
        if deal is None:
            deal = random_deal(rules, self.deals)
        state = self.state = apply(waiting, deal)
        self.picked = 0
        board = self.board
        board.hand = Hand(rules.tables().kernel, state.hand_masks, 0)
        board.clear(state.dealer, _DIRECTIONS.index(state.pass_direction))
        board.set_totals(state.totals)
        if state.phase is Phase.PLAY:
            self.begin_play()

    def begin_play(self) -> None:
        state = self.state
        board = self.board
        board.hand = kernel_hand(state)
        board.begin_play()
        passes = state.passes
        if passes:
            giver = state.pass_direction.giver
            for seat in range(self.players):
                mine, given = passes[seat], passes[giver(seat, self.players)]
                board.set_seat(
                    seat, 0 if mine is None else mine.mask, 0 if given is None else given.mask
                )

    # --- the seats Python plays -------------------------------------------------------

    def advance(self) -> dict[str, Any] | None:
        """Play until a learner is to act (``acting``) or the episode ends (``over``); the
        hand's outcome for the infos, if a hand was scored."""
        board = self.board
        info = None
        while True:
            phase = board.phase
            if phase == 1:  # in play
                seat = batch.run(board)
                if seat < 0:
                    found = self.score()
                    info = found if found is not None else info
                    if self.over:
                        return info
                    continue
                if self.kinds[seat] == _KIND_LEARNER:
                    self.acting = seat
                    return info
                view = observe(self.replayed(), seat)
                opponent = self.opponent(seat)
                assert opponent is not None
                action = opponent.choose(view, self.bots_rng)
                batch.play(board, action.card.bit)  # type: ignore[union-attr]
                continue
            state = self.state
            seat = state.to_act[0] if phase == 0 else self.shooter
            kind = self.kinds[seat]
            if kind == _KIND_LEARNER:
                self.acting = seat
                return info
            opponent = self.opponent(seat)
            if phase == 0:
                if opponent is None:
                    mask = self.draws.cards(state.hand_masks[seat], self.owner.rules.pass_count)
                else:
                    chosen = opponent.choose(observe(state, seat), self.bots_rng)
                    assert isinstance(chosen, PassCards)
                    mask = chosen.cards.mask
                self.passed(seat, mask)
                continue
            if opponent is None:
                choice = self.draws.below(len(MOON_ACTIONS))
            else:
                moon = opponent.choose(observe(state, seat), self.bots_rng)
                assert isinstance(moon, ChooseMoon)
                choice = MOON_ACTIONS.index(moon.option)
            found = self.chose(choice)
            info = found if found is not None else info
            if self.over:
                return info

    def opponent(self, seat: int) -> Opponent:
        return self.owner.opponents[(seat - self.learner - 1) % self.players]

    def replayed(self) -> GameState:
        """The engine's state now: the start of play, with the cards played since."""
        state = self.state
        for bit in self.board.played():
            seat = state.to_act[0]
            state = apply(state, PLAYS[seat][(bit.bit_length() - 1)])
        return state

    def passed(self, seat: int, mask: int) -> None:
        """``seat`` passes ``mask``; the play begins once every seat has passed."""
        self.state = apply(self.state, PassCards(seat, CardSet.from_mask(mask)))
        self.board.set_seat(seat, mask, 0)
        self.picked = 0
        if self.state.phase is Phase.PLAY:
            self.begin_play()

    def score(self) -> dict[str, Any] | None:
        """The hand's play is over: score it, or wait for the shooter's choice."""
        board = self.board
        hand = board.hand
        context = self.state.context
        taken = hand.taken_masks()
        result = score_hand(
            context.rules, taken, hand.won_counts(), context.totals, context.counting_down
        )
        self.taken = taken
        self.points = result.points
        self.moon = result.shooter
        if result.scores is None:
            assert result.shooter is not None
            self.shooter = result.shooter
            self.state = self.replayed()  # the moon choice: rare, and the bots read a view
            board.phase = 2
            return None
        return self.scored(result.scores)

    def chose(self, choice: int) -> dict[str, Any] | None:
        rules = self.owner.rules
        option = MOON_ACTIONS[choice]
        scores = moon_scores(rules, self.taken, self.shooter, option, rules.moon_amount)
        return self.scored(scores)

    def scored(self, scores: tuple[int, ...]) -> dict[str, Any]:
        """Give the hand's rewards and its outcome, and deal the next hand or end."""
        owner = self.owner
        board = self.board
        context = self.state.context
        after = after_hand(context, scores)
        players = self.players
        changes = zip(after.totals, context.totals, self.points, strict=True)
        gained = [new - old - got for new, old, got in changes]
        if owner.scheme == 2:
            if after.phase is Phase.GAME_OVER:
                for seat in after.winners:
                    board.add_reward(seat, 1.0 / len(after.winners))
        elif any(gained):
            total = sum(gained)
            for seat, points in enumerate(gained):
                if owner.scheme == 0:
                    board.add_reward(seat, float(-points))
                else:
                    board.add_reward(seat, (total - points) / (players - 1) - points)
        winners = after.winners if after.phase is Phase.GAME_OVER else None
        info = outcome_info(
            self.learner, context.hand_number, self.points, scores, after.totals, self.moon,
            winners,
        )  # fmt: skip
        if owner.full_game and after.phase is Phase.DEAL:
            self.deal(after)
        else:
            self.state = after
            board.phase = 3
            self.over = True
        return info

    # --- the learner's actions Python takes ---------------------------------------------

    def act(self, action: int) -> bool:
        """Take the learner's action outside the play (a card picked to pass, a moon
        choice); ``False`` when it is not legal."""
        board = self.board
        seat = self.acting
        if board.phase == 0:
            held = self.state.hand_masks[seat] & ~self.picked
            if not 0 <= action < CARDS or not action_card(action).bit & held:
                return False
            self.picked |= action_card(action).bit
            board.set_seat(seat, self.picked, 0)
            if self.picked.bit_count() == self.owner.rules.pass_count:
                self.passed(seat, self.picked)
            return True
        if not 0 <= action - CARDS < len(MOON_ACTIONS) or board.phase != 2:
            return False
        self.pending = self.chose(action - CARDS)
        return True

    def encode(self, row: Any, mask: Any) -> None:
        """The acting seat's observation and action mask, into ``row`` and ``mask``."""
        board = self.board
        seat = self.acting
        batch.encode(self.owner.layout, board, seat, row)
        if board.phase == 1:
            batch.write_mask(board, mask)
            return
        mask[:] = 0
        if board.phase == 0:
            held = self.state.hand_masks[seat] & ~self.picked
            for card in CardSet.from_mask(held):
                mask[(card.rank - 2) * 4 + card.suit] = 1
        elif board.phase == 2:
            mask[CARDS : CARDS + len(MOON_ACTIONS)] = 1

    def final(self) -> npt.NDArray[np.float32]:
        """The learner's last observation of the episode (the table between hands)."""
        seat = self.learner if not self.owner.self_play else self.acting
        encoder = self.owner.encoder
        return encoder.observation(self.state, seat, 0, HandRecord.empty(self.players))

    # Copies and pickles: the board's hand, table and generator are rebuilt from values.
    def __getstate__(self) -> dict[str, Any]:
        found = dict(self.__dict__)
        board = found.pop("board")
        hand = board.hand
        found["_board"] = (
            board.state(),
            (hand.hand_masks(), hand.taken_masks(), hand.won_counts(), hand.leader, hand.seat,
             hand.position, hand.winner, hand.tricks, hand.led, hand.best, hand.trick,
             hand.broken),
            saved_draws(board.rng),
        )  # fmt: skip
        found["draws"] = None
        return found

    def __setstate__(self, saved: dict[str, Any]) -> None:
        board_state, hand_state, rng_state = saved.pop("_board")
        self.__dict__.update(saved)
        rng = self.draws = restored_draws(rng_state)
        table = self.rules.tables().kernel
        hands, taken, won, leader, seat, position, winner, tricks, led, best, trick, broken = (
            hand_state
        )
        hand = Hand(table, hands, leader)
        hand.resume((), leader, broken, tricks, taken, won)
        hand.seat, hand.position, hand.winner = seat, position, winner
        hand.led, hand.best, hand.trick = led, best, trick
        board = batch.Board(hand, rng, (0,) * self.players, 0, False)
        board.restore(board_state)
        self.board = board


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
        _check_arguments(rules, full_game, reward, None)
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
        self.illegal_reward: Final = -1.0 if reward == "win" else -float(_worst_hand(rules))
        """The reward of an illegal action, which ends the episode."""
        self.opponents = () if self_play else opponents_of(opponents, players)
        self.encoder = encoder = Encoder(rules)
        self.layout = _layout(encoder)
        self.num_envs = num_envs
        self.single_observation_space = observation_space(encoder, self.format)
        self.single_action_space = spaces.Discrete(encoder.actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._tables = [_Table(self) for _ in range(num_envs)]
        self._observations = np.zeros((num_envs, encoder.size), dtype=np.float32)
        self._masks = np.zeros((num_envs, encoder.actions), dtype=np.int8)
        self._status = np.zeros(num_envs, dtype=np.int8)
        self._seats = np.zeros(num_envs, dtype=np.int64)
        self._rewards = np.zeros((num_envs, players), dtype=np.float64)
        self._started = False

    # Copies and pickles: the kernel's layout is rebuilt from the encoder.
    def __getstate__(self) -> dict[str, Any]:
        found = dict(self.__dict__)
        del found["layout"]
        return found

    def __setstate__(self, saved: dict[str, Any]) -> None:
        self.__dict__.update(saved)
        self.layout = _layout(self.encoder)

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
        if seed is None or isinstance(seed, int):
            seeds = [None if seed is None else seed + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise InvalidRulesError("seed", f"give {self.num_envs} seeds, not {len(seeds)}")
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
        batched = {
            key: np.array(value) if isinstance(value, tuple) else value
            for key, value in found.items()
        }
        batched["moon"] = -1 if found["moon"] is None else found["moon"]
        if "winners" in found:
            flags = np.zeros(self.rules.players, dtype=bool)
            flags[list(found["winners"])] = True
            batched["winners"] = flags
        self._add_info(infos, batched, index)

    def _ready(self, index: int, table: _Table, infos: dict[str, Any], found: Any) -> None:
        """Write table ``index``'s observation and status once Python has played it."""
        if found is not None:
            self._outcome(infos, found, index)
        if table.over:  # an episode that ends before the learner acts: start the next
            self._rewards[index] += table.board.take_rewards()
            self._finish(index, table, infos, self._flat(table.final()))
            return
        self._rewards[index] += table.board.take_rewards()
        self._seats[index] = table.acting
        table.encode(self._observations[index], self._masks[index])
        self._status[index] = _WAITING if table.board.phase == 1 else _PYTHON

    def _finish(self, index: int, table: _Table, infos: dict[str, Any], last: Any) -> None:
        """Table ``index``'s episode is over, its last observation ``last``: start the next."""
        self._add_info(infos, {"final_obs": last}, index)
        self._terminated[index] = True
        table.reset(None, None)
        found = table.advance()
        if found is not None:  # pragma: no cover - a hand scored before a learner acts
            self._outcome(infos, found, index)
        self._seats[index] = table.acting
        table.encode(self._observations[index], self._masks[index])
        self._status[index] = _WAITING if table.board.phase == 1 else _PYTHON

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
            self.layout, self._tables_boards(), chosen, status, self._seats,
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

    def _tables_boards(self) -> list[Any]:
        return [table.board for table in self._tables]

    def _python_step(self, index: int, action: int, infos: dict[str, Any]) -> None:
        table = self._tables[index]
        status = self._status[index]
        if status == _ILLEGAL or (status == _PYTHON and table.board.phase != 1
                                  and not table.act(action)):  # fmt: skip
            self._rewards[index] = 0.0
            self._rewards[index, table.acting] = self.illegal_reward
            self._add_info(infos, {"illegal": True}, index)
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
