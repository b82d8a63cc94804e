"""What a seat knows: facts read from its view's public record, for the bots to reason with.

Nothing here sees a hidden card: each function takes a
:class:`~hearts_core.PlayerView` (or masks derived from one) and works out
what any player at the table could, such as which cards are still in the
other hands, or whether a seat looks set to shoot the moon.
"""

from __future__ import annotations

from collections.abc import Sequence

from hearts_core.actions import PlayCard
from hearts_core.cards import CardSet
from hearts_core.observation import PlayerView
from hearts_core.options import MoonScoring
from hearts_core.state import taken_and_won

__all__ = ["taken_masks", "unseen_cards", "moon_threat", "equivalent_plays"]


def taken_masks(view: PlayerView) -> list[int]:
    """The cards each seat has taken in the completed tricks of this hand, as masks.

    >>> from hearts_core import new_game, observe
    >>> taken_masks(observe(new_game(), 0))
    [0, 0, 0, 0]
    """
    return taken_and_won(view.tricks, view.rules.players)[0]


def unseen_cards(view: PlayerView) -> CardSet:
    """The cards in the other hands: the deck less this seat's hand and the cards played.

    >>> import random
    >>> from hearts_core import Rules, apply, new_game, observe, random_deal
    >>> state = apply(new_game(), random_deal(Rules(), random.Random(1)))
    >>> view = observe(state, 0)
    >>> len(unseen_cards(view)), unseen_cards(view).isdisjoint(view.hand)
    (39, True)
    """
    return view.rules.deck - view.hand - view.played


def moon_threat(view: PlayerView) -> int | None:
    """Another seat that looks set to shoot the moon: it alone has taken moon cards, and many.

    Many means a third of the cards a moon needs, or two of them once half
    the tricks of the hand are done. ``None`` when no other seat qualifies,
    or when the rules have no moon.

    >>> from hearts_core import new_game, observe
    >>> moon_threat(observe(new_game(), 0)) is None
    True
    """
    rules = view.rules
    if rules.moon is MoonScoring.OFF:
        return None
    need = rules.tables().moon_mask
    holders = [(s, m & need) for s, m in enumerate(taken_masks(view)) if m & need]
    if len(holders) != 1 or holders[0][0] == view.seat:
        return None
    seat, mask = holders[0]
    taken = mask.bit_count()
    if taken * 3 >= need.bit_count() or (taken >= 2 and 2 * len(view.tricks) >= rules.hand_size):
        return seat
    return None


def equivalent_plays(
    plays: Sequence[PlayCard], unseen: int, points: Sequence[int]
) -> list[list[PlayCard]]:
    """The plays in groups that cannot play differently: cards of one suit, worth the same,
    with no unseen card ranked between them.

    Args:
        plays: The legal plays.
        unseen: The cards in the other hands, as a mask (see :func:`unseen_cards`).
        points: Points of each card, by card index.

    >>> from hearts_core import PlayCard, Rules
    >>> plays = [PlayCard(0, c) for c in "5C 6C 9C 2H".split()]
    >>> unseen = CardSet.parse("7C 8C 3H").mask
    >>> groups = equivalent_plays(plays, unseen, Rules().tables().points)
    >>> [[str(p.card) for p in group] for group in groups]
    [['5C', '6C'], ['9C'], ['2H']]
    """
    groups: list[list[PlayCard]] = []
    for play in sorted(plays, key=lambda p: p.card.index):
        if groups:
            last = groups[-1][-1].card
            card = play.card
            between = unseen & (card.bit - 1) & ~((last.bit << 1) - 1)
            if card.suit is last.suit and not between and points[card.index] == points[last.index]:
                groups[-1].append(play)
                continue
        groups.append([play])
    return groups
