"""The ``hearts_core`` game for OpenSpiel: any variant, one hand or a whole game.

:func:`hearts_core.adapters.openspiel.register_game` registers it; this module
holds the game, its states and its observer, and needs OpenSpiel (the
``openspiel`` extra). Everything about a position is an immutable value, so a
clone shares it instead of copying it.

>>> from hearts_core.adapters.openspiel import register_game
>>> import pyspiel
>>> register_game()
>>> game = pyspiel.load_game("hearts_core", {"variant": "openspiel"})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), [outcome for outcome, _ in state.chance_outcomes()]
(True, [0, 1, 2, 3])

**The shape of a game.** Chance acts first. With ``variant="openspiel"`` it
draws OpenSpiel's pass direction (0 none, 1 left, 2 across, 3 right), as the
C++ ``hearts`` game does; in one-hand games of other variants it draws the
hand's place in the pass cycle (``rules.pass_cycle[outcome]``). Then it deals
the cards one chance node each, the ``k``-th card to seat ``k % players``.
Seats pass one card per move, seat 0 first; seats play; a moon shooter who may
choose takes action 52 or 53. In a whole game the next hand's deal follows.

**Returns.** In a one-hand game each seat gets the moon amount minus its score
(OpenSpiel's ``26 - points``); in a whole game, 1 shared among the winners.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
import numpy.typing as npt
import pyspiel  # type: ignore[import-not-found,unused-ignore]

from hearts_core.actions import PLAYS, ChooseMoon, Deal
from hearts_core.adapters.action_ids import (
    ACTION_OF_INDEX,
    CARDS,
    MOON_ACTIONS,
    action_card,
    card_ids,
    id_list,
    legal_ids,
    pick,
)
from hearts_core.adapters.encoding import Encoder
from hearts_core.adapters.record import HandRecord
from hearts_core.cards import Card, CardSet
from hearts_core.engine import apply, new_game
from hearts_core.errors import InvalidRulesError
from hearts_core.rules import Rules
from hearts_core.rules.fields import shown
from hearts_core.rules.options import PassDirection, SunScoring
from hearts_core.state import GameState, Phase

__all__ = ["NAME", "PARAMETERS", "HeartsGame", "HeartsState", "HeartsObserver", "register"]

NAME: Final = "hearts_core"
"""The game's short name in OpenSpiel."""

PARAMETERS: Final = {"variant": "standard", "full_game": False}
"""The game's parameters and their defaults."""

_OPENSPIEL_DIRECTIONS: Final = (
    PassDirection.HOLD,
    PassDirection.LEFT,
    PassDirection.ACROSS,
    PassDirection.RIGHT,
)
_HANDS_BOUND: Final = 1000  # hands in a whole game, for max_game_length

_GAME_TYPE: Final = pyspiel.GameType(
    short_name=NAME,
    long_name="Hearts (hearts_core: every variant, one hand or a whole game)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=6,
    min_num_players=3,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=PARAMETERS,
)


def _score_bounds(rules: Rules) -> tuple[int, int]:
    """The lowest and the highest score one seat can get in one hand."""
    tables = rules.tables()
    positive = sum(p for p in tables.points if p > 0)
    negative = -sum(p for p in tables.points if p < 0)
    shot = rules.moon_amount
    if rules.sun is not SunScoring.OFF:
        shot = max(shot, rules.sun_points)
    bonus = rules.no_tricks_bonus
    return -(shot + negative) + min(0, bonus), max(positive, shot) + max(0, bonus)


class _Setup:
    """What every state of one game shares: pickled as the parameters that rebuild it,
    and shared, not copied, by a clone."""

    __slots__ = ("variant", "full_game", "rules", "encoder", "openspiel", "chosen", "first")

    def __init__(self, variant: str, full_game: bool) -> None:
        from hearts_core.rules.variants import variant_info

        if not isinstance(variant, str):
            raise InvalidRulesError("variant", f"must be a variant name, not {shown(variant)}")
        if type(full_game) is not bool:
            raise InvalidRulesError("full_game", f"must be true or false, not {shown(full_game)}")
        info = variant_info(variant)
        rules = info.rules
        self.variant = variant
        self.openspiel = info.name == "openspiel"
        self.full_game = full_game or rules.single_hand
        self.rules = rules
        self.encoder = Encoder(rules)
        # The rules of a hand, by the first chance outcome (none in a whole game).
        chosen: tuple[Rules, ...] = ()
        if self.openspiel:
            chosen = tuple(rules.evolve(pass_cycle=[d]) for d in _OPENSPIEL_DIRECTIONS)
        elif not self.full_game:
            chosen = (rules,) * len(rules.pass_cycle)
        self.chosen = chosen
        self.first = new_game(rules)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_setup, (self.variant, self.full_game))

    def __deepcopy__(self, memo: dict[int, Any]) -> _Setup:
        return self


_SETUPS: dict[tuple[str, bool], _Setup] = {}


def _setup(variant: str, full_game: bool) -> _Setup:
    key = (variant, full_game)
    found = _SETUPS.get(key)
    if found is None:
        found = _SETUPS[key] = _Setup(variant, full_game)
    return found


class _Position:
    """One position of a game: immutable, so a clone shares it."""

    __slots__ = ("state", "chosen", "dealt", "record", "picked", "picks", "returns")

    def __init__(
        self,
        state: GameState,
        chosen: int | None,
        dealt: tuple[int, ...],
        record: HandRecord,
        picked: int,
        picks: tuple[tuple[int, ...], ...],
        returns: tuple[float, ...] | None,
    ) -> None:
        self.state = state
        self.chosen = chosen  # the first chance outcome, once drawn (one-hand games)
        self.dealt = dealt  # the action ids dealt so far, while dealing
        self.record = record
        self.picked = picked  # cards (a mask) the seat passing now has picked
        self.picks = picks  # each seat's picks this hand, as action ids in order
        self.returns = returns  # once the game is over

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        return self

    def __getstate__(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __setstate__(self, values: tuple[Any, ...]) -> None:
        for name, value in zip(self.__slots__, values, strict=True):
            setattr(self, name, value)


class HeartsGame(pyspiel.Game):  # type: ignore[misc]
    """OpenSpiel's view of a Hearts game under one variant's rules.

    Parameters: ``variant``, a shipped variant's name (default ``"standard"``), and
    ``full_game``: play a whole game rather than one hand (default ``False``).

    Raises:
        InvalidRulesError: for an unknown variant or a parameter of the wrong type.

    >>> from hearts_core.adapters.openspiel import register_game
    >>> register_game()
    >>> import pyspiel
    >>> game = pyspiel.load_game("hearts_core", {"variant": "six-player"})
    >>> game.num_players(), game.num_distinct_actions(), game.observation_tensor_shape()
    (6, 52, [913])
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        values = {**PARAMETERS, **(params or {})}
        setup = _setup(values["variant"], values["full_game"])
        rules = setup.rules
        players = rules.players
        picks = players * rules.pass_count
        deck = len(rules.deck)
        moves = picks + deck + (1 if setup.encoder.actions > CARDS else 0)
        chances = deck + (1 if setup.chosen else 0)
        if setup.full_game and not rules.single_hand:
            length = (moves + chances) * _HANDS_BOUND
            low, high = 0.0, 1.0
        else:
            least, most = _score_bounds(rules)
            length = moves + chances
            amount = rules.moon_amount
            low, high = float(amount - most), float(amount - least)
        info = pyspiel.GameInfo(
            num_distinct_actions=setup.encoder.actions,
            max_chance_outcomes=CARDS,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=None,
            # Chance nodes counted too, and one more: a bound that also holds for wrappers
            # that count every node from one (Shimmy's PettingZoo wrapper truncates there).
            max_game_length=length + 1,
        )
        super().__init__(_GAME_TYPE, info, values)
        self.setup = setup

    def new_initial_state(self) -> HeartsState:
        """The state before the first chance node.

        >>> from hearts_core.adapters.openspiel import register_game
        >>> register_game()
        >>> import pyspiel
        >>> pyspiel.load_game("hearts_core").new_initial_state().is_chance_node()
        True
        """
        return HeartsState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> HeartsObserver:
        """The observer OpenSpiel reads tensors and strings with (perfect recall gives the
        information state).

        >>> from hearts_core.adapters.openspiel import register_game
        >>> register_game()
        >>> import pyspiel
        >>> game = pyspiel.load_game("hearts_core")
        >>> game.information_state_tensor_size() - game.observation_tensor_size()
        104
        """
        return HeartsObserver(self.setup, iig_obs_type, params)


class HeartsState(pyspiel.State):  # type: ignore[misc]
    """A position in a :class:`HeartsGame`.

    >>> from hearts_core.adapters.openspiel import register_game
    >>> register_game()
    >>> import pyspiel
    >>> state = pyspiel.load_game("hearts_core", {"variant": "openspiel"}).new_initial_state()
    >>> state.apply_action(1)  # pass left
    >>> for card in range(52):
    ...     state.apply_action(card)
    >>> state.current_player(), state.legal_actions()
    (0, [0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48])
    """

    def __init__(self, game: HeartsGame) -> None:
        super().__init__(game)
        setup = game.setup
        self._setup = setup
        players = setup.rules.players
        self._position = _Position(
            setup.first, None, (), HandRecord.empty(players), 0, ((),) * players, None
        )

    # --- OpenSpiel's API -------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, or OpenSpiel's chance or terminal player id."""
        position = self._position
        if position.returns is not None:
            return int(pyspiel.PlayerId.TERMINAL)
        state = position.state
        if state.phase is Phase.DEAL:
            return int(pyspiel.PlayerId.CHANCE)
        return state.to_act[0]

    def _legal_actions(self, player: int) -> list[int]:
        position = self._position
        return id_list(legal_ids(position.state, player, position.picked))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance outcomes, all equally likely: the first chance draw, or the cards
        not dealt yet (in action-id order)."""
        position = self._position
        setup = self._setup
        if setup.chosen and position.chosen is None:
            outcomes = list(range(len(setup.chosen)))
        else:
            dealt = 0
            for action in position.dealt:
                dealt |= 1 << action
            deck = card_ids(position.state.rules.deck.mask)
            outcomes = id_list(deck & ~dealt)
        chance = 1.0 / len(outcomes)
        return [(outcome, chance) for outcome in outcomes]

    def _apply_action(self, action: int) -> None:
        position = self._position
        setup = self._setup
        state = position.state
        if state.phase is Phase.DEAL:
            if setup.chosen and position.chosen is None:
                self._position = _choose(position, setup, action)
            else:
                self._position = _deal(position, setup, action)
            return
        seat = state.to_act[0]
        if state.phase is Phase.PASS:
            self._position = _pick(position, seat, action)
            return
        if state.phase is Phase.PLAY:
            card = action_card(action)
            after = apply(state, PLAYS[seat][card.index])
            record = position.record.after_play(state, seat, card)
        else:
            after = apply(state, ChooseMoon(seat, MOON_ACTIONS[action - CARDS]))
            record = position.record
        self._position = _after_move(position, setup, state, after, record)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            position = self._position
            if self._setup.chosen and position.chosen is None:
                if self._setup.openspiel:
                    return f"pass {_OPENSPIEL_DIRECTIONS[action].value}"
                return f"hand {action} of the pass cycle"
            return f"deal {action_card(action)}"
        if action >= CARDS:
            return f"moon {MOON_ACTIONS[action - CARDS].value}"
        return str(action_card(action))

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._position.returns is not None

    def returns(self) -> list[float]:
        """Each seat's return: zeros until the end (see the module's documentation)."""
        returns = self._position.returns
        if returns is None:
            return [0.0] * self._setup.rules.players
        return list(returns)

    def __str__(self) -> str:
        position = self._position
        state = position.state
        hands = state.hands
        lines = [
            f"hand {state.hand_number}, pass {state.pass_direction.value}, "
            f"phase {state.phase.value}, totals {' '.join(map(str, state.totals))}"
        ]
        for seat in range(self._setup.rules.players):
            held = str(hands[seat]) if hands else ""
            lines.append(f"seat {seat}: {held or '-'}")
        lines.append("trick: " + (" ".join(str(c) for c in state.current_trick) or "-"))
        return "\n".join(lines)

    # --- what the observer reads --------------------------------------------------------

    def vector(self, player: int, perfect_recall: bool) -> npt.NDArray[np.float32]:
        """What ``player`` sees, as the observation vector; with ``perfect_recall``, 104
        more values: the order in which each card was played this hand ((k + 1) / 52 for
        the k-th card), then the order of the seat's own pass picks ((k + 1) / pass count).

        >>> from hearts_core.adapters.openspiel import register_game
        >>> register_game()
        >>> import pyspiel
        >>> state = pyspiel.load_game("hearts_core").new_initial_state()
        >>> state.vector(0, True).shape
        (793,)
        """
        position = self._position
        state = position.state
        picked = position.picked if state.phase is Phase.PASS and player == state.to_act[0] else 0
        vector = self._setup.encoder.observation(state, player, picked, position.record)
        if not perfect_recall:
            return vector
        extra = np.zeros(2 * CARDS, dtype=np.float32)
        for k, index in enumerate(position.record.order):
            extra[ACTION_OF_INDEX[index]] = (k + 1) / CARDS
        count = self._setup.rules.pass_count
        for k, action in enumerate(position.picks[player]):
            extra[CARDS + action] = (k + 1) / count
        return np.concatenate((vector, extra))

    def text(self, player: int, perfect_recall: bool) -> str:
        """What ``player`` sees, as text; with ``perfect_recall``, everything it has seen
        this hand, in order (its information state).

        >>> from hearts_core.adapters.openspiel import register_game
        >>> register_game()
        >>> import pyspiel
        >>> pyspiel.load_game("hearts_core").new_initial_state().text(0, False)
        'seat 0, hand 0 (pass left), waiting for the deal; totals 0 0 0 0'
        """
        position = self._position
        state = position.state
        players = self._setup.rules.players
        totals = " ".join(str(total) for total in state.totals)
        head = f"seat {player}, hand {state.hand_number} (pass {state.pass_direction.value})"
        if state.phase is Phase.DEAL or position.returns is not None:
            what = "waiting for the deal" if position.returns is None else "over"
            return f"{head}, {what}; totals {totals}"
        vector = self.vector(player, False)
        encoder = self._setup.encoder
        parts = [head, f"hand {_cards(vector[encoder.block('hand')])}"]
        parts.append(f"passed {_cards(vector[encoder.block('passed')])}")
        parts.append(f"received {_cards(vector[encoder.block('received')])}")
        if perfect_recall:
            picks = " ".join(str(action_card(a)) for a in position.picks[player])
            parts.append(f"picks {picks or '-'}")
            seat_of = {}
            for seat, played in enumerate(position.record.played):
                for action in id_list(played):
                    seat_of[action] = seat
            plays = " ".join(
                f"{seat_of[ACTION_OF_INDEX[index]]}:{Card.from_index(index)}"
                for index in position.record.order
            )
            parts.append(f"plays {plays or '-'}")
        else:
            for offset in range(players):
                seen = _cards(vector[encoder.block(f"played {offset}")])
                parts.append(f"seat +{offset} played {seen}")
            trick = " ".join(str(card) for card in state.current_trick)
            parts.append(f"trick {trick or '-'} led by {state.leader}")
        points = " ".join(str(p) for p in state.hand_points)
        parts.append(f"phase {state.phase.value}; points {points}; totals {totals}")
        return ", ".join(parts)


class HeartsObserver:
    """OpenSpiel's observer for :class:`HeartsGame`: one flat tensor, and a string.

    The default observation is the encoding of
    :class:`~hearts_core.adapters.encoding.Encoder`; the information state
    (perfect recall) adds the order of the hand's plays and of the seat's picks
    (see :meth:`HeartsState.vector`).

    >>> from hearts_core.adapters.openspiel import register_game
    >>> register_game()
    >>> import pyspiel
    >>> game = pyspiel.load_game("hearts_core")
    >>> observer = game.make_py_observer()
    >>> observer.tensor.shape, list(observer.dict)
    ((689,), ['observation'])
    """

    def __init__(self, setup: _Setup, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise InvalidRulesError("params", f"the observer takes no parameters, not {params}")
        self._perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        if iig_obs_type is not None and (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise InvalidRulesError(
                "iig_obs_type", "only a single player's view (public and private) is provided"
            )
        size = setup.encoder.size + (2 * CARDS if self._perfect_recall else 0)
        self.tensor = np.zeros(size, dtype=np.float32)
        """The flat tensor that :meth:`set_from` fills."""
        self.dict = {"observation": self.tensor}
        """The tensor by name, as OpenSpiel reads it."""

    def set_from(self, state: HeartsState, player: int) -> None:
        """Fill :attr:`tensor` with what ``player`` sees of ``state``."""
        self.tensor[:] = state.vector(player, self._perfect_recall)

    def string_from(self, state: HeartsState, player: int) -> str:
        """What ``player`` sees of ``state``, as text."""
        return state.text(player, self._perfect_recall)


def register() -> None:
    """Register the game with OpenSpiel, once (see
    :func:`hearts_core.adapters.openspiel.register_game`).

    >>> register()
    >>> NAME in pyspiel.registered_names()
    True
    """
    if NAME not in pyspiel.registered_names():
        pyspiel.register_game(_GAME_TYPE, HeartsGame)


# --- transitions ------------------------------------------------------------------------

def _cards(block: npt.NDArray[np.float32]) -> str:
    return " ".join(str(action_card(int(a))) for a in np.flatnonzero(block)) or "-"


def _choose(position: _Position, setup: _Setup, outcome: int) -> _Position:
    """The first chance outcome: the pass direction (OpenSpiel's) or the hand number."""
    if setup.openspiel:
        state = new_game(setup.chosen[outcome])
    else:
        state = new_game(setup.rules, hand_number=outcome)
    players = setup.rules.players
    return _Position(state, outcome, (), HandRecord.empty(players), 0, ((),) * players, None)


def _deal(position: _Position, setup: _Setup, action: int) -> _Position:
    """One card dealt; the deal is made once every card is out."""
    dealt = position.dealt + (action,)
    state = position.state
    rules = state.rules
    players = rules.players
    if len(dealt) < len(rules.deck):
        return _Position(state, position.chosen, dealt, position.record, 0, position.picks, None)
    hands = [0] * players
    for k, each in enumerate(dealt):
        hands[k % players] |= action_card(each).bit
    state = apply(state, Deal([CardSet.from_mask(hand) for hand in hands]))
    return _Position(
        state, position.chosen, (), HandRecord.empty(players), 0, ((),) * players, None
    )


def _pick(position: _Position, seat: int, action: int) -> _Position:
    """One card picked to pass (:func:`~hearts_core.adapters.action_ids.pick`), and the
    seat's picks noted."""
    state, picked = pick(position.state, seat, position.picked, action)
    picks = list(position.picks)
    picks[seat] += (action,)
    return _Position(state, position.chosen, (), position.record, picked, tuple(picks), None)


def _after_move(
    position: _Position, setup: _Setup, before: GameState, after: GameState, record: HandRecord
) -> _Position:
    """The position after a play or a moon choice: the hand goes on, or it is scored."""
    if after.context is before.context:  # the hand goes on
        return _Position(after, position.chosen, (), record, 0, position.picks, None)
    players = setup.rules.players
    if after.phase is Phase.GAME_OVER or not setup.full_game:
        if setup.full_game and not setup.rules.single_hand:
            winners = after.winners
            returns = tuple(1.0 / len(winners) if s in winners else 0.0 for s in range(players))
        else:
            amount = after.rules.moon_amount
            returns = tuple(
                float(amount - (new - old))
                for new, old in zip(after.totals, before.totals, strict=True)
            )
        return _Position(after, position.chosen, (), record, 0, position.picks, returns)
    # A whole game goes on: the next hand's deal is chance's.
    return _Position(after, None, (), HandRecord.empty(players), 0, ((),) * players, None)
