"""The form of a view the belief sampler reads: each field of the type and size it must be,
checked before :class:`~hearts_core.belief.Belief` reads any of them.
"""

from __future__ import annotations

from hearts_core.cards import Card, CardSet
from hearts_core.observation import PlayerView
from hearts_core.rules import Rules, is_seat
from hearts_core.rules.options import PassDirection
from hearts_core.state import Phase, Trick

__all__ = ["form_problem"]


def _is_cards(value: object) -> bool:
    return type(value) is tuple and all(type(card) is Card for card in value)


def form_problem(view: object) -> str | None:
    """What is wrong with the types or sizes of ``view``'s fields, as a sentence about the
    view; ``None`` when the belief sampler can read it. A view built by hand rather than
    by :func:`~hearts_core.observe` or the view loader may have any field wrong.

    >>> from hearts_core import new_game, observe
    >>> form_problem(observe(new_game(), 0)) is None, form_problem("view")
    (True, 'not a PlayerView')
    """
    if type(view) is not PlayerView:
        return "not a PlayerView"
    if type(view.rules) is not Rules or type(view.phase) is not Phase:
        return "its rules or phase have the wrong type"
    players = view.rules.players
    if not is_seat(view.seat, players) or not is_seat(view.leader, players):
        return "its seat or leader is not a seat at the table"
    numbers = (view.hand_sizes, view.totals, view.hand_points)
    if any(type(n) is not tuple or len(n) != players for n in numbers) or not all(
        type(x) is int for n in numbers for x in n
    ):
        return f"its hand sizes, totals and hand points must be {players} integers each"
    if type(view.hand) is not CardSet or any(
        value is not None and type(value) is not CardSet for value in (view.passed, view.received)
    ):
        return "its hand and passes must be card sets"
    if not _is_cards(view.current_trick) or len(view.current_trick) >= players:
        return "its trick in progress must be fewer cards than seats"
    if type(view.tricks) is not tuple or len(view.tricks) > view.rules.hand_size:
        return "its tricks must be a tuple of at most a hand's tricks"
    for trick in view.tricks:
        if type(trick) is not Trick or not _is_cards(trick.cards) or len(trick.cards) != players:
            return "each of its tricks must hold one card per seat"
        if not is_seat(trick.leader, players):
            return "a trick's leader is not a seat at the table"
    if type(view.to_act) is not tuple or not all(is_seat(s, players) for s in view.to_act):
        return "its seats to act must be seats at the table"
    if view.phase is Phase.PLAY and len(view.to_act) != 1:
        return "one seat is to play"
    if type(view.passed_seats) is not tuple or not all(
        is_seat(s, players) for s in view.passed_seats
    ):
        return "its seats that passed must be seats at the table"
    if type(view.pass_direction) is not PassDirection:
        return "its pass direction must be a PassDirection"
    if view.phase is Phase.PASS and view.pass_direction is PassDirection.HOLD:
        return "a hand without passing has no pass phase"
    if view.phase is Phase.PASS and (view.tricks or view.current_trick):
        return "no card is played before the passes are made"
    return None
