"""Example tests, one or more per documented rule and per edge case.

Each deal is written out card by card and each expected value (legal cards, trick
winners, points, totals, messages) is worked out by hand from the rules in the
project brief, not read back from the engine:

1. 4 players, 52 cards, 13 each; fewest points wins; each heart 1 point, QS 13.
2. Pass 3 cards: left (seat s -> s+1), right (s -> s-1), across (s -> s+2), hold;
   simultaneous: the cards change hands only once every seat has passed.
3. The holder of 2C after the pass leads it to the first trick.
4. Follow suit if able; the highest card of the suit led wins; the winner leads next.
5. No heart or QS on the first trick, unless the hand holds nothing else.
6. Hearts may not be led until broken, unless the leader holds only hearts;
   QS may be led any time and does not break hearts (variant: it does).
7. Moon: a seat taking all 13 hearts and QS scores 0, the others 26 each
   (variants: the shooter scores -26; or the shooter chooses).
8. The game ends after a hand in which a seat reaches 100 or more, once one
   seat alone has the lowest total.

Most tests use hand number 3, a hold hand in the default cycle, so the deal stays
exactly as written and play starts at once.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

import pytest

from hearts_core import (
    Card,
    CardPlayed,
    CardSet,
    CardsPassed,
    ChooseMoon,
    Deal,
    GameOver,
    HandDealt,
    HandScored,
    HeartsBroken,
    HeartsError,
    IllegalActionError,
    InvalidActionError,
    InvalidStateError,
    MoonChosen,
    MoonOption,
    MoonShot,
    PassCards,
    PassChoices,
    PassSubmitted,
    Phase,
    PlayCard,
    Rule,
    Rules,
    TrickTaken,
    apply,
    explain,
    is_legal,
    legal_actions,
    new_game,
    step,
    trick_winner,
    variant,
)
from hearts_core.actions import Action, SeatPasses
from hearts_core.rules import MoonScoring, PassDirection
from hearts_core.state import GameState, Trick

HOLD_HAND = 3  # hand numbers 0, 1, 2, 3 pass left, right, across, hold
ZEROS = (0, 0, 0, 0)
RANKS = "23456789TJQKA"


def suit(letter: str, ranks: str = RANKS) -> str:
    """The cards of one suit, such as ``suit("C", "2345")`` -> ``"2C 3C 4C 5C"``."""
    return " ".join(rank + letter for rank in ranks)


# --- deals -------------------------------------------------------------------

# A mixed deal. Clubs: 0 has 2-6, 1 has 8 9 T, 2 has 7 K, 3 has J Q A.
# Diamonds: 0 has 2-6, 1 has 7-T, 2 has J-A. Hearts: 1 has 2-5, 2 has 6-T,
# 3 has J-A. Spades: 0 has 2 3 4, 1 has 5 6, 2 has 7 8, 3 has 9-A (with QS).
MIXED = [
    "2C 3C 4C 5C 6C 2D 3D 4D 5D 6D 2S 3S 4S",
    "8C 9C TC 7D 8D 9D TD 2H 3H 4H 5H 5S 6S",
    "7C KC JD QD KD AD 6H 7H 8H 9H TH 7S 8S",
    "JC QC AC JH QH KH AH 9S TS JS QS KS AS",
]

# Seats 1, 2 and 3 are void in clubs; each holds cards that score nothing.
VOID_IN_CLUBS = [
    suit("C"),
    "2D 3D 4D 5D 6D 7D 8D 2H 3H 4H 5H 6H QS",
    "9D TD JD QD KD AD 7H 8H 9H TH JH QH KH",
    "AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
]

# One suit per seat: 0 clubs, 1 hearts, 2 diamonds, 3 spades. Seat 0 leads a club
# to every trick and nobody else holds one, so seat 0 takes every trick.
SUITS = [suit("C"), suit("H"), suit("D"), suit("S")]

# Seat 1 holds only hearts and the queen of spades; seat 3 holds AH and 12 spades.
HEARTS_AND_QUEEN = [
    suit("C"),
    suit("H", "23456789TJQK") + " QS",
    suit("D"),
    "AH " + suit("S", "23456789TJKA"),
]

# Seat 1 wins the first trick with AC and is left holding only hearts.
ONLY_HEARTS_LEADER = [
    suit("C", "23456789TJQK") + " AH",
    "AC " + suit("H", "23456789TJQK"),
    suit("D"),
    suit("S"),
]

# Seat 1 wins the first trick with AC and is left holding QS and hearts.
QUEEN_AND_HEARTS_LEADER = [
    suit("C", "23456789TJQK") + " KH",
    "AC QS " + suit("H", "23456789TJQ"),
    suit("D"),
    "AH " + suit("S", "23456789TJKA"),
]

# Seat 0 takes 25 points; seat 2 takes one heart with KC on the first trick.
NEAR_MOON = [
    suit("C", "23456789TJQA") + " AD",
    suit("H"),
    "KC " + suit("D", "23456789TJQK"),
    suit("S"),
]

# The whole hand for SUITS: trick i is the i-th lowest card of each suit; seat 0
# leads and wins all 13, taking every heart and QS (in trick 11, ranks 2..Q).
SUITS_PLAYS = " ".join(f"{r}C {r}H {r}D {r}S" for r in RANKS)

# The whole hand for NEAR_MOON:
#   trick 1: 0:2C 1:2H 2:KC 3:2S -> seat 2 (KC), 1 point
#   trick 2: 2:2D 3:3S 0:AD 1:3H -> seat 0 (AD), 1 point
#   tricks 3-13: seat 0 leads its 11 other clubs, 1 follows with 4H..AH,
#   2 with 3D..KD, 3 with 4S..AS -> seat 0 takes 11 hearts and QS.
# Seat 0: 1 + 11 + 13 = 25 points, seat 2: 1 point.
NEAR_MOON_PLAYS = "0:2C 1:2H 2:KC 3:2S  2:2D 3:3S 0:AD 1:3H " + " ".join(
    f"0:{c} 1:{h}H 2:{d}D 3:{s}S"
    for c, h, d, s in zip(
        ["3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "AC"],
        "456789TJQKA",
        "3456789TJQK",
        "456789TJQKA",
        strict=True,
    )
)


# --- helpers -----------------------------------------------------------------


def cards(text: str) -> CardSet:
    return CardSet.parse(text)


def card(text: str) -> Card:
    return Card.parse(text)


def dealt(
    hands: Sequence[str],
    rules: Rules | None = None,
    scores: tuple[int, ...] = ZEROS,
    hand_number: int = HOLD_HAND,
) -> GameState:
    """The state right after ``hands`` are dealt in hand ``hand_number``."""
    state = new_game(rules or Rules(), hand_number=hand_number, totals=scores)
    return apply(state, Deal(list(hands)))


def play(state: GameState, plays: str) -> GameState:
    """Apply plays written as ``"0:2C 1:8C"`` (seat checked) or ``"2C 8C"`` (seat to act)."""
    for token in plays.split():
        seat_text, _, card_text = token.rpartition(":")
        assert state.phase is Phase.PLAY, f"{token}: phase is {state.phase}"
        (seat,) = state.to_act
        if seat_text:
            assert int(seat_text) == seat, f"{token}: it is seat {seat}'s turn"
        state = apply(state, PlayCard(seat, card(card_text)))
    return state


def legal_cards(state: GameState, seat: int | None = None) -> CardSet:
    """The cards the seat to act (or ``seat``) may play, as one set."""
    found = []
    for action in legal_actions(state, seat):
        assert isinstance(action, PlayCard)
        found.append(action.card)
    return CardSet(found)


def refuse(
    state: GameState, action: Action, rule: Rule, message: str | None = None
) -> IllegalActionError:
    """Check that every entry point refuses ``action`` for ``rule`` and changes nothing."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalActionError) as info:
        apply(state, action)
    error = info.value
    assert error.rule is rule, str(error)
    assert error.action == action
    if message is not None:
        # Kept word for word: a refusal's message is what the player reads (the terminal
        # game and the web table show it, seats named), so its text is part of the game.
        assert str(error) == message
    with pytest.raises(IllegalActionError) as stepped:
        step(state, action)
    assert stepped.value.rule is rule
    explained = explain(state, action)
    assert isinstance(explained, IllegalActionError)
    assert explained.rule is rule
    assert str(explained) == str(error)
    assert not is_legal(state, action)
    assert action not in legal_actions(state)
    assert state == before
    return error


def test_deals_are_complete() -> None:
    # Guard the fixtures: every deal gives 13 cards to each seat, each card once.
    for hands in [
        MIXED,
        VOID_IN_CLUBS,
        SUITS,
        HEARTS_AND_QUEEN,
        ONLY_HEARTS_LEADER,
        QUEEN_AND_HEARTS_LEADER,
        NEAR_MOON,
    ]:
        sets = [cards(h) for h in hands]
        assert [len(s) for s in sets] == [13, 13, 13, 13]
        assert len(sets[0] | sets[1] | sets[2] | sets[3]) == 52


# --- rule 1: players, cards, points ---------------------------------------------


def test_four_players_thirteen_cards_each() -> None:
    state = dealt(MIXED)
    assert len(state.hands) == 4
    assert [len(h) for h in state.hands] == [13, 13, 13, 13]
    assert state.hands[2] == cards(MIXED[2])


def test_card_points() -> None:
    rules = Rules()
    assert rules.card_points(card("QS")) == 13
    assert rules.card_points(card("2H")) == 1
    assert rules.card_points(card("AH")) == 1
    assert rules.card_points(card("KS")) == 0
    assert rules.card_points(card("AS")) == 0
    assert rules.card_points(card("JD")) == 0
    assert rules.card_points(card("2C")) == 0
    assert sum(rules.card_points(c) for c in cards(suit("H"))) == 13
    assert rules.moon_amount == 26


def test_points_in_a_hand_add_up_to_26() -> None:
    state = play(dealt(NEAR_MOON), NEAR_MOON_PLAYS)
    # HOLD hand 3 scored: the game moves on to hand 4 with the totals.
    assert state.phase is Phase.DEAL
    assert state.hand_number == 4
    assert state.totals == (25, 0, 1, 0)


def test_fewest_points_wins() -> None:
    # Before: (80, 10, 20, 30). NEAR_MOON adds (25, 0, 1, 0): (105, 10, 21, 30).
    state = play(dealt(NEAR_MOON, scores=(80, 10, 20, 30)), NEAR_MOON_PLAYS)
    assert state.phase is Phase.GAME_OVER
    assert state.totals == (105, 10, 21, 30)
    assert state.winners == (1,)


# --- rule 2: passing ------------------------------------------------------------

# In SUITS each seat passes its three lowest cards.
SUITS_PASSES = ["2C 3C 4C", "2H 3H 4H", "2D 3D 4D", "2S 3S 4S"]


def pass_all(state: GameState, order: Sequence[int] = (0, 1, 2, 3)) -> GameState:
    for seat in order:
        state = apply(state, PassCards(seat, SUITS_PASSES[seat]))
    return state


def test_pass_left() -> None:
    state = pass_all(apply(new_game(), Deal(SUITS)))  # hand 0 passes left
    assert state.pass_direction is PassDirection.LEFT
    assert state.phase is Phase.PLAY
    # seat s gives to s + 1: 0 -> 1 (clubs), 1 -> 2 (hearts), 2 -> 3 (diamonds), 3 -> 0 (spades)
    assert state.hands[0] == cards(suit("C", "56789TJQKA") + " 2S 3S 4S")
    assert state.hands[1] == cards(suit("H", "56789TJQKA") + " 2C 3C 4C")
    assert state.hands[2] == cards(suit("D", "56789TJQKA") + " 2H 3H 4H")
    assert state.hands[3] == cards(suit("S", "56789TJQKA") + " 2D 3D 4D")
    # rule 3: seat 1 received 2C, so seat 1 leads it
    assert state.to_act == (1,)
    assert list(legal_actions(state)) == [PlayCard(1, "2C")]


def test_pass_choices_while_passing() -> None:
    # Every seat to pass: their choices, seat by seat, in one sequence.
    state = apply(new_game(), Deal(SUITS))
    both = legal_actions(state)
    assert isinstance(both, SeatPasses)
    assert len(both) == 4 * 286
    assert both[0] == PassCards(0, "2C 3C 4C") and both[286] == PassCards(1, "2H 3H 4H")
    # One seat left to pass: its own choices.
    for seat in (0, 1, 2):
        state = apply(state, PassCards(seat, SUITS_PASSES[seat]))
    last = legal_actions(state)
    assert isinstance(last, PassChoices)
    assert last.seat == 3 and len(last) == 286
    assert PassCards(3, "AS KS QS") in last and PassCards(2, "AS KS QS") not in last
    assert list(last) == list(legal_actions(state, 3))


def test_pass_right() -> None:
    state = dealt(SUITS, hand_number=1)
    assert state.pass_direction is PassDirection.RIGHT
    state = pass_all(state)
    # seat s gives to s - 1: 0 -> 3 (clubs), 1 -> 0 (hearts), 2 -> 1 (diamonds), 3 -> 2 (spades)
    assert state.hands[0] == cards(suit("C", "56789TJQKA") + " 2H 3H 4H")
    assert state.hands[1] == cards(suit("H", "56789TJQKA") + " 2D 3D 4D")
    assert state.hands[2] == cards(suit("D", "56789TJQKA") + " 2S 3S 4S")
    assert state.hands[3] == cards(suit("S", "56789TJQKA") + " 2C 3C 4C")
    assert state.to_act == (3,)


def test_pass_across() -> None:
    state = dealt(SUITS, hand_number=2)
    assert state.pass_direction is PassDirection.ACROSS
    state = pass_all(state)
    # seat s gives to s + 2: 0 <-> 2 (clubs, diamonds), 1 <-> 3 (hearts, spades)
    assert state.hands[0] == cards(suit("C", "56789TJQKA") + " 2D 3D 4D")
    assert state.hands[1] == cards(suit("H", "56789TJQKA") + " 2S 3S 4S")
    assert state.hands[2] == cards(suit("D", "56789TJQKA") + " 2C 3C 4C")
    assert state.hands[3] == cards(suit("S", "56789TJQKA") + " 2H 3H 4H")
    assert state.to_act == (2,)


def test_pass_hold() -> None:
    state = dealt(SUITS, hand_number=3)
    assert state.pass_direction is PassDirection.HOLD
    # no passing: play starts at once with the deal as written
    assert state.phase is Phase.PLAY
    assert state.hands == tuple(cards(h) for h in SUITS)
    assert state.to_act == (0,)
    refuse(state, PassCards(0, "2C 3C 4C"), Rule.WRONG_PHASE)


def test_pass_cycle() -> None:
    expected = ["left", "right", "across", "hold"] * 3
    rules = Rules()
    assert [rules.pass_direction(n).value for n in range(12)] == expected
    for number in range(8):
        state = new_game(rules, hand_number=number)
        _, events = step(state, Deal(SUITS))
        direction = PassDirection(expected[number])
        # the dealer is seat 3 in hand 0 and moves one seat left each hand
        assert events == (HandDealt(number, (number + 3) % 4, direction),)


def test_pass_cycle_continues_into_the_next_hand() -> None:
    # A scored hold hand (hand 3) is followed by hand 4, which passes left again.
    state = play(dealt(SUITS), SUITS_PLAYS)
    assert state.phase is Phase.DEAL
    assert state.hand_number == 4
    state = apply(state, Deal(SUITS))
    assert state.phase is Phase.PASS
    assert state.pass_direction is PassDirection.LEFT


def test_passing_is_simultaneous() -> None:
    start = apply(new_game(), Deal(SUITS))
    assert start.phase is Phase.PASS
    assert start.to_act == (0, 1, 2, 3)
    state = start
    waiting = [(0, 1, 3), (1, 3), (1,)]
    for seat, still_to_pass in zip((2, 0, 3), waiting, strict=True):
        state = apply(state, PassCards(seat, SUITS_PASSES[seat]))
        # nothing has moved: every hand is still as dealt
        assert state.phase is Phase.PASS
        assert state.hands == start.hands
        assert state.to_act == still_to_pass
        assert list(legal_actions(state, seat)) == []
        assert len(legal_actions(state)) == 286 * len(still_to_pass)  # C(13, 3) = 286
    state, events = step(state, PassCards(1, SUITS_PASSES[1]))
    assert state.phase is Phase.PLAY
    assert events == (
        PassSubmitted(1),
        CardsPassed(0, 1, cards("2C 3C 4C")),
        CardsPassed(1, 2, cards("2H 3H 4H")),
        CardsPassed(2, 3, cards("2D 3D 4D")),
        CardsPassed(3, 0, cards("2S 3S 4S")),
    )
    # any order of submission gives the same position
    assert state == pass_all(start, (0, 1, 2, 3))
    assert state == pass_all(start, (3, 2, 1, 0))


def test_cannot_pass_cards_not_yet_received() -> None:
    # Seat 0 passes 2C to seat 1; seat 1 does not hold it until everyone has passed.
    state = apply(apply(new_game(), Deal(SUITS)), PassCards(0, "2C 3C 4C"))
    refuse(state, PassCards(1, "2C 2H 3H"), Rule.CARD_NOT_IN_HAND, "seat 1 does not hold 2C")


def test_already_passed() -> None:
    state = apply(apply(new_game(), Deal(SUITS)), PassCards(0, "2C 3C 4C"))
    refuse(
        state,
        PassCards(0, "5C 6C 7C"),
        Rule.ALREADY_PASSED,
        "seat 0 has already passed this hand",
    )
    # the same pass again is refused too
    refuse(state, PassCards(0, "2C 3C 4C"), Rule.ALREADY_PASSED)


@pytest.mark.parametrize(("passed", "count"), [("2C 3C", 2), ("2C 3C 4C 5C", 4), ("", 0)])
def test_wrong_pass_count(passed: str, count: int) -> None:
    state = apply(new_game(), Deal(SUITS))
    refuse(
        state,
        PassCards(0, passed),
        Rule.WRONG_PASS_COUNT,
        f"seat 0 must pass 3 cards, not {count}",
    )


def test_card_not_in_hand_when_passing() -> None:
    state = apply(new_game(), Deal(SUITS))
    refuse(state, PassCards(0, "2C 3C 2H"), Rule.CARD_NOT_IN_HAND, "seat 0 does not hold 2H")
    refuse(state, PassCards(2, "AS 2D KS"), Rule.CARD_NOT_IN_HAND, "seat 2 does not hold KS, AS")


def test_card_not_in_hand_when_playing() -> None:
    state = dealt(MIXED)
    refuse(state, PlayCard(0, "AH"), Rule.CARD_NOT_IN_HAND, "seat 0 does not hold AH")
    state = play(state, "0:2C")
    refuse(state, PlayCard(1, "2C"), Rule.CARD_NOT_IN_HAND, "seat 1 does not hold 2C")


# --- rule 3: the two of clubs leads ------------------------------------------------


def test_first_lead_two_of_clubs() -> None:
    state = dealt(MIXED)
    assert state.to_act == (0,)
    assert legal_cards(state) == cards("2C")
    refuse(
        state,
        PlayCard(0, "3C"),
        Rule.FIRST_LEAD_LOWEST_CLUB,
        "seat 0 must lead 2C to the first trick",
    )
    refuse(state, PlayCard(0, "2D"), Rule.FIRST_LEAD_LOWEST_CLUB)


def test_first_lead_by_whoever_holds_two_of_clubs() -> None:
    # Rotate SUITS so seat 2 holds the clubs.
    state = dealt([suit("D"), suit("S"), suit("C"), suit("H")])
    assert state.to_act == (2,)
    assert state.leader == 2
    assert legal_cards(state) == cards("2C")
    refuse(state, PlayCard(0, "2D"), Rule.NOT_YOUR_TURN)


# --- rule 4: following suit, winning tricks -----------------------------------------


def test_must_follow_suit() -> None:
    state = play(dealt(MIXED), "0:2C 1:8C")
    # seat 2 holds 7C and KC, so it must play one of them
    assert legal_cards(state) == cards("7C KC")
    error = refuse(
        state,
        PlayCard(2, "JD"),
        Rule.MUST_FOLLOW_SUIT,
        "seat 2 must follow clubs and holds 7C, KC",
    )
    assert error.rule.value == "MUST_FOLLOW_SUIT"
    refuse(state, PlayCard(2, "8S"), Rule.MUST_FOLLOW_SUIT)


def test_must_follow_suit_after_first_trick() -> None:
    # trick 1: 0:2C 1:8C 2:7C 3:JC -> seat 3 (JC); seat 3 leads 9S and seat 0 holds 2S 3S 4S
    state = play(dealt(MIXED), "0:2C 1:8C 2:7C 3:JC 3:9S")
    assert legal_cards(state) == cards("2S 3S 4S")
    refuse(
        state,
        PlayCard(0, "3C"),
        Rule.MUST_FOLLOW_SUIT,
        "seat 0 must follow spades and holds 2S, 3S, 4S",
    )


def test_void_seat_may_play_any_suit_after_first_trick() -> None:
    # trick 1: 0:2C 1:8C 2:7C 3:JC -> seat 3; trick 2: 3:QC 0:3C 1:9C 2:KC -> seat 2
    # seat 2 leads JD; seat 3 holds no diamond and may play anything, hearts included
    state = play(dealt(MIXED), "0:2C 1:8C 2:7C 3:JC  3:QC 0:3C 1:9C 2:KC  2:JD")
    assert state.to_act == (3,)
    assert legal_cards(state) == state.hands[3]
    assert legal_cards(state) == cards("AC JH QH KH AH 9S TS JS QS KS AS")


def test_highest_card_of_suit_led_wins_and_leads_next() -> None:
    state, events = step(play(dealt(MIXED), "0:2C 1:8C 2:7C"), PlayCard(3, "JC"))
    # 2C, 8C, 7C, JC: the jack is the highest club
    assert events == (
        CardPlayed(3, card("JC")),
        TrickTaken(3, (card("2C"), card("8C"), card("7C"), card("JC")), 0),
    )
    assert state.tricks == (Trick(0, (card("2C"), card("8C"), card("7C"), card("JC"))),)
    assert state.tricks[0].winner == 3
    assert state.to_act == (3,)
    assert state.leader == 3
    assert state.current_trick == ()


def test_card_of_another_suit_never_wins() -> None:
    # trick 3: 2:JD 3:AH 0:2D 1:7D. The ace of hearts is the highest rank on the table
    # but not of the suit led; JD wins, and seat 2 takes the heart (1 point).
    state = play(dealt(MIXED), "0:2C 1:8C 2:7C 3:JC  3:QC 0:3C 1:9C 2:KC  2:JD 3:AH 0:2D 1:7D")
    assert [t.winner for t in state.tricks] == [3, 2, 2]
    assert state.to_act == (2,)
    assert state.hand_points == (0, 0, 1, 0)
    assert state.taken[2] == cards("3C 9C QC KC 2D 7D JD AH")


def test_trick_winner_counts_from_the_leader() -> None:
    # led by seat 1: seat 1 5D, seat 2 AS, seat 3 9D, seat 0 2D -> 9D is the best diamond
    trick = Trick(1, (card("5D"), card("AS"), card("9D"), card("2D")))
    assert trick.winner == 3
    assert [trick.seat_of(i) for i in range(4)] == [1, 2, 3, 0]
    assert trick.points(Rules()) == 0
    # led by seat 3 with 2C, then 9C (seat 0), KC (seat 1), AH (seat 2): KC wins
    trick = Trick(3, (card("2C"), card("9C"), card("KC"), card("AH")))
    assert trick.winner == 1
    assert trick.points(Rules()) == 1
    # the leader wins when nobody follows suit
    trick = Trick(2, (card("2H"), card("AS"), card("AD"), card("AC")))
    assert trick.winner == 2
    assert trick.mask == cards("2H AS AD AC").mask
    # winner and mask follow from the cards: they take no part in equality
    assert trick == Trick(2, (card("2H"), card("AS"), card("AD"), card("AC")))


def test_trick_winner_of_a_trick_in_progress() -> None:
    led = (card("5D"), card("AS"), card("9D"))
    assert trick_winner(1, led[:1], 4) == 1  # the led card is winning so far
    assert trick_winner(1, led[:2], 4) == 1  # AS does not follow suit
    assert trick_winner(1, led, 4) == 3
    assert trick_winner(1, (*led, card("2D")), 4) == Trick(1, (*led, card("2D"))).winner
    # The trick in progress of a position, as trick_winner gives it.
    state = play(dealt(MIXED), "0:2C 1:8C 2:7C 3:JC  3:QC 0:3C 1:9C 2:KC  2:JD 3:AH")
    assert trick_winner(state.leader, state.current_trick, 4) == 2


# --- rule 5: no points on the first trick -----------------------------------------


def test_no_points_on_first_trick_even_when_void() -> None:
    state = play(dealt(VOID_IN_CLUBS), "0:2C")
    # seat 1 has no club; it holds diamonds, so neither a heart nor QS may go
    assert legal_cards(state) == cards("2D 3D 4D 5D 6D 7D 8D")
    refuse(
        state,
        PlayCard(1, "QS"),
        Rule.NO_POINTS_ON_FIRST_TRICK,
        "seat 1 may not play QS on the first trick: "
        "it holds cards that score nothing (2D, 3D, 4D, 5D, 6D, 7D, 8D)",
    )
    refuse(state, PlayCard(1, "2H"), Rule.NO_POINTS_ON_FIRST_TRICK)
    state = play(state, "1:8D 2:9D")
    # seat 3 holds AH and spades without QS: any spade, not the heart
    assert legal_cards(state) == cards(suit("S", "23456789TJKA"))
    refuse(state, PlayCard(3, "AH"), Rule.NO_POINTS_ON_FIRST_TRICK)


def test_points_allowed_after_first_trick() -> None:
    # trick 1: 0:2C 1:8D 2:9D 3:2S -> seat 0 (the only club); seat 0 leads 3C and
    # seat 1, still void in clubs, may now play QS or a heart
    state = play(dealt(VOID_IN_CLUBS), "0:2C 1:8D 2:9D 3:2S  0:3C")
    assert legal_cards(state) == state.hands[1]
    assert card("QS") in legal_cards(state)
    assert card("2H") in legal_cards(state)


def test_first_trick_fallback_when_hand_is_all_points() -> None:
    state = play(dealt(SUITS), "0:2C")
    # seat 1 holds only hearts: any of them may go on the first trick
    assert legal_cards(state) == cards(suit("H"))
    state, events = step(state, PlayCard(1, "AH"))
    assert events == (CardPlayed(1, card("AH")), HeartsBroken(1, card("AH")))
    state = play(state, "2:2D")
    # seat 3 holds spades with QS: QS is barred, the other 12 spades are fine
    assert legal_cards(state) == cards(suit("S", "23456789TJKA"))
    refuse(state, PlayCard(3, "QS"), Rule.NO_POINTS_ON_FIRST_TRICK)


def test_first_trick_fallback_with_hearts_and_queen() -> None:
    state = play(dealt(HEARTS_AND_QUEEN), "0:2C")
    # seat 1 holds 12 hearts and QS, nothing else: any card, QS included
    assert legal_cards(state) == state.hands[1]
    assert card("QS") in legal_cards(state)
    state = play(state, "1:QS 2:2D")
    # seat 3 holds AH and spades: the heart is barred
    assert legal_cards(state) == cards(suit("S", "23456789TJKA"))
    state = play(state, "3:2S")
    # seat 0's 2C is the only club: seat 0 takes QS, 13 points, on the first trick
    assert state.tricks[0].winner == 0
    assert state.hand_points == (13, 0, 0, 0)


# --- rule 6: breaking hearts ---------------------------------------------------------

# After trick 1 of MIXED (0:2C 1:8C 2:7C 3:JC) seat 3 leads, holding
# QC AC JH QH KH AH 9S TS JS QS KS AS, and no heart has been played.
MIXED_TRICK_1 = "0:2C 1:8C 2:7C 3:JC"


def test_hearts_not_broken() -> None:
    state = play(dealt(MIXED), MIXED_TRICK_1)
    assert not state.hearts_broken
    assert state.to_act == (3,)
    assert legal_cards(state) == cards("QC AC 9S TS JS QS KS AS")
    refuse(
        state,
        PlayCard(3, "AH"),
        Rule.HEARTS_NOT_BROKEN,
        "seat 3 may not lead a heart: hearts are not broken "
        "and it holds other cards (QC, AC, 9S, TS, JS, QS, KS, AS)",
    )


def test_heart_discard_breaks_hearts() -> None:
    # trick 2: 3:QC 0:3C 1:9C 2:KC -> seat 2; trick 3: 2 leads JD, seat 3 discards AH
    state = play(dealt(MIXED), MIXED_TRICK_1 + " 3:QC 0:3C 1:9C 2:KC 2:JD")
    assert not state.hearts_broken
    state, events = step(state, PlayCard(3, "AH"))
    assert events == (CardPlayed(3, card("AH")), HeartsBroken(3, card("AH")))
    assert state.hearts_broken
    state = play(state, "0:2D 1:7D")
    # JD wins; seat 2 leads and may now lead a heart
    assert state.to_act == (2,)
    assert legal_cards(state) == state.hands[2]
    assert cards("6H 7H 8H 9H TH") <= legal_cards(state)
    state, events = step(state, PlayCard(2, "6H"))
    assert events == (CardPlayed(2, card("6H")),)  # hearts broke only once


def test_leader_with_only_hearts_may_lead_hearts() -> None:
    # trick 1: 0:2C 1:AC 2:2D 3:2S -> seat 1, who now holds only hearts
    state = play(dealt(ONLY_HEARTS_LEADER), "0:2C 1:AC 2:2D 3:2S")
    assert not state.hearts_broken
    assert state.to_act == (1,)
    assert legal_cards(state) == cards(suit("H", "23456789TJQK"))
    state = play(state, "1:2H")
    assert state.hearts_broken


def test_leader_with_only_hearts_and_queen_must_lead_queen() -> None:
    # trick 1: 0:2C 1:AC 2:2D 3:2S -> seat 1, holding QS and 2H..QH
    state = play(dealt(QUEEN_AND_HEARTS_LEADER), "0:2C 1:AC 2:2D 3:2S")
    assert state.to_act == (1,)
    assert legal_cards(state) == cards("QS")
    refuse(
        state,
        PlayCard(1, "2H"),
        Rule.HEARTS_NOT_BROKEN,
        "seat 1 may not lead a heart: hearts are not broken and it holds other cards (QS)",
    )


def test_queen_may_be_led_any_time_and_does_not_break_hearts() -> None:
    state = play(dealt(MIXED), MIXED_TRICK_1)
    assert card("QS") in legal_cards(state)
    state, events = step(state, PlayCard(3, "QS"))
    assert events == (CardPlayed(3, card("QS")),)  # no HeartsBroken
    # trick 2: 3:QS 0:2S 1:5S 2:7S -> seat 3 takes its own queen, 13 points
    state = play(state, "0:2S 1:5S 2:7S")
    assert state.to_act == (3,)
    assert state.hand_points == (0, 0, 0, 13)
    assert not state.hearts_broken
    assert legal_cards(state) == cards("QC AC 9S TS JS KS AS")
    refuse(state, PlayCard(3, "AH"), Rule.HEARTS_NOT_BROKEN)


def test_queen_discard_does_not_break_hearts() -> None:
    # trick 1: 0:2C 1:8D 2:9D 3:2S -> seat 0; trick 2: 0:3C 1:QS 2:TD 3:3S -> seat 0
    state = play(dealt(VOID_IN_CLUBS), "0:2C 1:8D 2:9D 3:2S  0:3C 1:QS 2:TD 3:3S")
    assert state.hand_points == (13, 0, 0, 0)
    assert not state.hearts_broken


@pytest.mark.parametrize("rules", [Rules(queen_breaks_hearts=True), variant("queen-breaks-hearts")])
def test_queen_breaks_hearts_variant(rules: Rules) -> None:
    assert rules.queen_breaks_hearts
    state = play(dealt(MIXED, rules), MIXED_TRICK_1)
    # QS may still be led before hearts are broken
    assert legal_cards(state) == cards("QC AC 9S TS JS QS KS AS")
    state, events = step(state, PlayCard(3, "QS"))
    assert events == (CardPlayed(3, card("QS")), HeartsBroken(3, card("QS")))
    assert state.hearts_broken
    state = play(state, "0:2S 1:5S 2:7S")
    # seat 3 wins with QS and may now lead a heart
    assert state.to_act == (3,)
    assert legal_cards(state) == cards("QC AC JH QH KH AH 9S TS JS KS AS")
    state = play(state, "3:AH")
    assert state.to_act == (0,)


# --- rule 7: shooting the moon --------------------------------------------------------


def test_moon_adds_26_to_the_others() -> None:
    state = play(dealt(SUITS, scores=(10, 20, 30, 40)), SUITS_PLAYS[:-3])
    state, events = step(state, PlayCard(3, "AS"))
    last = (card("AC"), card("AH"), card("AD"), card("AS"))
    assert events == (
        CardPlayed(3, card("AS")),
        TrickTaken(0, last, 1),
        MoonShot(0, MoonOption.ADD_TO_OTHERS),
        HandScored(3, (26, 0, 0, 0), (0, 26, 26, 26), (10, 46, 56, 66)),
    )
    assert state.phase is Phase.DEAL
    assert state.totals == (10, 46, 56, 66)


@pytest.mark.parametrize(
    "rules", [Rules(moon=MoonScoring.SUBTRACT_FROM_SHOOTER), variant("moon-subtract")]
)
def test_moon_subtract_from_shooter(rules: Rules) -> None:
    state = play(dealt(SUITS, rules, scores=(10, 20, 30, 40)), SUITS_PLAYS[:-3])
    state, events = step(state, PlayCard(3, "AS"))
    assert events[-2:] == (
        MoonShot(0, MoonOption.SUBTRACT_FROM_SHOOTER),
        HandScored(3, (26, 0, 0, 0), (-26, 0, 0, 0), (-16, 20, 30, 40)),
    )
    assert state.totals == (-16, 20, 30, 40)


@pytest.mark.parametrize(
    ("option", "totals"),
    [
        (MoonOption.ADD_TO_OTHERS, (10, 46, 56, 66)),
        (MoonOption.SUBTRACT_FROM_SHOOTER, (-16, 20, 30, 40)),
    ],
)
@pytest.mark.parametrize("rules", [Rules(moon=MoonScoring.SHOOTER_CHOOSES), variant("moon-choice")])
def test_moon_shooter_chooses(rules: Rules, option: MoonOption, totals: tuple[int, ...]) -> None:
    state = play(dealt(SUITS, rules, scores=(10, 20, 30, 40)), SUITS_PLAYS[:-3])
    state, events = step(state, PlayCard(3, "AS"))
    assert events[-1] == MoonShot(0, None)
    assert state.phase is Phase.MOON
    assert state.to_act == (0,)
    assert state.totals == (10, 20, 30, 40)  # nothing scored yet
    assert set(legal_actions(state)) == {
        ChooseMoon(0, MoonOption.ADD_TO_OTHERS),
        ChooseMoon(0, MoonOption.SUBTRACT_FROM_SHOOTER),
    }
    assert list(legal_actions(state, 1)) == []
    refuse(
        state,
        ChooseMoon(1, option),
        Rule.NOT_YOUR_TURN,
        "seat 0 shot the moon and chooses, not seat 1",
    )
    refuse(state, PlayCard(0, "2C"), Rule.WRONG_PHASE)
    state, events = step(state, ChooseMoon(0, option))
    scores = tuple(t - s for t, s in zip(totals, (10, 20, 30, 40), strict=True))
    assert events == (
        MoonChosen(0, option),
        HandScored(3, (26, 0, 0, 0), scores, totals),
    )
    assert state.phase is Phase.DEAL
    assert state.totals == totals
    assert state.hand_number == 4


def test_moon_by_a_seat_other_than_the_first_leader() -> None:
    # Seat 3 holds AC and 12 spades (QS among them), seat 0 the other 12 clubs and 2S:
    # trick 1: 0:2C 1:2H 2:2D 3:AC -> seat 3, which then leads spades to every trick
    # and wins them all (nobody else has a spade once seat 0 has played its 2S).
    hands = [
        suit("C", "23456789TJQK") + " 2S",
        suit("H"),
        suit("D"),
        "AC " + suit("S", "3456789TJQKA"),
    ]
    plays = "0:2C 1:2H 2:2D 3:AC  3:3S 0:2S 1:3H 2:3D " + " ".join(
        f"3:{s}S 0:{c}C 1:{h}H 2:{d}D"
        for s, c, h, d in zip(
            "456789TJQKA", "3456789TJQK", "456789TJQKA", "456789TJQKA", strict=True
        )
    )
    state = play(dealt(hands), plays)
    assert state.totals == (26, 26, 26, 0)


def test_no_moon_when_one_heart_is_missing() -> None:
    # NEAR_MOON: seat 0 takes 12 hearts and QS (25), seat 2 takes 2H: plain scoring
    _, events = step(play(dealt(NEAR_MOON), NEAR_MOON_PLAYS[:-5]), PlayCard(3, "AS"))
    assert not any(isinstance(e, MoonShot) for e in events)
    assert events[-1] == HandScored(3, (25, 0, 1, 0), (25, 0, 1, 0), (25, 0, 1, 0))


def test_no_moon_choice_without_a_moon() -> None:
    # Under SHOOTER_CHOOSES a hand without a moon is scored at once, no MOON phase.
    rules = Rules(moon=MoonScoring.SHOOTER_CHOOSES)
    state = play(dealt(NEAR_MOON, rules), NEAR_MOON_PLAYS)
    assert state.phase is Phase.DEAL
    assert state.totals == (25, 0, 1, 0)


def test_moon_option_that_is_not_an_option() -> None:
    # The errors module promises that every failure is a HeartsError.
    with pytest.raises(HeartsError) as info:
        ChooseMoon(0, "double-everyone")
    assert isinstance(info.value, InvalidActionError) and info.value.field == "option"


# --- rule 8: end of game ------------------------------------------------------------


def test_game_ends_when_a_seat_reaches_100() -> None:
    # (75, 10, 20, 30) + (25, 0, 1, 0) = (100, 10, 21, 30): exactly 100 ends the game
    state, events = step(
        play(dealt(NEAR_MOON, scores=(75, 10, 20, 30)), NEAR_MOON_PLAYS[:-5]),
        PlayCard(3, "AS"),
    )
    assert events[-2:] == (
        HandScored(3, (25, 0, 1, 0), (25, 0, 1, 0), (100, 10, 21, 30)),
        GameOver((1,), (100, 10, 21, 30)),
    )
    assert state.phase is Phase.GAME_OVER
    assert state.is_over
    assert state.totals == (100, 10, 21, 30)
    assert state.winners == (1,)


def test_game_continues_below_100() -> None:
    # (74, 10, 20, 30) + (25, 0, 1, 0) = (99, 10, 21, 30): nobody has reached 100
    state = play(dealt(NEAR_MOON, scores=(74, 10, 20, 30)), NEAR_MOON_PLAYS)
    assert state.phase is Phase.DEAL
    assert not state.is_over
    assert state.winners == ()
    assert state.totals == (99, 10, 21, 30)
    assert state.hand_number == 4


def test_moon_can_end_the_game_in_the_shooters_favour() -> None:
    # (80, 80, 80, 80) + (0, 26, 26, 26) = (80, 106, 106, 106): seat 0 wins
    state = play(dealt(SUITS, scores=(80, 80, 80, 80)), SUITS_PLAYS)
    assert state.phase is Phase.GAME_OVER
    assert state.totals == (80, 106, 106, 106)
    assert state.winners == (0,)


@pytest.mark.parametrize(
    ("option", "phase", "totals"),
    [
        # (80, 80, 80, 80) + (0, 26, 26, 26): three seats pass 100, seat 0 alone lowest
        (MoonOption.ADD_TO_OTHERS, Phase.GAME_OVER, (80, 106, 106, 106)),
        # (80, 80, 80, 80) + (-26, 0, 0, 0): nobody has reached 100
        (MoonOption.SUBTRACT_FROM_SHOOTER, Phase.DEAL, (54, 80, 80, 80)),
    ],
)
def test_moon_choice_decides_whether_the_game_ends(
    option: MoonOption, phase: Phase, totals: tuple[int, ...]
) -> None:
    rules = Rules(moon=MoonScoring.SHOOTER_CHOOSES)
    state = play(dealt(SUITS, rules, scores=(80, 80, 80, 80)), SUITS_PLAYS)
    assert state.phase is Phase.MOON
    state = apply(state, ChooseMoon(0, option))
    assert state.phase is phase
    assert state.totals == totals


def test_tie_for_lowest_continues() -> None:
    # (90, 10, 9, 30) + (25, 0, 1, 0) = (115, 10, 10, 30): seats 1 and 2 tie for lowest
    state = play(dealt(NEAR_MOON, scores=(90, 10, 9, 30)), NEAR_MOON_PLAYS)
    assert state.phase is Phase.DEAL
    assert not state.is_over
    assert state.winners == ()
    assert state.totals == (115, 10, 10, 30)
    assert state.hand_number == 4
    # Hand 4 passes left. Deal so that after these passes the hands are NEAR_MOON:
    # 0 gives 2H 3H 4H to 1, 1 gives 2D 3D 4D to 2, 2 gives 2S 3S 4S to 3, 3 gives 2C 3C 4C to 0.
    deal = [
        suit("C", "56789TJQA") + " AD 2H 3H 4H",
        suit("H", "56789TJQKA") + " 2D 3D 4D",
        "KC " + suit("D", "56789TJQK") + " 2S 3S 4S",
        suit("S", "56789TJQKA") + " 2C 3C 4C",
    ]
    state = apply(state, Deal(deal))
    for seat, given in enumerate(["2H 3H 4H", "2D 3D 4D", "2S 3S 4S", "2C 3C 4C"]):
        state = apply(state, PassCards(seat, given))
    assert state.hands == tuple(cards(h) for h in NEAR_MOON)
    # (115, 10, 10, 30) + (25, 0, 1, 0) = (140, 10, 11, 30): seat 1 alone is lowest
    state = play(state, NEAR_MOON_PLAYS)
    assert state.phase is Phase.GAME_OVER
    assert state.totals == (140, 10, 11, 30)
    assert state.winners == (1,)


def test_no_game_starts_from_totals_that_have_ended_it() -> None:
    with pytest.raises(InvalidStateError) as info:
        new_game(totals=(100, 20, 30, 40))
    assert info.value.field == "totals"
    assert "(100, 20, 30, 40)" in info.value.reason
    # A tie for lowest at the target plays on, so a game goes on from these totals.
    assert new_game(totals=(100, 20, 20, 40)).totals == (100, 20, 20, 40)
    bad: list[Any] = [(0, 0, 0), (0, 0, 0, 0, 0), (0, 0, 0, 1.0), (0, 0, 0, True), "0000"]
    for totals in bad:
        with pytest.raises(InvalidStateError) as info:
            new_game(totals=totals)
        assert info.value.field == "totals", totals
    # Later hands, by variant name too; a single-hand game has only hand 0.
    later = new_game("classic", hand_number=2, totals=(40, 10, 25, 17))
    assert later.pass_direction is PassDirection.ACROSS and later.dealer == 1
    with pytest.raises(InvalidStateError) as info:
        new_game("openspiel", hand_number=1)
    assert info.value.field == "hand_number"


def test_game_over_has_no_legal_actions() -> None:
    state = play(dealt(NEAR_MOON, scores=(80, 10, 20, 30)), NEAR_MOON_PLAYS)
    assert state.phase is Phase.GAME_OVER
    assert list(legal_actions(state)) == []
    for seat in range(4):
        assert list(legal_actions(state, seat)) == []
    assert state.to_act == ()
    actions: list[Action] = [
        Deal(NEAR_MOON),
        PassCards(0, "2C 3C 4C"),
        PlayCard(0, "2C"),
        ChooseMoon(0, MoonOption.ADD_TO_OTHERS),
    ]
    for action in actions:
        error = refuse(state, action, Rule.WRONG_PHASE)
        assert str(error).endswith("the game is over")


# --- turn, phase and deal errors --------------------------------------------------


def test_not_your_turn() -> None:
    state = dealt(MIXED)
    refuse(
        state,
        PlayCard(1, "8C"),
        Rule.NOT_YOUR_TURN,
        "it is seat 0's turn to play, not seat 1's",
    )
    state = play(state, "0:2C 1:8C")
    refuse(
        state,
        PlayCard(3, "JC"),
        Rule.NOT_YOUR_TURN,
        "it is seat 2's turn to play, not seat 3's",
    )
    refuse(state, PlayCard(1, "9C"), Rule.NOT_YOUR_TURN)
    assert list(legal_actions(state, 3)) == []


def test_wrong_phase() -> None:
    refuse(
        new_game(),
        PlayCard(0, "2C"),
        Rule.WRONG_PHASE,
        "cannot play a card now: the game is waiting for a deal",
    )
    refuse(new_game(), PassCards(0, "2C 3C 4C"), Rule.WRONG_PHASE)
    passing = apply(new_game(), Deal(SUITS))
    refuse(
        passing,
        PlayCard(0, "2C"),
        Rule.WRONG_PHASE,
        "cannot play a card now: the seats are passing cards",
    )
    refuse(passing, Deal(SUITS), Rule.WRONG_PHASE, "cannot deal now: the seats are passing cards")
    playing = dealt(SUITS)
    refuse(
        playing,
        PassCards(0, "2C 3C 4C"),
        Rule.WRONG_PHASE,
        "cannot pass cards now: cards are being played",
    )
    refuse(playing, Deal(SUITS), Rule.WRONG_PHASE)
    refuse(playing, ChooseMoon(0, MoonOption.ADD_TO_OTHERS), Rule.WRONG_PHASE)


def test_not_an_action() -> None:
    state = dealt(MIXED)
    with pytest.raises(InvalidActionError) as info:
        apply(state, "0 plays 2C")  # type: ignore[arg-type]
    assert info.value.field is None
    explained = explain(state, "0 plays 2C")
    assert isinstance(explained, InvalidActionError) and explained.field is None
    assert not is_legal(state, "0 plays 2C")


def test_seat_out_of_range_is_refused() -> None:
    state = dealt(MIXED)
    error = refuse(state, PlayCard(4, "2C"), Rule.NO_SUCH_SEAT)
    assert error.action == PlayCard(4, "2C")
    assert "seat 4" in str(error)
    with pytest.raises(InvalidActionError) as info:
        PassCards(-1, "2C 3C 4C")
    assert info.value.field == "seat"


def test_invalid_deal_duplicate_card() -> None:
    # seat 1 gets 2C instead of 8C: 2C is dealt twice and 8C not at all
    hands = [MIXED[0], MIXED[1].replace("8C", "2C"), MIXED[2], MIXED[3]]
    refuse(new_game(), Deal(hands), Rule.INVALID_DEAL, "invalid deal: 2C dealt twice")


def test_invalid_deal_wrong_count() -> None:
    # 8S moves from seat 2 to seat 3: seat 2 has 12 cards, seat 3 has 14
    hands = [MIXED[0], MIXED[1], MIXED[2].replace(" 8S", ""), MIXED[3] + " 8S"]
    refuse(
        new_game(),
        Deal(hands),
        Rule.INVALID_DEAL,
        "invalid deal: seat 2 gets 12 cards, not 13",
    )
    # a hand short of a card, the card not dealt at all
    hands = [MIXED[0].replace(" 4S", ""), MIXED[1], MIXED[2], MIXED[3]]
    refuse(
        new_game(),
        Deal(hands),
        Rule.INVALID_DEAL,
        "invalid deal: seat 0 gets 12 cards, not 13",
    )


def test_invalid_deal_wrong_number_of_hands() -> None:
    refuse(
        new_game(), Deal(MIXED[:3]), Rule.INVALID_DEAL, "invalid deal: it must give 4 hands, not 3"
    )
    refuse(new_game(), Deal([*MIXED, ""]), Rule.INVALID_DEAL)
    # More hands than any table has seats is no deal at all: refused when it is built.
    with pytest.raises(InvalidActionError) as info:
        Deal([*MIXED, "", "", ""])
    assert info.value.field == "hands"


def test_refused_action_then_legal_action() -> None:
    # A refusal leaves the position intact: the legal move still gives the same result.
    state = play(dealt(MIXED), "0:2C 1:8C")
    legal_actions(state)  # warm any cache of the position's legal moves
    refuse(state, PlayCard(2, "JD"), Rule.MUST_FOLLOW_SUIT)
    after = apply(state, PlayCard(2, "KC"))
    fresh = play(dealt(MIXED), "0:2C 1:8C 2:KC")
    assert after == fresh
    assert step(state, PlayCard(2, "KC"))[0] == fresh


def test_apply_and_step_agree_over_a_whole_hand() -> None:
    state = dealt(NEAR_MOON)
    for token in NEAR_MOON_PLAYS.split():
        seat, _, text = token.partition(":")
        action = PlayCard(int(seat), text)
        assert action in legal_actions(state)
        applied = apply(state, action)
        stepped, _ = step(state, action)
        assert applied == stepped
        state = applied
    assert state.totals == (25, 0, 1, 0)
