"""The rules of thumb as they were written on cards before the kernel played them on masks
(and passed by them: :func:`rule_pass`):
the reference the kernel's :func:`~hearts_core.kernel.rule_card` must match, choice for
choice (``tests/engine/test_kernel_rules_of_thumb.py``).

They read nothing but masks (the mover's hand, the cards it has not seen) and
the trick in progress, so the same code serves a bot reading its view and a
play-out reading a sampled state, where speed matters. In short: lead the card
least likely to win; when following suit, duck under the winning card; when
void, shed the queen of spades and the other point cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from hearts_core.actions import PlayCard
from hearts_core.cards import QUEEN_OF_SPADES, Card, CardSet, Rank, Suit
from hearts_core.rules import Rules

_QUEEN: Final = QUEEN_OF_SPADES


def winning_rank(trick: Sequence[Card]) -> int:
    """The rank of the card winning a trick so far: the highest of the suit led.

    >>> from hearts_core import Card
    >>> print(winning_rank([Card.parse(c) for c in ("5C", "AH", "9C")]))
    9
    """
    led = trick[0].suit
    return max(c.rank for c in trick if c.suit is led)


def common_play(
    plays: Sequence[PlayCard],
    trick: tuple[Card, ...],
    hand: int,
    unseen: int,
    points: Sequence[int],
    players: int,
) -> PlayCard:
    """The rules of thumb :class:`~hearts_core.bots.RuleBot` and the Monte-Carlo play-outs share.

    * Leading: the card least likely to win a trick, judged from the unseen
      cards of its suit; spades to force out the queen when she is still out.
    * Following suit: the highest card under the winning one; last to play
      to a trick without points, the highest card that wins it; if every
      card wins, the lowest (the highest when last), never the queen of
      spades if anything else will do.
    * Void in the suit led: the queen of spades, then the other point cards,
      high spades while the queen is out, then high cards; a card worth
      negative points is kept.

    Args:
        plays: The legal plays (at least one).
        trick: The cards of the trick in progress.
        hand: The mover's cards, as a mask.
        unseen: The cards in the other hands, as a mask.
        points: Points of each card, by card index.
        players: Seats at the table.

    >>> from hearts_core import Card, CardSet, PlayCard, Rules
    >>> points = Rules().tables().points
    >>> hand = CardSet.parse("3H 9H AH 2C")
    >>> plays = [PlayCard(1, c) for c in ("3H", "9H", "AH")]
    >>> trick = (Card.parse("TH"),)
    >>> unseen = CardSet.parse("2H 4H QS").mask
    >>> print(common_play(plays, trick, hand.mask, unseen, points, players=4))
    play 1 9H
    """
    if len(plays) == 1:
        return plays[0]
    if not trick:
        return _lead(plays, hand, unseen, points)
    if plays[0].card.suit is trick[0].suit:
        return _follow(plays, trick, points, players)
    return _discard(plays, hand, unseen, points)


def _lead(plays: Sequence[PlayCard], hand: int, unseen: int, points: Sequence[int]) -> PlayCard:
    """The card least likely to win, judged from the unseen cards of its suit."""
    queen_scores = points[_QUEEN.index] > 0
    queen_out = queen_scores and bool(unseen & _QUEEN.bit)
    holding_queen = queen_scores and bool(hand & _QUEEN.bit)
    best = plays[0]
    best_key: tuple[float, int, int] | None = None
    for play in plays:
        card = play.card
        suit_unseen = unseen & card.suit_mask
        total = suit_unseen.bit_count()
        higher = (suit_unseen & ~((card.bit << 1) - 1)).bit_count()
        lower = total - higher
        if not total:
            danger = 20.0  # nobody can follow: every discard lands on this trick
        elif not higher:
            danger = 10.0 + lower
        else:
            danger = lower / total
        value = points[card.index]
        if value > 0:
            danger += 2.0 + value / 4
        elif value < 0:
            danger += 5.0  # lead away a bonus card only as a last resort
        if card.suit is Suit.SPADES:
            if queen_out and card.rank > Rank.QUEEN:
                danger += 8.0  # the queen may be dropped on it
            elif queen_out:
                danger -= 0.3  # smoke the queen out
            if holding_queen and card is not _QUEEN:
                danger += 1.0  # spades drawn out leave the queen bare
        key = (danger, (hand & card.suit_mask).bit_count(), card.rank)
        if best_key is None or key < best_key:
            best, best_key = play, key
    return best


def _follow(
    plays: Sequence[PlayCard], trick: tuple[Card, ...], points: Sequence[int], players: int
) -> PlayCard:
    """Duck under the winning card; win a clean last trick high; else win as cheaply as may be."""
    high = winning_rank(trick)
    trick_points = 0
    for card in trick:
        trick_points += points[card.index]
    last = len(trick) == players - 1
    below: PlayCard | None = None
    cheap: PlayCard | None = None  # the highest winning card that scores nothing
    lowest: PlayCard | None = None  # the lowest card, the queen of spades only if all else fails
    for play in plays:
        card = play.card
        rank = card.rank
        if rank < high:
            if below is None or rank > below.card.rank:
                below = play
        elif points[card.index] <= 0 and (cheap is None or rank > cheap.card.rank):
            cheap = play
        if lowest is None or (
            card is not _QUEEN and (lowest.card is _QUEEN or rank < lowest.card.rank)
        ):
            lowest = play
    if last and cheap is not None and (trick_points < 0 or (trick_points == 0 and below)):
        return cheap  # a trick with nothing bad in it: win it and shed a high card
    if below is not None:
        return below
    if last:  # every card wins
        if cheap is not None:
            return cheap
        return min(plays, key=lambda p: (points[p.card.index], p.card.rank))
    assert lowest is not None
    return lowest


def _discard(plays: Sequence[PlayCard], hand: int, unseen: int, points: Sequence[int]) -> PlayCard:
    """The queen of spades, other point cards, high spades while she is out, high cards."""
    queen_out = points[_QUEEN.index] > 0 and bool(unseen & _QUEEN.bit)

    def shed(play: PlayCard) -> tuple[int, bool, int, int]:
        card = play.card
        danger = queen_out and card.suit is Suit.SPADES and card.rank > Rank.QUEEN
        return (points[card.index], danger, card.rank, -(hand & card.suit_mask).bit_count())

    return max(plays, key=shed)


def rule_pass(rules: Rules, hand: CardSet) -> CardSet:
    """The cards :class:`RuleBot` passes from ``hand``: its most dangerous ones.

    In order: the queen, ace and king of spades when too few low spades
    protect them; the high point cards of other suits (the top hearts);
    then every card of a short side suit if that empties it; then the
    highest cards left. A card worth negative points is kept.

    >>> from hearts_core import Rules
    >>> print(rule_pass(Rules(), CardSet.parse("2C 3C 4C 5C 6C 2D 3D 4D 5D 6D QS 2H AH")))
    2H AH QS
    """
    count = rules.pass_count
    points = rules.card_points
    chosen: list[Card] = []

    def take(cards: Sequence[Card]) -> None:
        for card in cards:
            if card not in chosen and len(chosen) < count:
                chosen.append(card)

    low_spades = [c for c in hand.of_suit(Suit.SPADES) if c.rank < Rank.QUEEN]
    protected = len(low_spades) >= (3 if rules.hand_size >= 10 else 2)
    queen_scores = points(_QUEEN) > 0
    if not protected:
        high = [Card(Suit.SPADES, r) for r in (Rank.QUEEN, Rank.ACE, Rank.KING)]
        take([c for c in high if c in hand and (queen_scores or points(c) > 0)])
    # Point cards outside spades, highest first: the top hearts, J♣ in Hartenjagen.
    scoring = [c for c in hand if points(c) > 0 and c.suit is not Suit.SPADES]
    take(sorted((c for c in scoring if c.rank >= Rank.JACK), key=lambda c: -c.rank))
    # Empty a short side suit, if the slots left are enough.
    room = count - len(chosen)
    sides: list[list[Card]] = []
    for suit in (Suit.CLUBS, Suit.DIAMONDS):
        cards = [c for c in hand.of_suit(suit) if c not in chosen]
        if cards and len(cards) <= room and all(points(c) >= 0 for c in cards):
            sides.append(cards)
    if sides:
        take(min(sides, key=lambda group: (len(group), -max(c.rank for c in group))))

    def danger(card: Card) -> tuple[int, int, int]:
        value = points(card)
        if value < 0:
            return (-1, 0, 0)
        return (1 if value > 0 else 0, card.rank, card.suit is Suit.HEARTS)

    rest = sorted(
        (c for c in hand if c not in chosen and not (protected and c.bit & Suit.SPADES.mask)),
        key=danger,
        reverse=True,
    )
    take(rest)
    take(sorted(hand, key=danger, reverse=True))  # a long spade suit, if still short of cards
    return CardSet(chosen)
