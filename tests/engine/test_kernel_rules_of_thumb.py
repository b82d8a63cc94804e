"""The kernel's rules of thumb (``rule_card``) choose, in both builds, exactly the card the
rules as written on cards (``tests/helpers/rules_of_thumb.py``) choose: at every play of random
games of every shipped variant; and their pass (``pass_cards``) is the pass written on
cards, for random hands of every variant."""

from __future__ import annotations

import importlib
import random

import pytest
from helpers.builds import BUILDS, COMPILED, hand_in, table_of
from helpers.rules_of_thumb import common_play
from helpers.rules_of_thumb import rule_pass as reference_pass

from hearts_core import (
    CardSet,
    Phase,
    apply,
    legal_actions,
    new_game,
    random_deal,
    variant,
    variant_names,
)
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


@pytest.mark.parametrize("name", variant_names())
def test_pass_cards_is_the_pass_rules_of_thumb_in_every_variant(name: str) -> None:
    rules = variant(name)
    tables = rules.tables()
    rng = random.Random(name)
    cards = [bit for bit in (1 << i for i in range(52)) if bit & tables.deck]
    departs = 0
    for _ in range(300):
        # Dealt hands, and hands stacked with spades, hearts and short suits.
        pool = cards if rng.random() < 0.5 else [b for b in cards if rng.random() < 0.6]
        if len(pool) < tables.hand_size:
            continue
        hand = sum(rng.sample(pool, tables.hand_size))
        expected = reference_pass(rules, CardSet.from_mask(hand)).mask
        for build in BUILDS:
            chosen = thumbs[build].pass_cards(table_of(build, rules), hand, rules.pass_count)
            assert chosen == expected, (build.__name__, CardSet.from_mask(hand))
        departs += expected != sum(sorted(b for b in cards if b & hand)[-rules.pass_count :])
    assert departs  # passes other than the highest cards were made, and checked
