"""Deals built for a purpose, under any rules: positions reached by real play.

The rulebook test and the option-interactions test need the same positions under
every shipped variant (3 to 6 players, 52 or 32 cards, any pass cycle): a seat
void in the suit led that holds a chosen card, a leader with only hearts, a seat
that takes every trick. :func:`reach_play` gets there through the public API: it
deals the hands, makes every pass so that each seat ends up holding exactly the
hand asked for, and returns the first state of play. :func:`fill` completes a
partial deal, respecting the voids asked for.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from hearts_core import (
    Card,
    CardSet,
    Deal,
    GameState,
    PassCards,
    Phase,
    PlayCard,
    Rank,
    Rules,
    Suit,
    apply,
    legal_actions,
    new_game,
)
from hearts_core.rules import PassDirection
from hearts_core.state import dealer_of

ACE_OF_CLUBS = Card(Suit.CLUBS, Rank.ACE)
QUEEN_OF_SPADES = Card(Suit.SPADES, Rank.QUEEN)


class CannotBuild(Exception):
    """The position asked for does not fit this deck (too few cards of a suit)."""


def fill(
    rules: Rules,
    fixed: Mapping[int, Sequence[Card]],
    voids: Mapping[int, set[Suit]] | None = None,
    *,
    high_first: bool = False,
) -> list[CardSet]:
    """Hands for every seat: ``fixed`` cards where asked, the rest of the deck dealt out in
    card order (highest first with ``high_first``) to the seats with room that are not void
    in its suit."""
    voids = voids or {}
    size = rules.hand_size
    hands: list[list[Card]] = [list(fixed.get(seat, ())) for seat in range(rules.players)]
    used = {card for hand in hands for card in hand}
    if len(used) != sum(len(hand) for hand in hands) or any(len(h) > size for h in hands):
        raise CannotBuild("a card is fixed twice, or a hand is too long")
    rest = [card for card in rules.deck if card not in used]
    if high_first:
        rest.reverse()
    for card in rest:
        for seat in range(rules.players):
            if len(hands[seat]) < size and card.suit not in voids.get(seat, set()):
                hands[seat].append(card)
                break
        else:
            raise CannotBuild(f"no seat may hold {card}")
    return [CardSet(hand) for hand in hands]


def passing_hand(rules: Rules) -> int:
    """A hand number whose pass direction is ``hold`` if the cycle has one, else 0 (always 0
    in a single-hand game)."""
    if rules.single_hand:
        return 0
    for number, direction in enumerate(rules.pass_cycle):
        if direction is PassDirection.HOLD:
            return number
    return 0


def reach_play(
    rules: Rules,
    hands: Sequence[CardSet],
    hand_number: int | None = None,
    totals: Sequence[int] | None = None,
    counting_down: bool = False,
) -> GameState:
    """The first state of play of hand ``hand_number`` (by default one without passing, if
    the cycle has one) in which each seat holds ``hands[seat]``: the deal and the passes
    are chosen so that the exchange leaves exactly these hands."""
    number = passing_hand(rules) if hand_number is None else hand_number
    if rules.single_hand:
        number = 0
    state = new_game(rules, hand_number=number, totals=totals, counting_down=counting_down)
    direction = state.pass_direction
    players = rules.players
    if direction is PassDirection.HOLD:
        state = apply(state, Deal(tuple(hands)))
        assert state.phase is Phase.PLAY
        return state
    # Seat s gives pass_count cards of its receiver's final hand; it is dealt its own final
    # hand less what it will receive, plus what it gives.
    count = rules.pass_count
    given = [hands[direction.receiver(seat, players)].cards()[:count] for seat in range(players)]
    dealt = []
    for seat in range(players):
        received = set(given[direction.giver(seat, players)])
        own = [card for card in hands[seat] if card not in received]
        dealt.append(CardSet(own + list(given[seat])))
    state = apply(state, Deal(tuple(dealt)))
    for seat in range(players):
        state = apply(state, PassCards(seat, CardSet(given[seat])))
    assert state.phase is Phase.PLAY
    assert state.hands == tuple(hands), (state.hands, hands)
    return state


def first_leader(rules: Rules, hand_number: int) -> int | None:
    """The seat after the dealer when it leads, else ``None`` (the lowest club's holder)."""
    if rules.lowest_club is None or rules.first_lead.value == "left-of-dealer":
        return (dealer_of(hand_number, rules.players) + 1) % rules.players
    return None


def play(state: GameState, *cards: str | Card) -> GameState:
    """Each card played in turn by the seat to play."""
    for card in cards:
        state = apply(state, PlayCard(state.to_act[0], card))
    return state


def legal_cards(state: GameState) -> CardSet:
    """The cards the seat to play may play."""
    return CardSet(a.card for a in legal_actions(state) if isinstance(a, PlayCard))


def top_cards(rules: Rules, count: int, suits: Sequence[Suit]) -> list[Card]:
    """The ``count`` highest cards of ``suits`` in the deck, taken suit by suit in turn, so
    that the holder has the top cards of each suit it holds."""
    columns = {suit: sorted(rules.deck.of_suit(suit), reverse=True) for suit in suits}
    found: list[Card] = []
    while len(found) < count:
        progressed = False
        for suit in suits:
            if columns[suit] and len(found) < count:
                found.append(columns[suit].pop(0))
                progressed = True
        if not progressed:
            raise CannotBuild("not enough cards in these suits")
    return found


def sweep(rules: Rules, totals: Sequence[int] | None = None) -> tuple[GameState, int]:
    """A hand in which one seat takes every trick, so every card: the first state of play,
    and the seat. It holds the ace of clubs and the top cards of the other suits; it wins
    the first trick with the ace (or leads it, when the seat after the dealer leads), and
    every later trick with the top card of a suit."""
    number = passing_hand(rules)
    leads = first_leader(rules, number)
    lowest = rules.lowest_club
    assert lowest is not None
    shooter = leads if leads is not None else 1  # else the lowest club goes to seat 0
    others = top_cards(rules, rules.hand_size - 1, [Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS])
    cards = [ACE_OF_CLUBS, *others]
    fixed: dict[int, list[Card]] = {shooter: cards}
    if leads is None:
        fixed[0] = [lowest]
    hands = fill(rules, fixed)
    return reach_play(rules, hands, number, totals), shooter


def play_sweep(state: GameState, shooter: int) -> GameState:
    """Play the hand of :func:`sweep` out: the shooter leads or plays its highest legal
    card, the others their lowest; stops at the end of the hand (or at a moon choice)."""
    while state.phase is Phase.PLAY:
        (seat,) = state.to_act
        legal = legal_actions(state)
        action = legal[-1] if seat == shooter else legal[0]
        if seat == shooter and not state.current_trick:
            # lead the highest card of the suit it holds most of, so it keeps the lead
            action = max(legal, key=lambda a: (a.card.rank, a.card.suit))  # type: ignore[union-attr]
        state = apply(state, action)
    return state


def random_hand(rules: Rules, seed: int) -> tuple[GameState, list[object]]:
    """A random deal played out with random legal actions to the end of the hand: the
    state after and the events, through ``step``."""
    from hearts_core import random_deal, step

    rng = random.Random(seed)
    state = new_game(rules)
    state, events = step(state, random_deal(rules, rng))
    found: list[object] = list(events)
    while state.phase not in (Phase.DEAL, Phase.GAME_OVER):
        legal = legal_actions(state)
        assert len(legal) > 0, f"no legal action in {state!r}"
        state, events = step(state, rng.choice(legal))
        found.extend(events)
    return state, found
