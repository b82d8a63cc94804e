"""The learning adapters' action ids (``adapters/action_ids.py``).

Ids are checked against the numbering the docs state, worked out by hand for a few
cards; ``card_ids`` and ``legal_ids`` against the cards and the legal actions the
engine gives, over drawn games; ``pick`` against passing the same cards at once, and its
refusals by their fields. The vector environment's compiled batch module numbers cards
with its own arithmetic (C needs it inline): it must agree, in whichever kernel build
runs (``make test`` runs this file in the pure build too).
"""

from __future__ import annotations

import importlib
import warnings
from typing import Final

import pytest
from helpers.strategies import Game, any_rules, budget, deals, one_hand_games
from hypothesis import given, reject, settings
from hypothesis import strategies as st
from hypothesis.strategies import DrawFn, composite

import hearts_core
from hearts_core import (
    Card,
    CardSet,
    ChooseMoon,
    Deal,
    GameState,
    IllegalActionError,
    InvalidActionError,
    InvalidRulesError,
    InvalidStateError,
    PassCards,
    Phase,
    PlayCard,
    Rule,
    Rules,
    apply,
    legal_actions,
    new_game,
    variant,
)
from hearts_core.adapters.action_ids import (
    ACTION_OF_INDEX,
    CARDS,
    MOON_ACTIONS,
    action_card,
    card_action,
    card_ids,
    id_list,
    legal_ids,
    pick,
)
from hearts_core.rules import PassDirection

# Seat 0 holds the clubs, seat 1 the diamonds, seat 2 the hearts, seat 3 the spades.
SUITS: Final = Deal([" ".join(rank + suit for rank in "23456789TJQKA") for suit in "CDHS"])


def ids_of(text: str) -> int:
    return card_ids(CardSet.parse(text).mask)


# --- the numbering ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    # (rank - 2) * 4 + suit, suits C D H S as 0 to 3, worked out by hand
    [("2C", 0), ("2S", 3), ("3C", 4), ("7H", 22), ("TC", 32), ("JD", 37), ("QS", 43), ("AS", 51)],
)
def test_a_card_id_is_rank_less_two_times_four_plus_suit(text: str, expected: int) -> None:
    card = Card.parse(text)
    assert card_action(card) == expected
    assert action_card(expected) == card
    assert ACTION_OF_INDEX[card.index] == expected


def test_the_ids_number_every_card_once_and_the_moon_choices_follow() -> None:
    assert sorted(card_action(action_card(a)) for a in range(CARDS)) == list(range(52))
    assert len({action_card(a) for a in range(CARDS)}) == 52
    # Card.index runs suit by suit (2C..AC, then 2D..), the ids rank by rank.
    assert ACTION_OF_INDEX[:3] == (0, 4, 8) and ACTION_OF_INDEX[13] == 1
    assert [option.value for option in MOON_ACTIONS] == ["add-to-others", "subtract-from-shooter"]


def test_card_ids_and_id_list_by_hand() -> None:
    assert ids_of("2C 2D 3C") == 0b10011
    assert ids_of("AS KH") == 1 << 51 | 1 << 46
    assert ids_of("") == 0
    assert card_ids(Rules().deck.mask) == (1 << 52) - 1
    assert id_list(ids_of("QS 2C 7H")) == [0, 22, 43]
    assert id_list(0) == []


@given(st.integers(0, (1 << 52) - 1))
def test_card_ids_sets_the_id_of_each_card_of_the_mask(mask: int) -> None:
    cards = CardSet.from_mask(mask)
    expected = sorted(card_action(card) for card in cards)
    assert id_list(card_ids(mask)) == expected
    assert card_ids(mask) == sum(1 << action for action in expected)


def test_the_batch_modules_card_ids_are_these_both_ways_in_every_build() -> None:
    from hearts_core.kernel import batch  # the build that runs: pure under HEARTS_CORE_PURE=1

    modules = [batch, importlib.import_module("hearts_core._batch")]
    if hearts_core.KERNEL == "compiled":
        modules.append(importlib.import_module("hearts_core._batch_c"))
    for module in modules:
        found = [module.bit_action(Card.from_index(index).bit) for index in range(52)]
        assert found == [card_action(Card.from_index(index)) for index in range(52)], module
        bits = [module.card_bit(action) for action in range(CARDS)]
        assert bits == [action_card(action).bit for action in range(CARDS)], module


# --- the legal ids ------------------------------------------------------------------------


def test_legal_ids_by_hand() -> None:
    state = apply(new_game(), SUITS)
    assert legal_ids(state, 0) == ids_of(str(SUITS.hands[0]))
    assert id_list(legal_ids(state, 0, CardSet.parse("AC").mask)) == list(range(0, 48, 4))
    assert [legal_ids(state, seat) for seat in (1, 2, 3)] == [0, 0, 0]  # seat 0 passes first
    held = apply(new_game(hand_number=3), SUITS)  # no passing: seat 0 leads the 2C
    assert [legal_ids(held, seat) for seat in range(4)] == [1, 0, 0, 0]
    assert legal_ids(new_game(), 0) == 0  # waiting for the deal
    # Seat 0 leads all 13 clubs, the others void: it takes every card, and chooses.
    state = apply(new_game(variant("moon-choice"), hand_number=3), SUITS)
    while state.phase is Phase.PLAY:
        state = apply(state, legal_actions(state)[0])
    assert state.phase is Phase.MOON
    assert [legal_ids(state, seat) for seat in range(4)] == [1 << 52 | 1 << 53, 0, 0, 0]


def _engine_ids(state: GameState) -> list[int]:
    """The ids of each seat's legal actions, as the engine lists them (while passing, the
    cards of every pass the seat may make)."""
    found = []
    for seat in range(state.rules.players):
        ids = 0
        for action in legal_actions(state, seat):
            if isinstance(action, PassCards):
                ids |= card_ids(action.cards.mask)
            elif isinstance(action, PlayCard):
                ids |= 1 << card_action(action.card)
            elif isinstance(action, ChooseMoon):
                ids |= 1 << (CARDS + MOON_ACTIONS.index(action.option))
        found.append(ids)
    return found


@settings(max_examples=budget(0.5))
@given(one_hand_games(), st.integers(0, 12))
def test_legal_ids_are_the_engines_legal_actions(game: Game, picks: int) -> None:
    for state in game.states:
        engine = _engine_ids(state)
        seats = range(len(engine))
        if state.phase is not Phase.PASS:
            assert [legal_ids(state, seat) for seat in seats] == engine, state.phase
            continue
        # Seats pass one after another: the lowest seat yet to pass may pick each card it
        # may pass, less those it has picked (its lowest few here); the others none yet.
        first = next(seat for seat, ids in enumerate(engine) if ids)
        picked = CardSet(list(state.hands[first])[: picks % state.rules.pass_count]).mask
        expected = [0] * len(engine)
        expected[first] = engine[first] & ~card_ids(picked)
        assert [legal_ids(state, seat, picked) for seat in seats] == expected


# --- a pass one card at a time ------------------------------------------------------------


def test_three_picks_make_the_pass_by_hand() -> None:
    state = apply(new_game(), SUITS)  # hand 0: pass left
    same, picked = pick(state, 0, 0, card_action(Card.parse("AC")))
    assert same is state and picked == CardSet.parse("AC").mask
    same, picked = pick(state, 0, picked, card_action(Card.parse("KC")))
    assert same is state and picked == CardSet.parse("AC KC").mask
    after, picked = pick(state, 0, picked, card_action(Card.parse("QC")))
    assert picked == 0
    assert after == apply(state, PassCards(0, "QC KC AC"))
    assert after.to_act == (1, 2, 3)
    for seat, text in ((1, "AD KD QD"), (2, "AH KH QH"), (3, "AS KS QS")):
        for card in text.split():
            after, picked = pick(after, seat, picked, card_action(Card.parse(card)))
    # Passed left: seat 1 has seat 0's clubs, seat 0 seat 3's spades.
    assert after.phase is Phase.PLAY
    assert CardSet.parse("QC KC AC") <= after.hands[1]
    assert after.hands[0] == CardSet.parse("2C 3C 4C 5C 6C 7C 8C 9C TC JC QS KS AS")


@composite
def passing_positions(draw: DrawFn) -> GameState:
    """A hand dealt under drawn rules that passes, in a drawn direction."""
    rules = draw(any_rules())
    directions = [d for d in PassDirection if d is not PassDirection.HOLD]
    if rules.players % 2:
        directions.remove(PassDirection.ACROSS)
    try:
        rules = rules.evolve(pass_cycle=[draw(st.sampled_from(directions))])
    except InvalidRulesError:
        reject()
    return apply(new_game(rules), draw(deals(rules)))


@settings(max_examples=budget(0.5))
@given(passing_positions(), st.data())
def test_picking_card_by_card_is_passing_the_cards_at_once(
    state: GameState, data: st.DataObject
) -> None:
    count = state.rules.pass_count
    direct = state
    while state.phase is Phase.PASS:
        seat = state.to_act[0]
        order = data.draw(st.permutations(list(state.hands[seat])))[:count]
        picked = 0
        after = state
        for k, card in enumerate(order):
            assert legal_ids(state, seat, picked) >> card_action(card) & 1
            after, picked = pick(state, seat, picked, card_action(card))
            if k < count - 1:
                assert after is state and picked == CardSet(order[: k + 1]).mask
        assert picked == 0
        direct = apply(direct, PassCards(seat, CardSet(order)))
        assert after == direct
        state = after


def _refusal(state: object, seat: object, picked: int, action: object) -> Exception:
    with pytest.raises((IllegalActionError, InvalidActionError, InvalidStateError)) as info:
        pick(state, seat, picked, action)  # type: ignore[arg-type]
    return info.value


def test_pick_refuses_an_id_that_is_no_card_or_a_card_not_held() -> None:
    state = apply(new_game(), SUITS)
    for action in (52, 53, -1):
        error = _refusal(state, 0, 0, action)
        assert isinstance(error, IllegalActionError)
        assert (error.rule, error.action) == (Rule.WRONG_PHASE, None)
        assert str(action) in str(error)
    error = _refusal(state, 0, 0, card_action(Card.parse("2D")))
    assert isinstance(error, IllegalActionError) and error.rule is Rule.CARD_NOT_IN_HAND
    assert "2D" in str(error) and "picked" not in str(error)
    error = _refusal(state, 0, CardSet.parse("2C").mask, 0)  # picked already
    assert isinstance(error, IllegalActionError) and error.rule is Rule.CARD_NOT_IN_HAND
    assert "2C" in str(error) and "picked to pass" in str(error)
    for malformed in ("2C", 1.0, True, None):
        assert isinstance(_refusal(state, 0, 0, malformed), InvalidActionError)


def test_pick_refuses_a_seat_that_may_not_pass_now() -> None:
    state = apply(new_game(), SUITS)
    ace = card_action(Card.parse("AD"))
    not_yet = _refusal(state, 1, 0, ace)  # seat 0 passes first
    assert isinstance(not_yet, IllegalActionError) and not_yet.rule is Rule.NOT_YOUR_TURN
    assert "seat 0" in str(not_yet) and "seat 1" in str(not_yet)
    no_seat = _refusal(state, 4, 0, ace)
    assert isinstance(no_seat, IllegalActionError) and no_seat.rule is Rule.NO_SUCH_SEAT
    assert isinstance(_refusal(state, -1, 0, ace), InvalidActionError)
    assert isinstance(_refusal(state, "0", 0, ace), InvalidActionError)
    assert isinstance(_refusal(state, True, 0, 0), InvalidActionError)
    passed = apply(state, PassCards(0, "2C 3C 4C"))
    again = _refusal(passed, 0, 0, card_action(Card.parse("5C")))
    assert isinstance(again, IllegalActionError) and again.rule is Rule.ALREADY_PASSED
    for position in (new_game(), apply(new_game(hand_number=3), SUITS)):  # deal, play
        wrong = _refusal(position, 0, 0, 0)
        assert isinstance(wrong, IllegalActionError) and wrong.rule is Rule.WRONG_PHASE
    assert isinstance(_refusal("a state", 0, 0, 0), InvalidStateError)


# --- the old places -------------------------------------------------------------------------


def test_the_names_are_still_found_where_they_were() -> None:
    pytest.importorskip("numpy", reason="needs numpy: install the rl extra")
    from hearts_core.adapters import action_ids, encoding, record

    for name in ("CARDS", "MOON_ACTIONS", "card_action", "action_card", "action_count"):
        assert getattr(encoding, name) is getattr(action_ids, name)
    assert record.ACTION_OF_INDEX is action_ids.ACTION_OF_INDEX


def test_the_encoders_id_methods_warn_and_forward() -> None:
    pytest.importorskip("numpy", reason="needs numpy: install the rl extra")
    from hearts_core.adapters.encoding import Encoder

    encoder = Encoder(Rules())
    state = apply(new_game(), SUITS)
    with pytest.warns(DeprecationWarning, match="card_mask moved: use action_ids.card_ids"):
        assert encoder.card_mask(CardSet.parse("2C 2D 3C").mask) == 0b10011
    held = CardSet.parse("2C 3C 4C").mask  # the hand less the cards picked
    with pytest.warns(DeprecationWarning, match="legal_mask moved: use action_ids.legal_ids"):
        assert encoder.legal_mask(state, 0, held) == ids_of("2C 3C 4C")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        assert encoder.legal_mask(state, 1, 0) == 0
