"""What a seat knows: facts read from its view's public record, for the bots to reason with.

Nothing here sees a hidden card: each function takes a
:class:`~hearts_core.PlayerView` (or masks derived from one) and works out
what any player at the table could, such as which cards are still in the
other hands, or whether a seat looks set to shoot the moon.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from hearts_core.actions import ChooseMoon, PassCards, PassChoices, PlayCard
from hearts_core.bots.errors import BotError
from hearts_core.cards import Card, CardSet, Rank
from hearts_core.observation import PlayerView
from hearts_core.rules import Rules
from hearts_core.rules.fields import shown
from hearts_core.rules.options import MoonScoring, PassDirection
from hearts_core.state import Phase, Trick, taken_and_won, trick_winner

__all__ = [
    "check_view",
    "view_problem",
    "taken_masks",
    "unseen_cards",
    "moon_threat",
    "moon_candidate",
    "equivalent_plays",
]


def check_view(view: PlayerView) -> PlayerView:
    """``view`` itself, once its fields are found to agree with each other; a view whose
    fields contradict each other is refused with :class:`~hearts_core.bots.BotError`, whose
    message starts with the field at fault (``view.tricks: ...``).

    Every shipped bot checks its view here before it reads it, so a view built by hand
    (with ``attrs.evolve``, say) that no game shows makes the bot refuse, never crash or
    answer for another seat. What is checked is :func:`view_problem`'s list; a view
    :func:`~hearts_core.observe` built (:attr:`~hearts_core.PlayerView.observed`) is
    passed at once, its fields agreeing by construction.

    >>> import attrs
    >>> from hearts_core import new_game, observe
    >>> check_view(observe(new_game(), 0)).seat
    0
    >>> check_view(attrs.evolve(observe(new_game(), 0), seat=7))
    Traceback (most recent call last):
    ...
    hearts_core.bots.errors.BotError: view.seat: 7 is not a seat at a table of 4
    """
    if view.__class__ is PlayerView and view.observed:
        return view  # built by observe from a state: its fields agree
    problem = view_problem(view)
    if problem is not None:
        field, reason = problem
        raise BotError(f"view: {reason}" if field == "view" else f"view.{field}: {reason}")
    return view


_PHASES_WITH_CARDS: Final = (Phase.PASS, Phase.PLAY, Phase.MOON)


def view_problem(view: object) -> tuple[str, str] | None:
    """The first field of ``view`` that contradicts the rest, with why, as ``(field,
    reason)``; ``None`` when the fields agree, as they do in every view
    :func:`~hearts_core.observe` builds.

    It takes time linear in the view's size and checks, in order: the field types; the
    seat, dealer, leader and trick leaders are seats at the table; each completed trick
    holds one card per seat and the trick in progress fewer; no card is in the deck
    twice (in the hand, the tricks, the trick in progress) or outside it; each trick is
    led by the winner of the one before, and in play the trick in progress by the last
    one's winner; the hand sizes are one per seat and are what the phase and the tricks leave
    each seat, this seat's being its hand's; the seat to play follows the trick in
    progress; what this seat passed is not in its hand after the exchange, and what it
    received is in its hand or played by it; the legal actions are this seat's, from its
    hand, and offered only on its turn. Whether any deal of the hidden cards fits the
    view (the voids it shows, say) is a search, done by
    :class:`~hearts_core.belief.Belief`.

    >>> import attrs
    >>> from hearts_core import new_game, observe
    >>> view = observe(new_game(), 0)
    >>> view_problem(view) is None
    True
    >>> view_problem(attrs.evolve(view, hand_sizes=(0, 0, 0)))
    ('hand_sizes', 'must be 4 integers, one per seat, not 3')
    """
    if type(view) is not PlayerView:
        return "view", f"not a PlayerView: {shown(view)}"
    problem = _form_problem(view)
    if problem is not None:
        return problem
    mine = _cards_problem(view)  # the cards this seat played, or what is wrong
    if isinstance(mine, tuple):
        return mine
    return _count_problem(view, mine) or _actions_problem(view, view.seat, view.hand.mask)


def _form_problem(view: PlayerView) -> tuple[str, str] | None:
    """What is wrong with the type or range of a field of ``view``, if anything."""
    rules = view.rules
    if type(rules) is not Rules:
        return "rules", f"not a Rules: {shown(rules)}"
    phase = view.phase
    if type(phase) is not Phase:
        return "phase", f"not a Phase: {shown(phase)}"
    players = rules.players
    for name in ("seat", "dealer", "leader"):
        value = getattr(view, name)
        if type(value) is not int or not 0 <= value < players:
            return name, f"{shown(value)} is not a seat at a table of {players}"
    seat = view.seat
    if type(view.hand_number) is not int or view.hand_number < 0:
        return "hand_number", f"must be a count from 0, not {shown(view.hand_number)}"
    for name in ("hearts_broken", "counting_down"):
        if type(getattr(view, name)) is not bool:
            return name, f"must be True or False, not {shown(getattr(view, name))}"
    if type(view.pass_direction) is not PassDirection:
        return "pass_direction", f"not a PassDirection: {shown(view.pass_direction)}"
    for name in ("hand_sizes", "hand_points", "totals"):
        numbers = getattr(view, name)
        if type(numbers) is not tuple or len(numbers) != players:
            found = len(numbers) if type(numbers) is tuple else shown(numbers)
            return name, f"must be {players} integers, one per seat, not {found}"
        for number in numbers:
            if type(number) is not int:
                return name, f"must be {players} integers, one per seat, not {shown(number)}"
    for name in ("to_act", "passed_seats", "winners"):
        seats = getattr(view, name)
        if type(seats) is not tuple or len(seats) > players:
            return name, f"must be a tuple of seats, not {shown(seats)}"
        met = 0
        for value in seats:
            if type(value) is not int or not 0 <= value < players:
                return name, f"{shown(value)} is not a seat at a table of {players}"
            if met >> value & 1:
                return name, f"names seat {value} twice"
            met |= 1 << value
    hand = view.hand
    if type(hand) is not CardSet:
        return "hand", f"not a CardSet: {shown(hand)}"
    deck = rules.tables().deck
    held = hand.mask
    if held & ~deck:
        return "hand", "holds a card outside the deck"
    if view.hand_sizes[seat] != len(hand):
        return (
            "hand_sizes",
            f"gives seat {seat} {view.hand_sizes[seat]} cards, its hand {len(hand)}",
        )
    for name in ("passed", "received"):
        cards = getattr(view, name)
        if cards is not None and (type(cards) is not CardSet or len(cards) != rules.pass_count):
            return (
                name,
                f"must be None or a CardSet of {rules.pass_count} cards, not {shown(cards)}",
            )
    return None


def _cards_problem(view: PlayerView) -> tuple[str, str] | int:
    """The cards this seat played (a mask), once every card played is found in the deck,
    once, in tricks of the right size and order; else what is wrong."""
    rules, players, seat, held = view.rules, view.rules.players, view.seat, view.hand.mask
    deck = rules.tables().deck
    # The cards played, each once, by the seats the trick order gives.
    tricks = view.tricks
    if type(tricks) is not tuple or len(tricks) > rules.hand_size:
        return "tricks", f"must be a tuple of at most {rules.hand_size} tricks"
    seen = held
    mine = 0  # the cards this seat played
    leader = None
    for trick in tricks:
        if type(trick) is not Trick:
            return "tricks", f"not a Trick: {shown(trick)}"
        cards = trick.cards
        if type(cards) is not tuple or len(cards) != players:
            found = len(cards) if type(cards) is tuple else shown(cards)
            return "tricks", f"a trick holds {found} cards at a table of {players}"
        first = trick.leader
        if type(first) is not int or not 0 <= first < players:
            return "tricks", f"a trick's leader, {shown(first)}, is not a seat"
        if leader is not None and first != leader:
            return "tricks", f"a trick led by seat {first} follows one won by seat {leader}"
        problem = _played(cards, first, players, seat, deck, seen)
        if isinstance(problem, str):
            return "tricks", problem
        seen, played = problem
        mine |= played
        leader = trick_winner(first, cards, players)
    current = view.current_trick
    if type(current) is not tuple or len(current) >= players:
        return "current_trick", f"must be a tuple of fewer than {players} cards"
    if view.phase is Phase.PLAY and leader is not None and view.leader != leader:
        return "leader", f"is seat {view.leader}, but seat {leader} won the last trick"
    problem = _played(current, view.leader, players, seat, deck, seen)
    if isinstance(problem, str):
        return "current_trick", problem
    seen, played = problem
    mine |= played
    return mine


def _count_problem(view: PlayerView, mine: int) -> tuple[str, str] | None:
    """What is wrong with the hand sizes, the seat to play or this seat's passes, given
    the cards it played (``mine``)."""
    rules, players, seat, held, phase = (
        view.rules, view.rules.players, view.seat, view.hand.mask, view.phase
    )  # fmt: skip
    tricks, current = view.tricks, view.current_trick
    # The cards each seat holds: what the phase and the cards played leave it.
    if phase in _PHASES_WITH_CARDS:
        done = len(tricks)
        if phase is Phase.PASS and (tricks or current):
            return "tricks", "no card is played before the passes are made"
        if phase is Phase.MOON and (done != rules.hand_size or current):
            return "tricks", "the moon is chosen once every trick is played"
        for other in range(players):
            owed = rules.hand_size - done - ((other - view.leader) % players < len(current))
            if view.hand_sizes[other] != owed:
                return "hand_sizes", (
                    f"gives seat {other} {view.hand_sizes[other]} cards, the tricks leave it {owed}"
                )
    elif held or tricks or current or any(view.hand_sizes):
        return "hand", f"no seat holds or plays cards in the {phase.value} phase"
    if phase is Phase.PLAY and view.to_act != ((view.leader + len(current)) % players,):
        return "to_act", "is not the seat after the last card of the trick in progress"
    if phase is Phase.PASS and view.pass_direction is PassDirection.HOLD:
        return "pass_direction", "a hand without passing has no pass phase"
    # What this seat passed and received.
    passed, received = view.passed, view.received
    if (passed is None) == (seat in view.passed_seats):
        return "passed", f"must be given exactly when seat {seat} is among the seats that passed"
    if passed is not None and phase is not Phase.PASS and passed.mask & (held | mine):
        return "passed", "holds a card this seat still holds or played after passing it"
    if passed is not None and phase is Phase.PASS and passed.mask & ~held:
        return "passed", "holds a card this seat does not hold before the exchange"
    if received is not None and received.mask & ~(held | mine):
        return "received", "holds a card this seat neither holds nor played"
    return None


def _played(
    cards: Sequence[object], leader: int, players: int, seat: int, deck: int, seen: int
) -> tuple[int, int] | str:
    """The cards seen with ``cards`` added, and those of them ``seat`` played; or what is
    wrong with them."""
    mine = 0
    for position, card in enumerate(cards):
        if type(card) is not Card:
            return f"not a card: {shown(card)}"
        bit = card.bit
        if not bit & deck:
            return f"{card} is not in this deck"
        if bit & seen:
            return f"{card} is seen twice (played twice, or played and held)"
        seen |= bit
        if (leader + position) % players == seat:
            mine |= bit
    return seen, mine


def _actions_problem(view: PlayerView, seat: int, held: int) -> tuple[str, str] | None:
    actions = view.legal_actions
    if not isinstance(actions, Sequence) or isinstance(actions, str):
        return "legal_actions", f"must be a sequence of actions, not {shown(actions)}"
    if not actions:
        return None
    if seat not in view.to_act:
        return "legal_actions", f"offers actions, but seat {seat} is not to act"
    if type(actions) is PassChoices:  # lazy: checked without building its passes
        if actions.seat != seat or actions.hand.mask != held:
            return "legal_actions", "are another hand's passes"
        if view.phase is not Phase.PASS or actions.pass_count != view.rules.pass_count:
            return "legal_actions", "are passes that are not this hand's to make"
        return None
    phase = view.phase
    for action in actions:
        if phase is Phase.PLAY and type(action) is PlayCard and action.seat == seat:
            card = action.card
            if type(card) is not Card or not card.bit & held:
                return "legal_actions", f"offers {shown(card)}, which seat {seat} does not hold"
        elif phase is Phase.PASS and type(action) is PassCards and action.seat == seat:
            cards = action.cards
            if type(cards) is not CardSet or cards.mask & ~held:
                return "legal_actions", f"offers to pass cards seat {seat} does not hold"
        elif not (phase is Phase.MOON and type(action) is ChooseMoon and action.seat == seat):
            return "legal_actions", f"{shown(action)} is not an action of seat {seat} now"
    return None


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


def moon_candidate(view: PlayerView) -> bool:
    """Whether a moon attempt is worth weighing for ``view``'s seat: the rules have a moon,
    no other seat has taken a card it needs, and this seat has taken one or holds many high
    cards (a third of its hand queens or better).

    >>> from hearts_core import Deal, Rules, apply, new_game, observe
    >>> state = apply(new_game(Rules(pass_cycle=["hold"])), Deal([
    ...     "2C QC KC AC QD KD AD QH KH AH QS KS AS", "3C 4C 5C 6C 7C 8C 9C TC JC 2D 3D 4D 5D",
    ...     "6D 7D 8D 9D TD JD 2H 3H 4H 5H 6H 7H 8H", "9H TH JH 2S 3S 4S 5S 6S 7S 8S 9S TS JS"]))
    >>> moon_candidate(observe(state, 0)), moon_candidate(observe(state, 1))  # 12 high cards
    (True, False)
    """
    tables = view.rules.tables()
    need = tables.moon_mask
    if not need or not view.rules.moon_amount:
        return False
    mine = taken_masks(view)
    if any(m & need for s, m in enumerate(mine) if s != view.seat):
        return False
    high = sum(1 for card in view.hand if card.rank >= Rank.QUEEN)
    return bool(mine[view.seat] & need) or 3 * high >= len(view.hand)


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
