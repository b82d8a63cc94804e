"""Simple computer players, and a loop that lets them play a game.

A bot sees only its seat's :class:`~hearts_core.PlayerView` and answers with
one of ``view.legal_actions``. Two are provided: :class:`RandomBot` picks
uniformly, :class:`SimpleBot` follows a few rules of thumb. :func:`play_game`
seats four bots and reports each step of the game.

>>> import random
>>> from hearts_core import GameOver, Rules
>>> bots = [SimpleBot(), RandomBot(), RandomBot(), RandomBot()]
>>> for state, events in play_game(bots, Rules(), random.Random(1)):
...     pass
>>> state.is_over, isinstance(events[-1], GameOver)
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Protocol, runtime_checkable

from hearts_core import (
    Action,
    Card,
    CardSet,
    ChooseMoon,
    Event,
    GameState,
    MoonOption,
    PassCards,
    Phase,
    PlayCard,
    PlayerView,
    Rank,
    Rules,
    Suit,
    new_game,
    observe,
    random_deal,
    step,
)

__all__ = ["Bot", "RandomBot", "SimpleBot", "play_game"]

_QUEEN_OF_SPADES = Card(Suit.SPADES, Rank.QUEEN)


@runtime_checkable
class Bot(Protocol):
    """Anything that picks an action for a seat from that seat's view.

    ``choose`` is called only when ``view.is_my_turn``; it must return one of
    ``view.legal_actions`` and may draw from ``rng`` (and nothing else
    random), so a game is replayed exactly from its seed.

    >>> isinstance(RandomBot(), Bot), isinstance(SimpleBot(), Bot)
    (True, True)
    """

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """One of ``view.legal_actions``.

        Raises:
            ValueError: if ``view`` offers no action (it is not this seat's turn).
        """
        ...


def _nothing_to_do(view: PlayerView) -> ValueError:
    return ValueError(f"seat {view.seat} has no legal action in phase {view.phase.value!r}")


class RandomBot:
    """Picks uniformly among the legal actions.

    >>> from hearts_core import apply, new_game, observe, random_deal
    >>> rng = random.Random(5)
    >>> state = apply(new_game(), random_deal(Rules(), rng))
    >>> action = RandomBot().choose(observe(state, 1), rng)
    >>> action in observe(state, 1).legal_actions
    True
    """

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """A uniformly random element of ``view.legal_actions``.

        Raises:
            ValueError: if ``view`` offers no action.

        >>> from hearts_core import apply, new_game, observe, random_deal
        >>> rng = random.Random(2)
        >>> state = apply(new_game(), random_deal(Rules(), rng))
        >>> type(RandomBot().choose(observe(state, 0), rng)).__name__
        'PassCards'
        """
        actions = view.legal_actions
        if not actions:
            raise _nothing_to_do(view)
        return rng.choice(actions)

    def __repr__(self) -> str:
        return "RandomBot()"


def _pass_danger(card: Card) -> tuple[int, int]:
    """How much a seat wants to be rid of ``card`` when passing: higher goes first."""
    if card.suit is Suit.SPADES and card.rank >= Rank.QUEEN:
        # The queen of spades, then the ace and king that can be made to take it.
        return (2, {Rank.QUEEN: 3, Rank.ACE: 2, Rank.KING: 1}[card.rank])
    bonus = 3 if card.suit is Suit.HEARTS else 0
    return (1, card.rank + bonus)


def _height(play: PlayCard) -> tuple[int, int]:
    return (play.card.rank, play.card.suit)


class SimpleBot:
    """Plays by a few rules of thumb; clearly better than :class:`RandomBot`.

    * Passing: gives away the cards it least wants, the queen, ace and king
      of spades first, then its highest cards, hearts before other suits.
    * Leading: leads its lowest card.
    * Following suit: plays its lowest card that does not win the trick;
      if every card would win, plays its highest (the queen of spades last).
    * Void in the suit led: dumps the queen of spades, else its highest
      heart, else its highest card.
    * Moon choice: subtracts the moon amount from its own total when that
      total is at least the amount, else adds it to every other seat.

    >>> from hearts_core import Deal, apply, new_game, observe
    >>> state = apply(new_game(), Deal(["2C 3C 4C 5C 6C 7C 8C 9C TC JC QS KS AS",
    ...     "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD", "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    ...     "2S 3S 4S 5S 6S 7S 8S 9S TS JS QC KC AC"]))
    >>> print(SimpleBot().choose(observe(state, 0), random.Random(0)))
    0 passes QS KS AS
    >>> print(SimpleBot().choose(observe(state, 2), random.Random(0)))
    2 passes QH KH AH
    """

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """The bot's pick among ``view.legal_actions``; ``rng`` is not used.

        Raises:
            ValueError: if ``view`` offers no action.

        >>> from hearts_core import Deal, apply, new_game, observe
        >>> state = apply(new_game(), Deal(["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        ...     "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD", "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        ...     "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"]))
        >>> print(SimpleBot().choose(observe(state, 3), random.Random(0)))
        3 passes QS KS AS
        """
        actions = view.legal_actions
        if not actions:
            raise _nothing_to_do(view)
        if view.phase is Phase.PASS:
            return self._pass(view, actions, rng)
        if view.phase is Phase.MOON:
            return self._moon(view, actions)
        plays = [a for a in actions if isinstance(a, PlayCard)]
        if not plays:  # pragma: no cover - no other phase offers actions
            return rng.choice(actions)
        return self._play(view, plays)

    def _pass(self, view: PlayerView, actions: Sequence[Action], rng: random.Random) -> Action:
        count = view.rules.pass_count
        worst = sorted(view.hand, key=_pass_danger, reverse=True)[:count]
        action = PassCards(view.seat, CardSet(worst))
        return action if action in actions else rng.choice(actions)

    def _moon(self, view: PlayerView, actions: Sequence[Action]) -> Action:
        amount = view.rules.moon_amount
        wanted = (
            MoonOption.SUBTRACT_FROM_SHOOTER
            if view.scores[view.seat] >= amount
            else MoonOption.ADD_TO_OTHERS
        )
        choices = [a for a in actions if isinstance(a, ChooseMoon)]
        for choice in choices:
            if choice.option is wanted:
                return choice
        return choices[0] if choices else actions[0]

    def _play(self, view: PlayerView, plays: list[PlayCard]) -> Action:
        if not view.trick:
            return min(plays, key=_height)
        led = view.trick[0].suit
        following = [p for p in plays if p.card.suit is led]
        if following:
            high = max(c.rank for c in view.trick if c.suit is led)
            ducking = [p for p in following if p.card.rank < high]
            if ducking:
                return min(ducking, key=_height)
            # Every card wins: win with the highest, but not with the queen of spades.
            safe = [p for p in following if p.card is not _QUEEN_OF_SPADES]
            return max(safe or following, key=_height)
        for play in plays:
            if play.card is _QUEEN_OF_SPADES:
                return play
        hearts = [p for p in plays if p.card.suit is Suit.HEARTS]
        return max(hearts or plays, key=_height)

    def __repr__(self) -> str:
        return "SimpleBot()"


def play_game(
    bots: Sequence[Bot], rules: Rules, rng: random.Random, state: GameState | None = None
) -> Iterator[tuple[GameState, tuple[Event, ...]]]:
    """Play a game to the end: seat ``i`` is ``bots[i]``, ``rng`` deals and feeds the bots.

    Yields the state after each action with the events it caused. Passes are
    asked for in seat order. The same seed replays the same game.

    Args:
        bots: Four bots, one per seat.
        rules: The rules of the game (ignored when ``state`` is given).
        rng: The only source of chance: deals, and the bots' random picks.
        state: A game to continue instead of a new one.

    Raises:
        ValueError: if there are not four bots.

    >>> from hearts_core import HandScored, variant
    >>> hands = [events[-1] for _, events in play_game([SimpleBot()] * 4,
    ...     variant("classic"), random.Random(3)) if isinstance(events[-1], HandScored)]
    >>> all(sum(hand.points) == 26 for hand in hands)
    True
    """
    if len(bots) != 4:
        raise ValueError(f"a game needs 4 bots, not {len(bots)}")
    if state is None:
        state = new_game(rules)
    while not state.is_over:
        if state.phase is Phase.DEAL:
            action: Action = random_deal(state.rules, rng)
        else:
            seat = state.to_act[0]
            action = bots[seat].choose(observe(state, seat), rng)
        state, events = step(state, action)
        yield state, events
