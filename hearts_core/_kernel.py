"""The hand kernel's one source: a hand played card by card on 64-bit card masks.

This file is both builds of the kernel: plain Python as it is, and, compiled by Cython
with the C types of ``_kernel.pxd``, the C extension ``hearts_core._kernel_c``.
:mod:`hearts_core.kernel` chooses between them at import and documents the interface;
every other module goes through that one.

Everything here is integers: a card is a bit (bit ``13 * suit + rank - 2``), a set of
cards a mask, a seat an index; the compiled build keeps the objects' fields in C.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import hearts_core._pure as cython
else:
    try:
        import cython
    except ImportError:  # no Cython installed: only the pure build can run
        import hearts_core._pure as cython

SOURCE = ""  # the build writes the digest of this file and _kernel.pxd here, in its copy

M64 = 0xFFFFFFFFFFFFFFFF
CLUBS = 0x1FFF
DIAMONDS = 0x1FFF << 13
HEARTS = 0x1FFF << 26
SPADES = 0x1FFF << 39
# The population count's masks (bit pairs, nibbles, bytes, each byte's high bit): named, so
# that the compiled build holds them in C integers rather than Python ones.
PAIRS, QUADS = 0x5555555555555555, 0x3333333333333333
NIBBLES, BYTES, HIGHS = 0x0F0F0F0F0F0F0F0F, 0x0101010101010101, 0x8080808080808080
BYTE, TWO8 = 0xFF, 0x100  # a random byte's bits, and how many values it takes
MAX_SEATS, MAX_ROWS, SITUATIONS = 6, 5, 12
LEAD, FOLLOW, DISCARD = 0, 1, 2  # the moments of a trick
BLOCK = 128  # the bytes Rng draws at once, unless told: a hand's play-out and its passes
if not cython.compiled:  # compiled, a C array of the module
    SELECT = bytearray(2048)


def _fill_select() -> None:  # SELECT[byte | rank << 8]: where byte's rank-th card is (from 0)
    for entry in range(2048):
        places = [place for place in range(8) if entry >> place & 1]
        SELECT[entry] = places[entry >> 8] if entry >> 8 < len(places) else 0


_fill_select()


def situation(moment: int, first_trick: bool, broken: bool) -> int:
    """The index of a situation among a table's twelve: the moment (lead 0, follow 1,
    discard 2), whether it is the hand's first trick, whether hearts are broken.

    >>> situation(LEAD, True, False), situation(DISCARD, False, True)
    (2, 9)
    """
    return 4 * moment + 2 * first_trick + broken


def count_cards(mask: int) -> int:
    """The number of cards in ``mask``.

    >>> count_cards(0b1011)
    3
    """
    if cython.compiled:  # the SWAR population count: a few instructions in C
        mask = mask - ((mask >> 1) & PAIRS)
        mask = (mask & QUADS) + ((mask >> 2) & QUADS)
        mask = (mask + (mask >> 4)) & NIBBLES
        return ((mask * BYTES) & M64) >> 56
    return mask.bit_count()


def nth_card(mask: int, index: int) -> int:
    """The ``index``-th card of ``mask`` (from 0, lowest first), as a bit.

    >>> bin(nth_card(0b10110, 1))
    '0b100'
    """
    if cython.compiled:
        return select(mask, index)
    while index:
        mask &= mask - 1
        index -= 1
    return mask & (M64 ^ (mask - 1))


def select(mask: int, index: int) -> int:
    """:func:`nth_card` without a loop, whose end a random index mispredicts: the byte that
    holds the card by the running counts of cards by byte, then its place there by ``SELECT``
    (tested against :func:`nth_card`'s loop in ``tests/engine/test_kernel.py``)."""
    counts = mask - ((mask >> 1) & PAIRS)
    counts = (counts & QUADS) + ((counts >> 2) & QUADS)
    counts = ((counts + (counts >> 4)) & NIBBLES) * BYTES & M64
    below = (((index * BYTES) | HIGHS) - counts) & HIGHS
    place = (((below >> 7) * BYTES & M64) >> 56) * 8
    if place == 64:  # fewer cards than index + 1
        return 0
    rank = index - ((((counts << 8) & M64) >> place) & BYTE)
    one = 1  # a C integer of 64 bits, compiled
    return (one << (SELECT[((mask >> place) & BYTE) | (rank << 8)] + place)) & M64


def suit_of(bit: int) -> int:
    """The suit of the card ``bit``, as the mask of its thirteen cards.

    >>> suit_of(1 << 40) == SPADES
    True
    """
    if cython.compiled:  # branch-free: a lead's suit is random
        return CLUBS << 13 * ((bit > CLUBS) + (bit > CLUBS | DIAMONDS) + (bit > M64 >> 64 - 39))
    if bit & CLUBS:
        return CLUBS
    if bit & DIAMONDS:
        return DIAMONDS
    if bit & HEARTS:
        return HEARTS
    return SPADES


class Table:
    """The rules of one ruleset as the kernel reads them, copied from
    :class:`~hearts_core.rules.compiled.RuleTables` by
    :func:`~hearts_core.rules.compiled.compile_rules`. ``rows`` holds, for each of the
    twelve situations (see :func:`situation`), the restrictions that apply in order, each
    as ``(keep, exempt)``: a restriction narrows the legal cards to ``keep`` unless that
    leaves none, or only ``exempt`` (one that decides alone is its situation's last).

    >>> from hearts_core import Rules
    >>> table = Rules(players=5).tables().kernel
    >>> table.players, table.hand_size
    (5, 10)
    """

    def __init__(  # the fields of RuleTables the kernel reads, in its order
        self, players: int, hand_size: int, breaking: int, discards_only_break: bool,
        rows: tuple[tuple[tuple[int, int], ...], ...], points: tuple[int, ...], moon: int,
    ) -> None:  # fmt: skip
        self.players = players
        self.moon = moon
        self.hand_size = hand_size
        self.breaking = breaking
        self.discards_only_break = discards_only_break
        if not cython.compiled:  # compiled, these are C arrays, allocated with the object
            self.keep = [0] * (SITUATIONS * MAX_ROWS)
            self.exempt = [0] * (SITUATIONS * MAX_ROWS)
            self.counts = [0] * SITUATIONS
            self.points = [0] * 52
        for index in range(SITUATIONS):
            situation_rows = rows[index]
            self.counts[index] = len(situation_rows)
            for place in range(len(situation_rows)):
                keep, exempt = situation_rows[place]
                self.keep[MAX_ROWS * index + place] = keep
                self.exempt[MAX_ROWS * index + place] = exempt
        self.scoring = 0
        for index in range(52):
            self.points[index] = points[index]
            if points[index]:
                self.scoring |= 1 << index


def points_of(table: Table, mask: int) -> int:
    """The points of the cards in ``mask``.

    >>> from hearts_core import CardSet, Rules
    >>> points_of(Table(4, 13, 0, False, ((),) * 12, Rules().tables().points, 0),
    ...           CardSet.parse("QS 2H 3H 4C").mask)
    15
    """
    total = 0
    rest = mask & table.scoring
    while rest:
        bit = rest & (M64 ^ (rest - 1))
        rest ^= bit
        total += table.points[count_cards(bit - 1)]  # card_index, one call fewer
    return total


def fold(table: Table, hand: int, led: int, first_trick: bool, broken: bool) -> int:
    """The cards a seat holding ``hand`` may play: the hand narrowed by following ``led``
    (the suit led as a mask, 0 when leading), then by each restriction of the situation in
    turn, each skipped when it would leave no card (or only its exempt cards).

    >>> table = Table(4, 13, HEARTS, False, ((((M64 ^ HEARTS), 0),),) + ((),) * 11,
    ...               (0,) * 52, 0)
    >>> bin(fold(table, 0b1 | 1 << 30, 0, False, False))  # a lead before hearts break
    '0b1'
    """
    if led:
        legal = hand & led
        if legal:
            index = situation(FOLLOW, first_trick, broken)
        else:
            legal = hand
            index = situation(DISCARD, first_trick, broken)
    else:
        legal = hand
        index = situation(LEAD, first_trick, broken)
    place = MAX_ROWS * index
    end = place + table.counts[index]
    while place < end:
        narrowed = legal & table.keep[place]
        if narrowed and narrowed != table.exempt[place]:
            legal = narrowed
        place += 1
    return legal


def breaks(table: Table, bit: int, led: int) -> bool:
    """Whether playing the card ``bit`` breaks hearts when ``led`` is the suit led (0 when
    the card leads): it is a breaking card and, where only discards break hearts, it is
    played off the suit led.

    >>> from hearts_core import Card, Rules
    >>> breaks(Rules().tables().kernel, Card.parse("5H").bit, 0)
    True
    """
    if not bit & table.breaking:
        return False
    if table.discards_only_break:
        return led != 0 and not bit & led
    return True


def after_card(
    table: Table, seat: int, bit: int, position: int, led: int, best: int, winner: int,
    broken: bool,
) -> tuple[int, int, int, int, bool]:  # fmt: skip
    """What playing ``bit`` from ``seat`` does to a trick: the one step of the trick sequence.

    The trick so far: ``position`` cards played (0: ``bit`` leads), ``led`` the suit led,
    ``best`` the winning card and ``winner`` its seat. It returns the suit led, the winning
    card and seat once ``bit`` is played, the seat to play next (-1 once the trick is
    complete: ``winner`` takes it and leads the next), and whether hearts are broken.

    >>> from hearts_core import Card, Rules
    >>> table = Rules().tables().kernel
    >>> led, best, winner, following, broken = after_card(table, 2, Card.parse("9C").bit, 0,
    ...                                                   0, 0, 0, False)
    >>> led == CLUBS, winner, following, broken
    (True, 2, 3, False)
    """
    if not broken and bit & table.breaking and breaks(table, bit, led):
        broken = True
    if position == 0:
        led = suit_of(bit)
        best = bit
        winner = seat
    elif bit & led and bit > best:  # a suit's cards are consecutive bits, low to high
        best = bit
        winner = seat
    following = -1
    if position + 1 < table.players:
        following = seat + 1
        if following == table.players:
            following = 0
    return led, best, winner, following, broken


class Rng:
    """The kernel's random numbers: the bytes of a ``random.Random``, drawn ``block`` at a
    time (``getrandbits(8 * block)``, its least significant byte first) and read in order,
    so both builds read the same bytes and leave ``source`` in the same state. A draw among
    at most 256 choices (a card, a moon option) takes one byte, or more when the exact draw
    rejects one; a draw among one takes none.

    >>> import random
    >>> Rng(random.Random(0)).word() == random.Random(0).getrandbits(8 * BLOCK) & 0xFF
    True
    >>> draws = Rng(random.Random(3))
    >>> draws.card(0b1010) in (0b10, 0b1000), count_cards(draws.cards(0b111111, 4))
    (True, 4)
    """

    def __init__(self, source: random.Random, block: int = BLOCK) -> None:
        self.source = source
        self.block = block
        self.refill()

    def refill(self) -> None:
        """Draw the next ``block`` bytes from the source."""
        self.words = self.source.getrandbits(8 * self.block).to_bytes(self.block, "little")
        self.place = 0

    def word(self) -> int:
        """The next 8 random bits."""
        if self.place == self.block:
            self.refill()
        value = self.words[self.place]
        self.place += 1
        return value

    def below(self, count: int) -> int:
        """A number from 0 to ``count - 1`` (``count`` from 1 to 256), each exactly as
        likely: Lemire's multiply-and-reject on random bytes. ``below(1)`` draws nothing."""
        if count == 1:
            return 0
        if count == 0 or count > TWO8:
            raise ValueError(f"below({count}): a count from 1 to 256")
        product = self.word() * count
        low = product & BYTE
        if low < count:
            threshold = (TWO8 - count) % count
            while low < threshold:
                product = self.word() * count
                low = product & BYTE
        return product >> 8

    def card(self, mask: int) -> int:
        """One of the cards of ``mask`` (not empty), each as likely, as a bit."""
        return nth_card(mask, self.below(count_cards(mask)))

    def cards(self, mask: int, count: int) -> int:
        """``count`` different cards of ``mask``, every such set as likely, as a mask: the
        cards and bytes of ``count`` calls of :meth:`card`, each from the cards left."""
        # One frame, for the pure build's sake: card, below and word inline.
        chosen = 0
        left = count_cards(mask)
        words, place, block = self.words, self.place, self.block
        compiled = cython.compiled
        while count:
            index = 0
            while left > 1:
                if place == block:
                    self.refill()
                    words, place = self.words, 0
                product = words[place] * left
                place += 1
                low = product & BYTE
                if low >= left or low >= (TWO8 - left) % left:
                    index = product >> 8
                    break
            if compiled:
                bit = select(mask, index)
            else:
                rest = mask
                while index:
                    rest &= rest - 1
                    index -= 1
                bit = rest & (M64 ^ (rest - 1))
            mask ^= bit
            chosen |= bit
            left -= 1
            count -= 1
        self.place = place
        return chosen


class Hand:
    """A hand in play on masks, changed in place by :meth:`play`: each seat's cards, the trick
    in progress, and the cards and tricks each seat has taken.

    >>> import random
    >>> from hearts_core import CardSet, Rules
    >>> from hearts_core.kernel import Hand, Rng  # the build running, as the tables are
    >>> hands = tuple(CardSet.parse(text).mask for text in ("2C AH", "KC 3H", "QC 4H", "JC 5H"))
    >>> hand = Hand(Rules().tables().kernel, hands, 0)
    >>> hand.resume((), 0, False, 11, (0, 0, 0, 0), (0, 0, 0, 0))  # eleven tricks played
    >>> hand.legal() == CardSet.parse("2C").mask  # hearts are not broken: lead the club
    True
    >>> for text in ("2C", "KC", "QC", "JC"):
    ...     hand.play(CardSet.parse(text).mask)
    >>> hand.seat, hand.tricks, hand.won_counts()  # seat 1 took the trick and leads
    (1, 12, (0, 1, 0, 0))
    >>> hand.finish_random(Rng(random.Random(7))); hand.over(), sum(hand.won_counts())
    (True, 2)
    """

    def __init__(self, table: Table, hands: tuple[int, ...], leader: int) -> None:
        self.table = table
        if not cython.compiled:  # compiled, these are C arrays, allocated with the object
            self.hands = [0] * MAX_SEATS
            self.taken = [0] * MAX_SEATS
            self.won = [0] * MAX_SEATS
        for seat in range(len(hands)):
            self.hands[seat] = hands[seat]
        self.broken = False
        self.tricks = 0
        self.new_trick(leader)

    def new_trick(self, leader: int) -> None:
        """Start a trick led by ``leader``."""
        self.leader = self.seat = self.winner = leader
        self.position = self.led = self.best = self.trick = 0

    def copy(self) -> Hand:
        """The same position, to play on separately."""
        other = Hand(self.table, (), self.leader)
        other.copy_from(self)
        return other

    def copy_from(self, other: Hand) -> None:
        """Take the position of ``other`` (a hand of the same table)."""
        for seat in range(MAX_SEATS):
            self.hands[seat] = other.hands[seat]
            self.taken[seat] = other.taken[seat]
            self.won[seat] = other.won[seat]
        self.leader, self.seat, self.winner = other.leader, other.seat, other.winner
        self.position, self.led, self.best = other.position, other.led, other.best
        self.trick, self.broken, self.tricks = other.trick, other.broken, other.tricks

    def resume(
        self, trick: tuple[int, ...], leader: int, broken: bool, tricks: int,
        taken: tuple[int, ...], won: tuple[int, ...],
    ) -> None:  # fmt: skip
        """Set the position reached: the cards of the trick in progress in play order (still
        in the hands, which this plays them from), who led it, whether hearts are broken, and
        the tricks done and each seat's cards and tricks taken."""
        for seat in range(self.table.players):
            self.taken[seat] = taken[seat]
            self.won[seat] = won[seat]
        self.broken = broken
        self.tricks = tricks
        self.new_trick(leader)
        for bit in trick:
            self.play(bit)

    def hand_masks(self) -> tuple[int, ...]:
        """The cards each seat holds, as masks."""
        return tuple([self.hands[seat] for seat in range(self.table.players)])

    def taken_masks(self) -> tuple[int, ...]:
        """The cards each seat has taken in tricks, as masks."""
        return tuple([self.taken[seat] for seat in range(self.table.players)])

    def won_counts(self) -> tuple[int, ...]:
        """The tricks each seat has won."""
        return tuple([self.won[seat] for seat in range(self.table.players)])

    def scored(self) -> tuple[int, ...]:
        """What scoring asks of a hand played out, first what it asks first: the seat that
        took every card of the table's ``moon`` mask (-1 for none) and each seat's points,
        then the tricks each seat won and the cards it took (``1 + 3 * players`` numbers)."""
        table = self.table
        shooter = -1
        for seat in range(table.players):
            if self.taken[seat] & table.moon == table.moon:
                shooter = seat
        result = [shooter]
        for seat in range(table.players):
            result.append(points_of(table, self.taken[seat]))
        for seat in range(table.players):
            result.append(self.won[seat])
        for seat in range(table.players):
            result.append(self.taken[seat])
        return tuple(result)

    def over(self) -> bool:
        """Whether every trick of the hand is played."""
        return self.tricks == self.table.hand_size

    def legal(self) -> int:
        """The cards the seat to play may play, as a mask."""
        return fold(
            self.table, self.hands[self.seat], self.led, self.tricks == 0, self.broken
        )

    def play(self, bit: int) -> None:
        """The seat to play plays the card ``bit`` (a legal one: nothing is checked)."""
        seat = self.seat
        led, best, winner, following, broken = after_card(
            self.table, seat, bit, self.position, self.led, self.best, self.winner, self.broken
        )
        self.hands[seat] ^= bit
        self.trick |= bit
        self.broken = broken
        if following >= 0:
            self.led, self.best, self.winner, self.seat = led, best, winner, following
            self.position += 1
            return
        self.taken[winner] |= self.trick
        self.won[winner] += 1
        self.tricks += 1
        self.new_trick(winner)

    def exchange(
        self, dealt: tuple[int, ...], given: tuple[int, ...], receivers: tuple[int, ...],
        count: int, first: int, after: int, rng: Rng,
    ) -> None:  # fmt: skip
        """Start the hand from the cards ``dealt``: each seat passes ``given[seat]`` (0 for a
        seat yet to pass: ``count`` cards drawn from ``rng``, seat by seat) to
        ``receivers[seat]``, all at once; then the holder of the card ``first`` leads (the
        seat ``after`` when ``first`` is 0)."""
        players = self.table.players
        for seat in range(players):
            self.hands[seat] = dealt[seat]
            self.taken[seat] = 0
            self.won[seat] = 0
        for seat in range(players):  # a seat never receives a card it gives
            away = given[seat]
            if away == 0:
                away = rng.cards(dealt[seat], count)
            self.hands[seat] &= ~away
            self.hands[receivers[seat]] |= away
        leader = after
        for seat in range(players):
            if self.hands[seat] & first:
                leader = seat
        self.broken = False
        self.tricks = 0
        self.new_trick(leader)

    def finish_random(self, rng: Rng) -> None:
        """Play the rest of the hand, each card drawn uniformly among the legal ones: the
        cards and draws of ``self.play(rng.card(self.legal()))`` to the hand's end."""
        play_out_random(self, rng)


def card_index(bit: int) -> int:
    """The index of the card ``bit`` (``13 * suit + rank - 2``).

    >>> card_index(1 << 49)
    49
    """
    return count_cards(bit - 1)


# A random play-out in one frame, in both builds: the steps of fold, after_card, Hand.play and
# Rng.card above, every value a local (compiled, in C; pure, six calls a card saved). The
# tests play it against Hand.play card for card and draw for draw, in every variant.
# long: the play-out's whole loop, one frame for speed
def play_out_random(hand: Hand, rng: Rng) -> None:
    table = hand.table
    players, size, breaking = table.players, table.hand_size, table.breaking
    discards_only, keep, exempt, counts = (
        table.discards_only_break, table.keep, table.exempt, table.counts,
    )  # fmt: skip
    hands, taken, won = hand.hands, hand.taken, hand.won
    seat, position, led, best, winner = hand.seat, hand.position, hand.led, hand.best, hand.winner
    trick, broken, tricks = hand.trick, hand.broken, hand.tricks
    words, place, block = rng.words, rng.place, rng.block
    compiled = cython.compiled
    # The situations of a lead, a follow and a discard, worked out again only when the first
    # trick ends or hearts break.
    at_lead = situation(LEAD, tricks == 0, broken)
    at_follow = situation(FOLLOW, tricks == 0, broken)
    at_discard = situation(DISCARD, tricks == 0, broken)
    while tricks < size:
        held = hands[seat]
        legal = held & led
        if legal:
            index = at_follow
        else:
            legal = held
            index = at_discard if led else at_lead
        row = MAX_ROWS * index
        end = row + counts[index]
        while row < end:
            narrowed = legal & keep[row]
            if narrowed and narrowed != exempt[row]:
                legal = narrowed
            row += 1
        count = count_cards(legal) if compiled else legal.bit_count()
        chosen = 0
        while count > 1:  # Rng.below(count), with Rng.word inline
            if place == block:
                rng.refill()
                words, place = rng.words, 0
            product = words[place] * count
            place += 1
            low = product & BYTE
            if low >= count or low >= (TWO8 - count) % count:
                chosen = product >> 8
                break
        if compiled:  # branch-free: a random index mispredicts the loop's end
            bit = select(legal, chosen)
        else:
            while chosen:
                legal &= legal - 1
                chosen -= 1
            bit = legal & -legal
        if not broken and bit & breaking and (not discards_only or (led and not bit & led)):
            broken = True
            at_lead = situation(LEAD, tricks == 0, True)
            at_follow = situation(FOLLOW, tricks == 0, True)
            at_discard = situation(DISCARD, tricks == 0, True)
        if position == 0:
            led, best, winner = suit_of(bit), bit, seat
        elif bit & led and bit > best:
            best, winner = bit, seat
        hands[seat] ^= bit
        trick |= bit
        position += 1
        if position < players:
            seat = seat + 1 if seat + 1 < players else 0
            continue
        taken[winner] |= trick
        won[winner] += 1
        tricks += 1
        seat, position, led, best, trick = winner, 0, 0, 0, 0
        if tricks == 1:
            at_lead = situation(LEAD, False, broken)
            at_follow = situation(FOLLOW, False, broken)
            at_discard = situation(DISCARD, False, broken)
    hand.seat, hand.position, hand.led, hand.best, hand.winner = seat, 0, 0, 0, seat
    hand.leader, hand.trick, hand.broken, hand.tricks, rng.place = seat, 0, broken, tricks, place
