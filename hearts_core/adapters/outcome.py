"""What the learning environments share beyond the encoding: their arguments (the reward
schemes, the penalty of an illegal action), the observation formats and spaces, and the
``infos`` written when a hand or a game ends.

**Observation formats.** ``"dict"`` (the default) is PettingZoo's classic layout: a
``Dict`` of ``observation`` (the encoder's ``float32`` vector) and ``action_mask``
(``int8``). ``"flat"`` is one ``float32`` ``Box``: the vector, then the action mask as
0.0 and 1.0, so the mask is always the last :attr:`~hearts_core.adapters.encoding.Encoder.actions`
entries.

>>> from hearts_core import Rules
>>> from hearts_core.adapters.encoding import Encoder
>>> space = observation_space(Encoder(Rules()), "flat")
>>> space.shape, space.dtype.name
((741,), 'float32')

**Hand and game outcomes.** :func:`hand_info` reads a hand's end from the engine's
events, as the ``infos`` of every environment give it.

>>> from hearts_core import MoonOption
>>> from hearts_core.events import HandScored, MoonShot
>>> shot = MoonShot(0, MoonOption.ADD_TO_OTHERS)  # seat 0 took every heart and the queen
>>> scored = HandScored(0, (26, 0, 0, 0), (0, 26, 26, 26), (0, 26, 26, 26))
>>> info = hand_info((shot, scored), 0)
>>> info["moon"], info["scores"], info["payoff"]
(0, (0, 26, 26, 26), 26.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from hearts_core.adapters.encoding import Encoder
from hearts_core.errors import InvalidRulesError
from hearts_core.events import Event, GameOver, HandScored, MoonShot, SunShot
from hearts_core.rules import Rules
from hearts_core.rules.fields import shown
from hearts_core.rules.options import SunScoring

__all__ = [
    "REWARDS",
    "illegal_reward",
    "check_arguments",
    "OBSERVATIONS",
    "check_observation",
    "observation_space",
    "flatten",
    "outcome_info",
    "hand_info",
]

REWARDS: Final = ("points", "payoff", "win")
"""The reward schemes the environments take."""

OBSERVATIONS: Final = ("dict", "flat")
"""The observation formats the environments take."""


def illegal_reward(rules: Rules, reward: str) -> float:
    """What the environments give the seat that takes an illegal action: minus the most
    points one hand can cost a seat, or -1 with ``reward="win"``.

    >>> illegal_reward(Rules(), "points"), illegal_reward(Rules(), "win")
    (-26.0, -1.0)
    """
    return -1.0 if reward == "win" else -float(_worst_hand(rules))


def _worst_hand(rules: Rules) -> int:
    """The most points one hand can cost one seat."""
    tables = rules.tables()
    positive = sum(p for p in tables.points if p > 0)
    worst = max(positive, rules.moon_amount)
    if rules.sun is not SunScoring.OFF:
        worst = max(worst, rules.sun_points)
    return worst + max(0, rules.no_tricks_bonus)


def check_arguments(rules: Rules, full_game: object, reward: object, render_mode: object) -> None:
    """Refuse, with a typed error naming the argument, what the environments cannot use.

    >>> check_arguments(Rules(), True, "win", None)
    >>> check_arguments(Rules(), False, "win", None)
    Traceback (most recent call last):
    ...
    hearts_core.errors.InvalidRulesError: reward: 'win' needs whole games: pass \
full_game=True (or single-hand rules)
    """
    if type(full_game) is not bool:
        raise InvalidRulesError("full_game", f"must be true or false, not {shown(full_game)}")
    if reward not in REWARDS:
        from hearts_core.errors import UnknownNameError

        raise UnknownNameError(
            f"no reward named {shown(reward)}; known: {', '.join(REWARDS)}"
        )
    if reward == "win" and not (full_game or rules.single_hand):
        raise InvalidRulesError(
            "reward", "'win' needs whole games: pass full_game=True (or single-hand rules)"
        )
    if render_mode is not None and render_mode not in ("human", "ansi"):
        raise InvalidRulesError(
            "render_mode",
            f"must be None, 'human' or 'ansi', not {shown(render_mode)}",
        )


def check_observation(observation: object) -> str:
    """``observation`` if it names a format of :data:`OBSERVATIONS`.

    Raises:
        InvalidRulesError: for anything else, naming the argument.

    >>> check_observation("flat")
    'flat'
    >>> check_observation("box")
    Traceback (most recent call last):
    ...
    hearts_core.errors.InvalidRulesError: observation: must be 'dict' or 'flat', not 'box'
    """
    if observation not in OBSERVATIONS:
        raise InvalidRulesError(
            "observation", f"must be 'dict' or 'flat', not {shown(observation)}"
        )
    return str(observation)


def observation_space(encoder: Encoder, observation: str) -> spaces.Space[Any]:
    """The space of one seat's observation in format ``observation``.

    >>> from hearts_core import Rules
    >>> observation_space(Encoder(Rules()), "dict")["action_mask"].shape
    (52,)
    """
    if observation == "flat":
        low = np.concatenate((encoder.low, np.zeros(encoder.actions, dtype=np.float32)))
        high = np.concatenate((encoder.high, np.ones(encoder.actions, dtype=np.float32)))
        return spaces.Box(low=low, high=high, dtype=np.float32)
    return spaces.Dict(
        {
            "observation": spaces.Box(low=encoder.low, high=encoder.high, dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(encoder.actions,), dtype=np.int8),
        }
    )


def flatten(
    vector: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]
) -> npt.NDArray[np.float32]:
    """The flat observation: ``vector``, then ``mask`` as 0.0 and 1.0 (works on batches too,
    along the last axis).

    >>> flatten(np.zeros(2, dtype=np.float32), np.array([1, 0], dtype=np.int8)).tolist()
    [0.0, 0.0, 1.0, 0.0]
    """
    return np.concatenate((vector, mask.astype(np.float32)), axis=-1)


def outcome_info(
    seat: int, hand_number: int, points: Sequence[int], scores: Sequence[int],
    totals: Sequence[int], moon: int | None, winners: Sequence[int] | None,
) -> dict[str, Any]:  # fmt: skip
    """What ``infos`` hold once a hand is scored, for ``seat``: ``hand_number``, ``points``
    (each seat's points taken in tricks), ``scores`` (what each seat scored for the hand,
    moon and bonuses included), ``totals`` (after the hand), ``moon`` (the seat that shot
    the moon or the sun, or ``None``), ``payoffs`` (each seat's mean of the other seats'
    scores minus its own), ``payoff`` (``seat``'s), and, once the game is over,
    ``winners``.

    >>> info = outcome_info(
    ...     2, 9, (10, 6, 0, 10), (10, 6, 0, 10), (104, 70, 40, 99), None, (2,))
    >>> info["payoff"], info["winners"], info["moon"]
    (8.666666666666666, (2,), None)
    """
    players = len(scores)
    total = sum(scores)
    payoffs = tuple([(total - mine) / (players - 1) - mine for mine in scores])
    info: dict[str, Any] = {
        "hand_number": hand_number,
        "points": tuple(points),
        "scores": tuple(scores),
        "totals": tuple(totals),
        "moon": moon,
        "payoffs": payoffs,
        "payoff": payoffs[seat],
    }
    if winners is not None:
        info["winners"] = tuple(winners)
    return info


def hand_info(events: Sequence[Event], seat: int) -> dict[str, Any]:
    """:func:`outcome_info` of the hand scored in ``events`` (the events of a hand's last
    steps), for ``seat``; an empty dict when no hand was scored.

    >>> from hearts_core.events import GameOver
    >>> scored = HandScored(9, (10, 6, 0, 10), (10, 6, 0, 10), (104, 70, 40, 99))
    >>> hand_info((scored, GameOver((2,), (104, 70, 40, 99))), 2)["payoff"]
    8.666666666666666
    """
    moon = None
    found: HandScored | None = None
    winners = None
    for event in events:
        if isinstance(event, MoonShot | SunShot):
            moon = event.seat
        elif isinstance(event, HandScored):
            found = event
        elif isinstance(event, GameOver):
            winners = event.winners
    if found is None:
        return {}
    return outcome_info(
        seat, found.hand_number, found.points, found.scores, found.totals, moon, winners
    )
