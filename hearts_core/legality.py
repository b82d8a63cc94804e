"""Legality: which actions a state allows, and why any other is refused.

The legal cards come from restrictions applied in a fixed order (OpenSpiel's),
each skipped when it would leave the seat no legal card, so a seat always has
a card to play. Each restriction is named by a :class:`~hearts_core.Rule`,
and :func:`explain` reports the first one a refused card breaks.

:func:`legal_actions` is on the hot path of every playout: it works on
bitmasks and hands out shared, precomputed :class:`~hearts_core.PlayCard`
tuples.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from typing import Final, overload

from hearts_core.actions import PLAYS, Action, ChooseMoon, Deal, PassCards, PlayCard
from hearts_core.cards import Card, CardSet, Suit, _from_mask
from hearts_core.errors import IllegalActionError, Rule
from hearts_core.rules import MAX_PLAYERS, FirstLead, MoonOption
from hearts_core.state import GameState, Phase

__all__ = ["legal_actions", "is_legal", "explain", "PassChoices"]

_SUIT_MASKS: Final = tuple(s.mask for s in Suit)
_HEARTS: Final = Suit.HEARTS.mask
_QUEEN: Final = Card.parse("QS").bit
_MOON_CHOICES: Final = tuple(
    tuple(ChooseMoon(seat, option) for option in MoonOption) for seat in range(MAX_PLAYERS)
)
_NO_ACTIONS: Final[tuple[Action, ...]] = ()
_PLAY: Final = Phase.PLAY


def _legal_play_mask(state: GameState, seat: int) -> int:
    """The cards ``seat`` may play now, as a mask (the fast form of :func:`_restrictions`)."""
    hand = state.hand_masks[seat]
    trick = state.trick
    tables = state.context.tables
    if trick:
        legal = hand & trick[0].suit_mask
        if not legal:
            legal = hand
            if not state.tricks:
                safe = hand & tables.first_trick_mask
                if safe:
                    legal = safe
        if tables.queen_waits and legal & _QUEEN and legal != _QUEEN and not _broken_by_play(state):
            legal &= ~_QUEEN
        return legal
    if not state.tricks:
        if tables.first_lead_mask:
            legal = hand & tables.first_lead_mask
            if legal:
                return legal
        # The seat after the dealer leads: the usual lead rules apply below.
        legal = hand & tables.first_trick_mask or hand
    else:
        legal = hand
    if tables.must_break_hearts and not _broken_by_play(state):
        safe = legal & ~_HEARTS
        # OpenSpiel's option: a leader left with only Q♠ may lead a heart instead.
        if safe and not (safe == _QUEEN and tables.lead_hearts_instead_of_queen):
            legal = safe
    if tables.queen_waits and legal & _QUEEN and legal != _QUEEN and not _broken_by_play(state):
        legal &= ~_QUEEN
    return legal


def _broken_by_play(state: GameState) -> bool:
    """Whether a breaking card has been played this hand."""
    held = 0
    for mask in state.hand_masks:
        held |= mask
    tables = state.context.tables
    return bool(tables.deck & ~held & tables.breaking_mask)


def _restrictions(state: GameState, seat: int) -> list[tuple[Rule, int]]:
    """Each restriction that narrowed ``seat``'s choice, with the cards it left, in order.

    The slow, explaining form of :func:`_legal_play_mask`: the last mask is the legal set.
    """
    hand = state.hand_masks[seat]
    context = state.context
    rules = context.rules
    tables = context.tables
    steps: list[tuple[Rule, int]] = []
    legal = hand

    def narrow(rule: Rule, allowed: int) -> None:
        nonlocal legal
        if allowed and allowed != legal:
            legal = allowed
            steps.append((rule, allowed))

    first = not state.tricks
    if state.trick:
        follow = hand & _SUIT_MASKS[state.trick[0].suit]
        narrow(Rule.MUST_FOLLOW_SUIT, follow)
        if not follow and first and not rules.points_on_first_trick:
            narrow(Rule.NO_POINTS_ON_FIRST_TRICK, legal & ~tables.point_mask)
    else:
        if first and tables.first_lead_mask:
            rule = (
                Rule.FIRST_LEAD_TWO_OF_CLUBS
                if rules.first_lead is FirstLead.LOWEST_CLUB
                else Rule.FIRST_LEAD_CLUB
            )
            narrow(rule, legal & tables.first_lead_mask)
        else:
            if first and not rules.points_on_first_trick:
                narrow(Rule.NO_POINTS_ON_FIRST_TRICK, legal & ~tables.point_mask)
            if rules.must_break_hearts and not _broken_by_play(state):
                safe = legal & ~_HEARTS
                if not (safe == _QUEEN and rules.lead_hearts_instead_of_queen):
                    narrow(Rule.HEARTS_NOT_BROKEN, safe)
    if rules.queen_waits_for_hearts and not _broken_by_play(state):
        narrow(Rule.QUEEN_NOT_BEFORE_HEARTS, legal & ~_QUEEN)
    return steps


# Interned tuples of PlayCard by seat and one suit's 13-bit pattern, filled as
# patterns are met (at most 6 seats * 4 suits * 8192 patterns). A legal set is
# usually one suit (following), so one lookup; a lead joins up to four.
_SUIT_PLAYS: dict[int, tuple[PlayCard, ...]] = {}


def _suit_plays(key: int) -> tuple[PlayCard, ...]:
    seat, offset, pattern = key >> 19, (key >> 13) & 63, key & 0x1FFF
    row = PLAYS[seat]
    part = tuple(row[offset + i] for i in range(13) if pattern >> i & 1)
    _SUIT_PLAYS[key] = part
    return part


def _plays_of_mask(seat: int, mask: int) -> tuple[PlayCard, ...]:
    base = seat << 19
    get = _SUIT_PLAYS.get
    plays: tuple[PlayCard, ...] = ()
    for offset in (0, 13, 26, 39):
        pattern = (mask >> offset) & 0x1FFF
        if pattern:
            key = base | offset << 13 | pattern
            part = get(key) or _suit_plays(key)
            plays = plays + part if plays else part
    return plays


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

    __slots__ = ("seat", "hand", "pass_count", "_size")

    seat: int
    """The passing seat."""
    hand: CardSet
    """The cards to choose from."""
    pass_count: int
    """How many cards each choice passes."""

    def __init__(self, seat: int, hand: CardSet, count: int) -> None:
        self.seat = seat
        self.hand = hand
        self.pass_count = count
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
        # Unrank: walk the hand's cards low to high; C(n-1, k-1) choices take
        # the lowest remaining card, the rest skip it.
        rest = self.hand.mask
        n = rest.bit_count()
        k = self.pass_count
        chosen = 0
        while k:
            low = rest & -rest
            rest ^= low
            n -= 1
            block = _COMB[n][k - 1]
            if index < block:
                chosen |= low
                k -= 1
            else:
                index -= block
        return PassCards(self.seat, _from_mask(chosen))

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
        self._size = sum(p._size for p in self._parts)

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
            if index < part._size:
                return part[index]
            index -= part._size
        raise IndexError("action index out of range")  # pragma: no cover

    def __contains__(self, action: object) -> bool:
        return any(action in part for part in self._parts)


def legal_actions(state: GameState, seat: int | None = None) -> Sequence[Action]:
    """The legal actions, for one seat or for every seat in ``state.to_act``.

    A sized, indexable sequence in a stable order (``random.choice`` works);
    passes are generated lazily. Empty while a deal is awaited (supply a
    :class:`~hearts_core.Deal`), for a seat that may not act, and once the
    game is over.

    >>> from hearts_core import Deal, apply, new_game
    >>> state = apply(new_game(), Deal(["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    ...     "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD", "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    ...     "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"]))
    >>> len(legal_actions(state)), len(legal_actions(state, 0))
    (1144, 286)
    """
    phase = state.phase
    if phase is _PLAY:
        global _LAST_LEGAL
        current = (state.leader + len(state.trick)) % state.context.tables.players
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

    >>> from hearts_core import PlayCard, new_game
    >>> is_legal(new_game(), PlayCard(0, "2C"))
    False
    """
    return explain(state, action) is None


def _seat_ok(state: GameState, seat: object) -> bool:
    return type(seat) is int and 0 <= seat < state.context.tables.players


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

    >>> from hearts_core import PlayCard, new_game
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
    size = tables.hand_size
    players = tables.players

    def bad(reason: str) -> IllegalActionError:
        return IllegalActionError(Rule.INVALID_DEAL, f"invalid deal: {reason}", action)

    if not isinstance(hands, tuple) or len(hands) != players:
        return bad(f"it must give {players} hands")
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
    if not _seat_ok(state, seat):
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
    if not _seat_ok(state, seat):
        return IllegalActionError(Rule.NOT_AN_ACTION, f"no such seat: {seat!r}", action)
    if not isinstance(card, Card):
        return IllegalActionError(Rule.NOT_AN_ACTION, f"not a card: {card!r}", action)
    current = (state.leader + len(state.trick)) % state.context.tables.players
    if seat != current:
        return IllegalActionError(
            Rule.NOT_YOUR_TURN, f"it is seat {current}'s turn to play, not seat {seat}'s", action
        )
    if not state.hand_masks[seat] & card.bit:
        return IllegalActionError(
            Rule.CARD_NOT_IN_HAND, f"seat {seat} does not hold {card}", action
        )
    for rule, allowed in _restrictions(state, seat):
        if not allowed & card.bit:
            return IllegalActionError(rule, _refusal(state, seat, card, rule, allowed), action)
    return None


def _refusal(state: GameState, seat: int, card: Card, rule: Rule, allowed: int) -> str:
    """The message a player reads when ``card`` breaks ``rule``."""
    if rule is Rule.MUST_FOLLOW_SUIT:
        led = state.trick[0].suit
        return f"seat {seat} must follow {led.noun} and holds {_listing(allowed)}"
    if rule is Rule.FIRST_LEAD_TWO_OF_CLUBS:
        return f"seat {seat} must lead {_listing(allowed)} to the first trick"
    if rule is Rule.FIRST_LEAD_CLUB:
        return f"seat {seat} must lead a club to the first trick: {_listing(allowed)}"
    if rule is Rule.NO_POINTS_ON_FIRST_TRICK:
        return (
            f"seat {seat} may not play {card} on the first trick: "
            f"it holds cards that score nothing ({_listing(allowed)})"
        )
    if rule is Rule.HEARTS_NOT_BROKEN:
        return (
            f"seat {seat} may not lead a heart: hearts are not broken "
            f"and it holds other cards ({_listing(allowed)})"
        )
    return (
        f"seat {seat} may not play {card} before hearts are broken: "
        f"it holds other cards ({_listing(allowed)})"
    )


def _explain_moon(state: GameState, action: ChooseMoon) -> IllegalActionError | None:
    if not _seat_ok(state, action.seat):
        return IllegalActionError(Rule.NOT_AN_ACTION, f"no such seat: {action.seat!r}", action)
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
