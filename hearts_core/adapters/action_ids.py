"""The learning adapters' action ids: cards as numbers, legal ids as masks, a pass one card
at a time.

Every learning adapter (the Gymnasium, vector and PettingZoo environments, OpenSpiel's
``hearts_core`` game, :class:`~hearts_core.bots.policy.PolicyBot`) numbers actions here,
and takes a pass one card per action through :func:`pick`. It needs the core alone (no
NumPy).

**Action ids.** A card is ``(rank - 2) * 4 + suit``, ranks 2 to ace as 0 to 12 and suits
clubs, diamonds, hearts, spades as 0 to 3: 2♣ is 0, Q♠ is 43, A♠ is 51, OpenSpiel's own
numbering. A pass is three (or ``pass_count``) single-card actions by the passing seat.
When the rules let a moon shooter choose, :data:`MOON_ACTIONS` add two more ids: 52 adds
the moon amount to the others, 53 subtracts it from the shooter.

>>> from hearts_core import Card, Rules, variant
>>> card_action(Card.parse("QS")), str(action_card(0)), str(action_card(51))
(43, '2C', 'AS')
>>> action_count(Rules()), action_count(variant("classic"))
(52, 54)

**Masks of ids.** A set of ids is an ``int`` with bit ``a`` set for id ``a``, as a card
mask (:attr:`~hearts_core.CardSet.mask`) has bit :attr:`~hearts_core.Card.index` set
for each card: :func:`card_ids` turns one into the other, :func:`legal_ids` gives the
ids a seat may take now, and :func:`id_list` lists a mask's ids in order.
"""

from __future__ import annotations

import functools
from typing import Final

from hearts_core.actions import PassCards
from hearts_core.cards import Card, CardSet
from hearts_core.engine import apply
from hearts_core.errors import IllegalActionError, InvalidActionError, Rule
from hearts_core.legality import explain
from hearts_core.rules import Rules
from hearts_core.rules.fields import shown
from hearts_core.rules.options import MoonOption, MoonScoring
from hearts_core.state import GameState, Phase

__all__ = [
    "CARDS",
    "MOON_ACTIONS",
    "ACTION_OF_INDEX",
    "card_action",
    "action_card",
    "action_count",
    "card_ids",
    "legal_ids",
    "id_list",
    "pick",
]

CARDS: Final = 52
"""Card action ids are 0 to 51; moon choices, when there are any, follow them."""

MOON_ACTIONS: Final[tuple[MoonOption, ...]] = (
    MoonOption.ADD_TO_OTHERS,
    MoonOption.SUBTRACT_FROM_SHOOTER,
)
"""The moon choices by action id, from 52: ``MOON_ACTIONS[action - 52]``."""

# A card's index is suit * 13 + rank - 2; its action id is (rank - 2) * 4 + suit.
ACTION_OF_INDEX: Final = tuple(index % 13 * 4 + index // 13 for index in range(CARDS))
"""The action id of each card, by :attr:`~hearts_core.Card.index`: ``(rank - 2) * 4 + suit``."""

_CARD_OF_ACTION: Final = tuple(Card.from_index(a % 4 * 13 + a // 4) for a in range(CARDS))
_BIT_OF_ACTION: Final = tuple(card.bit for card in _CARD_OF_ACTION)
_MOON_IDS: Final = ((1 << len(MOON_ACTIONS)) - 1) << CARDS


def card_action(card: Card) -> int:
    """The action id of ``card``: ``(rank - 2) * 4 + suit``.

    >>> from hearts_core import Card
    >>> card_action(Card.parse("2C")), card_action(Card.parse("JD")), card_action(Card.parse("AS"))
    (0, 37, 51)
    """
    return ACTION_OF_INDEX[card.index]


def action_card(action: int) -> Card:
    """The card of a card action id (0 to 51).

    >>> str(action_card(43))
    'QS'
    """
    return _CARD_OF_ACTION[action]


def action_count(rules: Rules) -> int:
    """How many action ids a game under ``rules`` has: 52 cards, and 2 moon choices when
    the shooter chooses.

    >>> from hearts_core import Rules
    >>> action_count(Rules()), action_count(Rules(moon="shooter-chooses"))
    (52, 54)
    """
    return CARDS + (len(MOON_ACTIONS) if rules.moon is MoonScoring.SHOOTER_CHOOSES else 0)


@functools.cache
def _spread_tables() -> tuple[tuple[int, ...], ...]:
    """For each suit, each 13-bit pattern of its cards (bit ``rank - 2``) as a mask over
    action ids: a card mask becomes an action-id mask in four lookups."""
    tables = []
    for suit in range(4):
        table = [0] * 8192
        for pattern in range(1, 8192):
            low = (pattern & -pattern).bit_length() - 1
            table[pattern] = table[pattern & (pattern - 1)] | 1 << (low * 4 + suit)
        tables.append(tuple(table))
    return tuple(tables)


def card_ids(mask: int) -> int:
    """A card mask (:attr:`~hearts_core.CardSet.mask`) as a mask over action ids: bit
    ``card_action(card)`` for each card in it.

    >>> from hearts_core import CardSet
    >>> bin(card_ids(CardSet.parse("2C 2D 3C").mask))  # ids 0, 1 and 4
    '0b10011'
    >>> card_ids(CardSet.parse("AS").mask) == 1 << 51
    True
    """
    spread = _spread_tables()
    return (
        spread[0][mask & 0x1FFF]
        | spread[1][mask >> 13 & 0x1FFF]
        | spread[2][mask >> 26 & 0x1FFF]
        | spread[3][mask >> 39]
    )


def legal_ids(state: GameState, seat: int, picked: int = 0) -> int:
    """The action ids ``seat`` may take now in ``state``, as a mask (bit ``a`` for id
    ``a``); 0 when it may not act.

    In play, its legal cards. While passing, seats pass one after another, the lowest seat
    yet to pass first, one card per action: that seat may take each card it holds and has
    not picked yet (``picked``, a card mask, as :func:`pick` returns it). A moon shooter
    who may choose takes one of the :data:`MOON_ACTIONS`.

    >>> from hearts_core import CardSet, Deal, apply, new_game
    >>> suits = [" ".join(rank + suit for rank in "23456789TJQKA") for suit in "CDHS"]
    >>> state = apply(new_game(), Deal(suits))  # seat 0 holds the clubs, and passes first
    >>> id_list(legal_ids(state, 0, CardSet.parse("2C 3C").mask))
    [8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48]
    >>> legal_ids(state, 1)
    0
    """
    phase = state.phase
    if phase is Phase.PLAY:
        return card_ids(state.legal_bits) if state.seat_to_play == seat else 0
    if phase is Phase.PASS:
        if state.to_act[0] != seat:
            return 0
        return card_ids(state.hand_masks[seat] & ~picked)
    if phase is Phase.MOON and seat in state.to_act:  # only a shooter who chooses waits
        return _MOON_IDS
    return 0


def id_list(mask: int) -> list[int]:
    """The action ids in ``mask`` (bit ``a`` for id ``a``), in increasing order.

    >>> id_list(0b10011)
    [0, 1, 4]
    >>> id_list(0)
    []
    """
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def pick(state: GameState, seat: int, picked: int, action: int) -> tuple[GameState, int]:
    """``seat`` picks the card of ``action`` to pass, having picked ``picked`` (a card mask)
    before: the state and the cards picked after it. Once the seat has picked
    ``pass_count`` cards the pass is made: the state after it, and 0.

    The seat must be the one to pass now (the lowest seat yet to pass, as
    :func:`legal_ids` has it). Nothing is changed when the pick is refused.

    Raises:
        InvalidActionError: for an action that is not an integer, or a seat that is not one.
        IllegalActionError: ``WRONG_PHASE`` when the game is not passing or the action is
            no card; ``CARD_NOT_IN_HAND`` for a card the seat does not hold or has picked
            already; ``NO_SUCH_SEAT``, ``ALREADY_PASSED`` or ``NOT_YOUR_TURN`` for a seat
            that may not pass now.

    >>> from hearts_core import CardSet, Deal, apply, new_game
    >>> suits = [" ".join(rank + suit for rank in "23456789TJQKA") for suit in "CDHS"]
    >>> state = apply(new_game(), Deal(suits))
    >>> same, picked = pick(state, 0, 0, card_action(Card.parse("AC")))
    >>> same is state, str(CardSet.from_mask(picked))
    (True, 'AC')
    >>> same, picked = pick(state, 0, picked, card_action(Card.parse("KC")))
    >>> after, picked = pick(state, 0, picked, card_action(Card.parse("QC")))
    >>> str(after.passes[0]), picked, after.to_act[0]
    ('QC KC AC', 0, 1)
    >>> pick(after, 1, 0, card_action(Card.parse("AC")))
    Traceback (most recent call last):
    ...
    hearts_core.errors.IllegalActionError: seat 1 does not hold AC
    """
    try:
        ready = type(seat) is int and state.phase is Phase.PASS and state.to_act[0] == seat
    except AttributeError:  # not a state: the engine says so below
        ready = False
    if not ready:
        raise _not_passing(state, seat)
    if type(action) is not int:
        raise InvalidActionError(f"an action id is an integer, not {shown(action)}")
    if not 0 <= action < CARDS:
        raise IllegalActionError(
            Rule.WRONG_PHASE, f"action {action} is not a card: the game waits for a pass"
        )
    card = _CARD_OF_ACTION[action]
    bit = card.bit
    if not bit & state.hand_masks[seat] & ~picked:
        again = " any more (it is picked to pass)" if bit & picked else ""
        raise IllegalActionError(Rule.CARD_NOT_IN_HAND, f"seat {seat} does not hold {card}{again}")
    picked |= bit
    if picked.bit_count() < state.rules.pass_count:
        return state, picked
    return apply(state, PassCards(seat, CardSet.from_mask(picked))), 0


def _not_passing(state: GameState, seat: int) -> Exception:
    """Why ``seat`` may not pick a card to pass in ``state``: the engine's reason for a pass
    by that seat (the phase, the seat, a pass made already), else that it is another
    seat's turn."""
    if type(seat) is not int:
        return InvalidActionError(f"a seat is an integer, not {shown(seat)}")
    error = explain(state, PassCards(seat, CardSet()))
    if error is not None and getattr(error, "rule", None) is not Rule.WRONG_PASS_COUNT:
        return error
    return IllegalActionError(
        Rule.NOT_YOUR_TURN,
        f"seats pass one after another: seat {state.to_act[0]} picks now, not seat {seat}",
    )
