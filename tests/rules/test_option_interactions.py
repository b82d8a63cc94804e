"""Every rule option flipped in turn, under every shipped variant.

Each true-or-false field and each option field of ``Rules`` (every other value of
an enumeration) is changed on its own in every shipped variant. A change the rules
refuse must be refused with an ``InvalidRulesError`` naming a field; every other
ruleset is played: random deals and a built deal in which one seat takes every
trick. Play must never stall (every seat to act has a legal action), every hand's
points must add up to the deck's, and its scores must be what the rules as written
give (the reference of ``test_properties``, written from the field docs): the cards
taken, or the moon or sun rule. And the rulebook must state the flipped rule.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from helpers.built_deals import play_sweep, sweep
from helpers.reference import reference_hand, table

from hearts_core import (
    ChooseMoon,
    Deal,
    GameState,
    HandScored,
    InvalidRulesError,
    Phase,
    PlayCard,
    Rules,
    Trick,
    legal_actions,
    new_game,
    random_deal,
    step,
    variant,
    variant_names,
)
from hearts_core.rules import RULE_FIELDS, describe

NAMES = variant_names()
STANDARD = Rules()


def _options() -> list[tuple[str, Any]]:
    """Every field that is true-or-false or one option of an enumeration, with each value."""
    found: list[tuple[str, Any]] = []
    for field in attrs.fields(Rules):
        if field.name not in RULE_FIELDS:
            continue
        value = getattr(STANDARD, field.name)
        if isinstance(value, bool):
            found += [(field.name, False), (field.name, True)]
        elif isinstance(value, enum.Enum) and not isinstance(value, int):
            # (lowest_rank, a Rank, is the size of the deck rather than an option)
            found += [(field.name, member) for member in type(value)]
    return found


OPTIONS = _options()


def flips(rules: Rules) -> list[tuple[str, Any]]:
    """The options of ``OPTIONS`` that differ from ``rules``: each a one-field change."""
    return [(name, value) for name, value in OPTIONS if getattr(rules, name) != value]


def flipped(name: str) -> list[tuple[str, Any, Rules | InvalidRulesError]]:
    """Each option of variant ``name`` flipped in turn: the rules, or why they are refused."""
    base = variant(name)
    found: list[tuple[str, Any, Rules | InvalidRulesError]] = []
    for field, value in flips(base):
        try:
            found.append((field, value, base.evolve(**{field: value})))
        except InvalidRulesError as error:
            found.append((field, value, error))
    return found


def test_the_options_are_every_bool_and_enum_field() -> None:
    names = {name for name, _ in OPTIONS}
    assert {"only_discards_break_hearts", "full_polish", "game_end", "moon", "tie"} <= names
    assert len(OPTIONS) == 2 * 9 + 3 + 2 + 5 + 2 + 3 + 2 + 2


# --- playing -----------------------------------------------------------------------------


def check_scored(before: GameState, action: object, event: HandScored) -> None:
    """A scored hand: points add up to the deck's, and the scores are the reference's."""
    rules = before.rules
    assert sum(event.points) == table(rules).total
    if isinstance(action, ChooseMoon):
        tricks, choice = before.tricks, action.option
    else:
        assert isinstance(action, PlayCard)
        last = Trick(before.leader, (*before.current_trick, action.card))
        tricks, choice = (*before.tricks, last), None
    points, _, scores = reference_hand(rules, tricks, before.totals, choice, before.counting_down)
    assert event.points == points
    assert event.scores == scores, (rules, event)


def play_hand(state: GameState, choose: Callable[[GameState], object]) -> GameState:
    """Play from ``state`` to the end of its hand, checking that some action is always
    legal and every scored hand; ``choose`` picks each action."""
    while state.phase not in (Phase.DEAL, Phase.GAME_OVER):
        for seat in state.to_act:
            assert len(legal_actions(state, seat)) > 0, f"seat {seat} is stuck: {state!r}"
        action = choose(state)
        after, events = step(state, action)  # type: ignore[arg-type]
        for each in events:
            if isinstance(each, HandScored):
                check_scored(state, action, each)
        state = after
    return state


@pytest.mark.parametrize("name", NAMES)
def test_every_flipped_option_plays_and_scores_as_written(name: str) -> None:
    rng = random.Random(name)
    played = refused = 0
    for field, value, rules in flipped(name):
        if isinstance(rules, InvalidRulesError):
            # a combination the rules refuse is refused naming a field, with a reason
            assert rules.field in RULE_FIELDS and rules.reason, (field, value, rules)
            refused += 1
            continue
        for _ in range(2):  # random deals
            state = new_game(rules)
            state = play_hand(
                step(state, random_deal(rules, rng))[0], lambda s: rng.choice(legal_actions(s))
            )
        # the built deal: one seat takes every trick (the moon, or the sun)
        start, shooter = sweep(rules)
        end = play_sweep(start, shooter)
        if end.phase is Phase.MOON:  # the shooter's choice: each option, checked
            for option in ("add-to-others", "subtract-from-shooter"):
                play_hand(end, _choosing(shooter, option))
        else:
            # replay the same deal through play_hand, so its scoring is checked too
            play_hand(start, _sweeping(shooter))
        played += 1
    # The refused combinations are few (such as a count-down for a single-hand game).
    assert played >= 5 * refused, (played, refused)


def _choosing(shooter: int, option: str) -> Callable[[GameState], object]:
    return lambda state: ChooseMoon(shooter, option)


def _sweeping(shooter: int) -> Callable[[GameState], object]:
    def choose(state: GameState) -> object:
        legal = legal_actions(state)
        (seat,) = state.to_act
        if seat == shooter and not state.current_trick:
            return max(legal, key=lambda a: (a.card.rank, a.card.suit))  # type: ignore[union-attr]
        return legal[-1] if seat == shooter else legal[0]

    return choose


# --- the rulebook states each flipped rule ------------------------------------------------

# For each option value, words the rulebook must hold when the option has that value (a
# text starting with "-" must be absent), unless the option is moot under the other rules.
STATED: dict[tuple[str, Any], str] = {
    ("points_on_first_trick", True): "may be played to the first trick",
    ("points_on_first_trick", False): "Nobody may play a point card",
    ("must_break_hearts", True): "A heart may not be led until hearts are broken",
    ("must_break_hearts", False): "Hearts may be led at any time",
    ("queen_breaks_hearts", True): "a heart or the queen of spades has been",
    ("queen_breaks_hearts", False): "Playing the queen of spades does not break hearts",
    ("only_discards_break_hearts", True): "has been discarded: played to a trick by a player",
    ("only_discards_break_hearts", False): "a discarded one included",
    ("lead_hearts_instead_of_queen", True): "may lead either the queen or a heart",
    ("lead_hearts_instead_of_queen", False): "must lead the queen",
    ("queen_waits_for_hearts", True): "The queen of spades may not be played",
    ("queen_waits_for_hearts", False): "The queen of spades may be led or discarded at any time",
    ("single_hand", True): "The game is a single hand",
    ("single_hand", False): "-The game is a single hand",
    ("exact_target_halves", True): "drops back to",
    ("exact_target_halves", False): "-drops back to",
    ("full_polish", True): "Full Polish:",
    ("full_polish", False): "-Full Polish",
    ("first_lead", "lowest-club"): "leads it to the first trick",
    ("first_lead", "any-club"): "may lead any club they hold",
    ("first_lead", "left-of-dealer"): "The player to the left of the dealer leads",
    ("heart_points", "one"): "Each heart scores 1 point.",
    ("heart_points", "spot"): "Each heart scores its spot value",
    ("moon", "add-to-others"): "and every other player scores the moon's points instead",
    ("moon", "subtract-from-shooter"): "The shooter's score goes down by the moon's points, and",
    ("moon", "shooter-chooses"): "The shooter chooses how it is scored",
    ("moon", "automatic"): "unless that would end the game with the shooter losing",
    ("moon", "off"): "There is no shooting the moon",
    ("moon_requires", "positive-cards"): "A player who takes every card worth positive points",
    ("moon_requires", "all-scoring-cards"): "A player who takes every card that scores",
    ("sun", "off"): "-shoots the sun",
    ("sun", "add-to-others"): "and every other player scores",
    ("sun", "subtract-from-shooter"): "shoots the sun, worth",
    ("tie", "play-on"): "play goes on, hand by hand",
    ("tie", "shared-win"): "players tied for the lowest total share the win",
    ("game_end", "target"): "-While totals count down",
    ("game_end", "count-down"): "While totals count down",
}

# When an option changes nothing, the rulebook need not mention it.
MOOT: dict[str, Callable[[Rules], bool]] = {
    "lead_hearts_instead_of_queen": lambda rules: not rules.must_break_hearts,
    "moon_requires": lambda rules: rules.moon.value == "off",
    "tie": lambda rules: rules.single_hand,
    "exact_target_halves": lambda rules: rules.single_hand,
    "full_polish": lambda rules: rules.single_hand,
}


def test_every_option_value_has_its_words() -> None:
    values = {
        (name, value.value if isinstance(value, enum.Enum) else value) for name, value in OPTIONS
    }
    assert values == set(STATED)


@pytest.mark.parametrize("name", NAMES)
def test_the_rulebook_states_every_flipped_option(name: str) -> None:
    base = describe(variant(name))
    for field, value, rules in flipped(name):
        if isinstance(rules, InvalidRulesError):
            continue
        key = (field, value.value if isinstance(value, enum.Enum) else value)
        words = STATED[key]
        book = describe(rules)
        moot = field in MOOT and MOOT[field](rules)
        if moot:
            continue
        assert book != base, (name, field, value)
        if words.startswith("-"):
            assert words[1:] not in book, (name, field, value)
        else:
            assert words in book, (name, field, value)


# --- whole games -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_every_flipped_option_plays_whole_games_to_the_end(name: str) -> None:
    """Whole games (to a target of 30, so they end soon) never stall and always end."""
    rng = random.Random(name)
    for field, value, rules in flipped(name):
        if isinstance(rules, InvalidRulesError):
            continue
        rules = rules.evolve(target_score=30)
        state = new_game(rules)
        for _ in range(400):
            if state.phase is Phase.GAME_OVER:
                break
            deal = random_deal(rules, rng)
            assert isinstance(deal, Deal)
            state = play_hand(step(state, deal)[0], lambda s: rng.choice(legal_actions(s)))
        assert state.phase is Phase.GAME_OVER, (name, field, value, state.totals)
        assert state.winners
