"""The passes of a state are listed when first asked for, and the listing is kept.

A state in the pass phase is built without its pass choices (the deal, a pass
that leaves seats to pass, a state sampled from a view); ``legal_actions``
lists them through ``seat_passes``, which keeps them on the state. Whether a
state was listed or not must never show: these tests play the same passes both
ways and compare.
"""

from __future__ import annotations

import itertools
import random

import pytest

from hearts_core import (
    Card,
    CardSet,
    PassCards,
    Phase,
    Rules,
    actions,
    apply,
    legal_actions,
    new_game,
    observe,
    random_deal,
    variant,
)
from hearts_core.actions import pass_count_of, pass_mask
from hearts_core.belief import resample
from hearts_core.legality import seat_passes
from hearts_core.state import GameState


def dealt(rules: Rules, seed: int) -> GameState:
    return apply(new_game(rules), random_deal(rules, random.Random(seed)))


def listing(state: GameState) -> list[tuple[int, int, list[str]]]:
    """Each waiting seat, its number of choices and its first and last three passes."""
    found = []
    for part in seat_passes(state).parts:
        ends = [*range(3), *range(part.size - 3, part.size)]
        found.append((part.seat, part.size, [str(part[i]) for i in ends]))
    return found


def test_a_dealt_state_lists_its_passes_when_first_asked_and_keeps_them() -> None:
    state = dealt(Rules(), 1)
    assert state.pass_listing is None
    actions = legal_actions(state)
    assert len(actions) == 4 * 286
    kept = state.pass_listing
    assert kept is actions
    assert seat_passes(state) is kept
    assert legal_actions(state) is kept


@pytest.mark.parametrize("name", ["standard", "three-player", "five-player", "omnibus"])
def test_the_passes_left_are_the_same_whether_the_states_before_were_listed_or_not(
    name: str,
) -> None:
    rules = variant(name)
    rng = random.Random(len(name))
    listed = dealt(rules, len(name))
    played: list[PassCards] = []
    while listed.phase is Phase.PASS:
        # The same position again, reached from the deal with nothing listed on the way.
        unlisted = _replayed(dealt(rules, len(name)), played)
        assert unlisted is not listed
        assert unlisted.pass_listing is None
        assert unlisted == listed
        assert listing(unlisted) == listing(listed)
        action = rng.choice(legal_actions(listed))
        assert isinstance(action, PassCards)
        played.append(action)
        listed = apply(listed, action)
    assert listed.phase is Phase.PLAY
    assert _replayed(dealt(rules, len(name)), played) == listed


def _replayed(state: GameState, actions: list[PassCards]) -> GameState:
    for action in actions:
        state = apply(state, action)
    return state


def test_a_pass_after_an_unlisted_state_leaves_an_unlisted_state() -> None:
    state = dealt(Rules(), 3)
    hand = state.hands[2]
    after = apply(state, PassCards(2, CardSet(sorted(hand)[:3])))
    assert state.pass_listing is None and after.pass_listing is None
    assert [part.seat for part in seat_passes(after).parts] == [0, 1, 3]
    assert after.to_act == (0, 1, 3)


def test_a_pass_after_a_listed_state_keeps_the_other_seats_choices() -> None:
    state = dealt(Rules(), 3)
    parts = seat_passes(state).parts
    after = apply(state, PassCards(2, CardSet(sorted(state.hands[2])[:3])))
    assert after.pass_listing is not None
    assert list(after.pass_listing.parts) == [parts[0], parts[1], parts[3]]


def test_a_state_sampled_from_a_view_while_passing_lists_the_seats_yet_to_pass() -> None:
    state = dealt(Rules(), 4)
    state = apply(state, PassCards(1, CardSet(sorted(state.hands[1])[-3:])))
    view = observe(state, 1)
    sampled = resample(view, random.Random(2))
    assert sampled.pass_listing is None
    assert [part.seat for part in seat_passes(sampled).parts] == [0, 2, 3]
    # Seat 1 has passed; seat 0 chooses from its own sampled hand.
    assert legal_actions(sampled, 1) == ()
    assert len(legal_actions(sampled, 0)) == 286
    passes = [act for act in legal_actions(sampled, 0) if isinstance(act, PassCards)]
    assert len(passes) == 286 and all(act.cards <= sampled.hands[0] for act in passes)


@pytest.mark.parametrize("held, count", [(13, 3), (17, 4), (10, 1), (8, 5), (3, 3), (5, 0)])
def test_pass_mask_is_the_combinations_of_the_hand_in_card_order(held: int, count: int) -> None:
    rng = random.Random(held * 7 + count)
    cards = sorted(Card.from_index(i) for i in rng.sample(range(52), held))
    hand = CardSet(cards).mask
    combos = [sum(card.bit for card in combo) for combo in itertools.combinations(cards, count)]
    assert pass_count_of(held, count) == len(combos)
    assert [pass_mask(hand, count, i) for i in range(len(combos))] == combos


@pytest.mark.parametrize("held, count", [(13, 3), (17, 4), (10, 1), (3, 3)])
def test_pass_mask_reads_passes_the_table_covers_without_unranking(
    held: int, count: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Hands of up to 17 cards passing 1 to 4 are read from the table of combinations; the
    # unranking walk (which gives the same cards, slower) serves only the rest.
    def refuse(hand: int, count: int, index: int) -> int:
        raise AssertionError("unranked a pass the table covers")

    monkeypatch.setattr(actions, "_unranked", refuse)
    cards = [Card.from_index(i) for i in random.Random(held).sample(range(52), held)]
    hand = CardSet(cards).mask
    first = sum(card.bit for card in sorted(cards)[:count])
    assert pass_mask(hand, count, 0) == first
    assert pass_mask(hand, count, pass_count_of(held, count) - 1).bit_count() == count
