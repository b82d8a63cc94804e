"""The searching bots' kernel, in the kernel's two builds: many sampled deals and candidate
cards played out in one call, moon plans in the play-outs, and the proof that a seat takes
every remaining trick, or none.

Like ``_kernel.py``, this file is plain Python and, compiled by Cython with the C types of
``_search.pxd`` (which takes the kernel's own from ``_kernel.pxd`` and ``_thumb.pxd``), the
C extension ``hearts_core._search_c``; :mod:`hearts_core.kernel` chooses the build of every
kernel module at once.

**Plans.** A play-out is played by one of three plans, each card chosen from masks:

* :data:`RULE`: every seat by the rules of thumb (:func:`~hearts_core.kernel.rule_card`);
* :data:`NORMAL`: the same, except that a seat that alone has taken moon cards, at least
  three of them (the *threat*), plays as a moon attempt does (:func:`shoot_card`) unless it
  is the searching seat ``me``, and the other seats defend (:func:`defend_card`);
* :data:`SHOOT`: ``me`` attempts the moon, and while no other seat has taken a moon card
  the others defend against it from the first card; after that, as :data:`NORMAL`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import hearts_core._pure as cython
else:
    try:
        import cython
    except ImportError:  # no Cython installed: only the pure build can run
        import hearts_core._pure as cython

if not cython.compiled:  # compiled, these come from the compiled kernel, in C
    from hearts_core._kernel import (
        MAX_ROWS,
        SITUATIONS,
        Hand,
        Table,
        after_card,
        card_index,
        count_cards,
        fold,
        points_of,
        suit_of,
    )
    from hearts_core._thumb import finish_rule, rule_card, unseen

SOURCE = ""  # the build writes the digest of this file and _search.pxd here, in its copy

M64 = 0xFFFFFFFFFFFFFFFF
QUEEN = 1 << 49  # the queen of spades, as the defence singles her out
RULE, NORMAL, SHOOT = 0, 1, 2  # the plans of a play-out
PROVED, REFUTED, UNDECIDED = 1, 0, -1  # what a proof found
GUARD, LATE = 1, 2  # the flags of a plan (see plan_card)
GUARD_FLAG, LATE_FLAG = GUARD, LATE  # compiled, the same as C integers
MAX_ALIKE = 2 * 60 + 2  # the masks two alike cards must agree on: rows, breaking, scoring


def highest(mask: int) -> int:
    """The highest card of ``mask`` (not empty), as a bit.

    >>> bin(highest(0b10110))
    '0b10000'
    """
    while mask & (mask - 1):
        mask &= mask - 1
    return mask


def shoot_card(table: Table, legal: int, unseen: int, led: int, position: int) -> int:
    """A moon attempt's card from ``legal``: lead a sure winner (a card no unseen card of its
    suit beats), a card worth no points first, the highest; else the highest card; follow
    with the highest card; when void, throw the lowest card worth no points (else the
    lowest). Ties between suits go to the lowest suit.

    >>> from hearts_core import CardSet, Rules
    >>> table = Rules().tables().kernel
    >>> legal, unseen = CardSet.parse("KD QS AS").mask, CardSet.parse("AD 5S 2H").mask
    >>> str(CardSet.from_mask(shoot_card(table, legal, unseen, 0, 0)))
    'AS'
    """
    points = table.points
    if position == 0:
        sure = 0
        rest = legal
        while rest:
            bit = rest & (M64 ^ (rest - 1))
            rest ^= bit
            if not unseen & suit_of(bit) & ~((bit << 1) - 1):
                sure |= bit
        pool = sure if sure else legal
        chosen, top_clean, top_rank = 0, False, 0
        rest = pool
        while rest:
            bit = rest & (M64 ^ (rest - 1))
            rest ^= bit
            index = card_index(bit)
            clean = points[index] <= 0
            rank = index % 13
            if chosen == 0 or clean > top_clean or (clean == top_clean and rank > top_rank):
                chosen, top_clean, top_rank = bit, clean, rank
        return chosen
    if legal & led:
        return highest(legal)
    chosen, low_scoring, low_rank = 0, False, 0
    rest = legal
    while rest:
        bit = rest & (M64 ^ (rest - 1))
        rest ^= bit
        index = card_index(bit)
        scoring = points[index] > 0
        rank = index % 13
        if chosen == 0 or scoring < low_scoring or (scoring == low_scoring and rank < low_rank):
            chosen, low_scoring, low_rank = bit, scoring, rank
    return chosen


def defend_card(
    table: Table, legal: int, trick: int, best: int, led: int, winner: int, threat: int,
    position: int,
) -> int:  # fmt: skip
    """A defence against the would-be shooter ``threat``: following a trick with points in
    it, win it with the highest card that does; void while ``threat`` wins the trick, throw
    the highest card worth no points (the lowest suit on a tie). 0 when neither applies
    (a lead, say): the rules of thumb decide.

    >>> from hearts_core import CardSet, Rules
    >>> table = Rules().tables().kernel
    >>> trick = CardSet.parse("5H").mask
    >>> legal = CardSet.parse("3H 9H 7H").mask
    >>> from hearts_core._kernel import HEARTS
    >>> str(CardSet.from_mask(defend_card(table, legal, trick, trick, HEARTS, 1, 1, 1)))
    '9H'
    """
    if position == 0:
        return 0
    if legal & led:
        if points_of(table, trick) > 0:
            above = legal & ~((best << 1) - 1)
            if above:
                return highest(above)
        return 0
    if winner != threat:
        return 0
    points = table.points
    chosen, top_rank = 0, -1
    rest = legal
    while rest:
        bit = rest & (M64 ^ (rest - 1))
        rest ^= bit
        index = card_index(bit)
        if points[index] <= 0 and index % 13 > top_rank:
            chosen, top_rank = bit, index % 13
    return chosen


def guard_card(
    table: Table, legal: int, unseen: int, led: int, winner: int, threat: int, position: int
) -> int:
    """The defence's further care, where :func:`defend_card` has nothing to say: lead a
    card with points that no unseen card of its suit beats (the one worth least), taking a
    point from the would-be shooter ``threat`` at once; void while another seat wins the
    trick, throw it the queen of spades, else the card with points worth least, keeping
    the high ones as stoppers. 0 when neither applies.

    >>> from hearts_core import CardSet, Rules
    >>> from hearts_core._kernel import SPADES
    >>> table = Rules().tables().kernel
    >>> legal, unseen = CardSet.parse("AH 3H 9C").mask, CardSet.parse("2H KH 5C").mask
    >>> str(CardSet.from_mask(guard_card(table, legal, unseen, 0, 1, 1, 0)))
    'AH'
    >>> str(CardSet.from_mask(guard_card(table, legal, unseen, SPADES, 2, 1, 1)))
    '3H'
    """
    points = table.points
    chosen, low_value = 0, 0
    rest = legal & table.scoring
    while rest:
        bit = rest & (M64 ^ (rest - 1))
        rest ^= bit
        value = points[card_index(bit)]
        if value <= 0:
            continue
        if position == 0 and unseen & suit_of(bit) & ~((bit << 1) - 1):
            continue  # a lead that may lose
        if chosen == 0 or value < low_value:
            chosen, low_value = bit, value
    if position == 0 or (legal & led) or winner == threat:
        return chosen if position == 0 else 0
    if legal & QUEEN and points[card_index(QUEEN)] > 0:
        return QUEEN
    return chosen


def threat_of(hand: Hand, need: int, least: int = 3) -> int:
    """The seat that alone has taken cards of ``need`` (the moon's), at least ``least`` of
    them; -1 for none.

    >>> from hearts_core import CardSet, Rules
    >>> from hearts_core.kernel import Hand, threat_of  # the build running
    >>> tables = Rules().tables()
    >>> hand = Hand(tables.kernel, (), 0)
    >>> hand.resume((), 0, True, 3, (0, CardSet.parse("2H 3H QS").mask, 0, 0), (0, 3, 0, 0))
    >>> threat_of(hand, tables.moon_mask), threat_of(hand, tables.moon_mask, 4)
    (1, -1)
    """
    holder = -1
    for seat in range(hand.table.players):
        if hand.taken[seat] & need:
            if holder >= 0:
                return -1
            holder = seat
    if holder < 0 or count_cards(hand.taken[holder] & need) < least:
        return -1
    return holder


def plan_card(hand: Hand, me: int, shoot: bool, least: int = 3, flags: int = 0) -> int:
    """The card the seat to play in ``hand`` plays under the plan :data:`NORMAL` (or
    :data:`SHOOT`, with ``shoot``) of the searching seat ``me``: a rival is a threat once
    it alone has taken ``least`` moon cards. With :data:`GUARD` in ``flags`` the defence
    takes the further care of :func:`guard_card`; with :data:`LATE`, the others defend
    against ``me``'s attempt only once it is a threat, as against a rival's, rather than
    from its first card.

    >>> from hearts_core import CardSet, Rules
    >>> from hearts_core.kernel import Hand, plan_card  # the build running
    >>> hands = tuple(CardSet.parse(t).mask for t in ("5D 9C", "AS 4C", "KS 2D", "3S 8C"))
    >>> hand = Hand(Rules().tables().kernel, hands, 1)
    >>> taken = (0, CardSet.parse("2H 3H 4H").mask, 0, 0)  # seat 1 alone: a threat
    >>> hand.resume((), 1, True, 11, taken, (0, 2, 0, 0))
    >>> [str(CardSet.from_mask(plan_card(hand, me, False))) for me in (2, 1)]
    ['AS', '4C']
    """
    table = hand.table
    legal = hand.legal()
    if not legal & (legal - 1):
        return legal
    seat = hand.seat
    held = hand.hands[seat]
    others = unseen(hand)
    if shoot and seat == me:
        return shoot_card(table, legal, others, hand.led, hand.position)
    need = table.moon
    threat = -1
    if shoot and not flags & LATE_FLAG:
        threat = me
        for other in range(table.players):
            if other != me and hand.taken[other] & need:
                threat = -1
    if threat < 0 and need:
        threat = threat_of(hand, need, least)
    if threat >= 0:
        if threat == seat:
            if seat != me:
                return shoot_card(table, legal, others, hand.led, hand.position)
        else:
            card = defend_card(
                table, legal, hand.trick, hand.best, hand.led, hand.winner, threat,
                hand.position,
            )  # fmt: skip
            if card == 0 and flags & GUARD_FLAG:
                card = guard_card(
                    table, legal, others, hand.led, hand.winner, threat, hand.position
                )
            if card:
                return card
    return rule_card(table, legal, held, others, hand.trick, hand.best, hand.position)


def finish_plan(hand: Hand, me: int, shoot: bool, least: int = 3, flags: int = 0) -> None:
    """Play the rest of ``hand`` by :func:`plan_card`.

    >>> from hearts_core import CardSet, Rules
    >>> from hearts_core.kernel import Hand, finish_plan  # the build running
    >>> hands = tuple(CardSet.parse(t).mask for t in ("AH 2C", "3H 4C", "4H 5C", "5H 6C"))
    >>> hand = Hand(Rules().tables().kernel, hands, 0)
    >>> hand.resume((), 0, True, 11, (0, 0, 0, 0), (0, 0, 0, 0))
    >>> finish_plan(hand, 0, True); hand.won_counts()  # the AH wins, the 2C cannot
    (1, 0, 0, 1)
    """
    while hand.tricks < hand.table.hand_size:
        hand.play(plan_card(hand, me, shoot, least, flags))


def deal_hands_into(hand: Hand, hands: Sequence[int]) -> None:
    """Give each seat of ``hand`` its cards ``hands[seat]`` (masks): a sampled deal put into
    a public position. (Compiled, a hand's ``hands`` read from Python is a copy: this sets
    the hand's own.)

    >>> from hearts_core import Rules
    >>> from hearts_core.kernel import Hand, deal_hands_into  # the build running
    >>> hand = Hand(Rules().tables().kernel, (), 0)
    >>> deal_hands_into(hand, (1, 2, 4, 8)); hand.hand_masks()
    (1, 2, 4, 8)
    """
    for seat in range(hand.table.players):
        hand.hands[seat] = hands[seat]


def play_outs(
    start: Hand, deals: Sequence[Sequence[int]], cards: int, plan: int, me: int, least: int = 3,
    flags: int = 0,
) -> list[tuple[int, ...]]:  # fmt: skip
    """For each deal of ``deals`` (each seat's cards now, as masks), and on it each card of
    ``cards`` (the seat to play's candidates): ``start`` (the public position: the tricks
    taken, the trick in progress) with those hands, the card played, and the rest of the
    hand played out by ``plan`` (with ``least`` and ``flags`` as :func:`plan_card` takes
    them); what :meth:`~hearts_core.kernel.Hand.scored` gives of each,
    deal by deal, the cards from the lowest. ``start`` is not changed.

    >>> from hearts_core import CardSet, Rules
    >>> from hearts_core.kernel import Hand, play_outs  # the build running
    >>> start = Hand(Rules().tables().kernel, (), 0)
    >>> start.resume((), 0, True, 11, (0, 0, 0, 0), (0, 0, 0, 0))  # two tricks to play
    >>> deal = tuple(CardSet.parse(t).mask for t in ("2C 5H", "3C 6D", "4C 7D", "AC 8D"))
    >>> [end[:5] for end in play_outs(start, [deal], CardSet.parse("2C 5H").mask, 0, 0)]
    [(-1, 0, 0, 0, 1), (-1, 1, 0, 0, 0)]
    """
    hand = start.copy()
    players = start.table.players
    found = []
    for deal in deals:
        rest = cards
        while rest:
            bit = rest & (M64 ^ (rest - 1))
            rest ^= bit
            hand.copy_from(start)
            for seat in range(players):
                hand.hands[seat] = deal[seat]
            hand.play(bit)
            if plan == RULE:
                finish_rule(hand)
            else:
                finish_plan(hand, me, plan == SHOOT, least, flags)
            found.append(hand.scored())
    return found


def pass_outs(
    table: Table, deals: list[tuple[tuple[int, ...], tuple[int, ...]]], passes: list[int],
    me: int, receivers: tuple[int, ...], first: int, after: int, plan: int = RULE,
    least: int = 3, flags: int = 0,
) -> list[tuple[int, ...]]:  # fmt: skip
    """For each deal of ``deals`` (each seat's cards as dealt, and the cards each other seat
    passes), and on it each of ``passes`` (``me``'s candidates, as masks): the passes
    exchanged as :meth:`~hearts_core.kernel.Hand.exchange` exchanges them (to
    ``receivers``; the holder of ``first`` leads, else ``after``) and the hand played out
    by ``plan`` (as :func:`play_outs` plays it); what
    :meth:`~hearts_core.kernel.Hand.scored` gives of each.

    >>> import random
    >>> from hearts_core import CardSet, Rules, random_deal
    >>> from hearts_core.kernel import nth_card, pass_outs  # the build running
    >>> tables = Rules().tables()
    >>> dealt = tuple(h.mask for h in random_deal(Rules(), random.Random(1)).hands)
    >>> three = [[nth_card(h, i) | nth_card(h, i + 1) | nth_card(h, i + 2) for h in dealt]
    ...          for i in (0, 10)]  # each seat's lowest three cards, and its highest
    >>> given = (0, *three[0][1:])  # seat 0's pass is the candidate
    >>> ends = pass_outs(tables.kernel, [(dealt, given)], [three[0][0], three[1][0]], 0,
    ...                  (1, 2, 3, 0), tables.first_lead_card, 0)
    >>> len(ends), [sum(end[1:5]) for end in ends]  # two passes tried, 26 points each
    (2, [26, 26])
    """
    hand = Hand(table, (), 0)
    found = []
    for dealt, given in deals:
        for cards in passes:
            mine = list(given)
            mine[me] = cards
            # Every seat's pass is given: the exchange draws nothing, so it needs no Rng.
            hand.exchange(dealt, tuple(mine), receivers, 0, first, after, None)  # type: ignore[arg-type]
            if plan == RULE:
                finish_rule(hand)
            else:
                finish_plan(hand, me, plan == SHOOT, least, flags)
            found.append(hand.scored())
    return found


def add_outcomes(
    ends: list[tuple[int, ...]], totals: list[float], wanted: int,
    known: dict[tuple[int, ...], float], score: Callable[[tuple[int, ...]], float],
) -> None:  # fmt: skip
    """Add the outcome of each play-out of ``ends`` (as :func:`play_outs` or
    :func:`pass_outs` order them) to its candidate's total: the ``i``-th end is the
    candidate ``i % len(totals)``'s, and its outcome is ``known[end[:wanted]]``, or
    ``score(end)`` when that is not known. The totals are added to in the order of
    ``ends``. No totals for some ends raise ``ValueError``.

    >>> from hearts_core.kernel import add_outcomes  # the build running
    >>> totals = [0.0, 0.0]
    >>> add_outcomes([(-1, 5), (-1, 0), (-1, 5)], totals, 2, {(-1, 5): 5.0}, lambda end: 0.5)
    >>> totals
    [10.0, 0.5]
    """
    width = len(totals)
    if not width and ends:
        raise ValueError("add_outcomes: no totals to add the outcomes to")
    place = 0
    for end in ends:
        found = known.get(end[:wanted])
        totals[place] += score(end) if found is None else found
        place += 1
        if place == width:
            place = 0


class Prover:
    """The proof that ``target`` takes every remaining trick of a hand (``every``), or none of
    them, whatever the other seats play: a search of the plays, the target choosing and the
    others answering, that stops a line as soon as a trick goes the wrong way, tries one of
    each group of cards that cannot play differently, and gives up after ``budget``
    positions.
    """

    def __init__(self, hand: Hand, target: int, every: bool, budget: int) -> None:
        table = hand.table
        self.table = table
        self.target = target
        self.every = every
        self.budget = budget
        self.nodes = 0
        self.exhausted = False
        if not cython.compiled:  # compiled, C arrays, allocated with the object
            self.hands = [0] * 6
            self.alike = [0] * MAX_ALIKE
        for seat in range(table.players):
            self.hands[seat] = hand.hands[seat]
        # Two cards play alike only if every mask the rules read treats them alike.
        count = 0
        for row in range(SITUATIONS * MAX_ROWS):
            if row % MAX_ROWS < self.table.counts[row // MAX_ROWS]:
                self.alike[count] = self.table.keep[row]
                self.alike[count + 1] = self.table.exempt[row]
                count += 2
        self.alike[count] = self.table.breaking
        self.alike[count + 1] = self.table.scoring
        self.masks = count + 2

    def alike_cards(self, one: int, other: int, outside: int) -> bool:
        """Whether the cards ``one`` and ``other`` of one hand play alike: one suit, the same
        points, treated alike by the rules, and no card of ``outside`` (the other hands and
        the trick) ranked between them."""
        if suit_of(one) != suit_of(other):
            return False
        low = one if one < other else other
        high = one ^ other ^ low
        if outside & (high - 1) & ~((low << 1) - 1):
            return False
        if self.table.points[card_index(one)] != self.table.points[card_index(other)]:
            return False
        for index in range(self.masks):
            if ((self.alike[index] & one) == 0) != ((self.alike[index] & other) == 0):
                return False
        return True

    def holds(
        self, seat: int, position: int, led: int, best: int, winner: int, trick: int,
        broken: bool, tricks: int,
    ) -> bool:  # fmt: skip
        """Whether the claim holds from this position: ``seat`` to play the ``position``-th
        card of a trick of the cards ``trick`` (suit ``led``, winning card ``best`` of
        ``winner``), ``tricks`` tricks done."""
        table = self.table
        if tricks == table.hand_size:
            return True
        self.nodes += 1
        if self.nodes > self.budget:
            self.exhausted = True
            return False
        mine = seat == self.target
        legal = fold(table, self.hands[seat], led, tricks == 0, broken)
        outside = trick
        for other in range(table.players):
            if other != seat:
                outside |= self.hands[other]
        tried = 0
        while legal:
            # Each side tries first the cards most likely to settle it: high ones to win
            # every trick or to beat the target, low ones to duck or to leave it winning.
            bit = highest(legal) if self.every else legal & (M64 ^ (legal - 1))
            legal ^= bit
            if tried and self.alike_cards(tried, bit, outside):
                continue
            tried = bit
            good = self.after(seat, bit, position, led, best, winner, trick, broken, tricks)
            if self.exhausted:
                return False
            if good == mine:
                return mine
        return not mine

    def after(
        self, seat: int, bit: int, position: int, led: int, best: int, winner: int, trick: int,
        broken: bool, tricks: int,
    ) -> bool:  # fmt: skip
        """Whether the claim holds once ``seat`` plays ``bit`` in the position given."""
        table = self.table
        led, best, winner, following, broken = after_card(
            table, seat, bit, position, led, best, winner, broken
        )
        self.hands[seat] ^= bit
        if following >= 0:
            leader = (seat - position + table.players) % table.players
            played = (self.target - leader + table.players) % table.players <= position
            if self.every and played and winner != self.target:
                good = False  # beaten after its card: nothing later can help it
            else:
                good = self.holds(
                    following, position + 1, led, best, winner, trick | bit, broken, tricks
                )
        elif (winner == self.target) != self.every:
            good = False
        else:
            good = self.holds(winner, 0, 0, 0, winner, 0, broken, tricks + 1)
        self.hands[seat] ^= bit
        return good


def prove(hand: Hand, target: int, every: bool, budget: int) -> int:
    """Whether ``target`` takes every remaining trick of ``hand`` (``every``), or none, the
    trick in progress included, whatever the others play: :data:`PROVED`, :data:`REFUTED`,
    or :data:`UNDECIDED` once ``budget`` positions are searched without an answer.

    >>> from hearts_core import CardSet, Rules
    >>> from hearts_core.kernel import Hand, prove  # the build running
    >>> hands = tuple(CardSet.parse(t).mask for t in ("AC KC", "2C 3D", "3C 4D", "4C 5D"))
    >>> hand = Hand(Rules().tables().kernel, hands, 0)
    >>> hand.resume((), 0, True, 11, (0, 0, 0, 0), (0, 0, 0, 0))
    >>> prove(hand, 0, True, 1000), prove(hand, 1, False, 1000)
    (1, 1)
    """
    prover = Prover(hand, target, every, budget)
    held = prover.holds(
        hand.seat, hand.position, hand.led, hand.best, hand.winner, hand.trick, hand.broken,
        hand.tricks,
    )  # fmt: skip
    if prover.exhausted:
        return UNDECIDED
    return PROVED if held else REFUTED


def keeping(hand: Hand, every: bool, budget: int) -> int:
    """The legal cards of the seat to play in ``hand`` after which it still takes every
    remaining trick (``every``), or none, whatever the others play; -1 once ``budget``
    positions are searched without an answer.

    >>> from hearts_core import CardSet, Rules
    >>> from hearts_core.kernel import Hand, keeping  # the build running
    >>> hands = tuple(CardSet.parse(t).mask for t in ("AC QC", "KC 2D", "2C 3D", "3C 4D"))
    >>> hand = Hand(Rules().tables().kernel, hands, 0)
    >>> hand.resume((), 0, True, 11, (0, 0, 0, 0), (0, 0, 0, 0))
    >>> str(CardSet.from_mask(keeping(hand, True, 1000)))  # the QC first loses to the KC
    'AC'
    """
    seat = hand.seat
    prover = Prover(hand, seat, every, budget)
    legal = hand.legal()
    kept = 0
    while legal:
        bit = legal & (M64 ^ (legal - 1))
        legal ^= bit
        if prover.after(
            seat, bit, hand.position, hand.led, hand.best, hand.winner, hand.trick,
            hand.broken, hand.tricks,
        ):  # fmt: skip
            kept |= bit
        if prover.exhausted:
            return -1
    return kept
