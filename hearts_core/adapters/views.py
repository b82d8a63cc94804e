"""The environments' observation from a seat's :class:`~hearts_core.PlayerView` alone.

A policy trained in an environment reads what the environment gave it: :func:`encode_view`
gives the same arrays from the view a bot receives in ``hearts arena``, the web table or
the bot protocol, so the policy plays there unchanged (:class:`~hearts_core.bots.policy.PolicyBot`).
Everything the encoding reads is in the view: the seat's hand and its pass, the cards it
received, the tricks with their leaders (so who played each card, and who has shown a
suit void), the trick in progress, the points taken and the totals. The one thing a view
cannot hold is the environments' own: while a seat picks its pass one card at a time,
the cards picked so far (``picked``).

>>> import random
>>> from hearts_core import Rules, apply, new_game, observe, random_deal
>>> from hearts_core.adapters.pettingzoo import raw_env
>>> game = raw_env()
>>> game.reset(seed=3)
>>> seen = encode_view(observe(game.state, 0))
>>> bool((seen["observation"] == game.observe("player_0")["observation"]).all())
True
"""

from __future__ import annotations

import functools
from typing import Any

from hearts_core.adapters.action_ids import CARDS, MOON_ACTIONS, card_action, card_ids
from hearts_core.adapters.encoding import Encoder
from hearts_core.adapters.outcome import check_observation, flatten
from hearts_core.adapters.record import HandRecord
from hearts_core.cards import CardSet
from hearts_core.observation import PlayerView
from hearts_core.rules import Rules
from hearts_core.state import Phase

__all__ = ["encode_view", "encoder_of", "record_of"]


@functools.lru_cache(maxsize=32)
def encoder_of(rules: Rules) -> Encoder:
    """The encoder of ``rules``, built once.

    >>> encoder_of(Rules()) is encoder_of(Rules())
    True
    """
    return Encoder(rules)


def record_of(view: PlayerView) -> HandRecord:
    """The hand's public record as the environments keep it, read from the view's tricks:
    the cards each seat played and the suits it has shown it lacks.

    >>> from hearts_core import new_game, observe
    >>> record_of(observe(new_game(), 0)).played
    (0, 0, 0, 0)
    """
    players = view.rules.players
    played = [0] * players
    voids = [0] * players
    tricks = [(trick.leader, trick.cards) for trick in view.tricks]
    if view.current_trick:
        tricks.append((view.leader, view.current_trick))
    for leader, cards in tricks:
        led = cards[0].suit
        for place, card in enumerate(cards):
            seat = (leader + place) % players
            played[seat] |= 1 << card_action(card)
            if card.suit != led:
                voids[seat] |= 1 << led
    return HandRecord(tuple(played), tuple(voids), ())


def encode_view(
    view: PlayerView, picked: CardSet | None = None, *, observation: str = "dict"
) -> Any:
    """What an environment gives ``view.seat`` at the position ``view`` shows: a dict of
    ``observation`` and ``action_mask``, or with ``observation="flat"`` one array, the mask
    last. ``picked`` holds the cards the seat has picked so far for a pass it has not
    made (the environments take a pass one card at a time).

    The action mask is the environments': while passing, the cards the seat may still
    pick, when it is the lowest seat yet to pass (seats pass in turn); in play, its legal
    cards; as a shooter who may choose, the two moon choices.

    Raises:
        InvalidRulesError: for an ``observation`` format other than ``"dict"`` or ``"flat"``.

    >>> from hearts_core import Deal, apply, new_game, observe
    >>> suits = [" ".join(rank + suit for rank in "23456789TJQKA") for suit in "CDHS"]
    >>> view = observe(apply(new_game(), Deal(suits)), 0)
    >>> seen = encode_view(view, CardSet.parse("AC KC"))
    >>> int(seen["observation"][:52].sum()), int(seen["action_mask"].sum())  # 2 picked
    (11, 11)
    >>> encode_view(view, observation="flat").shape
    (741,)
    """
    form = check_observation(observation)
    encoder = encoder_of(view.rules)
    chosen = picked.mask if picked is not None else 0
    held = view.hand.mask
    passed = view.passed.mask if view.passed is not None else 0
    received = view.received.mask if view.received is not None else 0
    legal = 0
    if view.phase is Phase.PASS:
        if view.passed is None:
            passed = chosen
        held &= ~passed
        if view.to_act and view.to_act[0] == view.seat:
            legal = card_ids(held)
    elif view.phase is Phase.PLAY:
        legal = card_ids(view.legal_cards.mask)
    elif view.phase is Phase.MOON and view.is_my_turn and encoder.actions > CARDS:
        legal = ((1 << len(MOON_ACTIONS)) - 1) << CARDS
    vector = encoder.vector(view, view.seat, held, passed, received, record_of(view))
    mask = encoder.action_mask(legal)
    if form == "flat":
        return flatten(vector, mask)
    return {"observation": vector, "action_mask": mask}

