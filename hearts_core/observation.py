"""Per-seat views: what one seat may know, and nothing of the other hands.

A server sends each seat its :class:`PlayerView`; a bot decides from it alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from hearts_core.actions import Action, ChooseMoon, PassCards, PlayCard
from hearts_core.cards import Card, CardSet
from hearts_core.errors import InvalidSeatError
from hearts_core.immutable import stay_frozen
from hearts_core.legality import check_state, legal_actions, not_a_seat
from hearts_core.rules import Rules, is_seat
from hearts_core.rules.fields import shown
from hearts_core.rules.options import PassDirection
from hearts_core.state import GameState, Phase, Trick, trick_winner

__all__ = ["PlayerView", "observe"]


@stay_frozen
@attrs.frozen
class PlayerView:
    """The game as seen from one seat.

    It holds the seat's own hand and passes, and the public record (tricks,
    points, totals, hand sizes), never the cards in another hand.

    >>> import random
    >>> from hearts_core import new_game, apply, random_deal, Rules
    >>> state = apply(new_game(), random_deal(Rules(), random.Random(3)))
    >>> view = observe(state, 2)
    >>> view.seat, len(view.hand), view.hand_sizes, len(view.legal_actions)
    (2, 13, (13, 13, 13, 13), 286)
    """

    seat: int
    """The seat this view belongs to."""
    rules: Rules
    """The rules of the game."""
    phase: Phase
    """What the game waits for."""
    hand_number: int
    """The current hand, counted from 0."""
    dealer: int
    """The dealer of this hand."""
    pass_direction: PassDirection
    """Where cards go this hand."""
    hand: CardSet
    """The seat's own cards."""
    passed: CardSet | None
    """The cards this seat passed this hand, once it has passed."""
    received: CardSet | None
    """The cards this seat received, once the exchange has happened."""
    passed_seats: tuple[int, ...]
    """The seats that have passed this hand (not what they passed)."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds."""
    tricks: tuple[Trick, ...]
    """The completed tricks of this hand: every card in them was played face up."""
    current_trick: tuple[Card, ...]
    """The cards of the trick in progress, in play order."""
    leader: int
    """The seat that leads the trick in progress."""
    hearts_broken: bool
    """Whether hearts have been broken this hand."""
    hand_points: tuple[int, ...]
    """Points each seat has taken this hand."""
    totals: tuple[int, ...]
    """Each seat's total before this hand."""
    to_act: tuple[int, ...]
    """The seats that may act now."""
    winners: tuple[int, ...]
    """The winners, once the game is over."""
    legal_actions: Sequence[Action] = attrs.field(eq=False)
    """What this seat may do now (empty when it is not its turn)."""
    counting_down: bool = False
    """Whether this hand's scores are subtracted from the totals (a ``count-down`` game past
    the target; see :attr:`~hearts_core.HandContext.counting_down`)."""
    _observed: bool = attrs.field(default=False, init=False, eq=False, repr=False)

    @property
    def observed(self) -> bool:
        """Whether :func:`observe` built this view from a game state, rather than the
        constructor or ``attrs.evolve``: its fields then agree with each other by
        construction, and the bots skip checking them
        (:func:`~hearts_core.bots.knowledge.check_view`).

        >>> import attrs
        >>> from hearts_core import new_game
        >>> view = observe(new_game(), 0)
        >>> view.observed, attrs.evolve(view, totals=(1, 2, 3, 4)).observed
        (True, False)
        """
        return self._observed

    @property
    def is_my_turn(self) -> bool:
        """Whether this seat may act now."""
        return self.seat in self.to_act

    @property
    def played(self) -> CardSet:
        """Every card seen played this hand."""
        mask = 0
        for trick in self.tricks:
            for card in trick.cards:
                mask |= card.bit
        for card in self.current_trick:
            mask |= card.bit
        return CardSet.from_mask(mask)

    @property
    def legal_cards(self) -> CardSet:
        """The cards this seat's legal actions use: the cards it may play, or its whole hand
        while it has a pass to make (empty when it may not act or chooses a moon option).

        A front end marks these cards as playable.

        >>> from hearts_core import Deal, apply, new_game
        >>> suits = [" ".join(rank + suit for rank in "23456789TJQKA") for suit in "CDHS"]
        >>> state = apply(new_game("no-passing"), Deal(suits))
        >>> observe(state, 0).legal_cards, observe(state, 1).legal_cards
        (CardSet.parse('2C'), CardSet.parse(''))
        >>> len(observe(apply(new_game("classic"), Deal(suits)), 3).legal_cards)
        13
        """
        mask = 0
        for action in self.legal_actions:
            if isinstance(action, PlayCard):
                mask |= action.card.bit
            elif isinstance(action, PassCards):
                return self.hand
            elif isinstance(action, ChooseMoon):
                break
        return CardSet.from_mask(mask)

    def _repr_svg_(self) -> str:
        """The table as this seat sees it, for notebooks (see :func:`hearts_core.svg.table`).

        >>> from hearts_core import new_game
        >>> 'data-seat="1"' in observe(new_game(), 1)._repr_svg_()
        True
        """
        from hearts_core.svg import table  # svg draws views: imported when asked

        return table(self)

    @property
    def trick_winner(self) -> int | None:
        """The seat winning the trick in progress so far, or ``None`` before its first card."""
        if not self.current_trick:
            return None
        return trick_winner(self.leader, self.current_trick, self.rules.players)


def observe(state: GameState, seat: int) -> PlayerView:
    """What ``seat`` may know of ``state``.

    Raises:
        InvalidStateError: if ``state`` is not a :class:`~hearts_core.GameState` (its
            ``field`` is ``state``).
        InvalidSeatError: if ``seat`` is not an ``int`` or not a seat at the table.

    >>> from hearts_core import new_game
    >>> observe(new_game(), 0).hand
    CardSet.parse('')
    >>> observe(None, 0)
    Traceback (most recent call last):
    ...
    hearts_core.errors.InvalidStateError: state: must be a GameState, not None
    >>> observe(new_game(), "0")
    Traceback (most recent call last):
    ...
    hearts_core.errors.InvalidSeatError: seat must be a seat number (an int), not '0'
    """
    check_state(state)
    if seat.__class__ is not int:
        raise not_a_seat(seat)
    players = state.context.tables.players
    if not is_seat(seat, players):
        raise InvalidSeatError(f"no such seat: {shown(seat)} (seats 0 to {players - 1})")
    hands = state.hands
    passes = state.passes
    passed = passes[seat] if passes else None
    received = None
    if passes and state.phase is not Phase.PASS:
        received = passes[state.pass_direction.giver(seat, players)]
    view = PlayerView(
        seat=seat,
        rules=state.rules,
        phase=state.phase,
        hand_number=state.hand_number,
        dealer=state.dealer,
        pass_direction=state.pass_direction,
        hand=hands[seat] if hands else CardSet(),
        passed=passed,
        received=received,
        passed_seats=tuple(s for s, p in enumerate(passes) if p is not None),
        hand_sizes=tuple(len(h) for h in hands) if hands else (0,) * players,
        tricks=state.tricks,
        current_trick=state.current_trick,
        leader=state.leader,
        hearts_broken=state.hearts_broken,
        hand_points=state.hand_points,
        totals=state.totals,
        to_act=state.to_act,
        winners=state.winners,
        legal_actions=legal_actions(state, seat),
        counting_down=state.context.counting_down,
    )
    _set_observed(view, True)
    return view


# The flag's slot, set once on each view observe builds: a view built any other way (by
# attrs.evolve, or a loader) has it false, and is checked before a bot reads it.
_set_observed: Final = vars(PlayerView)["_observed"].__set__
