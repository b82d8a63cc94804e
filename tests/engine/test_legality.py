"""Legality: which actions a state allows, why others are refused, and the passes listed."""

from __future__ import annotations

import itertools
import random
from typing import Any

import attrs
import pytest

from hearts_core import (
    Card,
    CardSet,
    Deal,
    IllegalActionError,
    InvalidActionError,
    PassCards,
    Phase,
    PlayCard,
    Rule,
    Rules,
    actions,
    apply,
    explain,
    is_legal,
    legal_actions,
    new_game,
    observe,
    random_deal,
    variant,
)
from hearts_core.actions import pass_count_of, pass_mask
from hearts_core.belief import resample
from hearts_core.legality import deal_problems, legal_mask, legal_mask_led, plays_of, seat_passes
from hearts_core.state import GameState

# --- The passes of a state are listed when first asked for, and the listing is kept -------

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

    monkeypatch.setattr(actions, "unranked", refuse)
    cards = [Card.from_index(i) for i in random.Random(held).sample(range(52), held)]
    hand = CardSet(cards).mask
    first = sum(card.bit for card in sorted(cards)[:count])
    assert pass_mask(hand, count, 0) == first
    assert pass_mask(hand, count, pass_count_of(held, count) - 1).bit_count() == count


# --- Pins for hearts_core/legality.py, found by mutation testing (docs/mutation-engine.md)

def test_explain_and_is_legal_accept_every_legal_play() -> None:
    rules = Rules()
    rng = random.Random(5)
    state = apply(new_game(rules, hand_number=3), random_deal(rules, rng))  # no passing
    plays = 0
    while state.phase is Phase.PLAY:
        for action in legal_actions(state):
            assert explain(state, action) is None
            assert is_legal(state, action) is True
            # An equal action built anew, not the shared one, is legal too.
            assert isinstance(action, PlayCard)
            assert is_legal(state, PlayCard(action.seat, action.card)) is True
        state = apply(state, rng.choice(legal_actions(state)))
        plays += 1
    assert plays == 52


def three_player_hands() -> list[CardSet]:
    # Cards by index: clubs 0 to 12, diamonds 13 to 25 (the 2D is 13), hearts, spades.
    # Three players play without the 2D: 51 cards, 17 each. Seat 0 gets the 2D,
    # and the AS (card 51) is dealt to nobody.
    deck = [Card.from_index(index) for index in range(52)]
    return [CardSet(deck[0:17]), CardSet(deck[17:34]), CardSet(deck[34:51])]


def test_a_deal_with_a_card_outside_the_deck_and_one_left_out_names_both() -> None:
    tables = Rules(players=3).tables()
    assert deal_problems(tables, three_player_hands()) == [
        (0, "cards outside the deck: 2D"),
        (None, "cards not dealt: AS"),
    ]


def test_such_a_deal_is_refused_with_the_first_problem() -> None:
    state = new_game(Rules(players=3))
    with pytest.raises(IllegalActionError) as raised:
        apply(state, Deal(three_player_hands()))
    assert raised.value.rule is Rule.INVALID_DEAL
    assert raised.value.action == Deal(three_player_hands())
    # the message is the first problem deal_problems finds, not the later "cards not dealt"
    assert "cards outside the deck: 2D" in str(raised.value)
    assert "AS" not in str(raised.value)


def forged(kind: type[Any], **fields: object) -> object:
    """An action built around its validators, as code that forges one would: an action is
    a tuple underneath, of its fields in their declared order (those given)."""
    names = [field.name for field in attrs.fields(kind)]
    action: object = tuple.__new__(kind, tuple(fields[name] for name in names if name in fields))
    return action


@pytest.mark.parametrize(
    "hands", [["2C"] * 4, (CardSet.parse("2C"), "3C", CardSet(), CardSet()), None]
)
def test_a_forged_deal_whose_hands_are_not_card_sets_is_malformed(hands: object) -> None:
    action = forged(Deal, hands=hands)
    error = explain(new_game(), action)
    assert isinstance(error, InvalidActionError)
    assert error.field == "hands"
    assert error.action is action


def test_a_deal_without_hands_at_all_is_malformed() -> None:
    action = forged(Deal)
    error = explain(new_game(), action)
    assert isinstance(error, InvalidActionError)
    assert error.field == "hands"


@pytest.mark.parametrize(("seat", "text"), [(6, "6"), (-1, "-1"), (True, "True")])
def test_a_forged_play_by_a_seat_out_of_range_is_malformed(seat: object, text: str) -> None:
    action = forged(PlayCard, seat=seat, card=Card.parse("2C"))
    error = explain(new_game(), action)
    assert isinstance(error, InvalidActionError)
    assert error.field == "seat"
    assert error.action is action
    assert text in str(error)  # the message shows the seat given


def test_a_forged_play_without_a_card_is_malformed() -> None:
    action = forged(PlayCard, seat=0)
    error = explain(new_game(), action)
    assert isinstance(error, InvalidActionError)
    assert error.field == "card"
    assert error.action is action
    assert "None" in str(error)  # the message shows the card field's value


def test_legal_mask_lets_a_heart_lead_once_hearts_are_broken() -> None:
    tables = Rules().tables()
    hand = CardSet.parse("2C 5H").mask
    # After the first trick: a heart may not be led before the break, and may after it.
    assert legal_mask(tables, hand, (), False, False) == CardSet.parse("2C").mask
    assert legal_mask(tables, hand, (), False, True) == hand


def test_a_leader_with_only_hearts_leads_one_when_a_lone_queen_may_lift_the_rule() -> None:
    # lead_hearts_instead_of_queen: a leader left with only the QS may lead a heart. A
    # leader with only hearts may lead one anyway: a rule that would leave no card is
    # skipped, whatever lifts it.
    tables = Rules(lead_hearts_instead_of_queen=True).tables()
    hearts = CardSet.parse("5H 9H KH").mask
    assert legal_mask_led(tables, hearts, 0, False, False) == hearts
    queen_and_hearts = CardSet.parse("QS 5H").mask
    assert legal_mask_led(tables, queen_and_hearts, 0, False, False) == queen_and_hearts


def test_plays_of_one_suit_lists_low_and_high_ranks_in_order() -> None:
    # One suit, ranks on both sides of the 8/9 split of the lookup tables.
    assert plays_of(1, CardSet.parse("AH 2H 9H 8H").mask) == tuple(
        PlayCard(1, text) for text in ("2H", "8H", "9H", "AH")
    )
    assert plays_of(3, CardSet.parse("KD").mask) == (PlayCard(3, "KD"),)
    assert plays_of(0, CardSet.parse("3C").mask) == (PlayCard(0, "3C"),)


def test_a_deal_of_the_whole_deck_in_hands_of_the_wrong_sizes_names_each_such_seat() -> None:
    # Every card once, so the hands' union is the deck, but 14, 12, 14 and 12 cards: the
    # good-deal test must not stop at the union, and must check every hand's size.
    deck = [Card.from_index(index) for index in range(52)]
    hands = [CardSet(deck[0:14]), CardSet(deck[14:26]), CardSet(deck[26:40]), CardSet(deck[40:])]
    assert deal_problems(Rules().tables(), hands) == [
        (0, "seat 0 gets 14 cards, not 13"),
        (1, "seat 1 gets 12 cards, not 13"),
        (2, "seat 2 gets 14 cards, not 13"),
        (3, "seat 3 gets 12 cards, not 13"),
    ]


def test_good_sizes_or_a_covered_deck_alone_do_not_make_a_good_deal() -> None:
    # Hands of 13 cards each, but seats 0 and 1 both hold the 2D and nobody the 2C: the
    # sizes are right, the union is not the deck.
    deck = [Card.from_index(index) for index in range(52)]
    hands = [CardSet(deck[1:14]), CardSet(deck[13:26]), CardSet(deck[26:39]), CardSet(deck[39:])]
    assert deal_problems(Rules().tables(), hands) == [
        (1, "2D dealt twice"),
        (None, "cards not dealt: 2C"),
    ]
    # The deck covered, each card once, but seats 0 and 1 hold 12 and 14 cards.
    hands = [CardSet(deck[0:12]), CardSet(deck[12:26]), CardSet(deck[26:39]), CardSet(deck[39:])]
    assert deal_problems(Rules().tables(), hands) == [
        (0, "seat 0 gets 12 cards, not 13"),
        (1, "seat 1 gets 14 cards, not 13"),
    ]


def test_a_card_dealt_again_two_seats_later_is_found() -> None:
    # Seat 2 gets seat 0's 2C instead of its own 2H: the repeat is with a hand two seats
    # back, not the one before, and the 2H is left out.
    deck = [Card.from_index(index) for index in range(52)]
    third = [deck[0], *deck[27:39]]
    hands = [CardSet(deck[0:13]), CardSet(deck[13:26]), CardSet(third), CardSet(deck[39:])]
    assert deal_problems(Rules().tables(), hands) == [
        (2, "2C dealt twice"),
        (None, "cards not dealt: 2H"),
    ]
