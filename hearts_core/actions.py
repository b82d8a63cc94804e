"""Actions: the only way a game moves. Each is a small frozen value.

Chance is an action too: a :class:`Deal` carries the cards, so a game is
replayed exactly from its list of actions. :func:`random_deal` builds one
from a ``random.Random`` the caller owns.
"""

from __future__ import annotations

import functools
import random as _random
import sys
from collections.abc import Iterable
from typing import Final, TypeAlias

import attrs

from hearts_core.cards import Card, CardSet, _from_mask
from hearts_core.errors import IllegalActionError, Rule
from hearts_core.rules import MAX_PLAYERS, MoonOption, Rules

__all__ = ["Deal", "PassCards", "PlayCard", "ChooseMoon", "Action", "random_deal"]


def _not_an_action(message: str) -> IllegalActionError:
    return IllegalActionError(Rule.NOT_AN_ACTION, message)


def _to_hands(hands: Iterable[CardSet | str]) -> tuple[CardSet, ...]:
    if isinstance(hands, str | CardSet) or not isinstance(hands, Iterable):
        raise _not_an_action(f"a deal needs one hand per seat, not {hands!r}")
    return tuple(_to_cardset(hand) for hand in hands)


def _to_cardset(cards: CardSet | str | Iterable[Card]) -> CardSet:
    if isinstance(cards, CardSet):
        return cards
    if isinstance(cards, str):
        return CardSet.parse(cards)
    if not isinstance(cards, Iterable):
        raise _not_an_action(f"not a set of cards: {cards!r}")
    return CardSet(cards)


def _to_card(card: Card | str) -> Card:
    if isinstance(card, str):
        return Card.parse(card)
    if not isinstance(card, Card):
        raise _not_an_action(f"not a card: {card!r}")
    return card


def _check_seat(instance: object, attribute: attrs.Attribute[int], seat: int) -> None:
    # A bool or a float equal to a seat number must not pass for one.
    if type(seat) is not int or seat < 0:
        raise _not_an_action(f"not a seat: {seat!r}")


def _to_option(option: MoonOption | str) -> MoonOption:
    if isinstance(option, MoonOption):
        return option
    try:
        return MoonOption(option)
    except ValueError:
        choices = ", ".join(o.value for o in MoonOption)
        raise IllegalActionError(
            Rule.MOON_OPTION_NOT_OFFERED, f"not a moon option: {option!r} (choose {choices})"
        ) from None


@attrs.frozen
class Deal:
    """Chance's move: the hand each seat receives, seat 0 first.

    >>> deal = Deal(["2C 3C", "4C 5C", "6C 7C", "8C 9C"])
    >>> str(deal.hands[1])
    '4C 5C'
    """

    hands: tuple[CardSet, ...] = attrs.field(converter=_to_hands)
    """One set of cards per seat."""

    def __str__(self) -> str:
        return "deal " + " | ".join(str(h) for h in self.hands)


@attrs.frozen
class PassCards:
    """A seat's pass: the cards it gives away this hand.

    >>> str(PassCards(0, "QS AS KS"))
    '0 passes QS KS AS'
    """

    seat: int = attrs.field(validator=_check_seat)
    """The passing seat."""
    cards: CardSet = attrs.field(converter=_to_cardset)
    """The cards passed."""

    def __str__(self) -> str:
        return f"{self.seat} passes {self.cards}"


@attrs.frozen(cache_hash=True)
class PlayCard:
    """A seat plays a card to the current trick.

    The engine hands out shared instances from :func:`~hearts_core.legal_actions`;
    any equal instance is accepted. A seat that is not an ``int`` (``True``,
    ``2.0``) or a value that is not a card is refused when the action is built,
    with :class:`~hearts_core.IllegalActionError` (rule ``NOT_AN_ACTION``).

    >>> PlayCard(2, "QS") == PlayCard(2, Card.parse("QS"))
    True
    >>> str(PlayCard(2, "QS"))
    '2 plays QS'
    """

    seat: int = attrs.field(validator=_check_seat)
    """The playing seat."""
    card: Card = attrs.field(converter=_to_card)
    """The card played."""

    def __str__(self) -> str:
        return f"{self.seat} plays {self.card}"


@attrs.frozen
class ChooseMoon:
    """The moon shooter's choice, when the rules let the shooter choose.

    >>> str(ChooseMoon(1, MoonOption.SUBTRACT_FROM_SHOOTER))
    '1 chooses subtract-from-shooter'
    """

    seat: int = attrs.field(validator=_check_seat)
    """The shooter."""
    option: MoonOption = attrs.field(converter=_to_option)
    """Add the moon amount to the others, or subtract it from the shooter."""

    def __str__(self) -> str:
        return f"{self.seat} chooses {self.option.value}"


Action: TypeAlias = Deal | PassCards | PlayCard | ChooseMoon
"""Any action :func:`~hearts_core.apply` accepts."""

# Interned plays, indexed [seat][card.index]: legal_actions hands these out
# instead of building objects on every call.
PLAYS: Final = tuple(
    tuple(PlayCard(seat, Card.from_index(i)) for i in range(52)) for seat in range(MAX_PLAYERS)
)


@functools.lru_cache(maxsize=16)
def _deck_tables(deck: int) -> tuple[tuple[int, ...], int, int]:
    """The deck's card bits, and the masks that build the shuffle keys."""
    bits = tuple(1 << i for i in range(52) if deck >> i & 1)
    keep = sum(((1 << 64) - 64) << (64 * i) for i in range(len(bits)))
    index_bits = sum(i << (64 * i) for i in range(len(bits)))
    return bits, keep, index_bits


def random_deal(rules: Rules, rng: _random.Random) -> Deal:
    """A uniformly random deal of ``rules.deck``, drawn from ``rng``.

    The same seed gives the same deal:

    >>> import random
    >>> random_deal(Rules(), random.Random(7)) == random_deal(Rules(), random.Random(7))
    True
    >>> [len(h) for h in random_deal(Rules(), random.Random(7)).hands]
    [13, 13, 13, 13]
    """
    bits, keep, index_bits = _deck_tables(rules.tables().deck)
    count = len(bits)
    # Shuffle in C: give each card a 64-bit key whose top 58 bits are random
    # and whose low 6 bits are the card's position, sort, read the positions
    # back. Equal random parts (probability below 1e-13) fall back to deck order.
    keys = (rng.getrandbits(64 * count) & keep) | index_bits
    order = sorted(memoryview(keys.to_bytes(8 * count, sys.byteorder)).cast("Q").tolist())
    players = rules.players
    size = count // players
    hands = tuple(
        _from_mask(sum([bits[key & 63] for key in order[seat * size : (seat + 1) * size]]))
        for seat in range(players)
    )
    return Deal(hands)
