"""The action notation: one short line of text per action, as UCI is for chess moves.

Every action has exactly one text, and the text names its kind first, so no
pass count or table size makes two actions look alike:

=====================================  =============================================
``play 2 QS``                          seat 2 plays the queen of spades
``pass 0 TD QS AH``                    seat 0 passes three cards (in card order)
``moon 1 add-to-others``               seat 1 scores its moon by adding to the others
``deal 2C 5C ... | 3C 4D ... | ...``   a deal: the hands, seat 0 first, split by ``|``
=====================================  =============================================

Cards are written as :meth:`~hearts_core.Card.parse` reads them (``QS``, ``TH``).
:func:`format_action` writes the text (it is the action's ``str``) and
:func:`parse_action` reads it back; given the rules, it also checks that the
seats, cards and counts fit the table, so a server can refuse a malformed
message before it looks at the game.

>>> from hearts_core import PlayCard
>>> format_action(PlayCard(2, "QS"))
'play 2 QS'
>>> parse_action("play 2 QS") == PlayCard(2, "QS")
True
"""

from __future__ import annotations

from typing import Final

from hearts_core.actions import Action, ChooseMoon, Deal, PassCards, PlayCard
from hearts_core.cards import Card, CardSet
from hearts_core.errors import HeartsError, InvalidActionError
from hearts_core.legality import deal_problems
from hearts_core.rules import Rules
from hearts_core.rules.fields import MAX_PLAYERS, MIN_PLAYERS, shown

__all__ = ["format_action", "parse_action", "MAX_ACTION_TEXT"]

MAX_ACTION_TEXT: Final = 1_000
"""The longest text :func:`parse_action` reads: a deal of 52 cards takes under 200.

>>> MAX_ACTION_TEXT
1000
"""

_ACTION_TYPES: Final = (Deal, PassCards, PlayCard, ChooseMoon)


def format_action(action: Action) -> str:
    """The action's text in the action notation (the same as ``str(action)``).

    Raises:
        InvalidActionError: if ``action`` is not an action.

    >>> from hearts_core import ChooseMoon, PassCards
    >>> format_action(PassCards(0, "AH QS TD")), format_action(ChooseMoon(3, "add-to-others"))
    ('pass 0 TD AH QS', 'moon 3 add-to-others')
    """
    if type(action) not in _ACTION_TYPES:
        raise InvalidActionError(f"not an action: {shown(action)}")
    return str(action)


def parse_action(text: str, rules: Rules | None = None) -> Action:
    """The action written ``text`` in the action notation.

    Spaces around words do not matter; everything else does: the kind comes
    first, in lower case, then the seat, then the cards or the moon option.
    With ``rules``, the seat must be at the table, the cards in the deck, a
    pass must hold ``rules.pass_count`` cards and a deal must give every seat
    its share of the deck. Whether the action is legal where it is played is
    :func:`~hearts_core.explain`'s question, not this one's.

    Raises:
        InvalidActionError: naming the field at fault (``text``, ``seat``,
            ``card``, ``cards``, ``option`` or ``hands``).

    >>> parse_action("pass 0 TD QS AH")
    PassCards(seat=0, cards=CardSet.parse('TD AH QS'))
    >>> parse_action("moon 1 subtract-from-shooter")
    ChooseMoon(seat=1, option=MoonOption.SUBTRACT_FROM_SHOOTER)
    >>> parse_action("play 4 QS", Rules())
    Traceback (most recent call last):
    ...
    hearts_core.errors.InvalidActionError: no seat 4 at a table of 4 (seats 0 to 3)
    >>> parse_action("plays 2 QS")
    Traceback (most recent call last):
    ...
    hearts_core.errors.InvalidActionError: not an action: 'plays 2 QS' (write play, pass, \
moon or deal first)
    """
    if type(text) is not str:
        raise InvalidActionError(f"action text must be a string, not {shown(text)}", "text")
    if len(text) > MAX_ACTION_TEXT:
        raise InvalidActionError(
            f"action text is longer than {MAX_ACTION_TEXT} characters", "text"
        )
    if rules is not None and type(rules) is not Rules:
        raise InvalidActionError(f"rules must be Rules, not {shown(rules)}", "rules")
    kind, _, rest = text.strip().partition(" ")
    if kind == "deal":
        return _deal(rest, rules)
    if kind not in ("play", "pass", "moon"):
        raise InvalidActionError(
            f"not an action: {shown(text)} (write play, pass, moon or deal first)", "text"
        )
    seat_text, _, detail = rest.strip().partition(" ")
    seat = _seat(seat_text, rules)
    detail = detail.strip()
    if kind == "play":
        return _play(seat, detail, rules)
    if kind == "pass":
        return _pass(seat, detail, rules)
    return ChooseMoon(seat, detail)


def _seat(text: str, rules: Rules | None) -> int:
    if not (text.isascii() and text.isdigit() and len(text) == 1):
        raise InvalidActionError(f"not a seat: {shown(text)} (a digit from 0 to 5)", "seat")
    seat = int(text)
    if rules is not None and seat >= rules.players:
        players = rules.players
        raise InvalidActionError(
            f"no seat {seat} at a table of {players} (seats 0 to {players - 1})", "seat"
        )
    return seat


def _in_deck(cards: CardSet, rules: Rules | None, field: str) -> None:
    if rules is None:
        return
    outside = cards.mask & ~rules.tables().deck
    if outside:
        listing = " ".join(str(card) for card in CardSet.from_mask(outside))
        raise InvalidActionError(f"not in this deck: {listing}", field)


def _play(seat: int, detail: str, rules: Rules | None) -> PlayCard:
    if " " in detail:
        raise InvalidActionError(f"a play is one card, not {shown(detail)}", "card")
    action = PlayCard(seat, detail)
    _in_deck(CardSet([action.card]), rules, "card")
    return action


def _pass(seat: int, detail: str, rules: Rules | None) -> PassCards:
    words = detail.split()
    action = PassCards(seat, CardSet([_card(word, "cards") for word in words]))
    if len(action.cards) != len(words):
        raise InvalidActionError(f"a card is passed twice in {shown(detail)}", "cards")
    _in_deck(action.cards, rules, "cards")
    if rules is not None and len(words) != rules.pass_count:
        raise InvalidActionError(
            f"a pass is {rules.pass_count} cards here, not {len(words)}", "cards"
        )
    return action


def _card(word: str, field: str) -> Card:
    try:
        return Card.parse(word)
    except HeartsError:
        raise InvalidActionError(f"not a card: {shown(word)}", field) from None


def _deal(rest: str, rules: Rules | None) -> Deal:
    hands = []
    seen = 0
    for part in rest.split("|"):
        words = part.split()
        hand = CardSet([_card(word, "hands") for word in words])
        if len(hand) != len(words) or hand.mask & seen:
            raise InvalidActionError(f"a card is dealt twice in {shown(rest)}", "hands")
        seen |= hand.mask
        hands.append(hand)
    if not MIN_PLAYERS <= len(hands) <= MAX_PLAYERS:
        raise InvalidActionError(
            f"a deal gives {MIN_PLAYERS} to {MAX_PLAYERS} hands, split by '|', not {len(hands)}",
            "hands",
        )
    deal = Deal(hands)
    if rules is not None:
        for _, message in deal_problems(rules.tables(), deal.hands):
            raise InvalidActionError(f"a deal that breaks the rules: {message}", "hands")
    return deal
