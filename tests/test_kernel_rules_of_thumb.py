"""The kernel's rules of thumb (``rule_card``) choose, in both builds, exactly the card the
rules as written on cards (``tests/rules_of_thumb.py``) choose: at every play of random
games of every shipped variant."""

from __future__ import annotations

import importlib
import random

import pytest
from rules_of_thumb import common_play
from test_kernel import BUILDS, COMPILED, hand_in

from hearts_core import Phase, apply, legal_actions, new_game, random_deal, variant, variant_names
from hearts_core.legality import plays_of

# The rules of thumb of each kernel build, by the build's kernel module.
thumbs = {build: importlib.import_module("hearts_core._thumb" + ("_c" if build is COMPILED else ""))
          for build in BUILDS}  # fmt: skip


@pytest.mark.parametrize("name", variant_names())
def test_rule_card_is_the_rules_of_thumb_in_every_variant(name: str) -> None:
    rules = variant(name)
    tables = rules.tables()
    compared = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = apply(new_game(rules), random_deal(rules, rng))
        while actions := legal_actions(state):
            if state.phase is Phase.PLAY:
                seat = state.to_act[0]
                held = state.hand_masks[seat]
                everyone = 0
                for mask in state.hand_masks:
                    everyone |= mask
                legal = state.legal_mask.mask
                expected = common_play(
                    plays_of(seat, legal), state.current_trick, held, everyone & ~held,
                    tables.points, rules.players,
                ).card.bit  # fmt: skip
                for build in BUILDS:
                    chosen = thumbs[build].rule_of(hand_in(build, state))
                    assert chosen == expected, (build.__name__, state)
                compared += 1
            state = apply(state, rng.choice(actions))
    assert compared >= 6 * tables.hand_size * rules.players
