"""Legality: which actions a state allows, and why any other is refused.

A seat's legal cards are its hand narrowed by the play restrictions
(:mod:`hearts_core.rules.restrictions`) in their fixed order, each skipped when it
would leave no card. :func:`legal_mask` folds them; the engine uses it to find
the legal cards of every new state, and :func:`explain` uses it, with the steps
recorded, to name the first restriction a refused card breaks. One fold, one
table: the two cannot disagree.

>>> import random
>>> from hearts_core import PlayCard, Rules, apply, new_game, random_deal
>>> state = new_game(Rules(pass_cycle=["hold"]))
>>> state = apply(state, random_deal(state.rules, random.Random(2)))
>>> [str(action) for action in legal_actions(state)]
['play 1 2C']
>>> other = max(state.hands[1])  # any card but the 2C
>>> explain(state, PlayCard(1, other)).rule.value
'FIRST_LEAD_LOWEST_CLUB'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from hearts_core.actions import (
    PLAYS,
    Action,
    ChooseMoon,
    Deal,
    PassCards,
    PassChoices,
    PlayCard,
    SeatPasses,
)
from hearts_core.cards import Card, CardSet, unchecked_cardset
from hearts_core.errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidSeatError,
    InvalidStateError,
    Rule,
)
from hearts_core.kernel import bind_listing, fold, listing, pass_listing, situation
from hearts_core.rules import is_seat
from hearts_core.rules.compiled import RuleTables
from hearts_core.rules.fields import MAX_PLAYERS, shown
from hearts_core.rules.options import MoonOption
from hearts_core.rules.restrictions import RESTRICTIONS, Moment
from hearts_core.state import GameState, Phase

__all__ = [
    "legal_actions",
    "is_legal",
    "explain",
    "legal_mask",
    "legal_mask_led",
    "plays_of",
    "deal_problems",
    "seat_passes",
    "PassChoices",
    "malformed",
]

_NO_ACTIONS: Final[tuple[Action, ...]] = ()
_MOON_CHOICES: Final = tuple(
    tuple(ChooseMoon(seat, option) for option in MoonOption) for seat in range(MAX_PLAYERS)
)
_PLAY: Final = Phase.PLAY  # members as globals: cheaper than reading them off the class
_PASS: Final = Phase.PASS
_MOON: Final = Phase.MOON
_REFUSALS: Final = {row.rule: row.refusal for row in RESTRICTIONS}
# The moments as plain ints: reading a member off Moment costs an enum attribute hook.
_LEAD: Final = int(Moment.LEAD)
_FOLLOW: Final = int(Moment.FOLLOW)
_DISCARD: Final = int(Moment.DISCARD)


def wrong_type(name: str, wanted: str, value: object) -> InvalidStateError:
    """The error for argument ``name`` given ``value``, which is not ``wanted``.

    >>> str(wrong_type("state", "a GameState", None))
    'state: must be a GameState, not None'
    """
    return InvalidStateError(name, f"must be {wanted}, not {shown(value)}")


def check_state(state: object, name: str = "state") -> None:
    """Refuse, naming the argument ``name``, a value that is not a
    :class:`~hearts_core.GameState`.

    >>> from hearts_core import new_game, observe
    >>> check_state(new_game())
    >>> check_state(observe(new_game(), 0))
    Traceback (most recent call last):
    ...
    hearts_core.errors.InvalidStateError: state: must be a GameState, not a PlayerView
    """
    if state.__class__ is not GameState and not isinstance(state, GameState):
        raise wrong_type(name, "a GameState", state)


def not_a_seat(seat: object) -> InvalidSeatError:
    """The error for a ``seat`` argument that is not a whole number.

    >>> str(not_a_seat("1"))
    "seat must be a seat number (an int), not '1'"
    """
    return InvalidSeatError(f"seat must be a seat number (an int), not {shown(seat)}")


def legal_mask(
    tables: RuleTables,
    hand: int,
    current_trick: Sequence[Card],
    first_trick: bool,
    broken: bool,
    steps: list[tuple[Rule, int]] | None = None,
) -> int:
    """The cards a seat holding ``hand`` may play now, as a mask.

    The hand is narrowed by following suit, then by each restriction that
    applies to the situation (leading, following or discarding; the first
    trick; hearts broken or not), in order. With ``steps``, each narrowing is
    recorded there as ``(rule, cards left)``.

    >>> from hearts_core import Rules
    >>> hand = CardSet.parse("2C 5H QS")
    >>> str(CardSet.from_mask(legal_mask(Rules().tables(), hand.mask, (), False, False)))
    '2C QS'
    """
    led = current_trick[0].suit_mask if current_trick else 0
    return legal_mask_led(tables, hand, led, first_trick, broken, steps)


def legal_mask_led(
    tables: RuleTables,
    hand: int,
    led: int,
    first_trick: bool,
    broken: bool,
    steps: list[tuple[Rule, int]] | None = None,
) -> int:
    """:func:`legal_mask` with the suit led as a mask (``led``; 0 when the seat leads): the
    fold itself, which the engine and the play-out of :func:`~hearts_core.playout.rollout` call.

    Without ``steps`` this is the kernel's fold (:func:`hearts_core.kernel.fold`); with
    them, the same rows are walked here, each narrowing recorded for :func:`explain`.

    >>> from hearts_core import Rules
    >>> hand = CardSet.parse("2C 5H QS")
    >>> clubs = Card.parse("AC").suit_mask
    >>> str(CardSet.from_mask(legal_mask_led(Rules().tables(), hand.mask, clubs, False, False)))
    '2C'
    """
    if steps is None:
        return fold(tables.kernel, hand, led, first_trick, broken)
    if led:
        legal = hand & led
        if legal:
            if legal != hand:
                steps.append((Rule.MUST_FOLLOW_SUIT, legal))
            moment = _FOLLOW
        else:
            legal = hand
            moment = _DISCARD
    else:
        legal = hand
        moment = _LEAD
    rows = tables.rows[situation(moment, first_trick, broken)]
    for keep, exempt, rule, decides in rows:
        narrowed = legal & keep
        if narrowed and narrowed != exempt:
            if narrowed != legal:
                steps.append((rule, narrowed))
            legal = narrowed
        if decides:
            break
    return legal


def _suit_tables() -> tuple[tuple[tuple[PlayCard, ...], ...], ...]:
    # For each seat and suit (index 8 * seat + 2 * suit): the plays of each
    # 7-bit pattern of the suit's low ranks (2 to 8), then (index + 1) of each
    # 6-bit pattern of its high ranks (9 to ace). Two lookups and a join give
    # the plays of any cards of one suit.
    tables: list[tuple[tuple[PlayCard, ...], ...]] = []
    for seat in range(MAX_PLAYERS):
        row = PLAYS[seat]
        for offset in (0, 13, 26, 39):
            tables.append(
                tuple(
                    tuple(row[offset + i] for i in range(7) if pattern >> i & 1)
                    for pattern in range(128)
                )
            )
            tables.append(
                tuple(
                    tuple(row[offset + 7 + i] for i in range(6) if pattern >> i & 1)
                    for pattern in range(64)
                )
            )
    return tuple(tables)


_SUIT_PLAYS: Final = _suit_tables()
# The suit of a card from its bit's length: SUIT_OF[card.bit.bit_length()].
_SUIT_OF: Final = (0, *(i // 13 for i in range(52)))


def plays_of(seat: int, mask: int) -> tuple[PlayCard, ...]:
    """The plays of ``seat`` for the cards in ``mask``, in card order: shared, interned
    :class:`~hearts_core.PlayCard` values.

    >>> plays_of(2, CardSet.parse("QS 2C AC").mask)
    (PlayCard(seat=2, card=Card.parse('2C')), PlayCard(seat=2, card=Card.parse('AC')), \
PlayCard(seat=2, card=Card.parse('QS')))
    """
    suit = _SUIT_OF[(mask & -mask).bit_length()]
    pattern = mask >> 13 * suit
    if pattern < 0x2000:  # one suit: following, or a hand of one suit
        base = 8 * seat + 2 * suit
        return _SUIT_PLAYS[base][pattern & 127] + _SUIT_PLAYS[base + 1][pattern >> 7]
    # Every suit, two lookups each; joining an empty tuple costs nothing.
    base = 8 * seat
    low, high = mask & 0x3FFFFFF, mask >> 26  # clubs and diamonds, hearts and spades
    clubs, diamonds, hearts, spades = low & 0x1FFF, low >> 13, high & 0x1FFF, high >> 13
    tables = _SUIT_PLAYS
    return (
        tables[base][clubs & 127] + tables[base + 1][clubs >> 7]
        + tables[base + 2][diamonds & 127] + tables[base + 3][diamonds >> 7]
        + tables[base + 4][hearts & 127] + tables[base + 5][hearts >> 7]
        + tables[base + 6][spades & 127] + tables[base + 7][spades >> 7]
    )  # fmt: skip


LISTING: Final = (PLAYS, _SUIT_PLAYS, _SUIT_OF, plays_of, _PLAY)
"""What :func:`legal_actions` gives the kernel's listing of plays (the arguments of
:func:`~hearts_core.kernel.bind_listing`).

>>> len(LISTING[0]), LISTING[4]
(6, <Phase.PLAY: 'play'>)
"""

bind_listing(*LISTING)


def legal_actions(state: GameState, seat: int | None = None) -> Sequence[Action]:
    """The legal actions, for one seat or for every seat in ``state.to_act``.

    A sized, indexable sequence in a stable order (``random.choice`` works):
    plays in card order, passes seat by seat, each seat's in the order of
    :class:`PassChoices` (generated lazily). Empty while a deal is awaited
    (supply a :class:`~hearts_core.Deal`), for a seat that may not act, and
    once the game is over.

    Raises:
        InvalidStateError: if ``state`` is not a :class:`~hearts_core.GameState`.
        InvalidSeatError: if ``seat`` is neither ``None`` nor an ``int`` (a seat number
            that is not at the table has no legal actions: the answer is empty).

    >>> from hearts_core import Deal, apply, new_game
    >>> state = apply(new_game(), Deal(["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    ...     "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD", "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    ...     "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"]))
    >>> len(legal_actions(state)), len(legal_actions(state, 0))
    (1144, 286)
    """
    if seat is not None and seat.__class__ is not int:
        raise not_a_seat(seat)
    try:
        plays: Sequence[Action] | None = listing(state, seat)  # the kernel's, in C if compiled
        if plays is not None:
            return plays
        phase = state.phase
    except AttributeError:  # checked here, off the way of a legal play's listing
        if not isinstance(state, GameState):
            raise wrong_type("state", "a GameState", state) from None
        raise
    check_state(state)
    if phase is _PASS:
        passing = seat_passes(state)
        parts = passing.parts
        if seat is None:
            return parts[0] if len(parts) == 1 else passing
        for part in parts:
            if part.seat == seat:
                return part
        return _NO_ACTIONS
    if phase is _MOON:
        shooter = state.moon_shooter
        if shooter is None or (seat is not None and seat != shooter):
            return _NO_ACTIONS
        return _MOON_CHOICES[shooter]
    return _NO_ACTIONS


def seat_passes(state: GameState) -> SeatPasses:
    """The passes of every seat of ``state`` yet to pass (``state`` in the pass phase), in
    the order :func:`legal_actions` lists them. They are worked out when first asked for
    and kept on the state, so a state built without them (after a deal) pays only if some
    caller lists its passes; the state is a value all the same, as the passes are a
    function of its cards.

    >>> import random
    >>> from hearts_core import apply, new_game, random_deal
    >>> state = apply(new_game(), random_deal(new_game().rules, random.Random(1)))
    >>> passes = seat_passes(state)
    >>> len(passes), [part.seat for part in passes.parts], seat_passes(state) is passes
    (1144, [0, 1, 2, 3], True)
    """
    passing: SeatPasses | None = state.pass_listing
    if passing is None:
        # The hands as dealt: nothing leaves a hand before the exchange.
        passing = pass_listing(state.passes, state.phase_hands, state.context.rules.pass_count)
        _keep_passing(state, passing)
    return passing


# The state's own slot, set once: the passes are a function of the state's fields.
_keep_passing: Final = vars(GameState)["pass_listing"].__set__


def is_legal(state: GameState, action: object) -> bool:
    """Whether ``action`` may be applied to ``state``. Any value may be asked about: one
    that is not an action is not legal.

    Raises:
        InvalidStateError: if ``state`` is not a :class:`~hearts_core.GameState`.

    >>> from hearts_core import PlayCard, new_game
    >>> is_legal(new_game(), PlayCard(0, "2C")), is_legal(new_game(), "2C")
    (False, False)
    """
    return explain(state, action) is None


def _listing(mask: int) -> str:
    return ", ".join(str(c) for c in unchecked_cardset(mask))


_WAITING: Final = {
    Phase.DEAL: "the game is waiting for a deal",
    Phase.PASS: "the seats are passing cards",
    Phase.PLAY: "cards are being played",
    Phase.MOON: "the moon shooter is choosing how to score",
    Phase.GAME_OVER: "the game is over",
}
_DOING: Final = {
    Deal: "deal",
    PassCards: "pass cards",
    PlayCard: "play a card",
    ChooseMoon: "choose a moon option",
}
# The phase each kind of action belongs to, keyed by class: a class hashes in C, an enum
# member through a Python-level __hash__.
_PHASE_OF: Final = {
    Deal: Phase.DEAL,
    PassCards: Phase.PASS,
    PlayCard: Phase.PLAY,
    ChooseMoon: Phase.MOON,
}
# The fields of each action and the type each must have exactly; an action
# built through its constructor always has them, a forged one may not.
_FIELD_TYPES: Final = {
    PassCards: (("seat", int), ("cards", CardSet)),
    PlayCard: (("seat", int), ("card", Card)),
    ChooseMoon: (("seat", int), ("option", MoonOption)),
}


def malformed(action: object) -> InvalidActionError | None:
    """Why ``action`` is not a well-formed action, or ``None``: it must be one of the four
    action classes exactly, with each field of its exact type.

    >>> malformed("2C").field, malformed(PlayCard(0, "2C")) is None
    (None, True)
    """
    kind = type(action)
    if kind not in _DOING:
        return InvalidActionError(f"not an action: {shown(action)}", None, action)
    if kind is Deal:
        hands = _field(action, "hands")
        if type(hands) is not tuple:
            return InvalidActionError("a deal's hands must be card sets", "hands", action)
        for hand in hands:
            if type(hand) is not CardSet:
                return InvalidActionError("a deal's hands must be card sets", "hands", action)
        return None
    for name, expected in _FIELD_TYPES[kind]:
        value = _field(action, name)
        if type(value) is not expected or (isinstance(value, int) and not 0 <= value < MAX_PLAYERS):
            return InvalidActionError(f"{name} is not valid: {shown(value)}", name, action)
    return None


def _field(action: object, name: str) -> object:
    """Field ``name`` of ``action``, or ``None`` when it was never set (an action forged
    without its constructor: a missing slot, or a missing item of a tuple)."""
    try:
        return getattr(action, name)
    except (AttributeError, IndexError):
        return None


def explain(state: GameState, action: object) -> IllegalActionError | InvalidActionError | None:
    """Why ``action`` may not be applied to ``state``, as an error to show or raise;
    ``None`` if it is legal.

    A malformed action gives an :class:`~hearts_core.InvalidActionError`; a
    well-formed one the position forbids, an
    :class:`~hearts_core.IllegalActionError` naming the rule. Any value may be asked
    about; only ``state`` must be what it says.

    Raises:
        InvalidStateError: if ``state`` is not a :class:`~hearts_core.GameState`.

    >>> from hearts_core import PlayCard, new_game
    >>> error = explain(new_game(), PlayCard(0, "2C"))
    >>> error.rule.value
    'WRONG_PHASE'
    """
    try:
        if type(action) is PlayCard and state.phase is _PLAY:
            seat, card = action.seat, action.card
            if (
                type(seat) is int
                and seat == state.seat_to_play
                and type(card) is Card
                and card.bit & state.legal_bits
            ):
                return None
    except (AttributeError, IndexError):  # not a state, or a play with a field never set
        pass  # both are checked below
    check_state(state)
    invalid = malformed(action)
    if invalid is not None:
        return invalid
    phase = state.phase
    kind = type(action)
    if _PHASE_OF[kind] is not phase:
        return IllegalActionError(
            Rule.WRONG_PHASE, f"cannot {_DOING[kind]} now: {_WAITING[phase]}", action
        )
    if isinstance(action, Deal):
        problems = deal_problems(state.context.tables, action.hands)
        if not problems:
            return None
        return IllegalActionError(Rule.INVALID_DEAL, f"invalid deal: {problems[0][1]}", action)
    assert isinstance(action, PassCards | PlayCard | ChooseMoon)
    seat = action.seat
    players = state.context.tables.players
    if not is_seat(seat, players):
        return IllegalActionError(
            Rule.NO_SUCH_SEAT,
            f"there is no seat {seat} at a table of {players} (seats 0 to {players - 1})",
            action,
        )
    if isinstance(action, PassCards):
        return _explain_pass(state, action)
    if isinstance(action, PlayCard):
        return _explain_play(state, action)
    return _explain_choice(state, action)


def _explain_choice(state: GameState, action: ChooseMoon) -> IllegalActionError | None:
    """Why the well-formed moon choice ``action`` may not be made now, or ``None``."""
    shooter = state.moon_shooter
    if action.seat != shooter:
        return IllegalActionError(
            Rule.NOT_YOUR_TURN,
            f"seat {shooter} shot the moon and chooses, not seat {action.seat}",
            action,
        )
    return None


def deal_problems(tables: RuleTables, hands: Sequence[CardSet]) -> list[tuple[int | None, str]]:
    """Every way dealing ``hands`` breaks the rules, each with the seat it concerns (``None``
    for the deal as a whole); empty for a good deal. A deal gives every seat its share of
    the deck, each card exactly once.

    >>> from hearts_core import Rules
    >>> deal_problems(Rules().tables(), [CardSet.parse("2C")] * 4)[:2]
    [(0, 'seat 0 gets 1 cards, not 13'), (1, 'seat 1 gets 1 cards, not 13')]
    """
    players = tables.players
    if len(hands) != players:
        return [(None, f"it must give {players} hands, not {len(hands)}")]
    size = tables.hand_size
    deck = tables.deck
    union = 0
    for hand in hands:
        union |= hand.mask
    # A good deal first, cheaply: hands of the right size whose union is the deck hold
    # every card exactly once, as the deck holds players * size cards.
    if union == deck:
        for hand in hands:
            if hand.mask.bit_count() != size:
                break
        else:
            return []
    found: list[tuple[int | None, str]] = []
    seen = 0
    for seat, hand in enumerate(hands):
        mask = hand.mask
        if mask.bit_count() != size:
            found.append((seat, f"seat {seat} gets {mask.bit_count()} cards, not {size}"))
        if mask & ~deck:
            found.append((seat, f"cards outside the deck: {_listing(mask & ~deck)}"))
        if mask & seen:
            found.append((seat, f"{_listing(mask & seen)} dealt twice"))
        seen |= mask
    missing = deck & ~union
    if missing:
        found.append((None, f"cards not dealt: {_listing(missing)}"))
    return found


def _explain_pass(state: GameState, action: PassCards) -> IllegalActionError | None:
    seat = action.seat
    if state.passes[seat] is not None:
        return IllegalActionError(
            Rule.ALREADY_PASSED, f"seat {seat} has already passed this hand", action
        )
    count = state.context.rules.pass_count
    cards = action.cards
    if len(cards) != count:
        return IllegalActionError(
            Rule.WRONG_PASS_COUNT, f"seat {seat} must pass {count} cards, not {len(cards)}", action
        )
    missing = cards.mask & ~state.hand_masks[seat]
    if missing:
        return IllegalActionError(
            Rule.CARD_NOT_IN_HAND, f"seat {seat} does not hold {_listing(missing)}", action
        )
    return None


def _explain_play(state: GameState, action: PlayCard) -> IllegalActionError | None:
    seat, card = action.seat, action.card
    current = state.seat_to_play
    if seat != current:
        return IllegalActionError(
            Rule.NOT_YOUR_TURN, f"it is seat {current}'s turn to play, not seat {seat}'s", action
        )
    hand = state.hand_masks[seat]
    if not hand & card.bit:
        return IllegalActionError(
            Rule.CARD_NOT_IN_HAND, f"seat {seat} does not hold {card}", action
        )
    steps: list[tuple[Rule, int]] = []
    trick = state.current_trick
    legal_mask(state.context.tables, hand, trick, not state.tricks, state.hearts_broken, steps)
    for rule, allowed in steps:
        if not allowed & card.bit:
            message = _REFUSALS[rule].format(
                seat=seat,
                card=card,
                suit=trick[0].suit.noun if trick else "",
                allowed=_listing(allowed),
            )
            return IllegalActionError(rule, message, action)
    raise AssertionError(f"{card} is legal for seat {seat} but was refused")  # pragma: no cover

