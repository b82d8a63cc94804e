"""The rules of thumb in the kernel's two builds: a card chosen from masks, and a hand played
out by them.

Like ``_kernel.py``, this file is plain Python and, compiled by Cython with the C types of
``_thumb.pxd`` (which takes the kernel's own from ``_kernel.pxd``), the C extension
``hearts_core._thumb_c``; :mod:`hearts_core.kernel` chooses the build of every kernel
module at once. The rules are documented at :func:`hearts_core.bots.heuristics.common_play`.
"""

from __future__ import annotations

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
        Hand,
        Table,
        card_index,
        count_cards,
        points_of,
        suit_of,
    )

SOURCE = ""  # the build writes the digest of this file and _thumb.pxd here, in its copy

M64 = 0xFFFFFFFFFFFFFFFF
SPADES = 0x1FFF << 39


def unseen(hand: Hand) -> int:
    """The cards in the other seats' hands, as the seat to play in ``hand`` sees them."""
    held = 0
    for seat in range(hand.table.players):
        held |= hand.hands[seat]
    return held & ~hand.hands[hand.seat]


def rule_of(hand: Hand) -> int:
    """The card the rules of thumb (:func:`rule_card`) play for the seat to play in ``hand``.

    >>> from hearts_core import CardSet, Rules
    >>> from hearts_core.kernel import Hand, rule_of  # the build running
    >>> hands = tuple(CardSet.parse(text).mask for text in ("2C AH", "KC 3H", "QC 4H", "JC 5H"))
    >>> hand = Hand(Rules().tables().kernel, hands, 0)
    >>> hand.resume((), 0, True, 11, (0, 0, 0, 0), (0, 0, 0, 0))
    >>> str(CardSet.from_mask(rule_of(hand)))  # the lead least likely to win
    '2C'
    """
    return rule_card(
        hand.table, hand.legal(), hand.hands[hand.seat], unseen(hand), hand.trick, hand.best,
        hand.position,
    )  # fmt: skip


def finish_rule(hand: Hand) -> None:
    """Play the rest of ``hand``, every seat by the rules of thumb.

    >>> from hearts_core import CardSet, Rules
    >>> from hearts_core.kernel import Hand, finish_rule  # the build running
    >>> hands = tuple(CardSet.parse(text).mask for text in ("2C AH", "KC 3H", "QC 4H", "JC 5H"))
    >>> hand = Hand(Rules().tables().kernel, hands, 0)
    >>> hand.resume((), 0, True, 11, (0, 0, 0, 0), (0, 0, 0, 0))
    >>> finish_rule(hand); hand.over(), hand.won_counts()  # KC takes the clubs, AH the hearts
    (True, (1, 1, 0, 0))
    """
    while hand.tricks < hand.table.hand_size:
        hand.play(rule_of(hand))


# The queen of spades, as the rules of thumb single her out.
QUEEN = 1 << 49
QUEEN_RANK = 12


def rule_card(
    table: Table, legal: int, hand: int, unseen: int, trick: int, best: int, position: int
) -> int:
    """The card the rules of thumb play from ``legal`` (they are documented at
    :func:`hearts_core.bots.heuristics.common_play`), for a seat holding ``hand`` that has
    not seen ``unseen``, as the ``position``-th card of a trick of the cards ``trick``
    whose winning card is ``best``.

    >>> from hearts_core import CardSet, Rules
    >>> mask, legal = CardSet.parse("3H 9H AH 2C").mask, CardSet.parse("3H 9H AH").mask
    >>> unseen, trick = CardSet.parse("2H 4H QS").mask, CardSet.parse("TH").mask
    >>> from hearts_core._kernel import HEARTS, Table
    >>> table = Table(4, 13, HEARTS, False, ((),) * 12, Rules().tables().points, 0)
    >>> str(CardSet.from_mask(rule_card(table, legal, mask, unseen, trick, trick, 1)))
    '9H'
    """
    if not legal & (legal - 1):
        return legal
    if position == 0:
        return _lead(table, legal, hand, unseen)
    if legal & suit_of(best):
        return _follow(table, legal, trick, best, position)
    return _discard(table, legal, hand, unseen)


def _lead(table: Table, legal: int, hand: int, unseen: int) -> int:
    """The lead least likely to win, judged from the unseen cards of its suit."""
    points = table.points  # compiled, the C array itself: no copy
    queen_scores = points[49] > 0
    queen_out = queen_scores and unseen & QUEEN != 0
    holding = queen_scores and hand & QUEEN != 0
    chosen, low_danger, low_count, low_rank = 0, 0.0, 0, 0
    rest = legal
    while rest:
        bit = rest & (M64 ^ (rest - 1))
        rest ^= bit
        index = card_index(bit)
        rank = index % 13 + 2
        suit = suit_of(bit)
        total = count_cards(unseen & suit)
        higher = count_cards(unseen & suit & ~((bit << 1) - 1))
        if total == 0:
            danger = 20.0  # nobody can follow: every discard lands on this trick
        elif higher == 0:
            danger = 10.0 + (total - higher)
        else:
            danger = float(total - higher) / total
        value = points[index]
        if value > 0:
            danger += 2.0 + value / 4.0
        elif value < 0:
            danger += 5.0  # lead away a bonus card only as a last resort
        if suit == SPADES:
            if queen_out and rank > QUEEN_RANK:
                danger += 8.0  # the queen may be dropped on it
            elif queen_out:
                danger -= 0.3  # smoke the queen out
            if holding and bit != QUEEN:
                danger += 1.0  # spades drawn out leave the queen bare
        count = count_cards(hand & suit)
        if (
            chosen == 0
            or danger < low_danger
            or (danger == low_danger and count < low_count)
            or (danger == low_danger and count == low_count and rank < low_rank)
        ):
            chosen, low_danger, low_count, low_rank = bit, danger, count, rank
    return chosen


def _follow(table: Table, legal: int, trick: int, best: int, position: int) -> int:
    """Duck under the winning card; win a clean last trick high; else win cheaply."""
    trick_points = points_of(table, trick)
    last = position == table.players - 1
    below = legal & (best - 1)  # the cards under the winning one: the highest of them
    while below & (below - 1):
        below &= below - 1
    cheap = 0  # the highest winning card that scores nothing
    lowest = 0  # the lowest card, the queen only if nothing else
    fewest = 0  # the card with the fewest points, the lowest of those
    rest = legal
    while rest:
        bit = rest & (M64 ^ (rest - 1))
        rest ^= bit
        value = table.points[card_index(bit)]
        if bit > best and value <= 0:
            cheap = bit
        if lowest == 0 or lowest == QUEEN:
            lowest = bit
        if fewest == 0 or value < table.points[card_index(fewest)]:
            fewest = bit
    if last and cheap and (trick_points < 0 or (trick_points == 0 and below)):
        return cheap
    if below:
        return below
    if last:
        return cheap if cheap else fewest
    return lowest


def _discard(table: Table, legal: int, hand: int, unseen: int) -> int:
    """Shed the queen, the other point cards, high spades while she is out, high cards."""
    queen_out = table.points[49] > 0 and unseen & QUEEN != 0
    chosen, top_value, top_risky, top_rank, top_short = 0, 0, False, 0, 0
    rest = legal
    while rest:
        bit = rest & (M64 ^ (rest - 1))
        rest ^= bit
        index = card_index(bit)
        value = table.points[index]
        rank = index % 13 + 2
        risky = queen_out and bit & SPADES != 0 and rank > QUEEN_RANK
        short = -count_cards(hand & suit_of(bit))
        if (
            chosen == 0
            or value > top_value
            or (value == top_value and risky > top_risky)
            or (value == top_value and risky == top_risky and rank > top_rank)
            or (value == top_value and risky == top_risky and rank == top_rank
                and short > top_short)
        ):  # fmt: skip
            chosen, top_value, top_risky, top_rank, top_short = bit, value, risky, rank, short
    return chosen


one = 1  # a 64-bit one, compiled, for the shifts of card indices
# The cards the pass rules of thumb single out, by index: the queen, ace and king of spades.
QUEEN_SPADES, ACE_SPADES, KING_SPADES = 49, 51, 50
CLUBS = 0x1FFF
DIAMONDS = 0x1FFF << 13
HEARTS = 0x1FFF << 26
LOW_SPADES = 0x3FF << 39  # 2 to jack: the spades that protect the high ones


def pass_cards(table: Table, hand: int, count: int) -> int:
    """The ``count`` cards the rules of thumb pass from ``hand`` (they are documented at
    :func:`hearts_core.bots.rule_bot.rule_pass`), as a mask.

    >>> from hearts_core import CardSet, Rules
    >>> hand = CardSet.parse("2C 3C 4C 5C 6C 2D 3D 4D 5D 6D QS 2H AH").mask
    >>> str(CardSet.from_mask(pass_cards(Rules().tables().kernel, hand, 3)))
    '2H AH QS'
    """
    points = table.points
    chosen = 0
    protected = count_cards(hand & LOW_SPADES) >= (3 if table.hand_size >= 10 else 2)
    if not protected:
        for index in (QUEEN_SPADES, ACE_SPADES, KING_SPADES):
            bit = one << index
            if hand & bit and count_cards(chosen) < count and (
                points[QUEEN_SPADES] > 0 or points[index] > 0
            ):
                chosen |= bit
    for rank in range(12, 8, -1):  # the high point cards outside spades, ace first
        for suit in range(3):
            index = 13 * suit + rank
            bit = one << index
            if hand & bit and points[index] > 0 and count_cards(chosen) < count:
                chosen |= bit
    side, side_count, side_top = 0, 0, 0
    for suit in (CLUBS, DIAMONDS):  # a short side suit emptied, if the room is left
        cards = hand & suit & ~chosen
        size = count_cards(cards)
        if cards and size <= count - count_cards(chosen) and not _has_negative(table, cards):
            top = card_index(_top(cards)) % 13
            if side == 0 or size < side_count or (size == side_count and top > side_top):
                side, side_count, side_top = cards, size, top
    chosen |= side
    rest = hand & ~chosen
    if protected:
        rest &= ~SPADES
    chosen = _dangerous(table, rest, chosen, count)
    return _dangerous(table, hand & ~chosen, chosen, count)  # a long spade suit, if short


def _dangerous(table: Table, pool: int, chosen: int, count: int) -> int:
    """``chosen`` with the most dangerous cards of ``pool`` added until it holds ``count``:
    cards with points first, then the highest, hearts before the other suits; a card
    worth negative points last."""
    points = table.points
    while pool and count_cards(chosen) < count:
        best, best_class, best_rank, best_heart = 0, 0, 0, False
        rest = pool
        while rest:
            bit = rest & (M64 ^ (rest - 1))
            rest ^= bit
            index = card_index(bit)
            value = points[index]
            kind, rank, heart = -1, 0, False
            if value >= 0:
                kind, rank, heart = (1 if value > 0 else 0), index % 13, bit & HEARTS != 0
            if (
                best == 0
                or kind > best_class
                or (kind == best_class and rank > best_rank)
                or (kind == best_class and rank == best_rank and heart > best_heart)
            ):
                best, best_class, best_rank, best_heart = bit, kind, rank, heart
        chosen |= best
        pool ^= best
    return chosen


def _has_negative(table: Table, cards: int) -> bool:
    rest = cards
    while rest:
        bit = rest & (M64 ^ (rest - 1))
        rest ^= bit
        if table.points[card_index(bit)] < 0:
            return True
    return False


def _top(cards: int) -> int:
    while cards & (cards - 1):
        cards &= cards - 1
    return cards
