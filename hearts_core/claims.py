"""Claim the rest: whether a seat takes every remaining trick of the hand, or none of them,
whatever the other seats play.

A claim is a proof over every answer of the other seats: the seat has a way of playing (it
chooses its cards as the hand goes) that wins every trick left, the trick in progress
included, or that wins none of them, against any legal cards from the others. Front ends
use :func:`claim_rest` to offer "you take every remaining trick" and to end a hand early;
:func:`claim_cards` names the cards that keep a claim. A seat that sees only its own hand
claims with :func:`view_claim`: the claim must then hold on every deal of the hidden
cards that fits what it has seen, and the searching bots play such a claim without
searching (:class:`~hearts_core.bots.IsmctsBot`).

The proof is the hand kernel's (:func:`~hearts_core.kernel.prove`): a search of the plays
that stops a line as soon as a trick goes the wrong way and tries one card of each group
that cannot play differently (cards of one suit, alike under the rules, with no other
seat's card ranked between them). It gives up after ``budget`` positions (100,000 unless
told: a few milliseconds in the compiled kernel), and then claims nothing.

>>> from hearts_core import Deal, Rules, apply, new_game
>>> state = apply(new_game(Rules(pass_cycle=["hold"])), Deal([
...     "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
...     "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"]))
>>> claim_rest(state)  # seat 0 leads clubs all hand, and nobody can follow
<Claim.ALL: 'all'>
>>> claim_rest(state, 2)  # seat 2 never wins a trick
<Claim.NONE: 'none'>
"""

from __future__ import annotations

import enum
from typing import Final

from hearts_core.belief import Belief, public_hand
from hearts_core.cards import CardSet
from hearts_core.errors import InvalidSeatError, InvalidStateError
from hearts_core.kernel import PROVED, UNDECIDED, Hand, deal_hands_into, keeping, prove
from hearts_core.legality import check_state, not_a_seat
from hearts_core.observation import PlayerView
from hearts_core.playout import kernel_hand
from hearts_core.rules.fields import shown
from hearts_core.state import GameState, Phase

__all__ = ["Claim", "BUDGET", "DEALS", "claim_rest", "claim_cards", "view_claim"]

BUDGET: Final = 100_000
"""The positions a proof searches before it gives up and claims nothing."""

DEALS: Final = 512
"""The most deals of the hidden cards :func:`view_claim` proves a claim on: with more, it
claims nothing."""


class Claim(enum.Enum):
    """What a seat can claim of the tricks left: every one of them, or none.

    >>> Claim("all") is Claim.ALL
    True
    """

    ALL = "all"
    """The seat takes every remaining trick, whatever the others play."""
    NONE = "none"
    """The seat takes none of the remaining tricks, whatever the others play."""


def _count(value: object, name: str = "budget") -> int:
    if type(value) is not int or value < 1:
        raise InvalidStateError(name, f"must be a whole number of at least 1, not {shown(value)}")
    return value


def _in_play(state: object) -> Hand:
    """The kernel hand of ``state``, checked to be a state in play."""
    check_state(state)
    assert isinstance(state, GameState)
    if state.phase is not Phase.PLAY:
        raise InvalidStateError(
            "state", f"has no trick to claim: it is in the {state.phase.value} phase"
        )
    return kernel_hand(state)


def claim_rest(state: GameState, seat: int | None = None, *, budget: int = BUDGET) -> Claim | None:
    """What ``seat`` (the seat to play, unless given) can claim of the hand in play:
    :attr:`Claim.ALL` when it takes every remaining trick whatever the others play,
    :attr:`Claim.NONE` when it can take none of them, ``None`` when it can claim neither
    (or the proof gave up after ``budget`` positions).

    Raises:
        InvalidStateError: for a ``state`` that is not a GameState in play, or a
            ``budget`` that is not a whole number of at least 1.
        InvalidSeatError: for a ``seat`` that is not a seat at the table.

    >>> from hearts_core import Deal, PlayCard, Rules, apply, new_game
    >>> state = apply(new_game(Rules(pass_cycle=["hold"])), Deal([
    ...     "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    ...     "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"]))
    >>> claim_rest(state, 1), claim_rest(state, 3)
    (<Claim.NONE: 'none'>, <Claim.NONE: 'none'>)
    """
    hand = _in_play(state)
    budget = _count(budget)
    players = state.context.tables.players
    if seat is None:
        seat = state.to_act[0]
    elif type(seat) is not int:
        raise not_a_seat(seat)
    elif not 0 <= seat < players:
        raise InvalidSeatError(f"no such seat: {seat} (seats 0 to {players - 1})")
    if prove(hand, seat, True, budget) == PROVED:
        return Claim.ALL
    if prove(hand, seat, False, budget) == PROVED:
        return Claim.NONE
    return None


def claim_cards(state: GameState, claim: Claim, *, budget: int = BUDGET) -> CardSet:
    """The legal cards of the seat to play that keep ``claim`` for it: after any of them, it
    still takes every remaining trick (:attr:`Claim.ALL`) or none (:attr:`Claim.NONE`),
    whatever the others play. Empty when the claim does not hold (or the proof gave up
    after ``budget`` positions).

    Raises:
        InvalidStateError: for a ``state`` that is not a GameState in play, a ``claim``
            that is not a :class:`Claim`, or a ``budget`` that is not a whole number of at
            least 1.

    >>> from hearts_core import Deal, Rules, apply, new_game
    >>> state = apply(new_game(Rules(pass_cycle=["hold"])), Deal([
    ...     "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    ...     "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"]))
    >>> str(claim_cards(state, Claim.ALL))  # the 2C must lead the first trick
    '2C'
    """
    if type(claim) is not Claim:
        raise InvalidStateError("claim", f"must be a Claim, not {shown(claim)}")
    hand = _in_play(state)
    kept = keeping(hand, claim is Claim.ALL, _count(budget))
    return CardSet.from_mask(max(kept, 0))


def view_claim(
    view: PlayerView, *, deals: int = DEALS, budget: int = BUDGET
) -> tuple[Claim, CardSet] | None:
    """What the seat of ``view`` (to play) can claim whatever the hidden cards are: the claim
    that holds on every deal of the hidden cards that fits the view
    (:class:`~hearts_core.belief.Belief`), with the legal cards that keep it on all of
    them; :attr:`Claim.ALL` first. ``None`` when neither holds on every deal, when more
    than ``deals`` deals fit the view, or when a proof gives up after ``budget``
    positions.

    Each deal's proof sees the whole deal, so a claim here is a claim on every deal
    separately: the cards after the first may depend on the deal.

    Raises:
        InvalidStateError: for a view that is not a turn to play or that no deal fits, or
            ``deals`` or ``budget`` that are not whole numbers of at least 1.

    >>> from hearts_core import Deal, Rules, apply, new_game, observe
    >>> state = apply(new_game(Rules(pass_cycle=["hold"])), Deal([
    ...     "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    ...     "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"]))
    >>> view_claim(observe(state, 0)) is None  # too many deals fit a hand's start
    True
    """
    if type(view) is not PlayerView or view.phase is not Phase.PLAY or not view.is_my_turn:
        raise InvalidStateError("view", "must be a turn to play a card")
    deals, budget = _count(deals, "deals"), _count(budget)
    belief = Belief(view)
    if belief.size > deals:
        return None
    start = public_hand(view)
    wanted = {True: -1, False: -1}  # the cards keeping each claim on every deal so far
    hand = start.copy()
    for hands in belief.each_hands():
        for every, cards in wanted.items():
            if cards:
                hand.copy_from(start)
                deal_hands_into(hand, hands)
                kept = keeping(hand, every, budget)
                wanted[every] = 0 if kept == UNDECIDED else cards & kept
        if not wanted[True] and not wanted[False]:
            return None
    if wanted[True]:
        return Claim.ALL, CardSet.from_mask(wanted[True])
    return Claim.NONE, CardSet.from_mask(wanted[False])
