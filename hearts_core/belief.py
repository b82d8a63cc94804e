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

import itertools
import math
import random
from collections.abc import Callable, Iterator
from typing import Final

from hearts_core.belief_form import form_problem
from hearts_core.builders import between_hands, make_state
from hearts_core.cards import CardSet, Suit, unchecked_cardset
from hearts_core.draws import CheckedDraws, below_words, nth_subset
from hearts_core.errors import InvalidStateError
from hearts_core.kernel import Hand, Rng
from hearts_core.legality import legal_mask
from hearts_core.observation import PlayerView
from hearts_core.rules.compiled import RuleTables
from hearts_core.rules.fields import shown
from hearts_core.rules.options import PassDirection
from hearts_core.state import (
    NO_PASSES,
    GameState,
    HandContext,
    Phase,
    breaks_hearts,
    first_leader,
    seat_of,
    taken_and_won,
    winning_so_far,
)

__all__ = ["Belief", "resample", "consistent_state", "public_hand"]

_WAITING: Final = (Phase.DEAL, Phase.GAME_OVER)
# A class's splits with the capacity each leaves, and the running total of their deals.
_Choices = tuple[list[int], list[tuple[tuple[int, ...], tuple[int, ...]]]]


def _alike(tables: RuleTables, pool: int) -> list[int]:
    """The cards of ``pool`` in groups that the legality fold cannot tell apart: in one
    suit, and in or out of every restriction's cards alike. Whether a play was legal from a
    hand with one more card is the same for every card of a group."""
    masks = [suit.mask for suit in Suit]
    for row in tables.rows:
        for keep, exempt, _, _ in row:
            masks += (keep, exempt)
    groups: dict[int, int] = {}
    for bit in _bits(pool):
        key = 0
        for place, mask in enumerate(masks):
            if bit & mask:
                key |= 1 << place
        groups[key] = groups.get(key, 0) | bit
    return list(groups.values())


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

    __slots__ = (
        "view", "size", "_fixed", "_classes", "_capacity", "_counts", "_holders", "_masks",
        "_chosen",
    )  # fmt: skip

    view: PlayerView
    """The view the deals fit."""
    size: int
    """The number of deals of the hidden cards that fit it (1 when nothing is hidden)."""

    def __init__(self, view: PlayerView) -> None:
        problem = form_problem(view)
        if problem is not None:
            raise InvalidStateError("view", problem)
        self.view = view
        self._fixed: list[int] = []
        self._classes: list[tuple[tuple[int, ...], list[int]]] = []
        self._capacity: tuple[int, ...] = ()
        self._counts: dict[tuple[int, tuple[int, ...]], int] = {}
        self._holders: list[int] = []
        self._masks: list[tuple[tuple[int, ...], int]] = []
        self._chosen: dict[tuple[int, tuple[int, ...]], _Choices] = {}
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
        self._masks = [(seats, sum(cards)) for seats, cards in self._classes]
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
        groups = _alike(tables, pool)
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
                    for group in groups:  # one card of a group answers for all of it
                        rest = group & ~forbidden[seat]
                        probe = rest & -rest
                        if probe and not legal_mask(
                            tables, known | probe, before, first, broken
                        ) & card.bit:
                            forbidden[seat] |= group
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
                    _subset(start[seat], count, pick) if seat in view.passed_seats else None
                )
            elif direction.receiver(seat, players) == me:
                passes.append(view.received)
            else:
                passes.append(_subset(start[direction.receiver(seat, players)], count, pick))
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
        draws = CheckedDraws(rng)
        return self._state(self._deal(draws.below, draws.shuffle), draws.below)

    def hands(self, draws: Rng) -> list[int]:
        """Each seat's cards now, as masks, in a deal drawn uniformly among those that fit the
        view (this seat's own hand included), from the kernel's generator ``draws``: no state
        is built and the hidden passes are not drawn, so that a searching bot can deal
        thousands a decision. The same ``draws`` state gives the same deal in both builds of
        the kernel.

        >>> import random
        >>> from hearts_core import Rules, apply, new_game, observe, random_deal
        >>> from hearts_core.kernel import Hand, Rng
        >>> state = apply(new_game(), random_deal(Rules(), random.Random(8)))
        >>> hands = Belief(observe(state, 1)).hands(Rng(random.Random(0)))
        >>> [bin(mask).count("1") for mask in hands], hands[1] == state.hands[1].mask
        ([13, 13, 13, 13], True)
        """
        if self.view.phase in _WAITING:
            return [0] * self.view.rules.players
        hands = list(self._fixed)
        capacity = self._capacity
        for index, (seats, cards) in enumerate(self._masks):
            cumulative, splits = self._choices(index, capacity)
            which = 0
            if len(splits) > 1:
                chosen = below_words(draws, cumulative[-1])
                while chosen >= cumulative[which]:
                    which += 1
            counts, capacity = splits[which]
            for seat, count in zip(seats[:-1], counts, strict=False):
                if count:
                    taken = draws.cards(cards, count)
                    hands[seat] |= taken
                    cards ^= taken
            if seats:
                hands[seats[-1]] |= cards  # the last seat takes what is left
        hands[self.view.seat] = self.view.hand.mask
        return hands

    def each_hands(self) -> Iterator[list[int]]:
        """Each seat's cards now, as masks, in every deal that fits the view, one after the
        other (:attr:`size` of them), in a fixed order.

        >>> import random
        >>> from hearts_core import Rules, apply, legal_actions, new_game, observe, random_deal
        >>> state = apply(new_game(), random_deal(Rules(), random.Random(8)))
        >>> while len(state.tricks) < 11:
        ...     state = apply(state, legal_actions(state)[0])
        >>> belief = Belief(observe(state, 0))
        >>> deals = list(belief.each_hands())
        >>> len(deals) == belief.size, deals.count(list(state.hand_masks))
        (True, 1)
        """

        def deal(index: int, hands: list[int], capacity: tuple[int, ...]) -> Iterator[list[int]]:
            if index == len(self._masks):
                yield hands
                return
            seats, cards = self._masks[index]
            for counts, rest in self._choices(index, capacity)[1]:
                yield from split(index, seats, counts, rest, _bits(cards), list(hands))

        def split(
            index: int, seats: tuple[int, ...], counts: tuple[int, ...],
            rest: tuple[int, ...], cards: list[int], hands: list[int],
        ) -> Iterator[list[int]]:  # fmt: skip
            if len(seats) <= 1:
                if seats:
                    hands[seats[0]] |= sum(cards)
                yield from deal(index + 1, hands, rest)
                return
            for chosen in itertools.combinations(cards, counts[0]):
                mine = list(hands)
                mine[seats[0]] |= sum(chosen)
                left = [bit for bit in cards if bit not in chosen]
                yield from split(index, seats[1:], counts[1:], rest, left, mine)

        if self.view.phase in _WAITING:
            yield [0] * self.view.rules.players
            return
        for hands in deal(0, list(self._fixed), self._capacity):
            hands[self.view.seat] = self.view.hand.mask
            yield hands

    def _choices(self, index: int, capacity: tuple[int, ...]) -> _Choices:
        """The splits of class ``index`` with ``capacity`` left, each with the capacity it
        leaves, and their running total of the deals each leaves (kept: a search deals many
        times from the same few)."""
        key = (index, capacity)
        found = self._chosen.get(key)
        if found is None:
            cumulative, splits, total = [], [], 0
            for counts, ways, rest in self._splits(index, capacity):
                weight = ways * self._count(index + 1, rest)
                if weight:
                    total += weight
                    cumulative.append(total)
                    splits.append((counts, rest))
            found = self._chosen[key] = (cumulative, splits)
        return found

    def first(self) -> GameState:
        """The first fitting state in a fixed order (see :func:`consistent_state`)."""
        return self._state(self._deal(_zero, _keep), _zero)


def _subset(mask: int, count: int, pick: Callable[[int], int]) -> CardSet:
    return unchecked_cardset(nth_subset(mask, count, pick))


def _zero(n: int) -> int:
    return 0


def _keep(cards: list[int]) -> None:
    return None


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


def public_hand(view: PlayerView) -> Hand:
    """The hand of ``view`` (in play) as a kernel :class:`~hearts_core.kernel.Hand`, with
    what every seat sees: the tricks taken, the trick in progress, hearts broken. The
    hands are empty: a search puts each sampled deal's in
    (:func:`~hearts_core.kernel.play_outs`).

    >>> from hearts_core import Rules, apply, new_game, observe, random_deal
    >>> rules = Rules(pass_cycle=["hold"])
    >>> state = apply(new_game(rules), random_deal(rules, random.Random(3)))
    >>> hand = public_hand(observe(state, 0))
    >>> hand.seat == state.to_act[0], hand.tricks, hand.hand_masks()
    (True, 0, (0, 0, 0, 0))
    """
    tables = view.rules.tables()
    players = tables.players
    trick = tuple([card.bit for card in view.current_trick])
    held = [0] * players
    for position, bit in enumerate(trick):
        held[(view.leader + position) % players] |= bit
    hand = Hand(tables.kernel, tuple(held), view.leader)
    taken, won = taken_and_won(view.tricks, players)
    hand.resume(trick, view.leader, view.hearts_broken, len(view.tricks), tuple(taken), tuple(won))
    return hand
