"""Computer players, and a loop that lets them play a game.

A bot sees only its seat's :class:`~hearts_core.PlayerView` and answers with
one of ``view.legal_actions``; that is the whole :class:`Bot` interface. Three
are provided, from weakest to strongest:

* :class:`RandomBot` picks uniformly among the legal actions.
* :class:`RuleBot` passes and plays by rules of thumb (shed the queen of
  spades, duck under the winning card, dump points when void, stop a moon).
* :class:`MonteCarloBot` deals the hidden cards at random many times, in ways
  consistent with what its seat has seen, plays each deal out with the engine
  and picks the card that scored best on average.

All three play any ruleset: 3 to 6 seats, stripped decks, other card values,
and the moon choice. :func:`play_game` seats one bot per seat and reports each
step of a game.

>>> import random
>>> from hearts_core import GameOver, Rules
>>> bots = [RuleBot(), RandomBot(), RandomBot(), RandomBot()]
>>> for state, events in play_game(bots, Rules(), random.Random(1)):
...     pass
>>> state.is_over, isinstance(events[-1], GameOver)
(True, True)
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Sequence
from typing import Final, Literal, Protocol, cast, runtime_checkable

from hearts_core.actions import Action, ChooseMoon, PassCards, PlayCard, random_deal
from hearts_core.belief import Belief
from hearts_core.cards import QUEEN_OF_SPADES, Card, CardSet, Rank, Suit
from hearts_core.engine import apply, new_game, rollout, step
from hearts_core.errors import BotError
from hearts_core.events import Event
from hearts_core.legality import legal_actions
from hearts_core.observation import PlayerView, observe
from hearts_core.options import MoonOption, MoonScoring
from hearts_core.rules import Rules
from hearts_core.scoring import game_is_over, moon_scores, totals_after
from hearts_core.state import GameState, Phase, taken_and_won

__all__ = [
    "Bot",
    "RandomBot",
    "RuleBot",
    "SimpleBot",
    "MonteCarloBot",
    "BOTS",
    "make_bot",
    "play_game",
]

_QUEEN: Final = QUEEN_OF_SPADES
_SPADES: Final = Suit.SPADES.mask
_SUIT_MASKS: Final = tuple(s.mask for s in Suit)


@runtime_checkable
class Bot(Protocol):
    """Anything that picks an action for a seat from that seat's view.

    ``choose`` is called only when ``view.is_my_turn``; it must return one of
    ``view.legal_actions`` and may draw from ``rng`` (and nothing else
    random), so a game is replayed exactly from its seed.

    >>> isinstance(RandomBot(), Bot), isinstance(RuleBot(), Bot), isinstance(MonteCarloBot(), Bot)
    (True, True, True)
    """

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """One of ``view.legal_actions``.

        Raises:
            BotError: if ``view`` offers no action (it is not this seat's turn).
        """
        ...


def _nothing_to_do(view: PlayerView) -> BotError:
    return BotError(f"seat {view.seat} has no legal action in phase {view.phase.value!r}")


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
            BotError: if ``view`` offers no action.

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


# ---------------------------------------------------------------------------
# What a seat knows: the public record read from its view.


def _taken_masks(view: PlayerView) -> list[int]:
    """The cards each seat has taken in the completed tricks of this hand."""
    return taken_and_won(view.tricks, view.rules.players)[0]


def _unseen(view: PlayerView) -> CardSet:
    """The cards in the other hands: the deck less this seat's hand and the cards played."""
    return view.rules.deck - view.hand - view.played




def _moon_threat(view: PlayerView) -> int | None:
    """Another seat that looks set to shoot the moon: it alone has taken moon cards, and many.

    >>> from hearts_core import new_game
    >>> _moon_threat(observe(new_game(), 0)) is None
    True
    """
    rules = view.rules
    if rules.moon is MoonScoring.OFF:
        return None
    need = rules.tables().moon_mask
    holders = [(s, m & need) for s, m in enumerate(_taken_masks(view)) if m & need]
    if len(holders) != 1 or holders[0][0] == view.seat:
        return None
    seat, mask = holders[0]
    taken = mask.bit_count()
    if taken * 3 >= need.bit_count() or (taken >= 2 and 2 * len(view.tricks) >= rules.hand_size):
        return seat
    return None


def _choose_moon_option(view: PlayerView) -> MoonOption:
    """The better way for the shooter to score its moon, from the totals each gives.

    Winning the game now comes first, then keeping the game going rather than
    losing it; then the larger lead over the best other seat. When both leave
    the game open, adding to the others is preferred by a seat in the lead
    (the end comes sooner) and subtracting by a seat behind.
    """
    rules = view.rules
    seat = view.seat
    taken = _taken_masks(view)
    best: tuple[tuple[int, int, int], MoonOption] | None = None
    for option in MoonOption:
        scores = moon_scores(rules, taken, seat, option, rules.moon_amount)
        totals = totals_after(rules, view.totals, scores)
        others = [t for s, t in enumerate(totals) if s != seat]
        low = min(others)
        mine = totals[seat]
        if game_is_over(rules, totals):
            outcome = 3 if mine < low else (2 if mine == low else 0)
        else:
            outcome = 1
        leading = mine <= low
        prefer = int(leading == (option is MoonOption.ADD_TO_OTHERS))
        value = (outcome, low - mine, prefer)
        if best is None or value > best[0]:
            best = (value, option)
    assert best is not None
    return best[1]


def _moon_action(view: PlayerView) -> Action:
    wanted = _choose_moon_option(view)
    for action in view.legal_actions:
        if isinstance(action, ChooseMoon) and action.option is wanted:
            return action
    return view.legal_actions[0]  # pragma: no cover - both options are always offered


# ---------------------------------------------------------------------------
# The rule-based bot.


def _pass_cards(view: PlayerView) -> CardSet:
    """The cards :class:`RuleBot` passes: its most dangerous ones.

    In order: the queen, ace and king of spades when too few low spades
    protect them; the high point cards of other suits (the top hearts);
    then every card of a short side suit if that empties it; then the
    highest cards left. A card worth negative points is kept.
    """
    rules = view.rules
    hand = view.hand
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
        (c for c in hand if c not in chosen and not (protected and c.bit & _SPADES)),
        key=danger,
        reverse=True,
    )
    take(rest)
    take(sorted(hand, key=danger, reverse=True))  # a long spade suit, if still short of cards
    return CardSet(chosen)


class RuleBot:
    """Passes and plays by rules of thumb; clearly stronger than :class:`RandomBot`.

    * Passing: the queen, ace and king of spades when short of low spades to
      protect them; the high hearts (any high scoring card); every card of a
      short side suit when that leaves it void; then its highest cards.
    * Leading: the card least likely to win a trick, judged from the cards
      still unseen; spades to force out the queen when it does not hold her.
    * Following suit: ducks with its highest card under the winning card;
      last to play to a trick without points, wins it with its highest card;
      if every card wins, plays its lowest (its highest when last), never
      the queen of spades if anything else will do.
    * Void in the suit led: throws the queen of spades, then the other point
      cards, high spades and high cards; keeps a card worth negative points.
    * Moon: when another seat has taken all the points so far, and many, it
      takes a point trick itself and feeds that seat no points. As a shooter
      who may choose, it picks the option that wins or keeps the game alive.

    It uses ``rng`` only when the view offers nothing it recognises.

    >>> from hearts_core import Deal, apply, new_game, observe
    >>> state = apply(new_game(), Deal(["2C 3C 4C 5C 6C 7C 8C 9C TC JC QS KS AS",
    ...     "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD", "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    ...     "2S 3S 4S 5S 6S 7S 8S 9S TS JS QC KC AC"]))
    >>> print(RuleBot().choose(observe(state, 0), random.Random(0)))
    0 passes QS KS AS
    >>> print(RuleBot().choose(observe(state, 2), random.Random(0)))
    2 passes QH KH AH
    """

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """The bot's pick among ``view.legal_actions``.

        Raises:
            BotError: if ``view`` offers no action.

        >>> from hearts_core import Deal, apply, new_game, observe
        >>> state = apply(new_game(), Deal(["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        ...     "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD", "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        ...     "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"]))
        >>> print(RuleBot().choose(observe(state, 3), random.Random(0)))
        3 passes QS KS AS
        """
        actions = view.legal_actions
        if not actions:
            raise _nothing_to_do(view)
        if view.phase is Phase.PASS:
            action: Action = PassCards(view.seat, _pass_cards(view))
            return action if action in actions else rng.choice(actions)
        if view.phase is Phase.MOON:
            return _moon_action(view)
        plays = [a for a in actions if isinstance(a, PlayCard)]
        if not plays:  # pragma: no cover - no other phase offers actions
            return rng.choice(actions)
        return _rule_play(view, plays)

    def __repr__(self) -> str:
        return "RuleBot()"


SimpleBot = RuleBot
"""The former name of :class:`RuleBot`, kept so existing code still runs."""


def _rule_play(view: PlayerView, plays: Sequence[PlayCard]) -> PlayCard:
    """:class:`RuleBot`'s card, from the legal plays: the moon defence, then the common rules."""
    if len(plays) == 1:
        return plays[0]
    rules = view.rules
    points = rules.tables().points
    unseen = _unseen(view).mask
    threat = _moon_threat(view)
    if threat is not None:
        trick = view.current_trick
        if not trick:
            # Lead a point card nobody can beat: one point taken stops the moon.
            sure = [
                p
                for p in plays
                if points[p.card.index] > 0
                and unseen & p.card.suit_mask
                and not unseen & p.card.suit_mask & ~((p.card.bit << 1) - 1)
            ]
            if sure:
                return min(sure, key=lambda p: points[p.card.index])
        elif plays[0].card.suit is trick[0].suit:
            high = _winning_rank(trick)
            above = [p for p in plays if p.card.rank > high]
            if above and sum(points[c.index] for c in trick) > 0:
                # Take a point from the would-be shooter: win this trick.
                return max(above, key=lambda p: p.card.rank)
        elif view.trick_winner == threat:
            # Feed the would-be shooter nothing.
            clean = [p for p in plays if points[p.card.index] <= 0]
            if clean:
                return max(clean, key=lambda p: (points[p.card.index] == 0, p.card.rank))
    return _common_play(plays, view.current_trick, view.hand.mask, unseen, points, rules.players)


def _winning_rank(trick: tuple[Card, ...]) -> int:
    led = trick[0].suit
    return max(c.rank for c in trick if c.suit is led)


def _common_play(
    plays: Sequence[PlayCard],
    trick: tuple[Card, ...],
    hand: int,
    unseen: int,
    points: Sequence[int],
    players: int,
) -> PlayCard:
    """The rules of thumb :class:`RuleBot` and the Monte-Carlo play-outs share.

    Args:
        plays: The legal plays (at least one).
        trick: The cards of the trick in progress.
        hand: The mover's cards, as a mask.
        unseen: The cards in the other hands, as a mask.
        points: Points of each card, by card index.
        players: Seats at the table.
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
    high = _winning_rank(trick)
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


# ---------------------------------------------------------------------------
# Monte-Carlo bot: determinize the hidden hands, play each candidate out.


def _quick_play(state: GameState, plays: Sequence[PlayCard]) -> PlayCard:
    """The rules of thumb for a play-out, read from the state's masks: the mover's hand, the
    trick, and the cards it has not seen (those in the other hands)."""
    tables = state.context.tables
    masks = state.hand_masks
    hand = masks[plays[0].seat]
    others = 0
    for mask in masks:
        others |= mask
    return _common_play(
        plays, state.current_trick, hand, others & ~hand, tables.points, tables.players
    )


RolloutPolicy = Literal["rule", "random"]
"""How :class:`MonteCarloBot` plays each sampled deal out: ``rule`` (a fast rule of thumb for
every seat) or ``random`` (uniform legal cards)."""


class MonteCarloBot:
    """Plays the card that does best over random deals of the hidden cards (determinization).

    For each decision in play it deals the cards it cannot see at random,
    ``samples`` times, in ways consistent with its view only: every other seat
    gets as many cards as it holds; a seat that showed a void gets none of
    that suit; the cards this seat passed go to the seat it passed them to,
    until played. On each deal it tries every legal card and plays the rest
    of the hand out with the engine (each seat following a fast rule of thumb,
    or at random), and keeps the card whose hand score, relative to the mean
    of the other seats, averaged best. Passing and the moon choice are
    :class:`RuleBot`'s.

    Args:
        samples: Deals to try per decision (at least 1).
        seconds: An optional time budget per decision: sampling stops when it
            is spent, after at least one deal (the play then depends on the
            machine's speed, so a seed no longer fixes the game).
        rollout: ``"rule"`` or ``"random"`` play-outs.

    >>> from hearts_core import Deal, apply, new_game, observe
    >>> bot = MonteCarloBot(samples=8)
    >>> rng = random.Random(4)
    >>> rules = Rules(pass_cycle=["hold"])
    >>> state = apply(new_game(rules), random_deal(rules, rng))
    >>> state = apply(state, RuleBot().choose(observe(state, state.to_act[0]), rng))
    >>> seat = state.to_act[0]
    >>> bot.choose(observe(state, seat), rng) in observe(state, seat).legal_actions
    True
    """

    def __init__(
        self, samples: int = 24, seconds: float | None = None, rollout: RolloutPolicy = "rule"
    ) -> None:
        if type(samples) is not int or samples < 1:
            raise BotError(f"samples must be at least 1, not {samples!r}")
        if seconds is not None and (
            not isinstance(seconds, int | float) or not 0 < seconds < float("inf")
        ):
            raise BotError(f"seconds must be a positive number, not {seconds!r}")
        if rollout not in ("rule", "random"):
            raise BotError(f"rollout must be 'rule' or 'random', not {rollout!r}")
        self.samples = samples
        self.seconds = seconds
        self.rollout: RolloutPolicy = rollout
        self._rules = RuleBot()

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """The legal card with the best average outcome over the sampled deals.

        Raises:
            BotError: if ``view`` offers no action.

        >>> from hearts_core import Deal, apply, new_game, observe
        >>> state = apply(new_game(), Deal(["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        ...     "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD", "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        ...     "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"]))
        >>> print(MonteCarloBot().choose(observe(state, 3), random.Random(0)))
        3 passes QS KS AS
        """
        actions = view.legal_actions
        if not actions:
            raise _nothing_to_do(view)
        if view.phase is not Phase.PLAY:
            return self._rules.choose(view, rng)
        plays = [a for a in actions if isinstance(a, PlayCard)]
        if len(plays) == 1:
            return plays[0]
        totals = self.evaluate(view, rng)
        best = min(totals.values())
        good = [p for p in plays if totals[p] <= best + 1e-9]
        if len(good) == 1:
            return good[0]
        # Equal outcomes (touching cards, say): let the rules of thumb break the tie.
        return _rule_play(view, good)

    def evaluate(self, view: PlayerView, rng: random.Random) -> dict[PlayCard, float]:
        """Each legal card's mean outcome over the sampled deals (lower is better).

        The outcome of a play-out is this seat's score for the hand less the
        mean score of the other seats. Cards that cannot play differently (the
        same points, and no unseen card ranked between them, as 5♣ and 6♣ when
        the others hold neither) are played out once and share the result.

        Raises:
            BotError: if ``view`` is not a turn to play a card.

        >>> from hearts_core import apply, new_game, observe
        >>> rng = random.Random(1)
        >>> rules = Rules(pass_cycle=["hold"])
        >>> state = apply(new_game(rules), random_deal(rules, rng))
        >>> state = apply(state, RuleBot().choose(observe(state, state.to_act[0]), rng))
        >>> seat = state.to_act[0]
        >>> scores = MonteCarloBot(samples=4).evaluate(observe(state, seat), rng)
        >>> [str(play) for play in scores] == [str(a) for a in observe(state, seat).legal_actions]
        True
        """
        if view.phase is not Phase.PLAY or not view.is_my_turn:
            raise BotError(f"seat {view.seat} has no card to play now")
        plays = [a for a in view.legal_actions if isinstance(a, PlayCard)]
        belief = Belief(view)
        groups = _equivalent_plays(plays, _unseen(view).mask, view.rules.tables().points)
        sums = dict.fromkeys((group[0] for group in groups), 0.0)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while done < self.samples:
            state = belief.sample(rng)
            seed = rng.getrandbits(64)
            for play in sums:
                end = self._play_out(apply(state, play), random.Random(seed))
                sums[play] += _outcome(end.totals, view.totals, view.seat)
            done += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
        means = {play: sums[group[0]] / done for group in groups for play in group}
        return {play: means[play] for play in plays}

    def _play_out(self, state: GameState, rng: random.Random) -> GameState:
        if self.rollout == "random":
            return rollout(state, rng)
        while state.phase is Phase.PLAY:
            plays = cast("Sequence[PlayCard]", legal_actions(state))
            play = plays[0] if len(plays) == 1 else _quick_play(state, plays)
            state = apply(state, play)
        if state.phase is Phase.MOON:
            shooter = state.to_act[0]
            state = apply(state, ChooseMoon(shooter, MoonOption.ADD_TO_OTHERS))
        return state

    def __repr__(self) -> str:
        budget = "" if self.seconds is None else f", seconds={self.seconds}"
        return f"MonteCarloBot(samples={self.samples}{budget}, rollout={self.rollout!r})"


def _equivalent_plays(
    plays: Sequence[PlayCard], unseen: int, points: Sequence[int]
) -> list[list[PlayCard]]:
    """The plays in groups that cannot play differently: cards of one suit, worth the same,
    with no unseen card ranked between them.

    >>> from hearts_core import PlayCard
    >>> plays = [PlayCard(0, c) for c in "5C 6C 9C 2H".split()]
    >>> unseen = CardSet.parse("7C 8C 3H").mask
    >>> groups = _equivalent_plays(plays, unseen, Rules().tables().points)
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


def _outcome(after: tuple[int, ...], before: tuple[int, ...], seat: int) -> float:
    """This seat's score for the hand less the mean of the others', from the totals before and
    after it (a moon scores the same difference however it is scored)."""
    gained = [end - start for end, start in zip(after, before, strict=True)]
    others = (sum(gained) - gained[seat]) / (len(gained) - 1)
    return gained[seat] - others


# ---------------------------------------------------------------------------
# Bots by name, and the game loop.

BOTS: Final[dict[str, str]] = {
    "random": "RandomBot: a uniformly random legal action",
    "rule": "RuleBot: rules of thumb for passing and play",
    "mc": "MonteCarloBot: samples the hidden hands and plays each card out (mc:N for N samples)",
}
"""The bot names :func:`make_bot` knows, with a line saying what each is."""


def make_bot(spec: str) -> Bot:
    """A bot from its name: ``random``, ``rule`` or ``mc``; ``mc:N`` samples N deals a decision.

    Raises:
        BotError: for an unknown name or a bad sample count.

    >>> make_bot("rule"), make_bot("mc:10")
    (RuleBot(), MonteCarloBot(samples=10, rollout='rule'))
    >>> make_bot("genius")
    Traceback (most recent call last):
    ...
    hearts_core.errors.BotError: unknown bot 'genius'; known: random, rule, mc, mc:N
    """
    name, _, arg = spec.strip().lower().partition(":")
    if name in ("random", "rule", "simple") and not arg:
        return RandomBot() if name == "random" else RuleBot()
    if name in ("mc", "montecarlo", "monte-carlo"):
        if not arg:
            return MonteCarloBot()
        if arg.isdigit() and int(arg) >= 1:
            return MonteCarloBot(samples=int(arg))
        raise BotError(f"bad sample count in {spec!r}: give a whole number of at least 1")
    raise BotError(f"unknown bot {spec!r}; known: random, rule, mc, mc:N")


def play_game(
    bots: Sequence[Bot], rules: Rules, rng: random.Random, state: GameState | None = None
) -> Iterator[tuple[GameState, tuple[Event, ...]]]:
    """Play a game to the end: seat ``i`` is ``bots[i]``, ``rng`` deals and feeds the bots.

    Yields the state after each action with the events it caused. Passes are
    asked for in seat order. The same seed replays the same game.

    Args:
        bots: One bot per seat (``rules.players`` of them).
        rules: The rules of the game (ignored when ``state`` is given).
        rng: The only source of chance: deals, and the bots' random picks.
        state: A game to continue instead of a new one.

    Raises:
        BotError: if the number of bots is not the number of seats.

    >>> from hearts_core import HandScored, variant
    >>> hands = [events[-1] for _, events in play_game([RuleBot()] * 4,
    ...     variant("classic"), random.Random(3)) if isinstance(events[-1], HandScored)]
    >>> all(sum(hand.points) == 26 for hand in hands)
    True
    """
    if state is None:
        state = new_game(rules)
    players = state.rules.players
    if len(bots) != players:
        raise BotError(f"a game of {players} players needs {players} bots, not {len(bots)}")
    while not state.is_over:
        if state.phase is Phase.DEAL:
            action: Action = random_deal(state.rules, rng)
        else:
            seat = state.to_act[0]
            action = bots[seat].choose(observe(state, seat), rng)
        state, events = step(state, action)
        yield state, events
