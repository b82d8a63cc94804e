"""The transition function and the legality rules.

Three entry points share one implementation, in the manner of verify/can/do:

* :func:`explain` says why an action is illegal (or returns ``None``);
* :func:`is_legal` answers yes or no;
* :func:`apply` performs a legal action and returns the new state, and
  :func:`step` does the same and also reports the events.

All are pure: a state is never changed, and an illegal action raises
:class:`~hearts_core.IllegalActionError` before anything is built.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from typing import Final, overload

from hearts_core.actions import PLAYS, Action, ChooseMoon, Deal, PassCards, PlayCard
from hearts_core.cards import Card, CardSet, Suit, _from_mask
from hearts_core.errors import IllegalActionError, Rule
from hearts_core.events import (
    CardPlayed,
    CardsPassed,
    Event,
    GameOver,
    HandDealt,
    HandScored,
    HeartsBroken,
    MoonShot,
    PassSubmitted,
    TrickTaken,
)
from hearts_core.rules import PLAYERS, MoonOption, MoonScoring, PassDirection, Rules
from hearts_core.state import GameState, HandContext, Phase, Trick, _make_state, _trick_winner

__all__ = [
    "new_game",
    "legal_actions",
    "is_legal",
    "explain",
    "apply",
    "step",
    "PassChoices",
]

_SUIT_MASKS: Final = tuple(s.mask for s in Suit)
_HEARTS: Final = Suit.HEARTS.mask
_MOON_CHOICES: Final = tuple(
    tuple(ChooseMoon(seat, option) for option in MoonOption) for seat in range(PLAYERS)
)
_NO_ACTIONS: Final[tuple[Action, ...]] = ()
_PLAY: Final = Phase.PLAY
_DEFAULT_RULES: Final = Rules()


def new_game(rules: Rules | None = None) -> GameState:
    """The state before the first deal: every total 0, waiting for a :class:`~hearts_core.Deal`.

    >>> state = new_game()
    >>> state.phase.value, state.rules == Rules()
    ('deal', True)
    """
    if rules is None:
        rules = _DEFAULT_RULES
    return GameState(HandContext(rules, 0, (0,) * PLAYERS), Phase.DEAL)


# --- legality ------------------------------------------------------------


def _legal_play_mask(state: GameState, seat: int) -> int:
    """The cards ``seat`` may play now, as a mask. Rules apply in OpenSpiel's order,
    each skipped when it would leave no legal card."""
    hand = state.hand_masks[seat]
    trick = state.trick
    tables = state.context.tables
    if trick:
        follow = hand & _SUIT_MASKS[trick[0].suit]
        if follow:
            return follow  # MUST_FOLLOW_SUIT
        if not state.tricks:
            safe = hand & ~tables.point_mask
            if safe:
                return safe  # NO_POINTS_ON_FIRST_TRICK
        return hand
    if not state.tricks:
        return hand & tables.first_lead  # FIRST_LEAD_TWO_OF_CLUBS
    hands = state.hand_masks
    held = hands[0] | hands[1] | hands[2] | hands[3]
    if not (tables.deck & ~held & tables.breaking_mask):
        safe = hand & ~_HEARTS
        if safe:
            return safe  # HEARTS_NOT_BROKEN
    return hand


# Interned tuples of PlayCard, keyed by legal mask and seat. Bounded: cleared
# when full, since hands seen once (a leader's whole hand) rarely come back.
_PLAY_CACHE: dict[int, tuple[PlayCard, ...]] = {}
_PLAY_CACHE_LIMIT: Final = 1 << 16


def _plays_of_mask(seat: int, mask: int) -> tuple[PlayCard, ...]:
    key = mask | seat << 52
    found = _PLAY_CACHE.get(key)
    if found is None:
        if len(_PLAY_CACHE) >= _PLAY_CACHE_LIMIT:
            _PLAY_CACHE.clear()
        found = ()
        base = seat << 19
        for offset in (0, 13, 26, 39):
            pattern = (mask >> offset) & 0x1FFF
            if pattern:
                part = _SUIT_PLAYS.get(base | offset << 13 | pattern)
                if part is None:
                    row = PLAYS[seat]
                    part = tuple(row[offset + i] for i in range(13) if pattern >> i & 1)
                    _SUIT_PLAYS[base | offset << 13 | pattern] = part
                found += part
        _PLAY_CACHE[key] = found
    return found


# The same by seat and one suit's 13-bit pattern: bounded (4 * 4 * 8192 keys).
_SUIT_PLAYS: dict[int, tuple[PlayCard, ...]] = {}


# The legal mask computed by the last legal_actions call, reused by apply when
# it receives that same state object next (the usual play loop). A tuple is
# replaced atomically, so concurrent callers at worst recompute.
_LAST_LEGAL: tuple[object, int, int] = (None, -1, 0)


_COMB: Final = tuple(tuple(math.comb(n, k) for k in range(53)) for n in range(53))


class PassChoices(Sequence[PassCards]):
    """Every pass a seat can make, as a lazy sequence in a stable order.

    Choice ``i`` is the ``i``-th combination of the hand's cards in
    lexicographic card order, built only when asked for: a 13-card hand
    passing 3 has C(13, 3) = 286 choices.

    >>> choices = PassChoices(0, CardSet.parse("2C 3C 4C 5C"), 3)
    >>> len(choices), str(choices[0]), str(choices[-1])
    (4, '0 passes 2C 3C 4C', '0 passes 3C 4C 5C')
    >>> PassCards(0, "2C 3C 5C") in choices
    True
    """

    __slots__ = ("seat", "hand", "pass_count", "_cards", "_size")

    def __init__(self, seat: int, hand: CardSet, count: int) -> None:
        self.seat = seat
        self.hand = hand
        self.pass_count = count
        self._cards: tuple[Card, ...] | None = None  # built on first indexing
        self._size = _COMB[hand.mask.bit_count()][count]

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> PassCards: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[PassCards]: ...

    def __getitem__(self, index: int | slice) -> PassCards | Sequence[PassCards]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._size))]
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError("pass choice index out of range")
        # Unrank: walk the cards, skipping the blocks of combinations that
        # start with each card until the block holding `index` is found.
        cards = self._cards
        if cards is None:
            cards = self._cards = self.hand.cards()
        mask = 0
        n = len(cards)
        k = self.pass_count
        i = 0
        while k:
            block = _COMB[n - i - 1][k - 1]
            if index < block:
                mask |= cards[i].bit
                k -= 1
            else:
                index -= block
            i += 1
        return PassCards(self.seat, _from_mask(mask))

    def __contains__(self, action: object) -> bool:
        return (
            isinstance(action, PassCards)
            and action.seat == self.seat
            and isinstance(action.cards, CardSet)
            and len(action.cards) == self.pass_count
            and action.cards <= self.hand
        )

    def __iter__(self) -> Iterator[PassCards]:
        for i in range(self._size):
            yield self[i]

    def __repr__(self) -> str:
        return f"PassChoices({self.seat}, CardSet.parse('{self.hand}'), {self.pass_count})"


class _Chain(Sequence[Action]):
    """Several sequences read as one (the choices of all seats still to pass)."""

    __slots__ = ("_parts", "_size")

    def __init__(self, parts: Sequence[PassChoices]) -> None:
        self._parts = tuple(parts)
        self._size = sum(len(p) for p in self._parts)

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._size))]
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError("action index out of range")
        for part in self._parts:
            if index < len(part):
                return part[index]
            index -= len(part)
        raise IndexError("action index out of range")  # pragma: no cover

    def __contains__(self, action: object) -> bool:
        return any(action in part for part in self._parts)


def legal_actions(state: GameState, seat: int | None = None) -> Sequence[Action]:
    """The legal actions, for one seat or for every seat in ``state.to_act``.

    A sized, indexable sequence in a stable order (``random.choice`` works);
    passes are generated lazily. Empty while a deal is awaited (supply a
    :class:`~hearts_core.Deal`) and once the game is over.

    >>> from hearts_core import Deal
    >>> state = apply(new_game(), Deal(["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    ...     "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD", "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    ...     "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"]))
    >>> len(legal_actions(state)), len(legal_actions(state, 0))
    (1144, 286)
    """
    phase = state.phase
    if phase is _PLAY:
        global _LAST_LEGAL
        current = (state.leader + len(state.trick)) % PLAYERS
        if seat is not None and seat != current:
            return _NO_ACTIONS
        mask = _legal_play_mask(state, current)
        _LAST_LEGAL = (state, current, mask)
        return _plays_of_mask(current, mask)
    if phase is Phase.PASS:
        count = state.context.rules.pass_count
        masks = state.hand_masks
        parts = [
            PassChoices(s, _from_mask(masks[s]), count)
            for s, passed in enumerate(state.passes)
            if passed is None and (seat is None or seat == s)
        ]
        return parts[0] if len(parts) == 1 else _Chain(parts)
    if phase is Phase.MOON:
        shooter = state.moon_shooter
        if shooter is None or (seat is not None and seat != shooter):
            return _NO_ACTIONS
        return _MOON_CHOICES[shooter]
    return _NO_ACTIONS


def is_legal(state: GameState, action: object) -> bool:
    """Whether ``action`` may be applied to ``state``.

    >>> from hearts_core import PlayCard
    >>> is_legal(new_game(), PlayCard(0, "2C"))
    False
    """
    return explain(state, action) is None


def _seat_ok(seat: object) -> bool:
    return type(seat) is int and 0 <= seat < PLAYERS


def _listing(mask: int) -> str:
    return ", ".join(str(c) for c in CardSet.from_mask(mask))


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
_EXPECTED: Final = {
    Phase.DEAL: Deal,
    Phase.PASS: PassCards,
    Phase.PLAY: PlayCard,
    Phase.MOON: ChooseMoon,
}


def explain(state: GameState, action: object) -> IllegalActionError | None:
    """Why ``action`` is illegal in ``state``, as an error to show or raise; ``None`` if legal.

    >>> from hearts_core import PlayCard
    >>> error = explain(new_game(), PlayCard(0, "2C"))
    >>> error.rule.value
    'WRONG_PHASE'
    """
    kind = type(action)
    if kind not in _DOING:
        return IllegalActionError(Rule.NOT_AN_ACTION, f"not an action: {action!r}", action)
    phase = state.phase
    if _EXPECTED.get(phase) is not kind:
        return IllegalActionError(
            Rule.WRONG_PHASE, f"cannot {_DOING[kind]} now: {_WAITING[phase]}", action
        )
    if isinstance(action, Deal):
        return _explain_deal(state, action)
    if isinstance(action, PassCards):
        return _explain_pass(state, action)
    if isinstance(action, PlayCard):
        return _explain_play(state, action)
    assert isinstance(action, ChooseMoon)
    return _explain_moon(state, action)


def _explain_deal(state: GameState, action: Deal) -> IllegalActionError | None:
    tables = state.context.tables
    hands = action.hands
    size = tables.tricks_per_hand

    def bad(reason: str) -> IllegalActionError:
        return IllegalActionError(Rule.INVALID_DEAL, f"invalid deal: {reason}", action)

    if not isinstance(hands, tuple) or len(hands) != PLAYERS:
        return bad(f"it must give {PLAYERS} hands")
    seen = 0
    for seat, hand in enumerate(hands):
        if not isinstance(hand, CardSet):
            return bad(f"hand {seat} is not a CardSet")
        if len(hand) != size:
            return bad(f"seat {seat} gets {len(hand)} cards, not {size}")
        if hand.mask & seen:
            return bad(f"{_listing(hand.mask & seen)} dealt twice")
        seen |= hand.mask
    if seen != tables.deck:
        return bad(f"cards outside the deck: {_listing(seen & ~tables.deck)}")
    return None


def _explain_pass(state: GameState, action: PassCards) -> IllegalActionError | None:
    seat = action.seat
    if not _seat_ok(seat):
        return IllegalActionError(Rule.NOT_AN_ACTION, f"no such seat: {seat!r}", action)
    if state.passes[seat] is not None:
        return IllegalActionError(
            Rule.ALREADY_PASSED, f"seat {seat} has already passed this hand", action
        )
    cards = action.cards
    if not isinstance(cards, CardSet):
        return IllegalActionError(Rule.NOT_AN_ACTION, f"not a set of cards: {cards!r}", action)
    count = state.context.rules.pass_count
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
    if not _seat_ok(seat):
        return IllegalActionError(Rule.NOT_AN_ACTION, f"no such seat: {seat!r}", action)
    if not isinstance(card, Card):
        return IllegalActionError(Rule.NOT_AN_ACTION, f"not a card: {card!r}", action)
    current = (state.leader + len(state.trick)) % PLAYERS
    if seat != current:
        return IllegalActionError(
            Rule.NOT_YOUR_TURN, f"it is seat {current}'s turn to play, not seat {seat}'s", action
        )
    hand = state.hand_masks[seat]
    if not hand & card.bit:
        return IllegalActionError(
            Rule.CARD_NOT_IN_HAND, f"seat {seat} does not hold {card}", action
        )
    legal = _legal_play_mask(state, seat)
    if legal & card.bit:
        return None
    tables = state.context.tables
    if state.trick:
        led = state.trick[0].suit
        follow = hand & led.mask
        if follow:
            return IllegalActionError(
                Rule.MUST_FOLLOW_SUIT,
                f"seat {seat} must follow {led.noun} and holds {_listing(follow)}",
                action,
            )
        return IllegalActionError(
            Rule.NO_POINTS_ON_FIRST_TRICK,
            f"seat {seat} may not play {card} on the first trick: "
            f"it holds cards that score nothing ({_listing(legal)})",
            action,
        )
    if not state.tricks:
        lead = Card.from_index(tables.first_lead.bit_length() - 1)
        return IllegalActionError(
            Rule.FIRST_LEAD_TWO_OF_CLUBS, f"seat {seat} must lead {lead} to the first trick", action
        )
    return IllegalActionError(
        Rule.HEARTS_NOT_BROKEN,
        f"seat {seat} may not lead a heart: hearts are not broken "
        f"and it holds other cards ({_listing(legal)})",
        action,
    )


def _explain_moon(state: GameState, action: ChooseMoon) -> IllegalActionError | None:
    shooter = state.moon_shooter
    if action.seat != shooter:
        return IllegalActionError(
            Rule.NOT_YOUR_TURN,
            f"seat {shooter} shot the moon and chooses, not seat {action.seat!r}",
            action,
        )
    if not isinstance(action.option, MoonOption):
        return IllegalActionError(
            Rule.MOON_OPTION_NOT_OFFERED, f"not a moon option: {action.option!r}", action
        )
    return None


# --- transitions -----------------------------------------------------------


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``. Pure: ``state`` is unchanged.

    Raises:
        IllegalActionError: if the action is illegal; its ``rule`` names why.

    >>> import random
    >>> from hearts_core import random_deal
    >>> state = apply(new_game(), random_deal(Rules(), random.Random(1)))
    >>> state.phase.value, state.to_act
    ('pass', (0, 1, 2, 3))
    """
    # Fast path for the commonest action; anything unusual takes the checked path.
    if action.__class__ is PlayCard and state.phase is _PLAY:
        last = _LAST_LEGAL
        if last[0] is state:
            seat, mask = last[1], last[2]
        else:
            seat = (state.leader + len(state.trick)) % PLAYERS
            mask = _legal_play_mask(state, seat)
        card = action.card
        if action.seat == seat and card.__class__ is Card and card.bit & mask:
            return _play(state, seat, card, None)
    return _apply_checked(state, action, None)


def step(state: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]:
    """Like :func:`apply`, and also report what happened, for a front end to animate.

    >>> import random
    >>> from hearts_core import random_deal
    >>> state, events = step(new_game(), random_deal(Rules(), random.Random(1)))
    >>> events
    (HandDealt(hand_number=0, dealer=3, pass_direction=<PassDirection.LEFT: 'left'>),)
    """
    events: list[Event] = []
    return _apply_checked(state, action, events), tuple(events)


def _apply_checked(state: GameState, action: Action, events: list[Event] | None) -> GameState:
    error = explain(state, action)
    if error is not None:
        raise error
    if isinstance(action, PlayCard):
        return _play(state, action.seat, action.card, events)
    if isinstance(action, PassCards):
        return _pass(state, action, events)
    if isinstance(action, Deal):
        return _deal(state, action, events)
    return _choose_moon(state, action, events)


def _holder(hands: tuple[int, ...], bit: int) -> int:
    for seat, hand in enumerate(hands):
        if hand & bit:
            return seat
    raise AssertionError("first lead card not dealt")  # pragma: no cover


def _deal(state: GameState, action: Deal, events: list[Event] | None) -> GameState:
    context = state.context
    direction = state.pass_direction
    if events is not None:
        events.append(HandDealt(context.hand_number, state.dealer, direction))
    hands = tuple(hand.mask for hand in action.hands)
    if direction is PassDirection.HOLD:
        leader = _holder(hands, context.tables.first_lead)
        return GameState(context, Phase.PLAY, hands, (), (), (), leader)
    return GameState(context, Phase.PASS, hands, (None,) * PLAYERS)


def _pass(state: GameState, action: PassCards, events: list[Event] | None) -> GameState:
    seat = action.seat
    passes = state.passes[:seat] + (action.cards,) + state.passes[seat + 1 :]
    if events is not None:
        events.append(PassSubmitted(seat))
    if None in passes:
        return GameState(state.context, Phase.PASS, state.hand_masks, passes)
    offset = state.pass_direction.offset
    hands = list(state.hand_masks)
    for giver, given in enumerate(passes):
        assert given is not None
        receiver = (giver + offset) % PLAYERS
        hands[giver] &= ~given.mask
        if events is not None:
            events.append(CardsPassed(giver, receiver, given))
    for giver, given in enumerate(passes):
        assert given is not None
        receiver = (giver + offset) % PLAYERS
        hands[receiver] |= given.mask
    new_hands = tuple(hands)
    leader = _holder(new_hands, state.context.tables.first_lead)
    return GameState(state.context, Phase.PLAY, new_hands, passes, (), (), leader)


def _play(state: GameState, seat: int, card: Card, events: list[Event] | None) -> GameState:
    context = state.context
    bit = card.bit
    new_hands = list(state.hand_masks)
    new_hands[seat] ^= bit
    trick = state.trick + (card,)
    if events is not None:
        events.append(CardPlayed(seat, card))
        if bit & context.tables.breaking_mask and not state.hearts_broken:
            events.append(HeartsBroken(seat, card))
    if len(trick) < PLAYERS:
        return _make_state(
            context, _PLAY, tuple(new_hands), state.passes, state.tricks, trick, state.leader
        )
    winner = _trick_winner(state.leader, trick)
    tricks = state.tricks + (Trick(state.leader, trick),)
    if events is not None:
        events.append(TrickTaken(winner, trick, context.tables.points_of(_mask_of(trick))))
    after = _make_state(context, _PLAY, tuple(new_hands), state.passes, tricks, (), winner)
    if len(tricks) < context.tables.tricks_per_hand:
        return after
    return _end_of_play(after, events)


def _mask_of(cards: tuple[Card, ...]) -> int:
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask


def _end_of_play(state: GameState, events: list[Event] | None) -> GameState:
    tables = state.context.tables
    taken = state._taken_masks()
    points = tuple(tables.points_of(mask) for mask in taken)
    need = tables.point_mask
    shooter = next((seat for seat, mask in enumerate(taken) if mask & need == need), None)
    moon = state.context.rules.moon
    if shooter is None:
        return _score(state, points, points, events)
    if moon is MoonScoring.SHOOTER_CHOOSES:
        if events is not None:
            events.append(MoonShot(shooter, None))
        return GameState(
            state.context,
            Phase.MOON,
            state.hand_masks,
            state.passes,
            state.tricks,
            (),
            state.leader,
        )
    option = (
        MoonOption.ADD_TO_OTHERS
        if moon is MoonScoring.ADD_TO_OTHERS
        else MoonOption.SUBTRACT_FROM_SHOOTER
    )
    return _score_moon(state, shooter, option, points, events)


def _choose_moon(state: GameState, action: ChooseMoon, events: list[Event] | None) -> GameState:
    return _score_moon(state, action.seat, action.option, state.hand_points, events)


def _score_moon(
    state: GameState,
    shooter: int,
    option: MoonOption,
    points: tuple[int, ...],
    events: list[Event] | None,
) -> GameState:
    amount = state.context.tables.moon_amount
    if option is MoonOption.ADD_TO_OTHERS:
        scores = tuple(0 if seat == shooter else amount for seat in range(PLAYERS))
    else:
        scores = tuple(-amount if seat == shooter else 0 for seat in range(PLAYERS))
    if events is not None:
        events.append(MoonShot(shooter, option))
    return _score(state, points, scores, events)


def _score(
    state: GameState,
    points: tuple[int, ...],
    scores: tuple[int, ...],
    events: list[Event] | None,
) -> GameState:
    context = state.context
    rules = context.rules
    totals = tuple(total + score for total, score in zip(context.scores, scores, strict=True))
    if events is not None:
        events.append(HandScored(context.hand_number, points, scores, totals))
    low = min(totals)
    if max(totals) >= rules.target_score and totals.count(low) == 1:
        if events is not None:
            events.append(GameOver((totals.index(low),), totals))
        return GameState(HandContext(rules, context.hand_number, totals), Phase.GAME_OVER)
    return GameState(HandContext(rules, context.hand_number + 1, totals), Phase.DEAL)
