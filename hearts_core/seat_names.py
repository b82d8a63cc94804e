"""Names for the seats, for people: North, East, South and West at a table of four.

The engine numbers the seats ``0`` to ``players - 1`` in playing order (seat
``s + 1`` plays after seat ``s``, and passing left gives to it). People read
names instead. :func:`seat_names` seats the players evenly round a table,
clockwise from seat 0 at North, and names each seat after the nearest of the
eight points of the compass:

| players | seats 0, 1, 2, ...                                      |
| ------- | ------------------------------------------------------- |
| 3       | North, Southeast, Southwest                             |
| 4       | North, East, South, West                                |
| 5       | North, East, Southeast, Southwest, West                 |
| 6       | North, Northeast, Southeast, South, Southwest, Northwest |

Clockwise is the direction of play: facing the table from North, East is on
your left, so North passes left to East.

The library's messages name seats by number ("seat 2 must follow clubs");
:func:`name_seats` rewrites them with names for display, in the second person
for the seat a program addresses as "you".

>>> seat_names(4)
('North', 'East', 'South', 'West')
>>> name_seats("seat 2 must follow clubs and holds 4C", seat_names(4))
'South must follow clubs and holds 4C'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from hearts_core.errors import InvalidRulesError
from hearts_core.rules.fields import LIMITS

__all__ = ["seat_names", "name_seats"]

_NAMES: Final[dict[int, tuple[str, ...]]] = {
    3: ("North", "Southeast", "Southwest"),
    4: ("North", "East", "South", "West"),
    5: ("North", "East", "Southeast", "Southwest", "West"),
    6: ("North", "Northeast", "Southeast", "South", "Southwest", "Northwest"),
}

_SEAT: Final = re.compile(r"\bseat (\d{1,2})('s)?(?![\w'])")

# The library's messages speak of a seat in the third person. Said to the seat
# itself, as "you", these words change (each pattern is tried once "you" is in).
_SECOND_PERSON: Final = (
    (re.compile(r"\b([Yy]ou) does\b"), r"\1 do"),
    (re.compile(r"\b([Yy]ou) has\b"), r"\1 have"),
    (re.compile(r"\b([Yy]ou) holds\b"), r"\1 hold"),
    (re.compile(r"\b([Yy]ou) is\b"), r"\1 are"),
    (re.compile(r"\b([Yy]ou) gets\b"), r"\1 get"),
    (re.compile(r"\b([Yy]ou) shot the moon and chooses\b"), r"\1 shot the moon and choose"),
    (re.compile(r"\bitself\b"), "yourself"),
)
# Said of the subject: only when the message starts with "You".
_SUBJECT: Final = (
    (re.compile(r"\band holds\b"), "and hold"),
    (re.compile(r"\bit holds\b"), "you hold"),
)


def seat_names(players: int) -> tuple[str, ...]:
    """The name of each seat at a table of ``players`` (3 to 6), seat 0 first.

    The seats sit evenly round the table, clockwise in playing order from
    North; each is named after the nearest compass point (see the module's
    table).

    Raises:
        InvalidRulesError: if no ruleset has that many players.

    >>> seat_names(4)
    ('North', 'East', 'South', 'West')
    >>> seat_names(3)
    ('North', 'Southeast', 'Southwest')
    >>> seat_names(6)[3]
    'South'
    >>> seat_names(7)
    Traceback (most recent call last):
    ...
    hearts_core.errors.InvalidRulesError: players: must be between 3 and 6, not 7
    """
    low, high = LIMITS["players"]
    if type(players) is not int:
        raise InvalidRulesError("players", f"must be an integer, not {type(players).__name__}")
    if players not in _NAMES:
        raise InvalidRulesError("players", f"must be between {low} and {high}, not {players}")
    return _NAMES[players]


def name_seats(text: str, names: Sequence[str], you: int | None = None) -> str:
    """``text`` with each ``seat N`` replaced by ``names[N]``, for display.

    The library's error messages and events name seats by number; a program
    that shows names (:func:`seat_names`, or players' names) passes its names
    here. ``seat N's`` becomes the name with ``'s``. A number that is not a
    seat of ``names`` is left as it is.

    ``you`` is the seat addressed in the second person, whatever its name:
    ``seat N`` becomes "you" (capitalised at the start of the text or of a
    sentence or clause after a colon), its possessive "your" or "yours", and
    the verbs of the library's messages agree ("you do not hold", "you must
    follow clubs and hold").

    >>> names = seat_names(4)
    >>> name_seats("it is seat 3's turn to play, not seat 1's", names)
    "it is West's turn to play, not East's"
    >>> name_seats("seat 0 does not hold QS", names, you=0)
    'You do not hold QS'
    >>> name_seats("seat 0 must follow clubs and holds 3C, KC", names, you=0)
    'You must follow clubs and hold 3C, KC'
    >>> name_seats("it is seat 2's turn to play, not seat 0's", names, you=0)
    "it is South's turn to play, not yours"
    >>> name_seats("no seat 7 here", names)
    'no seat 7 here'
    """
    addressed = False

    def replace(match: re.Match[str]) -> str:
        nonlocal addressed
        seat = int(match[1])
        if not 0 <= seat < len(names):
            return match[0]
        if seat != you:
            return names[seat] + (match[2] or "")
        addressed = True
        if match[2]:
            word = "your" if re.match(r"\s+\w", text[match.end() :]) else "yours"
        else:
            word = "you"
        before = text[: match.start()].rstrip()
        if not before or before.endswith((".", ":", "!", "?")):
            word = word.capitalize()
        return word

    named = _SEAT.sub(replace, text)
    if not addressed:
        return named
    for pattern, replacement in _SECOND_PERSON:
        named = pattern.sub(replacement, named)
    if named.startswith("You "):
        for pattern, replacement in _SUBJECT:
            named = pattern.sub(replacement, named)
    return named
