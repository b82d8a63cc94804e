"""Random play-outs: :func:`rollout` plays a hand to its end by uniform random choice.

Bots that sample (:class:`~hearts_core.bots.MonteCarloBot` and the tree search)
play thousands of hands a decision, so the play-out works on masks alone and
builds no state between the start and the end of the hand: the state it
returns is between hands, where the tricks are no longer kept. It asks the
same functions :func:`~hearts_core.apply` asks for every fact of the game (the
legality fold, hearts breaking, the trick winner, scoring), and draws from the
generator exactly what ``rng.choice(legal_actions(state))`` draws.

>>> import random
>>> from hearts_core import Rules, apply, new_game, random_deal
>>> start = apply(new_game(), random_deal(Rules(), random.Random(3)))
>>> rollout(start, random.Random(9)).hand_number
1
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from hearts_core.actions import pass_count_of, pass_mask
from hearts_core.cards import Card
from hearts_core.draws import PATTERN_BITS, draws_inline, index_drawer
from hearts_core.engine import after_hand, apply, exchange
from hearts_core.legality import legal_actions, legal_mask_led
from hearts_core.options import MoonOption
from hearts_core.rules import RuleTables
from hearts_core.scoring import moon_scores, score_hand
from hearts_core.state import (
    GameState,
    HandContext,
    Phase,
    dealer_of,
    first_leader,
    play_breaks_hearts,
    seat_of,
    taken_and_won,
    winning_bit,
)

__all__ = ["rollout"]

_PLAY: Final = Phase.PLAY
_PASS: Final = Phase.PASS
_MOON_OPTIONS: Final = tuple(MoonOption)
_CARDS: Final = tuple(Card.from_index(i) for i in range(52))
# The suit of a card as a mask, by its bit's length: _SUIT_MASK_OF_LENGTH[bit.bit_length()].
_SUIT_MASK_OF_LENGTH: Final = (0, *(card.suit_mask for card in _CARDS))
# The suit of a card as the shift of its suit's lowest bit, by the card bit's length.
_SHIFT_OF_LENGTH: Final = (0, *(13 * card.suit for card in _CARDS))
# For each number of players and each leader, the seats that follow, in play order.
_FOLLOWERS: Final = {
    n: tuple(tuple(seat_of(leader, i, n) for i in range(1, n)) for leader in range(n))
    for n in range(3, 7)
}


def rollout(state: GameState, rng: random.Random) -> GameState:
    """Play uniformly random legal actions from ``state`` to the end of the hand.

    It returns the next state waiting for a deal, or the game over; a state
    already between hands is returned as it is. Passes and moon choices are
    drawn too. For the same ``rng`` state it returns exactly what this loop
    returns, and leaves ``rng`` in the same state, only faster:

    .. code-block:: python

        while legal_actions(state):
            state = apply(state, rng.choice(legal_actions(state)))

    >>> import random
    >>> from hearts_core import Rules, legal_actions, new_game, random_deal
    >>> start = apply(new_game(), random_deal(Rules(), random.Random(3)))
    >>> fast, slow = random.Random(9), random.Random(9)
    >>> end = rollout(start, fast)
    >>> state = start
    >>> while legal_actions(state):
    ...     state = apply(state, slow.choice(legal_actions(state)))
    >>> end == state, fast.random() == slow.random(), end.phase.value
    (True, True, 'deal')
    """
    if not draws_inline(rng):  # a generator that draws its own way: the loop itself
        while actions := legal_actions(state):
            state = apply(state, rng.choice(actions))
        return state
    below = index_drawer(rng)
    context = state.context
    rules = context.rules
    tables = context.tables
    players = tables.players
    phase = state.phase
    if phase is _PASS:
        # Only the hands after the exchange matter: the state returned is between hands.
        given = _passes_drawn(state, below)
        hands = list(exchange(state._start, given, context.pass_direction))
        # Only the leader: the play-out works out the legal cards of every lead itself.
        leader = first_leader(tables, hands, dealer_of(context.hand_number, players))
        assert leader is not None  # a checked deal holds the first lead card
        taken, won = [0] * players, [0] * players
        _play_tricks(tables, hands, (), leader, False, True, taken, won, rng)
    elif phase is _PLAY:
        taken, won = taken_and_won(state.tricks, players)
        played = state._played
        hands = [held & ~played for held in state._start]
        order = tuple([card.bit for card in state.current_trick])
        broken = state.hearts_broken
        _play_tricks(tables, hands, order, state.leader, broken, not state.tricks, taken, won, rng)
    elif phase is Phase.MOON:
        taken, _ = taken_and_won(state.tricks, players)
        return _choose_moon_drawn(context, taken, state.moon_shooter, below)
    else:
        return state
    # The tricks are never built: the state returned is between hands.
    result = score_hand(rules, taken, won, context.totals, context.counting_down)
    if result.scores is not None:
        return after_hand(context, result.scores)
    return _choose_moon_drawn(context, taken, result.shooter, below)


def _passes_drawn(state: GameState, below: Callable[[int], int]) -> list[int]:
    """The cards each seat passes, as masks: those passed already, and a pass drawn for each
    seat left as ``rng.choice(legal_actions(state))`` draws one, seat after seat.

    While passing every seat holds the cards dealt, so each seat left has as many choices
    as the others: ``legal_actions`` lists them seat by seat, and the ``i``-th is choice
    ``i % size`` of seat ``i // size`` among those left."""
    passes = state.passes
    waiting = [seat for seat, cards in enumerate(passes) if cards is None]
    count = state.context.rules.pass_count
    start = state._start
    size = pass_count_of(state.context.tables.hand_size, count)
    drawn = {}
    while waiting:
        position, index = divmod(below(size * len(waiting)), size)
        seat = waiting.pop(position)
        drawn[seat] = pass_mask(start[seat], count, index)
    return [drawn[seat] if cards is None else cards.mask for seat, cards in enumerate(passes)]


def _choose_moon_drawn(
    context: HandContext, taken: list[int], shooter: int | None, below: Callable[[int], int]
) -> GameState:
    """The hand scored with a moon option drawn as ``rng.choice`` draws it."""
    assert shooter is not None
    rules = context.rules
    option = _MOON_OPTIONS[below(len(_MOON_OPTIONS))]
    return after_hand(context, moon_scores(rules, taken, shooter, option, rules.moon_amount))


# long: the whole play-out in one frame, on plain ints: what makes rollout fast
def _play_tricks(
    tables: RuleTables,
    hands: list[int],
    order: tuple[int, ...],
    leader: int,
    broken: bool,
    first: bool,
    taken: list[int],
    won: list[int],
    rng: random.Random,
) -> None:
    """Play random cards to the hand's last trick on masks alone, adding to ``taken`` and
    ``won`` (as :func:`taken_and_won` gives them) the cards and tricks each seat takes.

    It starts from ``hands`` (what each seat holds) and the trick in progress: its cards'
    bits in ``order``, led by ``leader``. The same legality fold, hearts breaking and trick
    winner as :func:`apply`, and the same draws from ``rng`` as
    ``rng.choice(legal_actions(...))``, drawn inline (see :func:`draws_inline`)."""
    players = tables.players
    breaking = tables.breaking_mask
    follow_free = tables.follow_free
    rows = tables.rows
    lead_free = tables.lead_free
    followers = _FOLLOWERS[players]
    suit_of_length = _SUIT_MASK_OF_LENGTH
    shift_of_length = _SHIFT_OF_LENGTH
    bits_of = PATTERN_BITS
    getrandbits = rng.getrandbits
    tricks_left = tables.hand_size - sum(won)
    # The card each seat has played to the trick, by seat: every seat plays one a trick,
    # so the winner is the seat whose card is the trick's winning bit.
    cards = [0] * players
    leading = not order
    if order:
        length = order[0].bit_length()
        led = suit_of_length[length]
        shift = shift_of_length[length]
        mask = 0
        for position, bit in enumerate(order):
            mask |= bit
            cards[seat_of(leader, position, players)] = bit
        seats = followers[leader][len(order) - 1 :]
    while True:
        if leading:  # the lead: any suit the fold allows
            legal = hands[leader]
            if not (broken and lead_free):
                legal = legal_mask_led(tables, legal, 0, first, broken)
            count = legal.bit_count()
            k = count.bit_length()
            index = getrandbits(k)
            while index >= count:
                index = getrandbits(k)
            while index:  # the index-th card in card order, as legal_actions lists them
                legal &= legal - 1
                index -= 1
            bit = mask = legal & -legal
            hands[leader] ^= bit
            cards[leader] = bit
            if not broken and bit & breaking:
                broken = play_breaks_hearts(tables, bit, 0)
            length = bit.bit_length()
            led = suit_of_length[length]
            shift = shift_of_length[length]
            seats = followers[leader]
        for seat in seats:
            hand = hands[seat]
            legal = hand & led  # the fold's first step, as in apply
            if legal and follow_free:  # the commonest case: the cards of the suit led
                choices, count, k = bits_of[legal >> shift]
                index = getrandbits(k)
                while index >= count:
                    index = getrandbits(k)
                bit = choices[index] << shift
            else:
                if legal or rows[8 + 2 * first + broken]:  # else a discard no rule narrows
                    legal = legal_mask_led(tables, hand, led, first, broken)
                else:
                    legal = hand
                count = legal.bit_count()
                k = count.bit_length()
                index = getrandbits(k)
                while index >= count:
                    index = getrandbits(k)
                while index:
                    legal &= legal - 1
                    index -= 1
                bit = legal & -legal
            if not broken and bit & breaking:
                broken = play_breaks_hearts(tables, bit, led)
            hands[seat] = hand ^ bit
            cards[seat] = bit
            mask |= bit
        winner = cards.index(winning_bit(mask, led))
        taken[winner] |= mask
        won[winner] += 1
        tricks_left -= 1
        if not tricks_left:
            return
        leader = winner
        first = False
        leading = True
