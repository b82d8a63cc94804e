"""Pins for the core, found by mutation testing (docs/mutation.md).

Each test pins one behaviour that a mutant of the core changed without any
other test noticing. Tests are grouped by the module whose code they pin;
each expected value is worked out by hand from the rules, not read back from
the engine.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable

import attrs
import pytest
from helpers.positions import reference

from hearts_core import (
    Card,
    CardSet,
    ChooseMoon,
    Deal,
    HandContext,
    IllegalActionError,
    InvalidActionError,
    InvalidCardError,
    InvalidStateError,
    MoonOption,
    PassCards,
    PassChoices,
    Phase,
    PlayCard,
    PlayerView,
    Rank,
    Rule,
    Rules,
    Suit,
    Trick,
    TrickTaken,
    apply,
    explain,
    is_legal,
    legal_actions,
    legality,
    new_game,
    observe,
    playout,
    random_deal,
    step,
)
from hearts_core import belief as belief_module
from hearts_core import builders as builders_module
from hearts_core.actions import PLAYS, Action, SeatPasses
from hearts_core.belief import Belief, consistent_state, resample
from hearts_core.draws import nth_subset
from hearts_core.io import RecordError
from hearts_core.rules import FirstLead, MoonScoring, PassDirection, restrictions
from hearts_core.rules.fields import shown
from hearts_core.scoring import score_hand
from hearts_core.state import NO_PASSES, GameState, hearts_broken_by

RANKS = "23456789TJQKA"


def suit(letter: str, ranks: str = RANKS) -> str:
    """The cards of one suit, such as ``suit("C", "2345")`` -> ``"2C 3C 4C 5C"``."""
    return " ".join(rank + letter for rank in ranks)


def cards(text: str) -> CardSet:
    return CardSet.parse(text)


# One suit per seat: 0 clubs, 1 hearts, 2 diamonds, 3 spades. Seat 0 holds 2C, leads
# a club to every trick and nobody else holds one: seat 0 takes every trick.
SUITS = [suit("C"), suit("H"), suit("D"), suit("S")]
HOLD_HAND = 3  # hand 3 of the default cycle (left, right, across, hold) passes nothing


def passing_state() -> GameState:
    """Hand 0 (pass left) just dealt with SUITS: every seat is to pass."""
    return apply(new_game(), Deal(SUITS))


def playing_state(rules: Rules | None = None) -> GameState:
    """A hold hand just dealt with SUITS: seat 0 is to lead the 2C."""
    return apply(new_game(rules or Rules(), hand_number=HOLD_HAND), Deal(SUITS))


def play_all_but_last(state: GameState) -> GameState:
    """Play SUITS to its last card: trick i is the i-th lowest card of each suit."""
    for rank in RANKS:
        for letter, seat in (("C", 0), ("H", 1), ("D", 2), ("S", 3)):
            if rank == "A" and seat == 3:
                return state
            state = apply(state, PlayCard(seat, Card.parse(rank + letter)))
    raise AssertionError("unreachable")


def moon_state() -> GameState:
    """SUITS under shooter-chooses, played out: seat 0 took every card and chooses."""
    state = play_all_but_last(playing_state(Rules(moon=MoonScoring.SHOOTER_CHOOSES)))
    state = apply(state, PlayCard(3, "AS"))
    assert state.phase is Phase.MOON
    return state


def refused(state: GameState, action: Action) -> IllegalActionError:
    """The error ``apply`` raises for ``action``, checked to agree with ``explain``."""
    with pytest.raises(IllegalActionError) as info:
        apply(state, action)
    error = info.value
    explained = explain(state, action)
    assert isinstance(explained, IllegalActionError)
    assert explained.rule is error.rule
    assert str(explained) == str(error)
    assert explained.action is action
    assert error.action is action
    assert not is_legal(state, action)
    return error


# --- cards ----------------------------------------------------------------------------

# Card._make runs when hearts_core.cards is imported (mutmut imports it before a mutant
# is active), so its pins call it again.


def test_card_make_builds_each_card_from_its_index() -> None:
    for index in range(52):
        made = Card._make(index)
        assert type(made) is Card
        suit_number, rank_offset = divmod(index, 13)
        assert made.suit is Suit(suit_number)
        assert made.rank is Rank(rank_offset + 2)
        assert made.index == index
        assert made.bit == 2**index
        assert made.suit_mask == (2**13 - 1) * 2 ** (13 * suit_number)
    queen = Card._make(49)  # spades start at 39: 39 + (12 - 2)
    assert (queen.suit, queen.rank, queen.bit) == (Suit.SPADES, Rank.QUEEN, 1 << 49)
    assert str(queen) == "QS"


def test_cards_compare_by_index_with_each_operator() -> None:
    two, three = Card.parse("2C"), Card.parse("3C")
    assert two <= two and two <= three and not three <= two
    assert three >= three and three >= two and not two >= three
    assert three > two and not two > two and not two > three
    assert two < three and not two < two


@pytest.mark.parametrize("other", [3, "2C", None])
def test_cards_do_not_order_against_other_values(other: object) -> None:
    two = Card.parse("2C")
    with pytest.raises(TypeError):
        two <= other  # noqa: B015
    with pytest.raises(TypeError):
        two >= other  # noqa: B015
    with pytest.raises(TypeError):
        two > other  # noqa: B015


def test_card_sets_compare_as_subsets_with_each_operator() -> None:
    small, large = cards("2C"), cards("2C 3C")
    assert large >= large and large >= small and not small >= large
    assert large > small and not large > large and not small > large
    with pytest.raises(TypeError):
        large >= 3  # noqa: B015
    with pytest.raises(TypeError):
        large > 3  # noqa: B015


def test_cards_and_card_sets_refuse_deletion_with_a_message() -> None:
    # Kept word for word: an AttributeError has no fields, and saying why (the type is
    # immutable) in place of Python's own message is what these refusals are for.
    with pytest.raises(AttributeError, match=r"^Card is immutable$"):
        del Card.parse("QS").rank
    with pytest.raises(AttributeError, match=r"^CardSet is immutable$"):
        del cards("QS").mask


@pytest.mark.parametrize("index", [-1, 52])
def test_card_from_index_names_the_index_out_of_range(index: int) -> None:
    with pytest.raises(InvalidCardError) as info:
        Card.from_index(index)
    assert str(index) in str(info.value)  # InvalidCardError has no fields: the index is shown


# --- fields -------------------------------------------------------------------------------


def test_shown_calls_integers_from_ten_to_the_fifteen_very_large() -> None:
    assert shown(10**15 - 1) == "999999999999999"
    assert shown(10**15) == "a very large integer"
    assert shown(-(10**15) + 1) == "-999999999999999"
    assert shown(-(10**15)) == "a very large integer"
    assert shown(150) == "150" and shown(-150) == "-150"


def test_shown_cuts_texts_longer_than_forty_characters() -> None:
    assert shown("x" * 38) == "'" + "x" * 38 + "'"  # 40 characters with the quotes
    assert shown("x" * 39) == "'" + "x" * 39 + "..."  # 41: cut to 40
    assert shown("y" * 60) == "'" + "y" * 39 + "..."


# --- restrictions -----------------------------------------------------------------------


def test_first_lead_is_tests_the_rules_first_lead() -> None:
    # RESTRICTIONS is built at import; the helper is called again here.
    any_club = restrictions._first_lead_is(FirstLead.ANY_CLUB)
    assert any_club(Rules(first_lead="any-club")) is True
    assert any_club(Rules()) is False
    assert any_club(Rules(first_lead="left-of-dealer")) is False


# --- legality: seats that are not at the table ---------------------------------------


@pytest.mark.parametrize("seat", [4, 5])
def test_a_pass_by_a_seat_not_at_a_four_seat_table_is_no_such_seat(seat: int) -> None:
    action = PassCards(seat, "2C 3C 4C")
    error = refused(passing_state(), action)
    assert error.rule is Rule.NO_SUCH_SEAT
    assert f"seat {seat}" in str(error) and "0 to 3" in str(error)  # the seat and the seats


@pytest.mark.parametrize("seat", [4, 5])
def test_a_play_by_a_seat_not_at_a_four_seat_table_is_no_such_seat(seat: int) -> None:
    action = PlayCard(seat, "2C")
    error = refused(playing_state(), action)
    assert error.rule is Rule.NO_SUCH_SEAT
    assert f"seat {seat}" in str(error) and "0 to 3" in str(error)  # the seat and the seats


@pytest.mark.parametrize("seat", [4, 5])
def test_a_moon_choice_by_a_seat_not_at_a_four_seat_table_is_no_such_seat(seat: int) -> None:
    action = ChooseMoon(seat, MoonOption.ADD_TO_OTHERS)
    error = refused(moon_state(), action)
    assert error.rule is Rule.NO_SUCH_SEAT
    assert f"seat {seat}" in str(error) and "0 to 3" in str(error)  # the seat and the seats


def test_seat_three_is_not_at_a_three_seat_table() -> None:
    rules = Rules(players=3, pass_cycle=["hold"])
    # 51 cards (2D out), 17 each: seat 0 the clubs and 3D-6D, seat 1 the hearts and
    # 7D-TD, seat 2 the spades and JD-AD.
    hands = [suit("C", RANKS) + " " + suit("D", "3456"), suit("H") + " " + suit("D", "789T")]
    state = apply(new_game(rules), Deal([*hands, suit("S") + " " + suit("D", "JQKA")]))
    error = refused(state, PlayCard(3, "2C"))
    assert error.rule is Rule.NO_SUCH_SEAT
    assert "seat 3" in str(error) and "0 to 2" in str(error)  # the seat and the seats


# --- actions: indexing the pass choices ----------------------------------------------


def four_clubs() -> PassChoices:
    # Choices of 3 of 2C 3C 4C 5C, in order: 234, 235, 245, 345.
    return PassChoices(0, cards("2C 3C 4C 5C"), 3)


def test_pass_choices_negative_indices_count_from_the_end() -> None:
    choices = four_clubs()
    assert choices[-1] == PassCards(0, "3C 4C 5C")
    assert choices[-4] == PassCards(0, "2C 3C 4C")
    assert choices[-2] == PassCards(0, "2C 4C 5C")


@pytest.mark.parametrize("index", [4, 5, -5, -6, 100])
def test_pass_choices_out_of_range_raise_index_error(index: int) -> None:
    with pytest.raises(IndexError) as info:
        four_clubs()[index]
    assert "4" in str(info.value)  # an IndexError has no fields: the message gives the count


def test_pass_choices_slices_are_lists_of_choices() -> None:
    choices = four_clubs()
    assert choices[1:3] == [PassCards(0, "2C 3C 5C"), PassCards(0, "2C 4C 5C")]
    assert choices[::-2] == [PassCards(0, "3C 4C 5C"), PassCards(0, "2C 3C 5C")]
    assert choices[3:10] == [PassCards(0, "3C 4C 5C")]
    assert choices[4:] == []


@pytest.mark.parametrize(("index", "text"), [("1", "'1'"), (1.0, "1.0"), (None, "None")])
def test_pass_choices_refuse_an_index_that_is_not_an_int(index: object, text: str) -> None:
    with pytest.raises(TypeError) as info:
        four_clubs()[index]  # type: ignore[call-overload]
    assert text in str(info.value)  # a TypeError has no fields: the message shows the index


def test_pass_choices_of_more_than_four_cards_are_in_lexicographic_order() -> None:
    # Passing 5 has no precomputed table: each choice is unranked.
    hand = cards("2C 3C 4C 5C 6C 7C")
    choices = PassChoices(1, hand, 5)
    assert len(choices) == 6
    assert [str(choice.cards) for choice in choices] == [
        "2C 3C 4C 5C 6C",
        "2C 3C 4C 5C 7C",
        "2C 3C 4C 6C 7C",
        "2C 3C 5C 6C 7C",
        "2C 4C 5C 6C 7C",
        "3C 4C 5C 6C 7C",
    ]
    assert choices[-1] == PassCards(1, "3C 4C 5C 6C 7C")


def test_pass_choices_from_a_long_hand_are_every_combination_in_order() -> None:
    # 18 cards is beyond the precomputed tables (17 at most), even for a pass of 3.
    hand = cards(suit("C") + " 2D 3D 4D 5D 6D")
    listed = hand.cards()
    expected = [
        PassCards(2, CardSet(combination)) for combination in itertools.combinations(listed, 3)
    ]
    choices = PassChoices(2, hand, 3)
    assert len(choices) == 816 == len(expected)
    assert list(choices) == expected
    five = PassChoices(2, hand, 5)
    assert [five[i] for i in (0, 1, 100, 8567)] == [
        PassCards(2, CardSet(c))
        for c in [list(itertools.combinations(listed, 5))[i] for i in (0, 1, 100, 8567)]
    ]


def test_pass_choices_contain_a_pass_of_the_whole_hand() -> None:
    choices = PassChoices(0, cards("2C 3C 4C"), 3)
    assert PassCards(0, "2C 3C 4C") in choices
    assert PassCards(1, "2C 3C 4C") not in choices
    assert PassCards(0, "2C 3C") not in choices


def test_deal_text_lists_each_hand() -> None:
    assert str(Deal(["2C 3C", "4C 5C", "6C 7C", "8C 9C"])) == "deal 2C 3C | 4C 5C | 6C 7C | 8C 9C"


def test_a_moon_option_that_is_not_one_is_named_with_the_choices() -> None:
    with pytest.raises(InvalidActionError) as info:
        ChooseMoon(0, "double")
    assert (info.value.field, info.value.action) == ("option", None)
    # the message names the value given and every choice there is
    assert all(
        name in str(info.value) for name in ("'double'", "add-to-others", "subtract-from-shooter")
    )


@pytest.mark.parametrize(
    ("build", "field", "value"),
    [
        (lambda: PlayCard(0, 5), "card", "5"),
        (lambda: PlayCard(0, "ZZ"), "card", "'ZZ'"),
        (lambda: PassCards(0, "2C ZZ"), "cards", "'ZZ'"),
        (lambda: PassCards(0, 7), "cards", "7"),
        (lambda: PlayCard(6, "2C"), "seat", "6"),
        (lambda: PassCards(-1, "2C"), "seat", "-1"),
        (lambda: ChooseMoon(True, "add-to-others"), "seat", "True"),
    ],
)
def test_malformed_actions_name_the_field_and_the_value(
    build: Callable[[], object], field: str, value: str
) -> None:
    with pytest.raises(InvalidActionError) as info:
        build()
    assert (info.value.field, info.value.action) == (field, None)
    assert value in str(info.value)


def two_seats() -> SeatPasses:
    # Seat 0 passes 1 of 2C 3C (2 choices); seat 2 passes 1 of 4D 5D 6D (3 choices).
    return SeatPasses(
        (PassChoices(0, cards("2C 3C"), 1), PassChoices(2, cards("4D 5D 6D"), 1))
    )


def test_seat_passes_index_across_the_seats() -> None:
    both = two_seats()
    assert len(both) == 5
    assert [both[i] for i in range(5)] == [
        PassCards(0, "2C"),
        PassCards(0, "3C"),
        PassCards(2, "4D"),
        PassCards(2, "5D"),
        PassCards(2, "6D"),
    ]
    assert both[-1] == PassCards(2, "6D")
    assert both[-5] == PassCards(0, "2C")
    assert both[-3] == PassCards(2, "4D")


@pytest.mark.parametrize("index", [5, 6, -6, -7])
def test_seat_passes_out_of_range_raise_index_error(index: int) -> None:
    with pytest.raises(IndexError) as info:
        two_seats()[index]
    assert "5" in str(info.value)  # an IndexError has no fields: the message gives the count


def test_seat_passes_slices_are_lists_of_passes() -> None:
    both = two_seats()
    assert both[1:4] == [PassCards(0, "3C"), PassCards(2, "4D"), PassCards(2, "5D")]
    assert both[::-2] == [PassCards(2, "6D"), PassCards(2, "4D"), PassCards(0, "2C")]
    assert both[5:] == []


@pytest.mark.parametrize(("index", "text"), [("0", "'0'"), (0.0, "0.0"), (None, "None")])
def test_seat_passes_refuse_an_index_that_is_not_an_int(index: object, text: str) -> None:
    with pytest.raises(TypeError) as info:
        two_seats()[index]  # type: ignore[call-overload]
    assert text in str(info.value)  # a TypeError has no fields: the message shows the index


def test_seat_passes_repr_names_the_seats_and_the_count() -> None:
    assert repr(two_seats()) == "<5 passes by seats 0, 2>"


# --- state -------------------------------------------------------------------------------

# The engine's constructors are the kernel's (tests/engine/test_kernel_slots.py pins them field
# by field in both builds); here, a state built through them plays on as one built by
# the engine does.


def test_a_state_the_constructors_build_plays_on_as_the_engines_does() -> None:
    playing = playing_state()
    again = builders_module.make_state(
        context=playing.context,
        phase=Phase.PLAY,
        passes=(),
        tricks=(),
        current_trick=(),
        leader=0,
        hearts_broken=False,
        phase_hands=playing.phase_hands,
        played_mask=0,
        seat_to_play=0,
        legal_bits=1,
        pass_listing=NO_PASSES,
    )
    assert again == playing
    assert again.seat_to_play == 0 and again.legal_bits == 1  # the 2C is bit 0
    assert again.hands == playing.hands
    built = builders_module.make_context(Rules(players=3), 4, (1, 2, 3), True)
    assert type(built) is HandContext
    assert built == HandContext(Rules(players=3), 4, (1, 2, 3), True)
    assert built.tables == Rules(players=3).tables()


def test_an_empty_trick_has_no_winner_but_seat_zero() -> None:
    empty = Trick(2, ())
    assert empty.winner == 0
    assert empty.mask == 0


def test_hearts_are_not_broken_by_tricks_without_a_breaking_card() -> None:
    tables = Rules().tables()
    clubs = tuple(Card.parse(text) for text in ("2C", "3C", "4C", "5C"))
    assert hearts_broken_by(tables, [Trick(0, clubs)], (Card.parse("QS"),)) is False
    assert hearts_broken_by(tables, [], ()) is False
    assert hearts_broken_by(tables, [], (Card.parse("2S"), Card.parse("9H"))) is True


def test_game_state_repr_shows_the_trick_and_the_hands() -> None:
    position = apply(apply(playing_state(), PlayCard(0, "2C")), PlayCard(1, "2H"))
    assert repr(position) == (
        "<GameState hand 3 play, totals (0, 0, 0, 0), 0 tricks, trick [2C 2H], hands ["
        + " | ".join([suit("C", RANKS[1:]), suit("H", RANKS[1:]), suit("D"), suit("S")])
        + "]>"
    )


# --- engine -------------------------------------------------------------------------------


def test_a_trick_reports_the_points_of_its_own_cards() -> None:
    # The 2C scores 5 here: the first trick (2C 2H 2D 2S) is worth 6, the second
    # (3C 3H 3D 3S) only its heart.
    rules = Rules(card_values={"QS": 13, "2C": 5})
    position = playing_state(rules)
    for seat, text in ((0, "2C"), (1, "2H"), (2, "2D")):
        position = apply(position, PlayCard(seat, text))
    position, events = step(position, PlayCard(3, "2S"))
    assert events[-1] == TrickTaken(0, tuple(Card.parse(t) for t in ("2C", "2H", "2D", "2S")), 6)
    for seat, text in ((0, "3C"), (1, "3H"), (2, "3D")):
        position = apply(position, PlayCard(seat, text))
    _, events = step(position, PlayCard(3, "3S"))
    assert events[-1] == TrickTaken(0, tuple(Card.parse(t) for t in ("3C", "3H", "3D", "3S")), 1)


@pytest.mark.parametrize("plays", [0, 2, 5])
def test_rollout_scores_a_scoring_two_of_clubs_once(plays: int) -> None:
    # With the 2C worth points, a trick's cards must not pick up the 2C's bit.
    rules = Rules(card_values={"QS": 13, "2C": -5}, pass_cycle=["hold"])
    for seed in range(6):
        position = apply(new_game(rules), random_deal(rules, random.Random(seed)))
        rng = random.Random(seed)
        for _ in range(plays):
            position = apply(position, rng.choice(legal_actions(position)))
        fast, slow = random.Random(seed + 50), random.Random(seed + 50)
        ended = playout.rollout(position, fast)
        assert ended == reference(position, slow)
        # 26 positive points and the 2C's -5 once; or a moon: 26 to each of three, -5.
        assert sum(ended.totals) in (26 - 5, 3 * 26 - 5)


def test_a_pass_keeps_the_pass_phase_fields_at_rest() -> None:
    after = apply(passing_state(), PassCards(2, "2D 3D 4D"))
    assert after.phase is Phase.PASS
    assert after.leader == 0
    assert after.hearts_broken is False
    assert after.current_trick == () and after.tricks == ()
    assert after.to_act == (0, 1, 3)
    assert observe(after, 1).leader == 0


# --- legality: the interned plays ---------------------------------------------------------


def test_suit_tables_list_the_plays_of_every_pattern() -> None:
    # Index 8 * seat + 2 * suit: the plays of each 7-bit pattern of ranks 2 to 8;
    # the next index, of each 6-bit pattern of ranks 9 to ace.
    tables = legality._suit_tables()
    assert len(tables) == 48
    for seat in range(6):
        for suit_of in Suit:
            low, high = tables[8 * seat + 2 * suit_of], tables[8 * seat + 2 * suit_of + 1]
            assert len(low) == 128 and len(high) == 64
            for pattern in range(128):
                ranks = [Rank(2 + i) for i in range(7) if pattern & 2**i]
                assert low[pattern] == tuple(PlayCard(seat, Card(suit_of, r)) for r in ranks)
                assert all(play is PLAYS[seat][play.card.index] for play in low[pattern])
            for pattern in range(64):
                ranks = [Rank(9 + i) for i in range(6) if pattern & 2**i]
                assert high[pattern] == tuple(PlayCard(seat, Card(suit_of, r)) for r in ranks)
                assert all(play is PLAYS[seat][play.card.index] for play in high[pattern])


# --- errors -------------------------------------------------------------------------------


def test_a_malformed_action_error_carries_the_action() -> None:
    error = explain(new_game(), "2C")
    assert isinstance(error, InvalidActionError)
    assert error.action == "2C"
    assert error.field is None
    assert "'2C'" in str(error)  # the message shows what was given


def test_invalid_state_error_keeps_field_and_reason() -> None:
    with pytest.raises(InvalidStateError) as info:
        new_game(totals=(100, 20, 30, 40))
    assert info.value.field == "totals"
    assert info.value.reason == "(100, 20, 30, 40) have already ended the game"


def test_record_error_always_has_a_problem_and_shows_one_alone() -> None:
    # Messages kept word for word: how RecordError writes its problems is its documented
    # form (its docstring), which this test is about; the fields are pinned beside them.
    # An error with no problem would say nothing: it is given one rather than refused,
    # so that building the error never raises something else.
    assert RecordError([]).problems == (RecordError.Problem("$", "refused"),)
    assert str(RecordError([])) == "$: refused"
    one = RecordError.Problem("$.actions[3].card", "not a card")
    error = RecordError([one])
    assert str(error) == "$.actions[3].card: not a card"
    assert error.problems == (one,)
    two = RecordError((one, RecordError.Problem("$.x", "unknown key")))
    assert str(two) == "2 problems:\n  $.actions[3].card: not a card\n  $.x: unknown key"
    assert len(two.problems) == 2


# --- scoring --------------------------------------------------------------------------


def test_score_hand_reports_the_points_taken_when_the_shooter_chooses() -> None:
    rules = Rules(moon="shooter-chooses")
    taken = [cards(suit("H") + " QS").mask, cards("2C 3C").mask, 0, cards("AS").mask]
    result = score_hand(rules, taken, [11, 1, 0, 1], [5, 6, 7, 8])
    assert result.points == (26, 0, 0, 0)
    assert result.scores is None
    assert result.shooter == 0
    assert result.sun is False
    assert result.option is None


# --- belief -------------------------------------------------------------------------------


def passed_and_playing() -> GameState:
    """Hand 0 (left) of SUITS, each seat passing its three lowest cards: seat 0 gives
    2C 3C 4C to seat 1, which leads the 2C."""
    position = passing_state()
    for seat, text in enumerate(["2C 3C 4C", "2H 3H 4H", "2D 3D 4D", "2S 3S 4S"]):
        position = apply(position, PassCards(seat, text))
    assert position.to_act == (1,)
    return position


def first_trick_played() -> GameState:
    """A hold hand of SUITS after its first trick (0:2C 1:2H 2:2D 3:2S): seats 1, 2 and 3
    showed they hold no club; seat 0 leads."""
    position = playing_state()
    for seat, text in ((0, "2C"), (1, "2H"), (2, "2D"), (3, "2S")):
        position = apply(position, PlayCard(seat, text))
    return position


def replays(position: GameState) -> GameState:
    """The position played again from the deal its cards imply, each action checked."""
    players = position.rules.players
    held = list(position.hands)
    for trick in position.tricks:
        for i, played in enumerate(trick.cards):
            held[trick.seat_of(i)] = held[trick.seat_of(i)] | CardSet([played])
    for i, played in enumerate(position.current_trick):
        seat = (position.leader + i) % players
        held[seat] = held[seat] | CardSet([played])
    exchanged = position.phase is not Phase.PASS and position.passes
    if exchanged:
        direction = position.pass_direction
        for giver, given in enumerate(position.passes):
            assert given is not None
            receiver = direction.receiver(giver, players)
            held[receiver] = held[receiver] - given
            held[giver] = held[giver] | given
    again = apply(
        new_game(position.rules, hand_number=position.hand_number, totals=position.totals),
        Deal(held),
    )
    for seat, given in enumerate(position.passes):
        if given is not None:
            again = apply(again, PassCards(seat, given))
    for trick in position.tricks:
        for i, played in enumerate(trick.cards):
            again = apply(again, PlayCard(trick.seat_of(i), played))
    for i, played in enumerate(position.current_trick):
        again = apply(again, PlayCard((position.leader + i) % players, played))
    assert again == position
    return again


def test_a_view_after_the_pass_keeps_the_passed_cards_with_their_receiver() -> None:
    view = observe(passed_and_playing(), 0)
    belief = Belief(view)
    first = consistent_state(view)
    samples = [first] + [belief.sample(random.Random(seed)) for seed in range(12)]
    for sample in samples:
        assert observe(sample, 0) == view
        replays(sample)
        assert cards("2C 3C 4C") <= sample.hands[1]  # what seat 0 gave seat 1
        assert sample.passes[0] == cards("2C 3C 4C")
        assert sample.passes[3] == cards("2S 3S 4S")  # what seat 0 received from 3
        # The passes hidden from seat 0 are three cards their receivers hold.
        for giver, receiver in ((1, 2), (2, 3)):
            given = sample.passes[giver]
            assert given is not None and len(given) == 3 and given <= sample.hands[receiver]
        assert sample.to_act == (1,)
        assert list(legal_actions(sample)) == [PlayCard(1, "2C")]
    # The first state in the fixed order takes, for each hidden pass, the first three
    # of its receiver's cards in card order.
    for giver, receiver in ((1, 2), (2, 3)):
        assert first.passes[giver] == CardSet(first.hands[receiver].cards()[:3])
    assert len({sample.hands[2] for sample in samples}) > 1


def test_a_view_while_passing_gives_a_state_where_the_same_seats_pass() -> None:
    position = passing_state()
    position = apply(position, PassCards(0, "2C 3C 4C"))
    position = apply(position, PassCards(2, "QD KD AD"))
    for seat in (0, 1):
        view = observe(position, seat)
        for sample in [consistent_state(view), resample(view, random.Random(seat))]:
            assert observe(sample, seat) == view
            assert sample.phase is Phase.PASS
            assert sample.to_act == (1, 3)
            assert sample.passes[1] is None and sample.passes[3] is None
            passed = sample.passes[2]
            assert passed is not None and len(passed) == 3 and passed <= sample.hands[2]
            assert legal_actions(sample, 0) == () and len(legal_actions(sample, 3)) == 286
            assert len(legal_actions(sample)) == 2 * 286
            after = apply(sample, PassCards(1, sample.hands[1].cards()[:3]))
            assert after.to_act == (3,)
            replays(sample)


def test_a_view_of_a_moon_choice_gives_the_position_itself() -> None:
    position = moon_state()  # every card is played: nothing is hidden
    for seat in range(4):
        view = observe(position, seat)
        assert consistent_state(view) == position
        sampled = resample(view, random.Random(seat))
        assert sampled == position
        assert sampled.phase is Phase.MOON and sampled.to_act == (0,)
        assert list(legal_actions(sampled)) == list(legal_actions(position))
        assert apply(sampled, ChooseMoon(0, MoonOption.ADD_TO_OTHERS)).totals == (0, 26, 26, 26)


def test_the_first_consistent_state_mid_hand_replays() -> None:
    position = first_trick_played()
    for seat in range(4):
        view = observe(position, seat)
        first = consistent_state(view)
        assert observe(first, seat) == view
        replays(first)
        assert first.to_act == (0,)
        assert legal_actions(first) == legal_actions(position)


def refused_view(view: PlayerView) -> str:
    with pytest.raises(InvalidStateError) as info:
        Belief(view)
    assert info.value.field == "view"
    return info.value.reason


def test_views_no_game_shows_are_refused_with_the_reason() -> None:
    view = observe(first_trick_played(), 0)
    # Seat 0 says it passed 3C to seat 1, which showed it holds no club.
    assert (
        refused_view(
            attrs.evolve(
                view,
                hand=view.hand - cards("3C"),
                passed=cards("3C 3H 4H"),
                pass_direction=PassDirection.LEFT,
            )
        )
        == "seat 1 holds a card its plays rule out"
    )
    # Seat 1 would hold the three cards seat 0 passed it, in a hand of two.
    short = attrs.evolve(
        view,
        hand_sizes=(12, 2, 12, 12),
        passed=cards("3H 4H 5H"),
        pass_direction=PassDirection.LEFT,
    )
    assert refused_view(short) == "seat 1 holds fewer cards than it must"
    assert (
        refused_view(attrs.evolve(view, hand_sizes=(12, 12, 12, 13)))
        == "the hand sizes do not fit the hidden cards"
    )
    # A club no seat may hold: the sizes add up, but no deal fits.
    assert (
        refused_view(attrs.evolve(view, hand=view.hand - cards("3C"), hand_sizes=(11, 13, 12, 12)))
        == "no deal of the hidden cards fits this view"
    )
    # Seat 0 passed the 2D, which seat 2 played.
    assert (
        refused_view(
            attrs.evolve(view, passed=cards("2D 3H 4H"), pass_direction=PassDirection.LEFT)
        )
        == "another seat played a card this seat passed"
    )
    before_play = observe(playing_state(), 0)  # seat 0 holds the 2C
    assert (
        refused_view(attrs.evolve(before_play, leader=2))
        == "seat 2 led first but could not hold the lead"
    )
    # Seat 1 follows clubs with the 4C after discarding the 2H on a club lead.
    seen_by_2 = observe(first_trick_played(), 2)
    assert (
        refused_view(
            attrs.evolve(seen_by_2, current_trick=(Card.parse("3C"), Card.parse("4C")), leader=0)
        )
        == "seat 1 could not have played 2H"
    )


def test_a_seat_whose_every_card_is_known_is_no_contradiction() -> None:
    view = observe(first_trick_played(), 0)
    # Seat 1 holds exactly the three cards seat 0 passed it; the others hold the rest.
    exact = attrs.evolve(
        view,
        passed=cards("3H 4H 5H"),
        pass_direction=PassDirection.LEFT,
        hand_sizes=(12, 3, 16, 17),
    )
    sample = Belief(exact).sample(random.Random(0))
    assert sample.hands[1] == cards("3H 4H 5H")
    assert len(sample.hands[2]) == 16 and len(sample.hands[3]) == 17


def test_a_play_the_first_trick_rules_forbid_is_refused_in_a_view() -> None:
    # Seat 1 discarded the 2H on the first trick, then the 5D: it held a card that
    # scores nothing, so the 2H was illegal.
    seen_by_2 = observe(first_trick_played(), 2)
    trick = (Card.parse("3C"), Card.parse("5D"))
    assert (
        refused_view(attrs.evolve(seen_by_2, current_trick=trick, leader=0))
        == "seat 1 could not have played 2H"
    )


def test_the_count_of_deals_after_a_first_trick_discard_is_worked_out_by_class() -> None:
    # Seat 0: 2C and 2D-KD; seat 1: the hearts; seat 2: 3C and 2S-KS; seat 3: 4C-AC, AD, AS.
    # First trick 0:2C 1:2H 2:3C 3:4C. Seat 1 discarded a heart on the first trick, so it
    # held only point cards. Seen by seat 0, the hidden cards are 13 point cards (3H-AH
    # and QS; seats 1, 2 and 3 may hold them) and 23 others (5C-AC, the other spades,
    # AD; seats 2 and 3 only); each seat holds 12. Seat 1 takes 12 of the 13 point
    # cards, C(13, 12) ways; seats 2 and 3 share the 24 cards left, C(24, 12) ways.
    hands = [
        "2C " + suit("D", RANKS[:-1]),
        suit("H"),
        "3C " + suit("S", RANKS[:-1]),
        suit("C", RANKS[2:]) + " AD AS",
    ]
    position = apply(new_game(hand_number=HOLD_HAND), Deal(hands))
    for seat, text in ((0, "2C"), (1, "2H"), (2, "3C"), (3, "4C")):
        position = apply(position, PlayCard(seat, text))
    view = observe(position, 0)
    belief = Belief(view)
    assert belief.size == math.comb(13, 12) * math.comb(24, 12) == 35_154_028
    points = cards(suit("H") + " QS")
    for seed in range(10):
        sample = belief.sample(random.Random(seed))
        assert observe(sample, 0) == view
        assert sample.hands[1] <= points
        replays(sample)
    first = consistent_state(view)
    assert observe(first, 0) == view and first.hands[1] <= points
    replays(first)


def test_nth_subset_takes_the_picked_subset_in_card_order() -> None:
    mask = cards("2C 5D 7H QS AS").mask
    listed = cards("2C 5D 7H QS AS").cards()
    expected = [CardSet(chosen) for chosen in itertools.combinations(listed, 3)]

    def picking(index: int) -> Callable[[int], int]:
        return lambda n: index

    found = [CardSet.from_mask(nth_subset(mask, 3, picking(i))) for i in range(10)]
    assert found == expected
    asked: list[int] = []

    def first(n: int) -> int:
        asked.append(n)
        return 0

    assert CardSet.from_mask(nth_subset(mask, 2, first)) == cards("2C 5D")
    assert asked == [10]  # C(5, 2) subsets to pick among
    assert belief_module._zero(7) == 0


# --- options -------------------------------------------------------------------------------


def test_receivers_list_each_seats_receiver_worked_by_hand() -> None:
    # Left gives to the next seat, right to the one before, across half-way round.
    assert PassDirection.LEFT.receivers(4) == (1, 2, 3, 0)
    assert PassDirection.RIGHT.receivers(3) == (2, 0, 1)
    assert PassDirection.ACROSS.receivers(6) == (3, 4, 5, 0, 1, 2)
    assert PassDirection.HOLD.receivers(5) == (0, 1, 2, 3, 4)


@pytest.mark.parametrize("players", range(1, 13))
@pytest.mark.parametrize("direction", list(PassDirection))
def test_receivers_agree_with_receiver_within_and_beyond_the_tables(
    direction: PassDirection, players: int
) -> None:
    # Up to eight seats come from the table made at import, more are worked out.
    expected = tuple(direction.receiver(seat, players) for seat in range(players))
    assert direction.receivers(players) == expected


def test_a_hands_context_carries_that_hands_pass_direction() -> None:
    # The classic cycle: left, right, across, hold, then left again.
    cycle = ["left", "right", "across", "hold", "left"]
    for hand_number, name in enumerate(cycle):
        state = new_game(hand_number=hand_number)
        assert state.context.pass_direction is PassDirection(name)
        assert HandContext(Rules(), hand_number, (0, 0, 0, 0)).pass_direction is PassDirection(name)
