"""The learning adapters' action ids and observation encoding (``adapters/encoding.py``).

The layout is checked against the sizes the docs state, a hand-built position
against the values each block must hold, and the hiding of other hands by
re-dealing the hidden cards (``resample``): a seat's vector must not change.
"""

from __future__ import annotations

import random
from typing import Final

import pytest

pytest.importorskip("numpy", reason="needs numpy: install the rl extra")

import numpy as np

from hearts_core import (
    Card,
    Deal,
    GameState,
    PlayCard,
    Rank,
    Rules,
    Suit,
    apply,
    legal_actions,
    new_game,
    observe,
    random_deal,
    variant,
    variant_names,
)
from hearts_core.adapters.encoding import (
    MOON_ACTIONS,
    Encoder,
    action_card,
    action_count,
    card_action,
)
from hearts_core.adapters.record import HandRecord
from hearts_core.belief import resample

MOON_DEAL: Final = Deal(
    [
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    ]
)


def test_card_ids_are_openspiels() -> None:
    # OpenSpiel numbers a card rank * 4 + suit, ranks 2..A as 0..12, suits C D H S.
    for action in range(52):
        card = Card(Suit(action % 4), Rank(action // 4 + 2))
        assert action_card(action) == card
        assert card_action(card) == action
    assert [card_action(Card.parse(text)) for text in ("2C", "2S", "3C", "QS", "AS")] == [
        0,
        3,
        4,
        43,
        51,
    ]


def test_moon_choices_come_after_the_cards() -> None:
    assert action_count(variant("moon-choice")) == 54
    assert [option.value for option in MOON_ACTIONS] == ["add-to-others", "subtract-from-shooter"]
    for name in variant_names():
        rules = variant(name)
        expected = 54 if rules.moon.value == "shooter-chooses" else 52
        assert action_count(rules) == expected


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_layout_is_contiguous_and_its_size_is_241_plus_112_per_seat(players: int) -> None:
    encoder = Encoder(Rules(players=players))
    position = 0
    for block in encoder.blocks:
        assert block.start == position and block.size > 0
        position += block.size
    assert encoder.size == position == 241 + 112 * players
    names = [block.name for block in encoder.blocks]
    assert len(names) == len(set(names))
    assert names.count("trick 0") == 1 and f"trick {players - 2}" in names
    assert f"played {players - 1}" in names and f"played {players}" not in names


def cards_in(vector: np.ndarray, encoder: Encoder, block: str) -> list[str]:
    return [str(action_card(int(a))) for a in np.flatnonzero(vector[encoder.block(block)])]


def test_a_hand_built_position_has_the_values_of_each_block() -> None:
    rules = Rules()
    encoder = Encoder(rules)
    # Hand 3 of the cycle: no passing; the dealer is seat 2.
    state = apply(new_game(rules, hand_number=3), MOON_DEAL)
    record = HandRecord.empty(4)
    for text in ("2C", "2D", "2H", "2S", "3C"):
        seat = state.to_act[0]
        card = Card.parse(text)
        record = record.after_play(state, seat, card)
        state = apply(state, PlayCard(seat, card))
    # Seen from seat 2: seat 0 is two seats on (+2), seat 1 is three (+3).
    vector = encoder.observation(state, 2, 0, record)
    hearts = ["3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH"]
    assert cards_in(vector, encoder, "hand") == hearts
    assert cards_in(vector, encoder, "passed") == cards_in(vector, encoder, "received") == []
    assert cards_in(vector, encoder, "played 0") == ["2H"]
    assert cards_in(vector, encoder, "played 1") == ["2S"]
    assert cards_in(vector, encoder, "played 2") == ["2C", "3C"]
    assert cards_in(vector, encoder, "played 3") == ["2D"]
    assert cards_in(vector, encoder, "trick 0") == ["3C"]
    assert cards_in(vector, encoder, "trick 1") == cards_in(vector, encoder, "trick 2") == []
    assert vector[encoder.block("leader")].tolist() == [0, 0, 1, 0]  # seat 0 leads
    assert vector[encoder.block("dealer")].tolist() == [1, 0, 0, 0]  # seat 2 deals
    voids = vector[encoder.block("voids")].reshape(4, 4)  # seat by seat, suits C D H S
    assert voids.tolist() == [[1, 0, 0, 0], [1, 0, 0, 0], [0, 0, 0, 0], [1, 0, 0, 0]]
    assert vector[encoder.block("phase")].tolist() == [0, 1, 0]
    assert vector[encoder.block("pass direction")].tolist() == [0, 0, 0, 1]  # hold
    assert vector[encoder.block("hearts broken")].tolist() == [1]
    # Seat 0 took the 2H: one point of the deck's 26.
    assert vector[encoder.block("points")].tolist() == pytest.approx([0, 0, 1 / 26, 0])
    assert vector[encoder.block("totals")].tolist() == [0, 0, 0, 0]
    points = vector[encoder.block("card points")]
    assert points[43] == pytest.approx(0.5)  # QS: 13 of 26
    assert points[card_action(Card.parse("AH"))] == pytest.approx(1 / 26)
    assert points[card_action(Card.parse("JD"))] == 0
    assert vector[encoder.block("deck")].sum() == 52
    assert vector[encoder.block("flags")].tolist() == [0, 1, 0, 0, 0]
    assert vector[encoder.block("first lead")].tolist() == [1, 0, 0]
    assert vector[encoder.block("moon")].tolist() == [1, 0, 0, 0, 0]
    assert vector[encoder.block("moon amount")].tolist() == [1]
    assert vector[encoder.block("pass count")].tolist() == pytest.approx([3 / 13])


def test_rule_values_follow_the_rules() -> None:
    omnibus = Encoder(variant("omnibus"))
    points = omnibus.observation(new_game("omnibus"), 0, 0, HandRecord.empty(4))
    assert points[omnibus.block("card points")][card_action(Card.parse("JD"))] == pytest.approx(
        -10 / 26
    )
    three = Encoder(variant("three-player"))
    vector = three.observation(new_game("three-player"), 0, 0, HandRecord.empty(3))
    deck = vector[three.block("deck")]
    assert deck.sum() == 51 and deck[card_action(Card.parse("2D"))] == 0
    totals = new_game("standard", hand_number=2, totals=(50, 10, 0, 99))
    seen = Encoder(Rules()).observation(totals, 1, 0, HandRecord.empty(4))
    # Seat by seat from seat 1: 10, 0, 99, 50 of the target 100.
    assert seen[Encoder(Rules()).block("totals")].tolist() == pytest.approx([0.1, 0, 0.99, 0.5])


def test_passing_shows_the_picks_to_the_picker_only() -> None:
    rules = Rules()
    encoder = Encoder(rules)
    state = apply(new_game(rules), MOON_DEAL)  # hand 0: pass left
    picked = Card.parse("AC").bit | Card.parse("KC").bit
    vector, mask = encoder.observation_and_mask(state, 0, picked, HandRecord.empty(4))
    assert cards_in(vector, encoder, "passed") == ["KC", "AC"]
    assert "AC" not in cards_in(vector, encoder, "hand")
    assert mask.sum() == 11 and not mask[card_action(Card.parse("AC"))]
    other, other_mask = encoder.observation_and_mask(state, 1, 0, HandRecord.empty(4))
    assert cards_in(other, encoder, "passed") == [] and other_mask.sum() == 0


def positions(name: str, seed: int, count: int) -> list[tuple[GameState, HandRecord]]:
    """Positions of random games, each with its hand's record."""
    rng = random.Random(seed)
    rules = variant(name)
    found: list[tuple[GameState, HandRecord]] = []
    state = apply(new_game(rules), random_deal(rules, rng))
    record = HandRecord.empty(rules.players)
    while len(found) < count:
        found.append((state, record))
        actions = legal_actions(state)
        if not actions:
            if state.is_over:
                state = new_game(rules)
            state = apply(state, random_deal(rules, rng))
            record = HandRecord.empty(rules.players)
            continue
        action = actions[rng.randrange(len(actions))]
        if isinstance(action, PlayCard):
            record = record.after_play(state, action.seat, action.card)
        state = apply(state, action)
    return found


@pytest.mark.parametrize("name", ["standard", "three-player", "six-player", "omnibus"])
def test_a_seat_sees_the_same_vector_whatever_the_hidden_cards(name: str) -> None:
    encoder = Encoder(variant(name))
    rng = random.Random(name)
    differed = 0
    for state, record in positions(name, 7, 300)[::5]:
        if state.phase.value not in ("play", "pass"):
            continue
        seat = rng.randrange(state.rules.players)
        other = resample(observe(state, seat), rng)
        mine = encoder.observation(state, seat, 0, record)
        assert np.array_equal(mine, encoder.observation(other, seat, 0, record))
        # The re-dealt cards do show from another seat: the check has teeth.
        someone = (seat + 1) % state.rules.players
        differed += not np.array_equal(
            encoder.observation(state, someone, 0, record),
            encoder.observation(other, someone, 0, record),
        )
    assert differed > 10


@pytest.mark.parametrize("name", variant_names())
def test_vectors_stay_within_their_bounds_and_masks_match_the_legal_actions(name: str) -> None:
    rules = variant(name)
    encoder = Encoder(rules)
    for state, record in positions(name, 3, 150):
        for seat in range(rules.players):
            vector, mask = encoder.observation_and_mask(state, seat, 0, record)
            assert vector.shape == (encoder.size,) and mask.shape == (encoder.actions,)
            assert (encoder.low <= vector).all() and (vector <= encoder.high).all()
            legal = legal_actions(state, seat)
            if state.phase.value == "play":
                expected = sorted(card_action(play.card) for play in legal)  # type: ignore[union-attr]
            elif state.phase.value == "pass" and seat == state.to_act[0]:
                expected = sorted(card_action(card) for card in state.hands[seat])
            elif state.phase.value == "moon" and legal:
                expected = [52, 53]
            else:
                expected = []
            assert np.flatnonzero(mask).tolist() == expected
