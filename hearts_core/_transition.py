"""The engine's transition, :func:`advance`, in the kernel's two builds: a card played or a
pass given is checked and made here, every other action handed back to the engine.

Like ``_kernel.py``, this file is plain Python and, compiled by Cython with the C types of
``_transition.pxd`` (which takes the kernel's step and fold, and the state constructor,
in C), the C extension ``hearts_core._transition_c``. :func:`hearts_core.apply` and
:func:`hearts_core.step` call :func:`advance`, in one frame: a legal play is checked with
a few comparisons and a bit test (the conditions :func:`~hearts_core.explain` checks) and
played through the kernel's step (:func:`~hearts_core.kernel.after_card`) and fold. The
engine gives its classes and its other transitions once, with :func:`bind_transitions`
(``hearts_core.engine`` does so at import).

>>> import random
>>> from hearts_core import Rules, legal_actions, new_game, random_deal
>>> from hearts_core.kernel import advance
>>> state = advance(new_game(), random_deal(Rules(), random.Random(1)), None)
>>> events = []
>>> state = advance(state, legal_actions(state)[0], events)
>>> events
[PassSubmitted(seat=0)]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import hearts_core._pure as cython
else:
    try:
        import cython
    except ImportError:  # no Cython installed: only the pure build can run
        import hearts_core._pure as cython

if not cython.compiled:  # compiled, these come from the compiled kernel, in C
    from hearts_core._kernel import after_card, fold, points_of
    from hearts_core._listing import passes_without
    from hearts_core._slots import make_trick, new_state

SOURCE = ""  # the build writes the digest of this file and _transition.pxd here, in its copy

WINNING_CARD = (1 << 52) - 1  # a state's ``winning``: the best card's bit, the winner above

_PlayCard: Any = None
_PassCards: Any = None
_Card: Any = None
_CardSet: Any = None
_PLAY: Any = None
_PASS: Any = None
_NO_PASSES: Any = None
_CARD_PLAYED: Any = None
_HeartsBroken: Any = None
_TrickTaken: Any = None
_PassSubmitted: Any = None
_CardsPassed: Any = None
_end_of_play: Any = None
_other: Any = None
_first_leader: Any = None
_dealer_of: Any = None
_refused: Any = None


def bind_transitions(
    classes: tuple[type, type, type, type, type, type, type, type],
    phases: tuple[object, object],
    no_passes: object,
    card_played: tuple[tuple[object, ...], ...],
    transitions: tuple[Callable[..., Any], Callable[..., Any]],
    lead: tuple[Callable[..., Any], Callable[[int, int], int]],
    refused: Callable[[object, object], Exception | None],
) -> None:
    """Give :func:`advance` what it builds and hands on:

    * ``classes``: ``PlayCard``, ``PassCards``, ``Card``, ``CardSet``, ``HeartsBroken``,
      ``TrickTaken``, ``PassSubmitted`` and ``CardsPassed``;
    * ``phases``: the play and the pass phase; ``no_passes``: a playing state's
      ``pass_listing``;
    * ``card_played``: each seat's ``CardPlayed`` event for each card, by card index;
    * ``transitions``: the hand's play over ``(context, passes, tricks, broken, hands,
      events)``, and any other action ``(state, action, events)``;
    * ``lead``: who leads the first trick ``(tables, hands, dealer)``, and the dealer of a
      hand ``(hand_number, players)`` (see :func:`first_trick`);
    * ``refused``: the typed error for a state or an action whose fields cannot be read,
      or ``None`` to let the error raised stand.

    The engine binds its own at import (:data:`hearts_core.engine.TRANSITIONS`); binding
    again replaces them.

    >>> from hearts_core.engine import TRANSITIONS
    >>> bind_transitions(*TRANSITIONS)  # what the engine does at import
    """
    global _PlayCard, _PassCards, _Card, _CardSet, _HeartsBroken, _TrickTaken, _PLAY, _PASS
    global _PassSubmitted, _CardsPassed, _first_leader, _dealer_of
    global _NO_PASSES, _CARD_PLAYED, _end_of_play, _other, _refused
    _PlayCard, _PassCards, _Card, _CardSet, _HeartsBroken, _TrickTaken = classes[:6]
    _PassSubmitted, _CardsPassed = classes[6:]
    _PLAY, _PASS = phases
    _NO_PASSES = no_passes
    _CARD_PLAYED = card_played
    _end_of_play, _other = transitions
    _first_leader, _dealer_of = lead
    _refused = refused


# long: the hot path of every game, kept in one frame on purpose (each call costs ~5%)
def advance(state: Any, action: Any, events: list[Any] | None) -> Any:
    """The state after ``action``, each event appended to ``events`` as it happens (unless
    ``events`` is ``None``): what :func:`hearts_core.apply` and :func:`hearts_core.step`
    return. A ``state`` that is not a state, or an action whose fields were never set,
    raises a typed error, checked only once reading them has failed (a ``try`` costs
    nothing until something is raised).

    >>> from hearts_core import PlayCard, new_game
    >>> from hearts_core.kernel import advance  # the build that runs, as the engine binds it
    >>> advance(new_game(), PlayCard(0, "2C"), None)
    Traceback (most recent call last):
    hearts_core.errors.IllegalActionError: cannot play a card now: the game is waiting for a deal
    """
    try:
        # A legal play, the commonest action, is checked with a few comparisons and a bit test
        # (the same conditions explain() checks) and played here without a further call.
        if action.__class__ is _PlayCard and state.phase is _PLAY:
            seat = action.seat
            card = action.card
            if (
                seat.__class__ is int
                and seat == state.seat_to_play
                and card.__class__ is _Card
                and card.bit & state.legal_bits
            ):
                context = state.context
                tables = context.tables
                table = tables.kernel
                bit = card.bit
                before = state.current_trick
                winning = state.winning
                was_broken = state.hearts_broken
                # The kernel's step: the trick's suit and winner, the next seat, hearts broken.
                led, best, winner, following, broken = after_card(
                    table, seat, bit, len(before), before[0].suit_mask if before else 0,
                    winning & WINNING_CARD, winning >> 52, was_broken,
                )  # fmt: skip
                if events is not None:
                    events.append(_CARD_PLAYED[seat][card.index])
                    if broken and not was_broken:
                        events.append(_HeartsBroken(seat, card))
                played = state.played_mask | bit
                trick = before + (card,)
                if following >= 0:
                    start = state.phase_hands
                    hand = start[following] & ~played
                    # A seat following suit under rules that restrict nothing when following
                    # may play any card of the suit: the fold's answer, without the call.
                    legal = hand & led
                    if not (legal and tables.follow_free):
                        legal = fold(table, hand, led, not state.tricks, broken)
                    top = winner
                    return new_state(
                        context, _PLAY, state.passes, state.tricks, trick, state.leader, broken,
                        start, played, following, legal, _NO_PASSES, best | top << 52,
                    )  # fmt: skip
                return trick_taken(state, trick, played, broken, winner, events)
        elif action.__class__ is _PassCards and state.phase is _PASS:
            # A legal pass, checked as explain() checks it: a seat yet to pass, giving the
            # rules' number of cards, all from its hand (as dealt: nothing is played yet).
            seat = action.seat
            cards = action.cards
            if seat.__class__ is int and cards.__class__ is _CardSet:
                passes = state.passes
                mask = cards.mask
                if (
                    0 <= seat < len(passes)
                    and passes[seat] is None
                    and not mask & ~state.phase_hands[seat]
                    and mask.bit_count() == state.context.rules.pass_count
                ):
                    return passed(state, seat, cards, events)
        return _other(state, action, events)
    except (AttributeError, TypeError, IndexError):  # a field or an item not there
        error = _refused(state, action)
        if error is None:
            raise
        raise error from None


def trick_taken(
    state: Any, trick: tuple[Any, ...], played: int, broken: bool, winner: int,
    events: list[Any] | None,
) -> Any:  # fmt: skip
    """The state once ``trick`` is complete (its last card just played, ``played`` the
    hand's cards played so far), taken by ``winner`` as the kernel's step said: the next
    trick's lead, or the hand's play over (handed to the engine).

    >>> from hearts_core import Card, Deal, PlayCard, apply, new_game
    >>> from hearts_core.kernel import trick_taken  # the build that runs, as the engine binds it
    >>> suits = ["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    ...          "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"]
    >>> state = apply(new_game(hand_number=3), Deal(suits))
    >>> for action in (PlayCard(0, "2C"), PlayCard(1, "2D"), PlayCard(2, "2H")):
    ...     state = apply(state, action)
    >>> four = state.current_trick + (Card.parse("2S"),)
    >>> events = []
    >>> after = trick_taken(state, four, state.played_mask | four[-1].bit, True, 0, events)
    >>> after.seat_to_play, after.tricks[0].winner, events
    (0, 0, [TrickTaken(winner=0, cards=(Card.parse('2C'), Card.parse('2D'), \
Card.parse('2H'), Card.parse('2S')), points=1)])
    """
    context = state.context
    tables = context.tables
    table = tables.kernel
    mask = 0
    for card in trick:
        mask |= card.bit
    if events is not None:
        events.append(_TrickTaken(winner, trick, points_of(table, mask)))
    tricks = state.tricks + (make_trick(state.leader, trick, winner, mask),)
    start = state.phase_hands
    if len(tricks) < tables.hand_size:
        legal = start[winner] & ~played
        if not (broken and tables.lead_free):  # a lead no restriction narrows, or the fold
            legal = fold(table, legal, 0, False, broken)
        return new_state(
            context, _PLAY, state.passes, tricks, (), winner, broken, start, played, winner,
            legal, _NO_PASSES, 0,
        )  # fmt: skip
    return _end_of_play(context, state.passes, tricks, broken, start, events)


# --- the pass phase ----------------------------------------------------------------------


def passed(state: Any, seat: int, cards: Any, events: list[Any] | None) -> Any:
    """The state after ``seat``'s pass of ``cards`` (a legal pass, as :func:`advance` checks
    it): still passing, or, with the last pass, the cards exchanged and the first trick
    begun (see :func:`exchange` and :func:`first_trick`).

    >>> import random
    >>> from hearts_core import Rules, apply, legal_actions, new_game, random_deal
    >>> from hearts_core.kernel import passed  # the build that runs, as the engine binds it
    >>> state = apply(new_game(), random_deal(Rules(), random.Random(3)))
    >>> for seat in range(4):
    ...     state = passed(state, seat, legal_actions(state, seat)[0].cards, None)
    >>> state.phase.value, [len(hand) for hand in state.hands]
    ('play', [13, 13, 13, 13])
    """
    before = state.passes
    passes = before[:seat] + (cards,) + before[seat + 1 :]
    context = state.context
    dealt = state.phase_hands
    if events is not None:
        events.append(_PassSubmitted(seat))
    for other in passes:
        if other is None:  # a seat is still to pass: its choices, if listed, are left listed
            listed = state.pass_listing
            if listed is not None:
                listed = passes_without(listed, seat)
            return new_state(
                context, _PASS, passes, (), (), 0, False, dealt, 0, -1, 0, listed, 0
            )  # fmt: skip
    direction = context.pass_direction
    if events is not None:
        receivers = direction.receivers(len(dealt))
        for giver in range(len(passes)):
            events.append(_CardsPassed(giver, receivers[giver], passes[giver]))
    given = tuple([passing.mask for passing in passes])
    return first_trick(context, passes, exchange(dealt, given, direction))


def exchange(dealt: Sequence[int], given: Sequence[int], direction: Any) -> tuple[int, ...]:
    """Every seat's cards once the passes change hands together: ``given[seat]`` is the mask
    ``seat`` passed from its ``dealt`` cards, to its receiver in ``direction``.

    >>> from hearts_core import CardSet
    >>> from hearts_core.rules import PassDirection
    >>> dealt = tuple([CardSet.parse(text).mask for text in ("2C 3C", "4D 5D", "6H 7H")])
    >>> given = tuple([CardSet.parse(text).mask for text in ("2C", "4D", "6H")])
    >>> [str(CardSet.from_mask(hand)) for hand in exchange(dealt, given, PassDirection.LEFT)]
    ['3C 6H', '2C 5D', '4D 7H']
    """
    count = len(dealt)
    if len(given) != count:
        raise ValueError(f"{len(given)} passes for {count} hands")
    receivers = direction.receivers(count)
    hands = list(dealt)
    # Each seat's own pass leaves its hand and reaches its receiver's: the cards a seat
    # receives are never among those it gives, so one pass over the seats does both.
    for giver in range(count):
        away = given[giver]
        hands[giver] &= ~away
        hands[receivers[giver]] |= away
    return tuple(hands)


def first_trick(context: Any, passes: tuple[Any, ...], hands: tuple[int, ...]) -> Any:
    """The state of a hand whose play begins, with ``hands`` (the cards after any passing,
    as masks; ``passes`` as made): the first trick's leader to play, as the rules name him.

    >>> from hearts_core import CardSet, new_game
    >>> from hearts_core.kernel import first_trick  # the build that runs, as the engine binds it
    >>> hands = tuple([CardSet.parse(text).mask for text in ("3C 5H", "2C AH", "4C 6H", "5C 7H")])
    >>> state = first_trick(new_game().context, (), hands)
    >>> state.seat_to_play, str(state.legal_mask)
    (1, '2C')
    """
    tables = context.tables
    leader = _first_leader(tables, hands, _dealer_of(context.hand_number, tables.players))
    assert leader is not None, "a checked deal holds the first lead card"
    legal = fold(tables.kernel, hands[leader], 0, True, False)
    return new_state(
        context, _PLAY, passes, (), (), leader, False, hands, 0, leader, legal, _NO_PASSES, 0
    )  # fmt: skip
