"""``SampledHand``: the bots' play-out on masks plays card for card as the engine does.

The reference here is the engine itself: ``legal_actions`` and ``apply`` on a
``GameState``, every seat choosing by ``common_play``, a moon scored as adding
to the others. The masks must agree with it at every card (seat, legal cards,
the card chosen, broken hearts) and on the totals at the end, in every
shipped variant and from totals where the automatic moon and the count-down
matter.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import cast

from helpers.positions import position
from helpers.rules_of_thumb import common_play
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_core import (
    Card,
    CardSet,
    ChooseMoon,
    GameState,
    MoonOption,
    Phase,
    PlayCard,
    Rules,
    apply,
    legal_actions,
    new_game,
    observe,
    random_deal,
    variant,
    variant_names,
)
from hearts_core.belief import Belief
from hearts_core.bots import MonteCarloBot
from hearts_core.bots.knowledge import equivalent_plays, unseen_cards
from hearts_core.bots.sampled import SampledHand
from hearts_core.draws import CheckedDraws
from hearts_core.errors import InvalidStateError
from hearts_core.kernel import Rng
from hearts_core.scoring import totals_after


def _engine_play(state: GameState) -> PlayCard:
    """The rules of thumb, read from a full state."""
    plays = cast("Sequence[PlayCard]", legal_actions(state))
    tables = state.context.tables
    hand = state.hand_masks[plays[0].seat]
    everyone = 0
    for mask in state.hand_masks:
        everyone |= mask
    return common_play(
        plays, state.current_trick, hand, everyone & ~hand, tables.points, tables.players
    )


def _engine_end(state: GameState) -> GameState:
    while state.phase is Phase.PLAY:
        state = apply(state, _engine_play(state))
    if state.phase is Phase.MOON:
        state = apply(state, ChooseMoon(state.to_act[0], MoonOption.ADD_TO_OTHERS))
    return state


def _in_play(
    name: str, seed: int, steps: int, totals: Sequence[int], counting_down: bool
) -> GameState:
    """A hand of the variant ``name`` from ``totals`` (counting down when the rules and the
    totals allow), dealt and played ``steps`` random actions in, passes apart."""
    rules = variant(name)
    start = [t % rules.target_score for t in totals[: rules.players]]
    try:
        state = new_game(rules, totals=start, counting_down=counting_down)
    except InvalidStateError:
        state = new_game(rules, totals=start)
    rng = random.Random(seed)
    state = apply(state, random_deal(rules, rng))
    while state.phase is Phase.PASS or (state.phase is Phase.PLAY and steps > 0):
        steps -= state.phase is Phase.PLAY
        after = apply(state, rng.choice(legal_actions(state)))
        if after.phase not in (Phase.PASS, Phase.PLAY, Phase.MOON):
            break  # the hand is over: stay on its last card
        state = after
    return state


@settings(max_examples=60)
@given(
    name=st.sampled_from(variant_names()),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 60),
    totals=st.lists(st.integers(0, 200), min_size=6, max_size=6),
    counting_down=st.booleans(),
)
def test_the_masks_play_card_for_card_as_the_engine(
    name: str, seed: int, steps: int, totals: list[int], counting_down: bool
) -> None:
    state = _in_play(name, seed, steps, totals, counting_down)
    context = state.context  # the hand's: the state below moves on to the next
    hand = SampledHand.of(state)
    while state.phase is Phase.PLAY:
        seat = hand.to_move()
        assert seat == state.to_act[0]
        legal = hand.legal(seat)
        assert legal == CardSet(p.card for p in cast("list[PlayCard]", legal_actions(state))).mask
        play = _engine_play(state)
        assert hand.rule_play(seat, legal) == play.card.bit
        hand.play(seat, play.card.bit)
        state = apply(state, play)
        if state.phase is Phase.PLAY:
            assert hand.broken == state.hearts_broken
            assert hand.hands == list(state.hand_masks)
            assert [str(c) for c in hand.trick] == [str(c) for c in state.current_trick]
    end = _engine_end(state)
    rules, before, down = context.rules, context.totals, context.counting_down
    assert totals_after(rules, before, hand.scores(rules, before, down), down) == end.totals


def test_a_moon_is_scored_as_adding_to_the_others_unless_asked_otherwise() -> None:
    rules = Rules(moon="shooter-chooses")
    moon = CardSet.parse("QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH").mask
    hand = SampledHand(rules.tables(), [0] * 4, [], 2, True, 13, [0, 0, moon, 0], [0, 1, 12, 0])
    assert hand.scores(rules, [0] * 4) == (26, 26, 0, 26)
    assert hand.scores(rules, [0] * 4, option=MoonOption.SUBTRACT_FROM_SHOOTER) == (0, 0, -26, 0)


def test_a_trick_goes_to_its_winner_with_its_cards() -> None:
    rules = Rules()
    hands = [CardSet.parse(text).mask for text in ("5C 9D", "KC 2D", "AH 3D", "QS 4D")]
    hand = SampledHand(rules.tables(), hands, [], 0, False, 11, [0] * 4, [0] * 4)
    for seat, text in enumerate(("5C", "KC", "AH", "QS")):
        hand.play(seat, Card.parse(text).bit)
    assert hand.leader == 1 and hand.trick == [] and hand.tricks == 12
    assert hand.taken[1] == CardSet.parse("5C KC AH QS").mask and hand.won == [0, 1, 0, 0]
    assert hand.broken  # the ace of hearts was discarded on clubs


def _reference_evaluate(view_seed: int, samples: int) -> tuple[dict[str, float], dict[str, float]]:
    """``MonteCarloBot.evaluate`` beside the same search written on the engine."""
    rules = Rules(pass_cycle=["hold"])
    state = position(rules, view_seed, 9)
    view = observe(state, state.to_act[0])
    fast = MonteCarloBot(samples=samples).evaluate(view, random.Random(view_seed))
    rng = random.Random(view_seed)
    plays = [a for a in view.legal_actions if isinstance(a, PlayCard)]
    groups = equivalent_plays(plays, unseen_cards(view).mask, rules.tables().points)
    belief = Belief(view)
    sums = dict.fromkeys((g[0] for g in groups), 0.0)
    draws = Rng(random.Random(rng.getrandbits(64)))  # the bot deals from its own words
    for _ in range(samples):
        # The deal the bot plays out as masks, as a full state the engine plays.
        dealt = belief._state(belief.hands(draws), CheckedDraws(random.Random(0)).below)
        assert observe(dealt, view.seat) == view
        for play in sums:
            end = _engine_end(apply(dealt, play))
            gained = [a - b for a, b in zip(end.totals, view.totals, strict=True)]
            me = gained[view.seat]
            sums[play] += me - (sum(gained) - me) / 3
    slow = {str(p): sums[g[0]] / samples for g in groups for p in g}
    return {str(p): v for p, v in fast.items()}, slow


def test_the_monte_carlo_bot_scores_each_play_as_the_engine_would() -> None:
    for seed in range(6):
        fast, slow = _reference_evaluate(seed, samples=5)
        assert fast == slow
