"""Positions for tests: a hand played some random steps in, and the loop `rollout` matches."""

from __future__ import annotations

import random

from hearts_core import GameState, Rules, apply, legal_actions, new_game, random_deal


def reference(state: GameState, rng: random.Random) -> GameState:
    """The loop `rollout` must match, action for action and draw for draw."""
    while legal_actions(state):
        state = apply(state, rng.choice(legal_actions(state)))
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
