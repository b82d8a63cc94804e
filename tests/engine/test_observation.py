"""Example tests for per-seat views: a seat sees its own cards, what it passed and
received, and the public record; never a card hidden in another hand.

Deals are written in card notation and every expected value is worked out by hand.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import cast

import attrs
import pytest

from hearts_core import (
    Card,
    CardSet,
    CardsPassed,
    ChooseMoon,
    Deal,
    InvalidSeatError,
    InvalidStateError,
    MoonOption,
    PassCards,
    PassSubmitted,
    Phase,
    PlayCard,
    PlayerView,
    Rules,
    SunShot,
    apply,
    legal_actions,
    new_game,
    observe,
    random_deal,
    variant,
    visible_events,
)
from hearts_core.belief import resample
from hearts_core.rules import MoonScoring
from hearts_core.state import GameState, Trick

RANKS = "23456789TJQKA"
ZEROS = (0, 0, 0, 0)


def suit(letter: str, ranks: str = RANKS) -> str:
    return " ".join(rank + letter for rank in ranks)


# One suit per seat: 0 clubs, 1 hearts, 2 diamonds, 3 spades.
SUITS = [suit("C"), suit("H"), suit("D"), suit("S")]
# Each seat passes its three lowest cards.
PASSES = ["2C 3C 4C", "2H 3H 4H", "2D 3D 4D", "2S 3S 4S"]
# The whole hand after a hold deal of SUITS: seat 0 leads a club to every trick.
SUITS_PLAYS = " ".join(f"{r}C {r}H {r}D {r}S" for r in RANKS)

# A mixed deal (the same as in test_rules_examples).
MIXED = [
    "2C 3C 4C 5C 6C 2D 3D 4D 5D 6D 2S 3S 4S",
    "8C 9C TC 7D 8D 9D TD 2H 3H 4H 5H 5S 6S",
    "7C KC JD QD KD AD 6H 7H 8H 9H TH 7S 8S",
    "JC QC AC JH QH KH AH 9S TS JS QS KS AS",
]


def cards(text: str) -> CardSet:
    return CardSet.parse(text)


def dealt(hands: Sequence[str], hand_number: int = 3, rules: Rules | None = None) -> GameState:
    state = new_game(rules or Rules(), hand_number=hand_number)
    return apply(state, Deal(list(hands)))


def play(state: GameState, plays: str) -> GameState:
    for text in plays.split():
        (seat,) = state.to_act
        state = apply(state, PlayCard(seat, text))
    return state


def visible_cards(value: object) -> CardSet:
    """Every card reachable from ``value``: through cards, card sets, containers,
    tricks, actions and the fields of attrs classes."""
    mask = 0
    if isinstance(value, Card):
        return CardSet([value])
    if isinstance(value, CardSet):
        return value
    if isinstance(value, str | int | float | bool | Rules) or value is None:
        # the ruleset is public: cards it names (such as QS's value) are no secret
        return CardSet()
    if attrs.has(type(value)):
        for field in attrs.fields(cast("type[attrs.AttrsInstance]", type(value))):
            mask |= visible_cards(getattr(value, field.name)).mask
        return CardSet.from_mask(mask)
    if isinstance(value, Iterable):
        for item in value:
            mask |= visible_cards(item).mask
        return CardSet.from_mask(mask)
    return CardSet()


def assert_sees_no_hidden_card(state: GameState, seat: int) -> PlayerView:
    view = observe(state, seat)
    hidden = CardSet()
    for other, hand in enumerate(state.hands):
        if other != seat:
            hidden |= hand
    # a seat knows the cards it passed, though they now sit in another hand
    if view.passed is not None:
        hidden -= view.passed
    # the view's fields and its public properties, each walked for cards
    seen = visible_cards(view)
    for name in dir(view):
        if not name.startswith("_"):
            value = getattr(view, name)
            if not callable(value):
                seen |= visible_cards(value)
    assert seen.isdisjoint(hidden), f"seat {seat} sees {seen & hidden}"
    if state.hands:
        assert view.hand == state.hands[seat]
    return view


def test_view_before_the_deal() -> None:
    view = observe(new_game(), 2)
    assert view.seat == 2
    assert view.phase is Phase.DEAL
    assert view.hand == CardSet()
    assert view.hand_sizes == (0, 0, 0, 0)
    assert view.passed is None
    assert view.received is None
    assert view.passed_seats == ()
    assert view.to_act == ()
    assert not view.is_my_turn
    assert list(view.legal_actions) == []
    assert view.legal_cards == CardSet()
    assert view.trick_winner is None
    assert view.totals == ZEROS


def test_view_shows_own_hand_and_not_the_others() -> None:
    state = apply(new_game(), Deal(SUITS))
    for seat in range(4):
        view = assert_sees_no_hidden_card(state, seat)
        assert view.hand == cards(SUITS[seat])
        assert view.hand_sizes == (13, 13, 13, 13)
        assert view.dealer == 3  # seat 3 deals hand 0
        assert view.is_my_turn
        assert len(view.legal_actions) == 286  # C(13, 3)
        assert view.legal_cards == view.hand  # a pass may take any card
        for action in view.legal_actions[:5]:
            assert isinstance(action, PassCards)
            assert action.seat == seat
            assert action.cards <= view.hand


def test_passed_cards_are_shown_before_the_exchange_and_received_after() -> None:
    state = apply(new_game(), Deal(SUITS))
    state = apply(state, PassCards(0, PASSES[0]))
    view = assert_sees_no_hidden_card(state, 0)
    assert view.passed == cards("2C 3C 4C")
    assert view.received is None
    # the cards stay in the hand until every seat has passed
    assert view.hand == cards(SUITS[0])
    assert view.passed_seats == (0,)
    assert not view.is_my_turn
    assert list(view.legal_actions) == []
    # another seat learns that seat 0 has passed, not what it passed
    other = assert_sees_no_hidden_card(state, 1)
    assert other.passed is None
    assert other.passed_seats == (0,)
    assert other.to_act == (1, 2, 3)
    assert len(other.legal_actions) == 286

    for seat in (1, 2, 3):
        state = apply(state, PassCards(seat, PASSES[seat]))
    assert state.phase is Phase.PLAY
    # passing left: seat s received from seat s - 1
    expected_received = ["2S 3S 4S", "2C 3C 4C", "2H 3H 4H", "2D 3D 4D"]
    for seat in range(4):
        view = assert_sees_no_hidden_card(state, seat)
        assert view.passed == cards(PASSES[seat])
        assert view.received == cards(expected_received[seat])
        assert view.hand == cards(SUITS[seat]) - cards(PASSES[seat]) | view.received
        assert view.passed_seats == (0, 1, 2, 3)
        assert view.hand_sizes == (13, 13, 13, 13)


@pytest.mark.parametrize(
    ("hand_number", "received"),
    [
        # right: seat s receives from s + 1
        (1, ["2H 3H 4H", "2D 3D 4D", "2S 3S 4S", "2C 3C 4C"]),
        # across: seat s receives from s + 2
        (2, ["2D 3D 4D", "2S 3S 4S", "2C 3C 4C", "2H 3H 4H"]),
    ],
)
def test_received_cards_right_and_across(hand_number: int, received: list[str]) -> None:
    state = dealt(SUITS, hand_number)
    for seat in range(4):
        state = apply(state, PassCards(seat, PASSES[seat]))
    for seat in range(4):
        view = assert_sees_no_hidden_card(state, seat)
        assert view.passed == cards(PASSES[seat])
        assert view.received == cards(received[seat])


def test_hold_hand_has_no_pass_record() -> None:
    state = dealt(SUITS, 3)
    for seat in range(4):
        view = assert_sees_no_hidden_card(state, seat)
        assert view.passed is None
        assert view.received is None
        assert view.passed_seats == ()


def test_legal_actions_only_for_the_seat_to_act() -> None:
    # MIXED, hold hand: seat 0 leads 2C, then seat 1 must follow with a club
    state = dealt(MIXED)
    views = [observe(state, seat) for seat in range(4)]
    assert [v.is_my_turn for v in views] == [True, False, False, False]
    assert list(views[0].legal_actions) == [PlayCard(0, "2C")]
    assert views[0].legal_cards == cards("2C")
    assert views[0].trick_winner is None
    for view in views[1:]:
        assert list(view.legal_actions) == []
        assert view.legal_cards == CardSet()
    state = play(state, "2C")
    views = [observe(state, seat) for seat in range(4)]
    assert [v.is_my_turn for v in views] == [False, True, False, False]
    assert set(views[1].legal_actions) == {PlayCard(1, "8C"), PlayCard(1, "9C"), PlayCard(1, "TC")}
    assert list(views[1].legal_actions) == list(legal_actions(state, 1))
    assert views[1].legal_cards == cards("8C 9C TC")
    for seat in (0, 2, 3):
        assert list(views[seat].legal_actions) == []
        assert views[seat].legal_cards == CardSet()
    assert [v.trick_winner for v in views] == [0, 0, 0, 0]


def test_public_record_is_the_same_for_every_seat() -> None:
    # trick 1: 2C 8C 7C JC -> seat 3; trick 2: 3:QC 0:3C 1:9C 2:KC -> seat 2;
    # trick 3 in progress: 2:JD 3:AH (hearts broken)
    state = play(dealt(MIXED), "2C 8C 7C JC  QC 3C 9C KC  JD AH")
    first = Trick(0, tuple(Card.parse(c) for c in ["2C", "8C", "7C", "JC"]))
    second = Trick(3, tuple(Card.parse(c) for c in ["QC", "3C", "9C", "KC"]))
    for seat in range(4):
        view = assert_sees_no_hidden_card(state, seat)
        assert view.tricks == (first, second)
        assert view.current_trick == (Card.parse("JD"), Card.parse("AH"))
        assert view.leader == 2
        assert view.trick_winner == 2  # the JD: the AH does not follow suit
        assert view.hearts_broken
        assert view.hand_points == (0, 0, 0, 0)
        assert view.hand_sizes == (11, 11, 10, 10)
        assert view.to_act == (0,)
        assert view.played == cards("2C 3C 7C 8C 9C JC QC KC JD AH")
        # seat 0 holds diamonds and must follow
        assert view.legal_cards == (cards("2D 3D 4D 5D 6D") if seat == 0 else CardSet())


def test_no_hidden_card_is_visible_at_any_point_of_a_hand() -> None:
    # A passing hand (hand 0, left) played to the end, every seat checked at every step.
    state = apply(new_game(), Deal(SUITS))
    for seat in (2, 0, 3, 1):
        for viewer in range(4):
            assert_sees_no_hidden_card(state, viewer)
        state = apply(state, PassCards(seat, PASSES[seat]))
    # after the left pass seat 1 holds the clubs and leads each trick; the others follow
    # with their lowest remaining card (seat 1 is the only seat holding clubs)
    while state.phase is Phase.PLAY:
        for viewer in range(4):
            assert_sees_no_hidden_card(state, viewer)
        legal = legal_actions(state)
        action = min(legal, key=lambda a: a.card if isinstance(a, PlayCard) else Card.parse("AS"))
        state = apply(state, action)
    assert state.phase is Phase.DEAL
    assert sum(state.totals) in (26, 78)


def test_moon_choice_is_offered_to_the_shooter_only() -> None:
    state = play(dealt(SUITS, rules=Rules(moon=MoonScoring.SHOOTER_CHOOSES)), SUITS_PLAYS)
    assert state.phase is Phase.MOON
    view = observe(state, 0)
    assert view.is_my_turn
    assert set(view.legal_actions) == {
        ChooseMoon(0, MoonOption.ADD_TO_OTHERS),
        ChooseMoon(0, MoonOption.SUBTRACT_FROM_SHOOTER),
    }
    assert view.hand_points == (26, 0, 0, 0)
    assert view.legal_cards == CardSet()  # a moon option uses no card
    for seat in (1, 2, 3):
        other = observe(state, seat)
        assert not other.is_my_turn
        assert list(other.legal_actions) == []


def test_view_after_game_over() -> None:
    # seat 0 shoots the moon from (80, 80, 80, 80): totals (80, 106, 106, 106)
    start = new_game(Rules(), hand_number=3, totals=(80, 80, 80, 80))
    state = play(apply(start, Deal(SUITS)), SUITS_PLAYS)
    for seat in range(4):
        view = observe(state, seat)
        assert view.phase is Phase.GAME_OVER
        assert view.winners == (0,)
        assert view.totals == (80, 106, 106, 106)
        assert list(view.legal_actions) == []
        assert not view.is_my_turn


@pytest.mark.parametrize("seat", [4, -1, 10])
def test_observe_rejects_a_seat_that_is_not_at_the_table(seat: int) -> None:
    with pytest.raises(InvalidSeatError) as info:
        observe(new_game(), seat)
    # InvalidSeatError has no fields: its message shows the seat given and the seats there are.
    assert str(seat) in str(info.value)
    assert "0 to 3" in str(info.value)


@pytest.mark.parametrize("seat", [True, 1.0, "1"])
def test_observe_rejects_a_seat_that_is_not_an_int(seat: object) -> None:
    with pytest.raises(InvalidSeatError):
        observe(new_game(), seat)  # type: ignore[arg-type]


# --- Pins for hearts_core.observation, found by mutation testing (docs/mutation.md) -------

@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_a_view_of_a_count_down_game_past_the_target_says_it_counts_down(seat: int) -> None:
    # hartenjagen counts down from its target of 50: a game started with counting_down
    # subtracts this hand's scores, and every seat may know it.
    state = new_game("hartenjagen", totals=(52, 30, 20, 10), counting_down=True)
    assert observe(state, seat).counting_down is True
    dealt = apply(state, random_deal(variant("hartenjagen"), random.Random(seat)))
    view = observe(dealt, seat)
    assert view.counting_down is True
    # a state drawn for the view keeps it: the belief reads it from the view
    assert resample(view, random.Random(0)).counting_down is True


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_a_view_of_a_game_that_does_not_count_down_says_so(seat: int) -> None:
    # The same totals before the count-down starts, and a game to the target.
    assert observe(new_game("hartenjagen", totals=(40, 30, 20, 10)), seat).counting_down is False
    assert observe(new_game(totals=(52, 30, 20, 10)), seat).counting_down is False


# --- Pins for hearts_core.events, found by mutation testing (docs/mutation.md) ------------

PASSED = CardSet.parse("QS KS AS")


@pytest.mark.parametrize(("seat", "text"), [(6, "6"), (-1, "-1"), (True, "True"), (2.0, "2.0")])
def test_a_seat_that_is_not_one_is_refused_naming_the_value_and_the_seats(
    seat: object, text: str
) -> None:
    with pytest.raises(InvalidSeatError) as info:
        visible_events([PassSubmitted(1)], seat)  # type: ignore[arg-type]
    # InvalidSeatError has no fields: its message shows the seat given and the most seats.
    assert text in str(info.value)
    assert "0 to 5" in str(info.value)


@pytest.mark.parametrize("seat", [0, 5])
def test_the_first_and_the_last_seat_of_the_largest_table_see_events(seat: int) -> None:
    events = (PassSubmitted(1), SunShot(2))
    assert visible_events(events, seat) == events


@pytest.mark.parametrize(("index", "item", "text"), [(0, "played", "'played'"), (2, None, "None")])
def test_an_item_that_is_not_an_event_is_refused_naming_its_place(
    index: int, item: object, text: str
) -> None:
    events: list[object] = [PassSubmitted(1), SunShot(2)]
    events.insert(index, item)
    with pytest.raises(InvalidStateError) as info:
        visible_events(events, 0)  # type: ignore[arg-type]
    assert info.value.field == f"events[{index}]"
    assert info.value.reason == f"not an event: {text}"


@pytest.mark.parametrize("seat", [0, 1, 2, 3, 4, 5])
def test_only_the_giver_and_the_receiver_see_the_cards_passed(seat: int) -> None:
    # Seat 4 gives to seat 1 (a six-seat table).
    event = CardsPassed(4, 1, PASSED)
    (shown,) = visible_events(iter([event]), seat)
    assert shown == CardsPassed(4, 1, PASSED if seat in (1, 4) else None)
