"""Scoring a finished hand: moons and suns, bonuses, and the end of the game."""

from __future__ import annotations

import pytest

from hearts_core import CardSet, InvalidStateError, MoonOption, Rules
from hearts_core.scoring import game_is_over, score_hand, start_problems, totals_after

# --- Pins for hearts_core.scoring, found by mutation testing (docs/mutation.md) -----------

# Seat 0 took every heart and Q♠ (the moon, 26 points at stake); seat 1 took two clubs.
MOON = [
    CardSet.parse("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS").mask,
    CardSet.parse("2C 3C").mask,
    0,
    0,
]
TRICKS = [10, 1, 1, 1]
DUTCH_AUTOMATIC = Rules(moon="automatic", game_end="count-down", target_score=50)


def test_automatic_moon_while_counting_down_subtracts_when_adding_would_end_the_game() -> None:
    # Adding 26 to the others while counting down takes seat 1 from 20 to -6: the game
    # ends with seat 1 alone lowest, and the shooter (60) losing. So it subtracts.
    result = score_hand(DUTCH_AUTOMATIC, MOON, TRICKS, [60, 20, 30, 40], counting_down=True)
    assert result.shooter == 0
    assert result.option is MoonOption.SUBTRACT_FROM_SHOOTER
    assert result.scores == (-26, 0, 0, 0)


def test_automatic_moon_before_the_count_down_adds() -> None:
    # The same totals before the count-down starts: adding counts up (seat 1 to 46), and
    # a count-down game ends only while counting down, so adding ends nothing.
    result = score_hand(DUTCH_AUTOMATIC, MOON, TRICKS, [60, 20, 30, 40], counting_down=False)
    assert result.option is MoonOption.ADD_TO_OTHERS
    assert result.scores == (0, 26, 26, 26)


def test_automatic_moon_to_the_target_names_the_option_it_took() -> None:
    rules = Rules(moon="automatic")
    # Adding leaves 85, 101, 86, 76: the game ends and the shooter (85) is above seat 3.
    subtracted = score_hand(rules, MOON, TRICKS, [85, 75, 60, 50])
    assert subtracted.option is MoonOption.SUBTRACT_FROM_SHOOTER
    assert subtracted.scores == (-26, 0, 0, 0)
    # Adding leaves 80, 106, 116, 101: the game ends with the shooter lowest, so it adds.
    added = score_hand(rules, MOON, TRICKS, [80, 80, 90, 75])
    assert added.option is MoonOption.ADD_TO_OTHERS
    assert added.scores == (0, 26, 26, 26)


@pytest.mark.parametrize("counting_down", [False, True])
def test_totals_after_refuses_scores_for_a_different_number_of_seats(counting_down: bool) -> None:
    # One score short: a seat's total must not silently drop out of the game.
    rules = Rules(game_end="count-down", target_score=50) if counting_down else Rules()
    with pytest.raises(InvalidStateError) as short:
        totals_after(rules, [60, 20, 30, 40], [1, 2, 3], counting_down)
    with pytest.raises(InvalidStateError) as long:
        totals_after(rules, [60, 20, 30], [1, 2, 3, 4], counting_down)
    for error in (short.value, long.value):
        assert error.field == "scores"
        assert "3" in error.reason and "4" in error.reason  # the reason gives both lengths


def test_score_hand_refuses_trick_counts_for_a_different_number_of_seats() -> None:
    rules = Rules(no_tricks_bonus=-5)
    taken = [CardSet.parse("QS").mask, CardSet.parse("2H").mask, 0, 0]
    with pytest.raises(InvalidStateError) as tricks:
        score_hand(rules, taken, [7, 6, 0], [0, 0, 0, 0])
    assert tricks.value.field == "tricks_won" and "3 values for 4 seats" in tricks.value.reason
    with pytest.raises(InvalidStateError) as totals:
        score_hand(Rules(), taken, [7, 6, 0, 0], [0, 0, 0, 0, 0])
    assert totals.value.field == "totals" and "5 values for 4 seats" in totals.value.reason


@pytest.mark.parametrize("seat", [0, 2])
def test_a_sun_shot_names_its_shooter_and_is_a_sun(seat: int) -> None:
    # The seat took all 13 tricks, so every card: 26 points, and the sun (52) to the others.
    taken = [0, 0, 0, 0]
    taken[seat] = Rules().deck.mask
    tricks = [0, 0, 0, 0]
    tricks[seat] = 13
    result = score_hand(Rules(sun="add-to-others"), taken, tricks, [0, 0, 0, 0])
    assert result.shooter == seat
    assert result.sun is True
    assert result.option is None  # the option names how a moon shot was scored
    assert result.points == tuple(26 if s == seat else 0 for s in range(4))
    assert result.scores == tuple(0 if s == seat else 52 for s in range(4))


def test_a_moon_shot_is_not_a_sun() -> None:
    result = score_hand(Rules(sun="add-to-others"), MOON, TRICKS, [0, 0, 0, 0])
    assert result.shooter == 0
    assert result.sun is False
    assert result.scores == (0, 26, 26, 26)


def test_a_game_to_the_target_cannot_stand_counting_down() -> None:
    problems = start_problems(Rules(), 2, [10, 20, 30, 40], True, over=False)
    assert problems == [("counting_down", "only a count-down game counts down")]


def test_a_count_down_game_ends_at_zero_not_at_one() -> None:
    assert not game_is_over(DUTCH_AUTOMATIC, [60, 1, 20, 30], counting_down=True)
    assert game_is_over(DUTCH_AUTOMATIC, [60, 0, 20, 30], counting_down=True)


def test_a_game_no_total_ends_cannot_stand_over() -> None:
    problems = start_problems(Rules(), 4, [10, 20, 30, 40], False, over=True)
    assert problems == [("phase", "the game cannot be over: no total in (10, 20, 30, 40) ends it")]
