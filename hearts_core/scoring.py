"""Scoring a finished hand and deciding whether the game is over.

Pure functions of the rules and the cards each seat took. A moon or sun shot
cancels positive points only: a negative bonus card (J♦ in Omnibus) still
counts for whoever took it, as in OpenSpiel.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import add, sub
from typing import Final

from hearts_core.errors import InvalidStateError
from hearts_core.rules.compiled import RuleTables
from hearts_core.rules.options import GameEnd, MoonOption, MoonScoring, SunScoring, TieRule
from hearts_core.rules.ruleset import FULL_POLISH_POINTS, Rules

__all__ = [
    "HandScore",
    "tricks_count",
    "moon_shooter",
    "score_hand",
    "moon_scores",
    "totals_after",
    "game_is_over",
    "counting_down_after",
    "start_problems",
]

# Enum members as module names: reading one off its class goes through the enum
# metaclass's attribute hook, several times slower; every play-out's scoring asks.
_ADD: Final = MoonOption.ADD_TO_OTHERS
_SUBTRACT: Final = MoonOption.SUBTRACT_FROM_SHOOTER
_MOON_OFF: Final = MoonScoring.OFF
_CHOOSES: Final = MoonScoring.SHOOTER_CHOOSES
_MOON_SUBTRACTS: Final = MoonScoring.SUBTRACT_FROM_SHOOTER
_AUTOMATIC: Final = MoonScoring.AUTOMATIC
_SUN_OFF: Final = SunScoring.OFF
_SUN_ADDS: Final = SunScoring.ADD_TO_OTHERS
_COUNT_DOWN: Final = GameEnd.COUNT_DOWN
_SHARED_WIN: Final = TieRule.SHARED_WIN


class HandScore:
    """What a hand scores before any moon choice: the raw points, and the shot if any.

    Attributes:
        points: Points each seat took in tricks.
        scores: What each seat scores for the hand (``None`` while a moon
            shooter still has to choose).
        shooter: The seat that shot the moon or the sun, if one did.
        sun: Whether the shot was a sun shot (every trick).
        option: How a moon shot was scored (``None`` for no moon, a sun, or a pending choice).

    >>> from hearts_core import Rules, CardSet
    >>> taken = [CardSet.parse("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS").mask, 0, 0, 0]
    >>> result = score_hand(Rules(moon="shooter-chooses"), taken, [13, 0, 0, 0], [0, 0, 0, 0])
    >>> result.points, result.scores, result.shooter
    ((26, 0, 0, 0), None, 0)
    """

    __slots__ = ("points", "scores", "shooter", "sun", "option")

    def __init__(
        self,
        points: tuple[int, ...],
        scores: tuple[int, ...] | None,
        shooter: int | None = None,
        sun: bool = False,
        option: MoonOption | None = None,
    ) -> None:
        self.points = points
        self.scores = scores
        self.shooter = shooter
        self.sun = sun
        self.option = option


def tricks_count(rules: Rules) -> bool:
    """Whether a hand's scores may hang on the tricks each seat won, beyond the points it
    took and a moon: under a sun rule, or a bonus for taking no trick. Otherwise hands that
    nobody shot with the same points score the same, which the play-outs use to score each
    way the points fall once.

    >>> from hearts_core import Rules
    >>> tricks_count(Rules()), tricks_count(Rules(sun="add-to-others"))
    (False, True)
    """
    return rules.sun is not _SUN_OFF or bool(rules.no_tricks_bonus)


def moon_shooter(tables: RuleTables, taken: Sequence[int]) -> int | None:
    """The seat whose taken cards (``taken``, one mask per seat) hold every card the moon
    needs, if one does.

    >>> from hearts_core import CardSet, Rules
    >>> taken = [0, CardSet.parse("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS").mask, 0, 0]
    >>> moon_shooter(Rules().tables(), taken), moon_shooter(Rules().tables(), [0, 0, 0, 0])
    (1, None)
    """
    need = tables.moon_mask
    for seat, mask in enumerate(taken):
        if mask & need == need:
            return seat
    return None


def _bonus_points(rules: Rules, taken: Sequence[int]) -> list[int]:
    # The points of the cards outside the positive ones (J♦ in Omnibus), which a shot keeps.
    tables = rules.tables()
    return [tables.points_of(mask & ~tables.point_mask) for mask in taken]


def moon_scores(
    rules: Rules, taken: Sequence[int], shooter: int, option: MoonOption, *, sun: bool = False
) -> tuple[int, ...]:
    """Hand scores when ``shooter`` shot the moon (or the sun, with ``sun``) scored by
    ``option``: :attr:`~hearts_core.Rules.moon_amount` at stake (``sun_points`` for the sun).

    >>> from hearts_core import Rules, CardSet, MoonOption
    >>> taken = [CardSet.parse("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS").mask, 0, 0, 0]
    >>> moon_scores(Rules(), taken, 0, MoonOption.ADD_TO_OTHERS)
    (0, 26, 26, 26)
    >>> moon_scores(Rules(), taken, 0, MoonOption.SUBTRACT_FROM_SHOOTER)
    (-26, 0, 0, 0)
    """
    amount = rules.sun_points if sun else rules.moon_amount
    kept = _bonus_points(rules, taken)
    if option is _ADD:
        kept = [bonus + (0 if seat == shooter else amount) for seat, bonus in enumerate(kept)]
    else:
        kept = [bonus - (amount if seat == shooter else 0) for seat, bonus in enumerate(kept)]
    return tuple(kept)


def score_hand(
    rules: Rules,
    taken: Sequence[int],
    tricks_won: Sequence[int],
    totals: Sequence[int],
    counting_down: bool = False,
) -> HandScore:
    """Score a finished hand from the cards and the number of tricks each seat took.

    ``totals`` are the scores before the hand, and ``counting_down`` whether the hand's
    scores are subtracted from them: the automatic moon rule needs both. Trick counts or
    totals for another number of seats than ``taken`` are refused with
    :class:`~hearts_core.errors.InvalidStateError` (its ``field`` names which).

    >>> from hearts_core import Rules, CardSet
    >>> taken = [CardSet.parse("QS 2H").mask, CardSet.parse("3H").mask, 0, 0]
    >>> score_hand(Rules(), taken, [7, 6, 0, 0], [0, 0, 0, 0]).scores
    (14, 1, 0, 0)
    """
    seats = len(taken)
    if len(tricks_won) != seats or len(totals) != seats:  # no seat may drop out unseen
        short = len(tricks_won) != seats
        field, values = ("tricks_won", tricks_won) if short else ("totals", totals)
        raise InvalidStateError(field, f"{len(values)} values for {seats} seats' cards taken")
    tables = rules.tables()
    points_of = tables.points_of
    points = tuple([points_of(mask) for mask in taken])
    count = tables.hand_size
    if rules.sun is not _SUN_OFF:
        for seat, won in enumerate(tricks_won):
            if won == count:
                option = _ADD if rules.sun is _SUN_ADDS else _SUBTRACT
                scores = moon_scores(rules, taken, seat, option, sun=True)
                return HandScore(points, scores, seat, sun=True)
    if rules.moon is not _MOON_OFF:
        shooter = moon_shooter(tables, taken)
        if shooter is not None:
            return _moon(rules, taken, points, shooter, totals, counting_down)
    scores = points
    if rules.no_tricks_bonus:
        bonus = rules.no_tricks_bonus
        scores = tuple(
            [p + (bonus if won == 0 else 0) for p, won in zip(points, tricks_won, strict=True)]
        )
    return HandScore(points, scores)


def _moon(
    rules: Rules,
    taken: Sequence[int],
    points: tuple[int, ...],
    shooter: int,
    totals: Sequence[int],
    counting_down: bool,
) -> HandScore:
    moon = rules.moon
    if moon is _CHOOSES:
        return HandScore(points, None, shooter)
    if moon is _MOON_SUBTRACTS:
        option = _SUBTRACT
    else:
        option = _ADD
        if moon is _AUTOMATIC:
            # Adding is the default, unless it would end the game with the shooter
            # losing: its total above the lowest. (Tied for the lowest, when the tie
            # rule lets the game end on a tie, it shares the win: that is not losing.)
            scores = moon_scores(rules, taken, shooter, option)
            added = totals_after(rules, totals, scores, counting_down)
            if game_is_over(rules, added, counting_down) and added[shooter] > min(added):
                option = _SUBTRACT
    scores = moon_scores(rules, taken, shooter, option)
    return HandScore(points, scores, shooter, option=option)


def _sole_lowest(totals: Sequence[int]) -> int | None:
    low = min(totals)
    return totals.index(low) if list(totals).count(low) == 1 else None


def totals_after(
    rules: Rules, totals: Sequence[int], scores: Sequence[int], counting_down: bool = False
) -> tuple[int, ...]:
    """The totals after a hand's scores: added, or subtracted while ``counting_down``.

    While counting up, a total of exactly the target halves (``exact_target_halves``) and a
    total of ``target_score - 1`` that scores exactly :data:`FULL_POLISH_POINTS` ends on
    ``target_score - 2`` (``full_polish``). Scores for another number of seats than the
    totals are refused with :class:`~hearts_core.errors.InvalidStateError` (field ``scores``).

    >>> from hearts_core import Rules
    >>> totals_after(Rules(exact_target_halves=True), [90, 80, 0, 0], [10, 5, 11, 0])
    (50, 85, 11, 0)
    >>> totals_after(Rules(game_end="count-down", target_score=50), [55, 60, 4, 9],
    ...              [5, 0, 6, 4], counting_down=True)
    (50, 60, -2, 5)
    """
    if len(totals) != len(scores):
        raise InvalidStateError("scores", f"{len(scores)} scores for {len(totals)} totals")
    # map over operator's functions: no Python frame per seat, as a comprehension makes one.
    if counting_down:
        return tuple(map(sub, totals, scores))
    new = list(map(add, totals, scores))
    if not (rules.full_polish or rules.exact_target_halves):
        return tuple(new)
    target = rules.target_score
    if rules.full_polish:
        for seat, before in enumerate(totals):
            if before == target - 1 and scores[seat] == FULL_POLISH_POINTS:
                new[seat] = target - 2
    if rules.exact_target_halves:
        new = [target // 2 if t == target else t for t in new]
    return tuple(new)


def game_is_over(rules: Rules, totals: Sequence[int], counting_down: bool = False) -> bool:
    """Whether the game ends with these totals after a hand (``counting_down``: a hand of a
    count-down game whose scores were subtracted).

    A game to the target ends once a total reaches it; a count-down game ends once a
    total is 0 or below while counting down. Either way, with several seats on the lowest
    total, ``tie = "play-on"`` plays on. A single-hand game ends after its hand.

    >>> from hearts_core import Rules
    >>> game_is_over(Rules(), [100, 50, 50, 60]), game_is_over(Rules(), [100, 40, 50, 60])
    (False, True)
    >>> dutch = Rules(game_end="count-down", target_score=50)
    >>> game_is_over(dutch, [60, 12, 5, 0]), game_is_over(dutch, [60, 12, 5, 0], True)
    (False, True)
    """
    if rules.single_hand:
        return True
    if rules.game_end is _COUNT_DOWN:
        if not counting_down or min(totals) > 0:
            return False
    elif max(totals) < rules.target_score:
        return False
    return rules.tie is _SHARED_WIN or _sole_lowest(totals) is not None


def counting_down_after(rules: Rules, totals: Sequence[int], counting_down: bool = False) -> bool:
    """Whether the hand after one that left ``totals`` counts down (``counting_down``:
    whether that hand did): a count-down game counts down from the hand after some total
    reaches the target, to the end.

    >>> from hearts_core import Rules
    >>> dutch = Rules(game_end="count-down", target_score=50)
    >>> counting_down_after(dutch, [49, 20, 0, 3], False), counting_down_after(
    ...     dutch, [50, 20, 0, 3], False), counting_down_after(Rules(), [100, 0, 0, 0], False)
    (False, True, False)
    """
    if counting_down:
        return True
    return rules.game_end is _COUNT_DOWN and max(totals) >= rules.target_score


def start_problems(
    rules: Rules, hand_number: int, totals: Sequence[int], counting_down: bool, over: bool
) -> list[tuple[str, str]]:
    """What is wrong with a game standing at ``hand_number`` with ``totals`` and
    ``counting_down`` (``over``: after its last hand), as ``(field, message)`` pairs; empty
    when a game can stand there. :func:`~hearts_core.new_game` raises the first, and the
    loaders of :mod:`hearts_core.io` report them all, so both refuse the same positions.

    >>> from hearts_core import Rules
    >>> start_problems(Rules(), 3, [100, 20, 30, 40], False, over=False)
    [('totals', '(100, 20, 30, 40) have already ended the game')]
    >>> dutch = Rules(game_end="count-down", target_score=50)
    >>> field, message = start_problems(dutch, 5, [55, 30, 10, 20], False, over=False)[0]
    >>> print(field, message, sep=": ")
    counting_down: totals (55, 30, 10, 20) have reached the target 50, so the game counts down
    >>> start_problems(dutch, 9, [-3, 30, 10, 55], True, over=True)
    []
    >>> start_problems(dutch, 6, [55, 0, 20, 30], True, over=False)  # hand 5 reached 50
    []
    >>> start_problems(dutch, 9, [45, 0, 20, 30], True, over=False)
    [('totals', '(45, 0, 20, 30) have already ended the game')]
    """
    start = tuple(totals)
    # The commonest start, cheaply: counting up, every total below the target, so
    # nothing below can object.
    if not (over or counting_down or rules.single_hand) and max(start) < rules.target_score:
        return []
    problems: list[tuple[str, str]] = []
    if rules.single_hand and hand_number != 0:
        problems.append(
            ("hand_number", f"a single-hand game has only hand 0, not hand {hand_number}")
        )
    if counting_down and rules.game_end is not _COUNT_DOWN:
        problems.append(("counting_down", "only a count-down game counts down"))
    elif not counting_down and counting_down_after(rules, start):
        problems.append(
            (
                "counting_down",
                f"totals {start} have reached the target {rules.target_score}, "
                "so the game counts down",
            )
        )
    ended = game_is_over(rules, start, counting_down)
    # The first subtracted hand follows the hand that reached the target, which was
    # added: a total of 0 then ended nothing. Totals at or over the target may stand
    # there, so only totals all below it prove that the hand before was subtracted.
    turning = counting_down and max(start) >= rules.target_score
    if over and not ended:
        problems.append(("phase", f"the game cannot be over: no total in {start} ends it"))
    elif not over and ended and not rules.single_hand and not turning:
        problems.append(("totals", f"{start} have already ended the game"))
    return problems
