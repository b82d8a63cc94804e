"""How each :class:`~hearts_core.Rules` field is checked as it is assigned, and the limits
on its numbers.

Each field of ``Rules`` has a converter here that accepts the field's type (and a
few conveniences for Python callers, such as an option's text for its enum member)
and raises :class:`~hearts_core.InvalidRulesError` naming the field for anything
else. Plain data read from files goes through :func:`plain_problem` first, which
refuses those conveniences.

>>> to_int("players", 4)
4
>>> to_int("players", "4")
Traceback (most recent call last):
...
hearts_core.errors.InvalidRulesError: players: must be an integer, not '4'
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from typing import Any, Final, TypeVar

from hearts_core.cards import Card, CardSet, Rank
from hearts_core.errors import InvalidCardError, InvalidRulesError
from hearts_core.rules.options import (
    FirstLead,
    GameEnd,
    HeartPoints,
    MoonRequires,
    MoonScoring,
    PassDirection,
    SunScoring,
    TieRule,
)

__all__ = [
    "LIMITS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "shown",
    "to_choice",
    "to_int",
    "to_optional_int",
    "to_bool",
    "to_rank",
    "to_removed",
    "to_directions",
    "to_card_values",
    "plain_problem",
]

MIN_PLAYERS: Final = 3
"""The fewest seats any ruleset has."""
MAX_PLAYERS: Final = 6
"""The most seats any ruleset has."""

LIMITS: Final[Mapping[str, tuple[int, int]]] = {
    "players": (MIN_PLAYERS, MAX_PLAYERS),
    "pass_count": (1, 17),
    "pass_cycle": (1, 64),
    "card_points": (-1000, 1000),
    "moon_points": (1, 10_000),
    "sun_points": (1, 10_000),
    "no_tricks_bonus": (-10_000, 10_000),
    "target_score": (1, 1_000_000),
}
"""The range of each number in a ruleset, lowest and highest allowed (``pass_cycle``: its
length; ``card_points``: each value of ``card_values``). Bounded numbers keep every
total and message a program prints short, whatever a variant file says."""


_E = TypeVar("_E", bound=enum.Enum)


def shown(value: object) -> str:
    """A short text for a refused value, whatever its size.

    >>> shown("x" * 100)[-4:], shown(10**5000), shown([1, 2])
    ('x...', 'a very large integer', 'a list')
    """
    if type(value) is int and not -(10**15) < value < 10**15:
        return "a very large integer"
    if value is None or isinstance(value, bool | int | float | str | enum.Enum):
        text = repr(value)
        return text if len(text) <= 40 else text[:40] + "..."
    return f"a {type(value).__name__}"


# --- field converters: each checks one field as it is assigned -------------------


def to_choice(kind: type[_E], name: str, value: object) -> _E:
    """Field ``name``'s value: a member of ``kind``, or its text.

    >>> from hearts_core.rules import MoonScoring
    >>> to_choice(MoonScoring, "moon", "off")
    <MoonScoring.OFF: 'off'>
    """
    if isinstance(value, kind):
        return value
    if isinstance(value, str):
        for member in kind:
            if member.value == value:
                return member
    choices = ", ".join(str(member.value) for member in kind)
    raise InvalidRulesError(name, f"must be one of {choices}, not {shown(value)}")


def to_int(name: str, value: object) -> int:
    """The integer field ``name``'s value, within its :data:`LIMITS`.

    >>> to_int("target_score", 0)
    Traceback (most recent call last):
    ...
    hearts_core.errors.InvalidRulesError: target_score: must be between 1 and 1000000, not 0
    """
    if type(value) is not int:
        raise InvalidRulesError(name, f"must be an integer, not {shown(value)}")
    low, high = LIMITS[name]
    if not low <= value <= high:
        raise InvalidRulesError(name, f"must be between {low} and {high}, not {shown(value)}")
    return value


def to_optional_int(name: str, value: object) -> int | None:
    """Like :func:`to_int`, with ``None`` allowed too.

    >>> to_optional_int("moon_points", None) is None
    True
    """
    return None if value is None else to_int(name, value)


def to_bool(name: str, value: object) -> bool:
    """The true-or-false field ``name``'s value: ``1`` is not ``True``.

    >>> to_bool("single_hand", 1)
    Traceback (most recent call last):
    ...
    hearts_core.errors.InvalidRulesError: single_hand: must be true or false, not 1
    """
    if type(value) is not bool:
        raise InvalidRulesError(name, f"must be true or false, not {shown(value)}")
    return value


def to_rank(value: object) -> Rank:
    """The converter of ``lowest_rank``: 2 (52 cards) or 7 (32 cards).

    >>> to_rank(7)
    <Rank.SEVEN: 7>
    """
    if type(value) in (Rank, int) and value in (2, 7):
        return Rank(value)
    raise InvalidRulesError(
        "lowest_rank", f"must be 2 (52 cards) or 7 (32 cards), not {shown(value)}"
    )


def _card(value: object, name: str) -> Card:
    if type(value) is Card:
        return value
    if isinstance(value, str) and len(value) <= 8:
        try:
            return Card.parse(value)
        except InvalidCardError:
            pass
    raise InvalidRulesError(name, f"not a card: {shown(value)}")


def to_removed(value: object) -> CardSet:
    """The converter of ``removed_cards``: a ``CardSet``, a list of cards or card texts, or
    one text listing them.

    >>> to_removed(["2D", "3D"]), to_removed("2C 2D")
    (CardSet.parse('2D 3D'), CardSet.parse('2C 2D'))
    """
    if type(value) is CardSet:
        return value
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if not isinstance(value, list | tuple | frozenset | set):
        raise InvalidRulesError("removed_cards", f"must be a list of cards, not {shown(value)}")
    if len(value) > 52:
        raise InvalidRulesError("removed_cards", "lists more cards than a deck holds")
    cards = [_card(item, "removed_cards") for item in value]
    found = CardSet(cards)
    if len(found) != len(cards):
        raise InvalidRulesError("removed_cards", "lists a card twice")
    return found


def to_directions(value: object) -> tuple[PassDirection, ...]:
    """The converter of ``pass_cycle``: a list of directions, at most
    ``LIMITS["pass_cycle"][1]`` long.

    >>> [d.value for d in to_directions(["left", "hold"])]
    ['left', 'hold']
    """
    if not isinstance(value, list | tuple):
        raise InvalidRulesError("pass_cycle", f"must be a list of directions, not {shown(value)}")
    low, high = LIMITS["pass_cycle"]
    if not low <= len(value) <= high:
        raise InvalidRulesError(
            "pass_cycle", f"must name {low} to {high} directions, not {len(value)}"
        )
    return tuple(to_choice(PassDirection, "pass_cycle", item) for item in value)


def to_card_values(value: object) -> tuple[tuple[Card, int], ...]:
    """The converter of ``card_values``: a table of card = points, sorted by card.

    >>> to_card_values({"QS": 13, "JD": -10})
    ((Card.parse('JD'), -10), (Card.parse('QS'), 13))
    """
    items: Iterable[Any]
    if isinstance(value, Mapping):
        items = value.items()
    elif isinstance(value, tuple) and all(isinstance(p, tuple) and len(p) == 2 for p in value):
        items = value
    else:
        raise InvalidRulesError(
            "card_values", f"must be a table of card = points, not {shown(value)}"
        )
    if len(value) > 52:
        raise InvalidRulesError("card_values", "lists more cards than a deck holds")
    low, high = LIMITS["card_points"]
    found: dict[Card, int] = {}
    for key, points in items:
        card = _card(key, "card_values")
        if type(points) is not int:
            raise InvalidRulesError(
                "card_values", f"{card} must score an integer, not {shown(points)}"
            )
        if not low <= points <= high:
            raise InvalidRulesError(
                "card_values", f"{card} must score between {low} and {high}, not {shown(points)}"
            )
        if card in found:
            raise InvalidRulesError("card_values", f"{card} is listed twice")
        found[card] = points
    return tuple(sorted(found.items()))


def plain_problem(name: str, value: object) -> str | None:
    """Why ``value`` is not plain data for field ``name``, or ``None``.

    The converters also take Python conveniences that plain data from a file
    must not use: one text of several cards for ``removed_cards``, card keys or
    pairs for ``card_values``.

    >>> plain_problem("removed_cards", "2D"), plain_problem("removed_cards", ["2D"])
    ("must be a list of card texts, not '2D'", None)
    """
    if name == "removed_cards":
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            return f"must be a list of card texts, not {shown(value)}"
    elif name == "card_values":
        if not isinstance(value, Mapping):
            return f"must be a table of card = points, not {shown(value)}"
        for key in value:
            if not isinstance(key, str):
                return f"its keys are card texts such as QS, not {shown(key)}"
    return None


# --- one converter per field, named for the attrs plugin of mypy ------------------


def to_players(value: object) -> int:
    """The converter of ``players``."""
    return to_int("players", value)


def to_pass_count(value: object) -> int:
    """The converter of ``pass_count``."""
    return to_int("pass_count", value)


def to_first_lead(value: object) -> FirstLead:
    """The converter of ``first_lead``."""
    return to_choice(FirstLead, "first_lead", value)


def to_points_on_first_trick(value: object) -> bool:
    """The converter of ``points_on_first_trick``."""
    return to_bool("points_on_first_trick", value)


def to_must_break_hearts(value: object) -> bool:
    """The converter of ``must_break_hearts``."""
    return to_bool("must_break_hearts", value)


def to_queen_breaks_hearts(value: object) -> bool:
    """The converter of ``queen_breaks_hearts``."""
    return to_bool("queen_breaks_hearts", value)


def to_only_discards_break_hearts(value: object) -> bool:
    """The converter of ``only_discards_break_hearts``."""
    return to_bool("only_discards_break_hearts", value)


def to_lead_hearts_instead_of_queen(value: object) -> bool:
    """The converter of ``lead_hearts_instead_of_queen``."""
    return to_bool("lead_hearts_instead_of_queen", value)


def to_queen_waits_for_hearts(value: object) -> bool:
    """The converter of ``queen_waits_for_hearts``."""
    return to_bool("queen_waits_for_hearts", value)


def to_heart_points(value: object) -> HeartPoints:
    """The converter of ``heart_points``."""
    return to_choice(HeartPoints, "heart_points", value)


def to_moon(value: object) -> MoonScoring:
    """The converter of ``moon``."""
    return to_choice(MoonScoring, "moon", value)


def to_moon_requires(value: object) -> MoonRequires:
    """The converter of ``moon_requires``."""
    return to_choice(MoonRequires, "moon_requires", value)


def to_moon_points(value: object) -> int | None:
    """The converter of ``moon_points``."""
    return to_optional_int("moon_points", value)


def to_sun(value: object) -> SunScoring:
    """The converter of ``sun``."""
    return to_choice(SunScoring, "sun", value)


def to_sun_points(value: object) -> int:
    """The converter of ``sun_points``."""
    return to_int("sun_points", value)


def to_no_tricks_bonus(value: object) -> int:
    """The converter of ``no_tricks_bonus``."""
    return to_int("no_tricks_bonus", value)


def to_target_score(value: object) -> int:
    """The converter of ``target_score``."""
    return to_int("target_score", value)


def to_game_end(value: object) -> GameEnd:
    """The converter of ``game_end``."""
    return to_choice(GameEnd, "game_end", value)


def to_single_hand(value: object) -> bool:
    """The converter of ``single_hand``."""
    return to_bool("single_hand", value)


def to_exact_target_halves(value: object) -> bool:
    """The converter of ``exact_target_halves``."""
    return to_bool("exact_target_halves", value)


def to_full_polish(value: object) -> bool:
    """The converter of ``full_polish``."""
    return to_bool("full_polish", value)


def to_tie(value: object) -> TieRule:
    """The converter of ``tie``."""
    return to_choice(TieRule, "tie", value)
