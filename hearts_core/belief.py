"""Belief sampling: full game states consistent with what one seat has seen.

A seat's :class:`~hearts_core.PlayerView` hides the other hands. A bot that
searches, and a loader that checks a view, need full states that the seat
would see as that view. :class:`Belief` finds every constraint the view puts
on the hidden cards and counts the deals that meet them; :func:`resample`
draws one of them uniformly at random, and :func:`consistent_state` gives the
first in a fixed order.

What a view says about the hidden cards:

* each other seat holds as many cards as its hand size;
* the cards this seat passed are still with their receiver, unless played;
* the first leader held the lowest club (when the rules lead it);
* every card another seat played was legal for the hand it held then: its
  cards now plus the ones it played since. A seat that did not follow suit
  holds none of that suit (a void); one that discarded a point card on the
  first trick held nothing but point cards; one that led a heart before they
  were broken held nothing else; and so on for every restriction in force.

Each restriction forbids a card only when the hand holds some other card of a
set fixed by the situation, so "this play was legal" is exactly "the seat
holds none of the cards that would have forbidden it". The constraints are
therefore a set of allowed cards per seat. :class:`Belief` groups the hidden
cards by the seats allowed to hold them and counts, class by class, the ways to
fill every seat's hand exactly; drawing each class's split with probability
proportional to the deals it leaves makes every consistent deal equally
likely. The cards other seats passed (hidden from this seat) are then drawn
uniformly among the sets that fit. OpenSpiel's resampler deals the hidden
cards by hand sizes alone and ignores voids; this one does not.

>>> import random
>>> from hearts_core import Rules, apply, legal_actions, new_game, observe, random_deal
>>> rng = random.Random(4)
>>> state = apply(new_game(), random_deal(Rules(), rng))
>>> while len(state.tricks) < 5:
...     state = apply(state, rng.choice(legal_actions(state)))
>>> view = observe(state, 2)
>>> sampled = resample(view, rng)
>>> observe(sampled, 2) == view, sampled.hands[2] == state.hands[2]
(True, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Final

from hearts_core.builders import between_hands, make_state
from hearts_core.cards import Card, CardSet, unchecked_cardset
from hearts_core.errors import InvalidStateError
from hearts_core.fields import shown
from hearts_core.legality import legal_mask
from hearts_core.observation import PlayerView
from hearts_core.options import PassDirection
from hearts_core.rules import Rules, is_seat
from hearts_core.state import (
    NO_PASSES,
    GameState,
    HandContext,
    Phase,
    Trick,
    breaks_hearts,
    first_leader,
    seat_of,
    winning_so_far,
)

__all__ = ["Belief", "resample", "consistent_state"]

_WAITING: Final = (Phase.DEAL, Phase.GAME_OVER)


def _bits(mask: int) -> list[int]:
    found = []
    while mask:
        low = mask & -mask
        found.append(low)
        mask ^= low
    return found


class Belief:
    """Every deal of the hidden cards that fits one seat's view, counted; any of them drawn.

    Raises:
        InvalidStateError: if no deal fits the view (a view no game can show).

    >>> import random
    >>> from hearts_core import Rules, apply, new_game, observe, random_deal
    >>> state = apply(new_game(Rules(players=3)), random_deal(Rules(players=3), random.Random(1)))
    >>> belief = Belief(observe(state, 0))
    >>> belief.size == math.comb(34, 17)  # the other two hands, 17 cards each
    True
    """

    __slots__ = ("view", "size", "_fixed", "_classes", "_capacity", "_counts", "_holders")

    view: PlayerView
    """The view the deals fit."""
    size: int
    """The number of deals of the hidden cards that fit it (1 when nothing is hidden)."""

    def __init__(self, view: PlayerView) -> None:
        _check_form(view)
        self.view = view
        self._fixed: list[int] = []
        self._classes: list[tuple[tuple[int, ...], list[int]]] = []
        self._capacity: tuple[int, ...] = ()
        self._counts: dict[tuple[int, tuple[int, ...]], int] = {}
        self._holders: list[int] = []
        if view.phase in _WAITING:
            self.size = 1
            return
        self._constrain()
        self.size = self._count(0, self._capacity)
        if not self.size:
            raise InvalidStateError("view", "no deal of the hidden cards fits this view")

    # --- what the view says -----------------------------------------------------------

    def _constrain(self) -> None:
        view = self.view
        rules = view.rules
        tables = rules.tables()
        players = tables.players
        me = view.seat
        played_by = [0] * players
        for trick in view.tricks:
            for position, card in enumerate(trick.cards):
                played_by[seat_of(trick.leader, position, players)] |= card.bit
        for position, card in enumerate(view.current_trick):
            played_by[seat_of(view.leader, position, players)] |= card.bit
        played = 0
        for mask in played_by:
            played |= mask
        pool = tables.deck & ~view.hand.mask & ~played
        fixed = [0] * players
        forbidden = [0] * players
        if view.phase is not Phase.PASS and view.passed is not None:
            receiver = view.pass_direction.receiver(me, players)
            fixed[receiver] |= view.passed.mask & pool
            if view.passed.mask & played & ~played_by[receiver]:
                raise InvalidStateError("view", "another seat played a card this seat passed")
        self._first_lead(fixed, pool, played_by)
        if view.phase is Phase.PLAY or view.phase is Phase.MOON:
            self._plays(forbidden, pool, played_by)
        capacity = []
        for seat in range(players):
            if seat == me:
                capacity.append(0)
                continue
            if fixed[seat] & forbidden[seat]:
                raise InvalidStateError("view", f"seat {seat} holds a card its plays rule out")
            room = view.hand_sizes[seat] - fixed[seat].bit_count()
            if room < 0:
                raise InvalidStateError("view", f"seat {seat} holds fewer cards than it must")
            capacity.append(room)
        free = pool
        for mask in fixed:
            free &= ~mask
        if sum(capacity) != free.bit_count():
            raise InvalidStateError("view", "the hand sizes do not fit the hidden cards")
        # Group the free cards by the seats that may hold them; the largest group last,
        # so the counting below fills it by what is left.
        groups: dict[tuple[int, ...], list[int]] = {}
        for bit in _bits(free):
            seats = tuple(s for s in range(players) if capacity[s] and not forbidden[s] & bit)
            groups.setdefault(seats, []).append(bit)
        self._classes = sorted(groups.items(), key=lambda item: len(item[1]))
        self._fixed = fixed
        self._capacity = tuple(capacity)
        self._holders = played_by

    def _first_lead(self, fixed: list[int], pool: int, played_by: list[int]) -> None:
        """The first leader held the first lead card once the passes were made."""
        view = self.view
        tables = view.rules.tables()
        card = tables.first_lead_card
        if view.phase is Phase.PASS or not card:
            return
        leader = view.tricks[0].leader if view.tricks else view.leader
        holdings = list(played_by)
        holdings[view.seat] |= view.hand.mask
        holdings[leader] |= card & pool
        if first_leader(tables, holdings, view.dealer) != leader:
            raise InvalidStateError("view", f"seat {leader} led first but could not hold the lead")
        if card & pool:
            fixed[leader] |= card

    def _plays(self, forbidden: list[int], pool: int, played_by: list[int]) -> None:
        """The cards each other seat cannot hold, for its past plays to have been legal."""
        view = self.view
        tables = view.rules.tables()
        players = tables.players
        later = list(played_by)  # each seat's cards from the play looked at onwards
        broken = False
        tricks = [(t.leader, t.cards) for t in view.tricks]
        if view.current_trick:
            tricks.append((view.leader, view.current_trick))
        for number, (leader, cards) in enumerate(tricks):
            for position, card in enumerate(cards):
                seat = seat_of(leader, position, players)
                before = cards[:position]
                if seat != view.seat:
                    known = later[seat]
                    first = number == 0
                    if not legal_mask(tables, known, before, first, broken) & card.bit:
                        raise InvalidStateError("view", f"seat {seat} could not have played {card}")
                    for bit in _bits(pool & ~forbidden[seat]):
                        if not legal_mask(tables, known | bit, before, first, broken) & card.bit:
                            forbidden[seat] |= bit
                later[seat] &= ~card.bit
                if not broken and breaks_hearts(tables, card, before):
                    broken = True

    # --- counting and drawing ---------------------------------------------------------

    def _count(self, index: int, capacity: tuple[int, ...]) -> int:
        """The ways to deal classes ``index`` onwards into exactly ``capacity``."""
        if index == len(self._classes):
            return 0 if any(capacity) else 1
        key = (index, capacity)
        found = self._counts.get(key)
        if found is None:
            found = sum(
                ways * self._count(index + 1, rest)
                for _, ways, rest in self._splits(index, capacity)
            )
            self._counts[key] = found
        return found

    def _splits(
        self, index: int, capacity: tuple[int, ...]
    ) -> list[tuple[tuple[int, ...], int, tuple[int, ...]]]:
        """Each way to split class ``index`` among its seats: the cards per seat, the number
        of card assignments giving it, and the capacity left."""
        seats, cards = self._classes[index]
        found: list[tuple[tuple[int, ...], int, tuple[int, ...]]] = []
        total = len(cards)
        if index == len(self._classes) - 1:
            # The last class fills whatever room is left, or nothing fits.
            counts = tuple(capacity[s] for s in seats)
            if sum(counts) == total and sum(capacity) == total:
                ways = math.factorial(total)
                for k in counts:
                    ways //= math.factorial(k)
                found.append((counts, ways, (0,) * len(capacity)))
            return found

        def walk(position: int, left: int, taken: tuple[int, ...], ways: int) -> None:
            if position == len(seats) - 1:
                seat = seats[position]
                if left > capacity[seat]:
                    return
                counts = (*taken, left)
                rest = list(capacity)
                for s, k in zip(seats, counts, strict=True):
                    rest[s] -= k
                found.append((counts, ways, tuple(rest)))
                return
            seat = seats[position]
            for k in range(min(left, capacity[seat]) + 1):
                walk(position + 1, left - k, (*taken, k), ways * math.comb(left, k))

        if not seats:
            if total == 0:
                found.append(((), 1, capacity))
            return found
        walk(0, total, (), 1)
        return found

    def _deal(self, pick: Callable[[int], int], shuffle: Callable[[list[int]], None]) -> list[int]:
        """One deal: the hidden cards each seat holds, drawn by ``pick(n)`` (an index below
        ``n``) and ``shuffle``."""
        hands = list(self._fixed)
        capacity = self._capacity
        for index, (seats, cards) in enumerate(self._classes):
            splits = self._splits(index, capacity)
            weights = [ways * self._count(index + 1, rest) for _, ways, rest in splits]
            chosen = pick(sum(weights))
            which = 0
            while chosen >= weights[which]:
                chosen -= weights[which]
                which += 1
            counts, _, rest = splits[which]
            order = list(cards)
            shuffle(order)
            start = 0
            for seat, k in zip(seats, counts, strict=True):
                for bit in order[start : start + k]:
                    hands[seat] |= bit
                start += k
            capacity = rest
        return hands

    def _state(self, hidden: list[int], pick: Callable[[int], int]) -> GameState:
        view = self.view
        rules = view.rules
        tables = rules.tables()
        players = tables.players
        context = HandContext(rules, view.hand_number, view.totals, view.counting_down)
        if view.phase in _WAITING:
            return between_hands(context, view.phase)
        me = view.seat
        now = list(hidden)
        now[me] = view.hand.mask
        start = [now[s] | self._holders[s] for s in range(players)]
        passes = self._passes(start, pick)
        if view.phase is Phase.PASS:
            # The pass choices are listed when first asked for (legality.seat_passes).
            return make_state(
                context=context, phase=Phase.PASS, passes=passes, tricks=(), current_trick=(),
                leader=0, hearts_broken=False, phase_hands=tuple(start), played_mask=0,
                seat_to_play=-1, legal_bits=0, pass_listing=None,
            )  # fmt: skip
        played = 0
        for mask in self._holders:
            played |= mask
        if view.phase is Phase.MOON:
            return make_state(
                context=context, phase=Phase.MOON, passes=passes, tricks=view.tricks,
                current_trick=(), leader=0, hearts_broken=view.hearts_broken,
                phase_hands=tuple(start), played_mask=played, seat_to_play=-1, legal_bits=0,
                pass_listing=NO_PASSES,
            )  # fmt: skip
        seat = view.to_act[0]
        legal = legal_mask(
            tables, now[seat], view.current_trick, not view.tricks, view.hearts_broken
        )
        winning = winning_so_far(view.leader, view.current_trick, players)
        return make_state(
            context=context, phase=Phase.PLAY, passes=passes, tricks=view.tricks,
            current_trick=view.current_trick, leader=view.leader,
            hearts_broken=view.hearts_broken, phase_hands=tuple(start), played_mask=played,
            seat_to_play=seat, legal_bits=legal, pass_listing=NO_PASSES, winning=winning,
        )  # fmt: skip

    def _passes(self, start: list[int], pick: Callable[[int], int]) -> tuple[CardSet | None, ...]:
        """The passes of the state: this seat's and the one it received as seen, the others
        (hidden from it) drawn among the card sets that fit."""
        view = self.view
        players = view.rules.players
        direction = view.pass_direction
        if direction is PassDirection.HOLD:
            return ()
        me = view.seat
        count = view.rules.pass_count
        passes: list[CardSet | None] = []
        for seat in range(players):
            if seat == me:
                passes.append(view.passed)
            elif view.phase is Phase.PASS:
                # Not exchanged yet: a seat that passed chose from its own hand.
                passes.append(
                    _choose(start[seat], count, pick) if seat in view.passed_seats else None
                )
            elif direction.receiver(seat, players) == me:
                passes.append(view.received)
            else:
                passes.append(_choose(start[direction.receiver(seat, players)], count, pick))
        return tuple(passes)

    def sample(self, rng: random.Random) -> GameState:
        """A state drawn uniformly among those that fit the view (see :func:`resample`).

        Raises:
            InvalidStateError: for an ``rng`` that is not a ``random.Random``, or one
                whose ``getrandbits`` gives numbers no generator gives (see
                :func:`resample`).
        """
        if not isinstance(rng, random.Random):
            raise InvalidStateError("rng", f"must be a random.Random, not {shown(rng)}")
        draws = _Draws(rng)
        return self._state(self._deal(draws.below, draws.shuffle), draws.below)

    def first(self) -> GameState:
        """The first fitting state in a fixed order (see :func:`consistent_state`)."""
        return self._state(self._deal(_zero, _keep), _zero)


def _is_cards(value: object) -> bool:
    return type(value) is tuple and all(type(card) is Card for card in value)


def _check_form(view: object) -> None:
    """Refuse, with a typed error, a view whose fields have the wrong types or sizes (one
    built by hand rather than by :func:`~hearts_core.observe` or the view loader)."""
    problem = _form_problem(view)
    if problem is not None:
        raise InvalidStateError("view", problem)


def _form_problem(view: object) -> str | None:
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


_MAX_REJECTIONS: Final = 128
"""The most draws in a row :class:`_Draws` refuses before it refuses the generator: a
true one, refused less than half the time, gets that far with odds below 2**-128."""


class _Draws:
    """Numbers below a bound drawn from ``rng.getrandbits`` alone, as ``random.Random``
    draws them for ``randrange`` and ``shuffle`` (so a ``random.Random`` gives the same
    numbers either way), each draw checked: a subclass whose ``random`` or ``randrange``
    misbehaves is never asked, and one whose ``getrandbits`` gives a value out of range,
    or refuses to give one in range, is refused instead of looping."""

    __slots__ = ("bits",)

    def __init__(self, rng: random.Random) -> None:
        self.bits = rng.getrandbits

    def below(self, n: int) -> int:
        """A number from 0 to ``n - 1``, each as likely (``n`` at least 1)."""
        width = n.bit_length()
        for _ in range(_MAX_REJECTIONS):
            drawn = self.bits(width)
            if type(drawn) is not int or drawn < 0 or drawn >> width:
                raise InvalidStateError(
                    "rng", f"getrandbits({width}) gave {shown(drawn)}, not a {width}-bit number"
                )
            if drawn < n:
                return drawn
        raise InvalidStateError(
            "rng", f"getrandbits({width}) gave nothing below {n} in {_MAX_REJECTIONS} draws"
        )

    def shuffle(self, items: list[int]) -> None:
        """Put ``items`` in a random order, every order as likely (as ``random.shuffle``)."""
        for i in reversed(range(1, len(items))):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def _zero(n: int) -> int:
    return 0


def _keep(cards: list[int]) -> None:
    return None


def _choose(mask: int, count: int, pick: Callable[[int], int]) -> CardSet:
    """One of the ``count``-card subsets of ``mask``, the ``pick``-th in card order."""
    cards = _bits(mask)
    index = pick(math.comb(len(cards), count))
    chosen = 0
    k = count
    for position, bit in enumerate(cards):
        if not k:
            break
        block = math.comb(len(cards) - position - 1, k - 1)
        if index < block:
            chosen |= bit
            k -= 1
        else:
            index -= block
    return unchecked_cardset(chosen)


def resample(view: PlayerView, rng: random.Random) -> GameState:
    """A full state that ``view``'s seat would see as ``view``, drawn uniformly at random
    among all of them.

    The hidden cards are dealt uniformly among every deal consistent with the
    view (hand sizes, the cards this seat passed, voids and every other
    restriction shown in play); the passes hidden from this seat are drawn
    uniformly among those that fit. See :class:`Belief` for how. To draw many
    states from one view, build a :class:`Belief` once and call its
    :meth:`~Belief.sample`.

    Only ``rng.getrandbits`` is called, as ``random.Random`` calls it for ``randrange``
    and ``shuffle`` (the same numbers, for a ``random.Random``), and each number it gives
    is checked: a subclass's own ``random`` or ``randrange`` is never used.

    Raises:
        InvalidStateError: if no state fits the view, ``view`` is not a
            :class:`~hearts_core.PlayerView` (``field`` ``"view"``), or ``rng`` is not a
            ``random.Random`` or its ``getrandbits`` gives a number out of the range asked
            for, or 128 in a row above the bound (``field`` ``"rng"``).

    >>> import random
    >>> from hearts_core import Rules, apply, new_game, observe, random_deal
    >>> state = apply(new_game(), random_deal(Rules(), random.Random(8)))
    >>> view = observe(state, 1)
    >>> guess = resample(view, random.Random(0))
    >>> observe(guess, 1) == view, guess.hands[1] == view.hand
    (True, True)
    """
    return Belief(view).sample(rng)


def consistent_state(view: PlayerView) -> GameState:
    """A full state that ``view``'s seat would see as ``view``: always the same one for the
    same view (the first in a fixed order).

    Raises:
        InvalidStateError: if no state fits the view.

    >>> from hearts_core import new_game, observe
    >>> consistent_state(observe(new_game(), 0)) == new_game()
    True
    """
    return Belief(view).first()
