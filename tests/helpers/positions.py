"""Positions for tests: a hand played some random steps in, and the loop `rollout` matches."""

from __future__ import annotations

import random

from hearts_core import (
    Card,
    CardSet,
    ChooseMoon,
    Deal,
    GameState,
    MoonOption,
    PassCards,
    Phase,
    PlayCard,
    Rules,
    apply,
    legal_actions,
    new_game,
    random_deal,
)
from hearts_core.kernel import Rng


def reference(state: GameState, rng: random.Random) -> GameState:
    """The loop `rollout` must match, action for action and draw for draw: the public
    `apply` and `legal_actions`, each action drawn from the kernel's generator as the
    play-out draws it (every waiting seat's pass first, in seat order; then each card
    among the legal cards listed; a moon choice between the two options)."""
    if state.phase not in (Phase.PASS, Phase.PLAY, Phase.MOON):
        return state
    return played_out(state, Rng(rng))


def played_out(state: GameState, draws: Rng) -> GameState:
    """The public loop of :func:`reference`, drawing from the kernel's bytes ``draws``."""
    if state.phase is Phase.PASS:
        count = state.rules.pass_count
        chosen = [
            (seat, draws.cards(state.hand_masks[seat], count))
            for seat, cards in enumerate(state.passes)
            if cards is None
        ]
        for seat, mask in chosen:
            state = apply(state, PassCards(seat, CardSet.from_mask(mask)))
    while actions := legal_actions(state):
        if state.phase is Phase.MOON:
            options = tuple(MoonOption)
            state = apply(state, ChooseMoon(state.to_act[0], options[draws.below(len(options))]))
            continue
        legal = 0
        for action in actions:
            assert isinstance(action, PlayCard)
            legal |= action.card.bit
        bit = draws.card(legal)
        state = apply(state, PlayCard(state.to_act[0], Card.from_index(bit.bit_length() - 1)))
    return state


def position(
    rules: Rules | None = None, seed: int = 0, steps: int = 0, hand_number: int = 0
) -> GameState:
    """A position ``steps`` random actions into a hand of ``rules`` (the default rules when
    ``None``), dealt and played from ``random.Random(seed)``; hand 0 under single-hand
    rules."""
    rules = Rules() if rules is None else rules
    rng = random.Random(seed)
    state = new_game(rules, hand_number=0 if rules.single_hand else hand_number)
    state = apply(state, random_deal(rules, rng))
    for _ in range(steps):
        actions = legal_actions(state)
        if not actions:
            break
        state = apply(state, rng.choice(actions))
    return state


MOON_DEAL = Deal(
    [
        "AC KC QC JC TC 9C AD KD QD AH KH QH AS",
        "2C 3C 4C 5C 6C 7C 8C 2D 3D 4D 5D 6D 7D",
        "8D 9D TD JD 2H 3H 4H 5H 6H 7H 8H 9H TH",
        "JH 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
    ]
)
