"""Many tables stepped at once, for the vector environment, in the kernel's two builds.

Like ``_kernel.py``, this file is plain Python and, compiled by Cython with the C types of
``_batch.pxd`` (which takes the kernel's own from ``_kernel.pxd``), the C extension
``hearts_core._batch_c``; :mod:`hearts_core.kernel` chooses the build of every kernel
module at once. :mod:`hearts_core.adapters.vector` drives it: a :class:`Board` is one
table's hand in play, seen from its seats; :func:`step` plays a card at each table
waiting for one, the seats played in the kernel (uniformly random, or by the rules of
thumb with :class:`~hearts_core.bots.RuleBot`'s moon defence) until a learner is to act
again, and writes each table's observation and action mask into NumPy rows.
Everything else (the deal, the passes, scoring, seats played by other bots) is Python's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import hearts_core._pure as cython
else:
    try:
        import cython
    except ImportError:  # no Cython installed: only the pure build can run
        import hearts_core._pure as cython

if not cython.compiled:  # compiled, these come from the compiled kernel, in C
    from hearts_core._kernel import Hand, Rng, card_index, count_cards, points_of, suit_of
    from hearts_core._thumb import rule_of, unseen

SOURCE = ""  # the build writes the digest of this file and _batch.pxd here, in its copy

M64 = 0xFFFFFFFFFFFFFFFF
ONE = 1  # compiled, a 64-bit 1, to shift by up to 51
MAX_SEATS = 6
LEARNER, RANDOM, RULE, OUTSIDE = 0, 1, 2, 3  # who plays a seat
PASSING, PLAYING, CHOOSING, BETWEEN = 0, 1, 2, 3  # a board's phase (the phase block's order)
WAITING, ILLEGAL, PYTHON = 1, 2, 3  # a table's status around step()
CLIP = 2.0


class Layout:
    """Where the encoding's blocks start for one ruleset, and its constant tail: what
    :class:`~hearts_core.adapters.encoding.Encoder` lays out, as the kernel reads it."""

    def __init__(
        self, players: int, trick: int, misc: int, phase: int, direction: int, broken: int,
        bits: int, positive: int, target: int, constants: Any,
    ) -> None:  # fmt: skip
        self.players = players
        self.trick = trick
        self.misc = misc
        self.phase = phase
        self.direction = direction
        self.broken = broken
        self.bits = bits
        self.positive = positive
        self.target = target
        self.constants = constants


class Board:
    """One table's hand, as :func:`step` plays it: the kernel hand, who plays each seat, each
    seat's cards at the start of play, passed and received, the suits each has shown it
    lacks, the cards in play order, and each seat's reward since it was last read."""

    def __init__(self, hand: Hand, rng: Rng, kinds: tuple[int, ...], scheme: int,
                 moon_on: bool) -> None:  # fmt: skip
        self.hand = hand
        self.rng = rng
        self.players = hand.table.players
        if not cython.compiled:  # compiled, C arrays, allocated with the object
            self.kinds = [0] * MAX_SEATS
            self.start = [0] * MAX_SEATS
            self.passed = [0] * MAX_SEATS
            self.received = [0] * MAX_SEATS
            self.voids = [0] * MAX_SEATS
            self.totals = [0] * MAX_SEATS
            self.rewards = [0.0] * MAX_SEATS
            self.order = [0] * 64
        for seat in range(MAX_SEATS):
            self.kinds[seat] = kinds[seat] if seat < len(kinds) else LEARNER
        self.scheme = scheme
        self.moon_on = moon_on
        for seat in range(MAX_SEATS):
            self.rewards[seat] = 0.0
        self.clear(0, 3)

    def clear(self, dealer: int, direction: int) -> None:
        """Start a hand: nothing passed or played; the board is passing. (The rewards stay
        until they are taken.)"""
        for seat in range(MAX_SEATS):
            self.start[seat] = 0
            self.passed[seat] = 0
            self.received[seat] = 0
            self.voids[seat] = 0
        self.dealer = dealer
        self.direction = direction
        self.phase = PASSING
        self.count = 0

    def between(self, dealer: int, direction: int, totals: tuple[int, ...]) -> None:
        """The hand is scored: the table waits between hands, ``dealer`` and ``direction``
        the next hand's (or the last one's, once the game is over), ``totals`` the new."""
        self.clear(dealer, direction)
        self.set_totals(totals)
        self.phase = BETWEEN

    def begin_play(self) -> None:
        """The cards have changed hands (:meth:`~hearts_core.kernel.Hand.exchange`): each
        seat's cards now are its cards at the start of play."""
        for seat in range(self.players):
            self.start[seat] = self.hand.hands[seat]
        self.phase = PLAYING

    def set_seat(self, seat: int, passed: int, received: int) -> None:
        """Set what ``seat`` has passed (or picked to pass) and received this hand."""
        self.passed[seat] = passed
        self.received[seat] = received

    def set_totals(self, totals: tuple[int, ...]) -> None:
        """Set each seat's total before this hand."""
        for seat in range(len(totals)):
            self.totals[seat] = totals[seat]

    def add_reward(self, seat: int, reward: float) -> None:
        """Add ``reward`` to what ``seat`` has had since the rewards were last taken."""
        self.rewards[seat] += reward

    def take_rewards(self) -> tuple[float, ...]:
        """Each seat's reward since the last call, which starts them again from 0."""
        found = []
        for seat in range(self.players):
            found.append(self.rewards[seat])
            self.rewards[seat] = 0.0
        return tuple(found)

    def played(self) -> tuple[int, ...]:
        """The cards played so far this hand, in order, as bits."""
        return tuple([self.order[index] for index in range(self.count)])

    def state(self) -> tuple[Any, ...]:
        """Everything but the hand, its table and the generator: to copy or pickle a board."""
        return (
            [self.kinds[seat] for seat in range(MAX_SEATS)],
            [self.start[seat] for seat in range(MAX_SEATS)],
            [self.passed[seat] for seat in range(MAX_SEATS)],
            [self.received[seat] for seat in range(MAX_SEATS)],
            [self.voids[seat] for seat in range(MAX_SEATS)],
            [self.totals[seat] for seat in range(MAX_SEATS)],
            [self.rewards[seat] for seat in range(MAX_SEATS)],
            [self.order[index] for index in range(64)],
            self.scheme, self.moon_on, self.dealer, self.direction, self.phase, self.count,
        )  # fmt: skip

    def restore(self, saved: tuple[Any, ...]) -> None:
        """Take back what :meth:`state` gave."""
        kinds, start, passed, received, voids, totals, rewards, order = saved[:8]
        for seat in range(MAX_SEATS):
            self.kinds[seat] = kinds[seat]
            self.start[seat] = start[seat]
            self.passed[seat] = passed[seat]
            self.received[seat] = received[seat]
            self.voids[seat] = voids[seat]
            self.totals[seat] = totals[seat]
            self.rewards[seat] = rewards[seat]
        for index in range(64):
            self.order[index] = order[index]
        self.scheme, self.moon_on, self.dealer, self.direction, self.phase, self.count = saved[8:]


def card_bit(action: int) -> int:
    """The card of a card action id (``(rank - 2) * 4 + suit``), as a bit.

    >>> card_bit(0), card_bit(43) == 1 << 49
    (1, True)
    """
    return ONE << (13 * (action & 3) + (action >> 2))


def bit_action(bit: int) -> int:
    """The action id of the card ``bit``.

    >>> bit_action(1 << 49)
    43
    """
    index = card_index(bit)
    return 4 * (index % 13) + index // 13


def play(board: Board, bit: int) -> None:
    """The seat to act on ``board`` plays ``bit`` (legal: nothing is checked), and the board
    notes what the table saw: a suit shown lacking, the card's place in the order, the
    rewards of a trick taken (``scheme`` 0: minus the points to the taker; 1: the payoff,
    the others' mean minus one's own; 2: none)."""
    hand = board.hand
    seat = hand.seat
    players = board.players
    if hand.position > 0 and not bit & hand.led:
        board.voids[seat] |= 1 << (card_index(hand.led & (M64 ^ (hand.led - 1))) // 13)
    board.order[board.count] = bit
    board.count += 1
    trick = hand.trick | bit
    last = hand.position == players - 1
    hand.play(bit)
    if not last:
        return
    points = points_of(hand.table, trick)
    if points == 0 or board.scheme == 2:
        return
    winner = hand.leader
    if board.scheme == 0:
        board.rewards[winner] -= points
        return
    share = points / (players - 1.0)
    for other in range(players):
        if other == winner:
            board.rewards[other] -= points
        else:
            board.rewards[other] += share


def rule_move(board: Board) -> int:
    """The card :class:`~hearts_core.bots.RuleBot` plays for the seat to act: its moon
    defence when one other seat alone has taken many moon cards, else the rules of thumb
    (:func:`~hearts_core.kernel.rule_of`)."""
    hand = board.hand
    legal = hand.legal()
    if not legal & (legal - 1):
        return legal
    threat = moon_threat(board)
    if threat >= 0:
        table = hand.table
        rest = unseen(hand)
        if hand.position == 0:  # lead a point card nobody can beat, the cheapest
            chosen, low = 0, 0
            cards = legal
            while cards:
                bit = cards & (M64 ^ (cards - 1))
                cards ^= bit
                value = table.points[card_index(bit)]
                suit = suit_of(bit)
                sure = value > 0 and rest & suit and not rest & suit & ~((bit << 1) - 1)
                if sure and (chosen == 0 or value < low):
                    chosen, low = bit, value
            if chosen:
                return chosen
        elif legal & hand.led:  # win a trick with points in it, with the highest card
            above = legal & ~((hand.best << 1) - 1)
            if above and points_of(table, hand.trick) > 0:
                while above & (above - 1):
                    above &= above - 1
                return above
        elif hand.winner == threat:  # feed the would-be shooter nothing
            chosen, zero, rank = 0, False, -1
            cards = legal
            while cards:
                bit = cards & (M64 ^ (cards - 1))
                cards ^= bit
                index = card_index(bit)
                value = table.points[index]
                clean = value == 0
                if value <= 0 and (
                    chosen == 0 or (clean and not zero) or (clean == zero and index % 13 > rank)
                ):
                    chosen, zero, rank = bit, clean, index % 13
            if chosen:
                return chosen
    return rule_of(hand)


def moon_threat(board: Board) -> int:
    """The seat other than the one to act that alone has taken moon cards, and many (a third
    of the moon's, or two once half the tricks are done), or -1: as
    :func:`~hearts_core.bots.knowledge.moon_threat` says."""
    if not board.moon_on:
        return -1
    hand = board.hand
    need = hand.table.moon
    holder = -1
    for seat in range(board.players):
        if hand.taken[seat] & need:
            if holder >= 0:
                return -1
            holder = seat
    if holder < 0 or holder == hand.seat:
        return -1
    taken = count_cards(hand.taken[holder] & need)
    if taken * 3 >= count_cards(need) or (taken >= 2 and 2 * hand.tricks >= hand.table.hand_size):
        return holder
    return -1


def run(board: Board) -> int:
    """Play the seats the kernel plays until a learner or an outside bot is to act: that
    seat, or -1 once the hand's last trick is taken."""
    hand = board.hand
    size = hand.table.hand_size
    while hand.tricks < size:
        kind = board.kinds[hand.seat]
        if kind == RANDOM:
            play(board, board.rng.card(hand.legal()))
        elif kind == RULE:
            play(board, rule_move(board))
        else:
            return hand.seat
    return -1


def _cards(row: Any, start: int, mask: int) -> None:
    """Set ``row``'s entries of the 52-card block at ``start`` for the cards of ``mask``."""
    while mask:
        bit = mask & (M64 ^ (mask - 1))
        mask ^= bit
        index = card_index(bit)
        row[start + 4 * (index % 13) + index // 13] = 1.0


def _clip(value: float) -> float:
    return -CLIP if value < -CLIP else CLIP if value > CLIP else value


def encode(layout: Layout, board: Board, seat: int, row: Any) -> None:
    """Write what ``seat`` sees of ``board`` into ``row`` (``float32``, the encoding's size),
    as :class:`~hearts_core.adapters.encoding.Encoder` encodes it."""
    players = layout.players
    hand = board.hand
    phase = board.phase
    for index in range(layout.bits):
        row[index] = 0.0
    held = 0
    if phase != BETWEEN:
        held = hand.hands[seat]
    if phase == PASSING:
        held &= ~board.passed[seat]
    _cards(row, 0, held)
    _cards(row, 52, board.passed[seat])
    _cards(row, 104, board.received[seat])
    if phase in (PLAYING, CHOOSING):
        for offset in range(players):
            other = (seat + offset) % players
            _cards(row, 156 + 52 * offset, board.start[other] & ~hand.hands[other])
    if phase == PLAYING:
        for place in range(hand.position):
            other = (hand.leader + place) % players
            _cards(row, layout.trick + 52 * place,
                   hand.trick & board.start[other] & ~hand.hands[other])  # fmt: skip
        row[layout.misc + (hand.leader - seat + players) % players] = 1.0
    row[layout.misc + players + (board.dealer - seat + players) % players] = 1.0
    for offset in range(players):
        voids = board.voids[(seat + offset) % players]
        for suit in range(4):
            if voids >> suit & 1:
                row[layout.misc + 2 * players + 4 * offset + suit] = 1.0
    if phase != BETWEEN:
        row[layout.phase + phase] = 1.0
    row[layout.direction + board.direction] = 1.0
    if phase in (PLAYING, CHOOSING) and hand.broken:
        row[layout.broken] = 1.0
    bits = layout.bits
    for offset in range(players):
        other = (seat + offset) % players
        taken = 0
        if phase in (PLAYING, CHOOSING):
            taken = points_of(hand.table, hand.taken[other])
        row[bits + offset] = _clip(taken / layout.positive)
        row[bits + players + offset] = _clip(board.totals[other] / layout.target)
    for index in range(len(layout.constants)):
        row[bits + 2 * players + index] = layout.constants[index]


def write_mask(board: Board, row: Any) -> None:
    """Write the action mask of the seat to act in play into ``row`` (``int8``)."""
    for index in range(len(row)):
        row[index] = 0
    legal = board.hand.legal()
    while legal:
        bit = legal & (M64 ^ (legal - 1))
        legal ^= bit
        row[bit_action(bit)] = 1


def step(
    layout: Layout, boards: list[Board], actions: Any, status: Any, seats: Any,
    observations: Any, masks: Any, rewards: Any,
) -> int:  # fmt: skip
    """Play each table's card: at each table whose ``status`` is ``WAITING`` (a learner to act
    in play), the card of ``actions``, then the kernel's seats up to the next learner,
    whose seat, observation and action mask go into ``seats``, ``observations`` and
    ``masks``; ``rewards`` gets each seat's rewards. A card that is not legal leaves the
    table ``ILLEGAL``; a table whose hand is over, or whose next seat is an outside bot's,
    becomes ``PYTHON``. Returns how many tables are left to Python."""
    left = 0
    for table in range(len(boards)):
        if status[table] != WAITING:
            left += 1
            continue
        board: Board = boards[table]
        action = int(actions[table])
        if action < 0 or action >= 52 or not card_bit(action) & board.hand.legal():
            status[table] = ILLEGAL
            left += 1
            continue
        play(board, card_bit(action))
        seat = run(board)
        for other in range(board.players):
            rewards[table, other] = board.rewards[other]
            board.rewards[other] = 0.0
        if seat < 0 or board.kinds[seat] != LEARNER:
            status[table] = PYTHON
            left += 1
            continue
        seats[table] = seat
        encode(layout, board, seat, observations[table])
        write_mask(board, masks[table])
    return left
