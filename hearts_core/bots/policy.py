"""Trained policies as bots: :class:`PolicyBot` plays any function of the environments'
observation, and :class:`LearnedBot` the network trained for this library, shipped with
it (``learned`` in ``hearts arena``).

Both need NumPy (the ``rl`` extra); neither needs a deep-learning framework. The policy
reads what :func:`~hearts_core.adapters.views.encode_view` gives, the environments' own
observation, so a policy trained in :mod:`hearts_core.adapters.gymnasium` or
:mod:`hearts_core.adapters.vector` plays in the arena, the web table and the bot
protocol as it played there.

>>> import random
>>> from hearts_core import Rules, apply, new_game, observe, random_deal
>>> lowest = PolicyBot(lambda observation, mask: int(mask.nonzero()[0][0]))
>>> state = apply(new_game(), random_deal(Rules(), random.Random(2)))
>>> print(lowest.choose(observe(state, 0), random.Random(0)))  # the lowest ids: low ranks
pass 0 5D 3H 5H
"""

from __future__ import annotations

import os
import random
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from hearts_core.actions import Action, ChooseMoon, PassCards, PlayCard
from hearts_core.bots.errors import BotError
from hearts_core.bots.knowledge import check_view
from hearts_core.bots.protocol import no_action_error
from hearts_core.cards import CardSet
from hearts_core.observation import PlayerView
from hearts_core.state import Phase

__all__ = ["PolicyBot", "LearnedBot", "WEIGHTS"]

WEIGHTS: Final = Path(__file__).with_name("learned.npz")
"""The shipped weights of :class:`LearnedBot`."""

Policy = Callable[[Any, Any], int]
"""A policy: the action id it takes, from the observation and the action mask."""

_MAX_BYTES: Final = 64 * 1024 * 1024  # a weights file larger than this is refused unread


class PolicyBot:
    """A bot that plays ``policy(observation, action_mask)``: an action id among those the
    mask allows, the observation in the environments' ``observation`` format (``"dict"``:
    the vector; ``"flat"``: the vector and the mask in one array).

    It passes as the environments do, one card at a time: ``pass_count`` calls, each
    with the cards picked so far taken out of the hand. A moon choice is action 52 or 53.

    Raises:
        BotError: from :meth:`choose`, when the policy gives an action the mask does not
            allow (or not an integer), or the view offers no action.

    >>> PolicyBot(lambda observation, mask: 0)
    PolicyBot(<lambda>)
    """

    def __init__(self, policy: Policy, *, observation: str = "dict") -> None:
        from hearts_core.adapters.outcome import check_observation

        if not callable(policy):
            raise BotError(f"a policy is a function of the observation and mask, not {policy!r}")
        self.policy = policy
        self.observation: Final = check_observation(observation)

    def _ask(self, view: PlayerView, picked: CardSet | None, mask: Any) -> int:
        from hearts_core.adapters.views import encode_view

        seen = encode_view(view, picked, observation=self.observation)
        vector = seen if self.observation == "flat" else seen["observation"]
        action = self.policy(vector, mask)
        try:
            action = int(action)
        except (TypeError, ValueError):
            raise BotError(f"the policy gave {action!r}, not an action id") from None
        if not 0 <= action < len(mask) or not mask[action]:
            raise BotError(f"the policy gave action {action}, which seat {view.seat} may not take")
        return action

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """The policy's action for ``view.seat`` (``rng`` is not used).

        Raises:
            BotError: if ``view`` offers no action, its fields contradict each other, or the
                policy gives an action that is not legal.
        """
        import numpy as np

        from hearts_core.adapters.action_ids import CARDS, MOON_ACTIONS, action_card, card_action
        from hearts_core.adapters.views import encoder_of

        actions = check_view(view).legal_actions
        if not actions:
            raise no_action_error(view)
        actions_count = encoder_of(view.rules).actions
        if view.phase is Phase.PASS:
            picked = CardSet()
            for _ in range(view.rules.pass_count):
                mask = np.zeros(actions_count, dtype=np.int8)
                for card in view.hand - picked:
                    mask[card_action(card)] = 1
                picked = picked | CardSet([action_card(self._ask(view, picked, mask))])
            return PassCards(view.seat, picked)
        mask = np.zeros(actions_count, dtype=np.int8)
        if view.phase is Phase.MOON:
            mask[CARDS : CARDS + len(MOON_ACTIONS)] = 1
            return ChooseMoon(view.seat, MOON_ACTIONS[self._ask(view, None, mask) - CARDS])
        for card in view.legal_cards:
            mask[card_action(card)] = 1
        return PlayCard(view.seat, action_card(self._ask(view, None, mask)))

    def __repr__(self) -> str:
        return f"PolicyBot({getattr(self.policy, '__name__', type(self.policy).__name__)})"


def _load(path: Path) -> list[Any]:
    """The layers of a weights file: ``w0, b0, w1, b1, ...``, checked."""
    import numpy as np

    try:
        info = os.stat(path)
    except OSError as error:
        raise BotError(f"learned: cannot read weights {str(path)!r}: {error.strerror}") from None
    if not stat.S_ISREG(info.st_mode):
        raise BotError(f"learned: weights {str(path)!r} are not a regular file")
    if info.st_size > _MAX_BYTES:
        raise BotError(f"learned: weights {str(path)!r} are over {_MAX_BYTES} bytes")
    try:
        with np.load(path, allow_pickle=False) as arrays:
            found = {name: arrays[name] for name in arrays.files}
    except (OSError, ValueError, EOFError) as error:
        raise BotError(f"learned: {str(path)!r} is not a NumPy .npz file ({error})") from None
    layers: list[Any] = []
    width = None
    for index in range(len(found) // 2):
        weight, bias = found.get(f"w{index}"), found.get(f"b{index}")
        if weight is None or bias is None or weight.ndim != 2 or bias.shape != weight.shape[1:]:
            raise BotError(f"learned: layer {index} of {str(path)!r} is not w{index} (inputs, "
                           f"outputs) and b{index} (outputs,)")  # fmt: skip
        if width is not None and weight.shape[0] != width:
            raise BotError(f"learned: layer {index} of {str(path)!r} takes {weight.shape[0]} "
                           f"inputs, not the {width} the layer before gives")  # fmt: skip
        width = weight.shape[1]
        layers += [weight.astype(np.float32), bias.astype(np.float32)]
    if not layers or len(found) != len(layers):
        raise BotError(f"learned: {str(path)!r} holds {sorted(found)}, not w0, b0, w1, b1, ...")
    return layers


class LearnedBot(PolicyBot):
    """The reference agent: a small network trained with PPO against
    :class:`~hearts_core.bots.RuleBot` in the vector environment
    (``examples/train_ppo.py``), shipped in the package and played with NumPy alone. It
    plays the legal action with the highest logit. ``path`` names other weights of the
    same form (``learned:path=FILE`` in ``hearts arena``).

    The shipped weights read the observation of four seats (689 entries): they play the
    four-player variants.

    Raises:
        BotError: for a weights file that cannot be read or is not of that form; from
            :meth:`choose`, for a game whose observation is not the size they read.

    >>> LearnedBot()
    LearnedBot()
    """

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = None if path is None else Path(path)
        self.layers = _load(WEIGHTS if self.path is None else self.path)
        super().__init__(self._best)

    def _best(self, observation: Any, mask: Any) -> int:
        import numpy as np

        layers = self.layers
        if observation.shape[0] != layers[0].shape[0]:
            raise BotError(
                f"learned: the weights read {layers[0].shape[0]} entries, and this game's "
                f"observation has {observation.shape[0]} (they play four seats)"
            )
        hidden = observation
        for index in range(0, len(layers) - 2, 2):
            hidden = np.maximum(hidden @ layers[index] + layers[index + 1], 0.0)
        logits = hidden @ layers[-2] + layers[-1]
        if logits.shape[0] != mask.shape[0]:
            raise BotError(f"learned: the weights give {logits.shape[0]} actions, not "
                           f"{mask.shape[0]}")  # fmt: skip
        return int(np.where(mask > 0, logits, -np.inf).argmax())

    def __repr__(self) -> str:
        return "LearnedBot()" if self.path is None else f"LearnedBot(path={str(self.path)!r})"
