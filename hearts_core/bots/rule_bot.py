"""The rule-based bot: passes, plays and scores its moons by rules of thumb."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final

from hearts_core.actions import Action, ChooseMoon, PassCards, PlayCard
from hearts_core.bots.errors import BotError
from hearts_core.bots.heuristics import common_play, winning_rank
from hearts_core.bots.knowledge import check_view, moon_threat, taken_masks, unseen_cards
from hearts_core.bots.protocol import no_action_error
from hearts_core.cards import QUEEN_OF_SPADES, CardSet, Suit
from hearts_core.kernel import pass_cards
from hearts_core.observation import PlayerView
from hearts_core.rules import Rules
from hearts_core.rules.options import MoonOption
from hearts_core.scoring import game_is_over, moon_scores, totals_after
from hearts_core.state import Phase

__all__ = ["RuleBot", "SimpleBot", "rule_pass", "rule_play", "searched_choice"]

_QUEEN: Final = QUEEN_OF_SPADES
_SPADES: Final = Suit.SPADES.mask


class RuleBot:
    """Passes and plays by rules of thumb, far better than :class:`~hearts_core.bots.RandomBot`.

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
    pass 0 QS KS AS
    >>> print(RuleBot().choose(observe(state, 2), random.Random(0)))
    pass 2 QH KH AH
    """

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """The bot's pick among ``view.legal_actions``.

        Raises:
            BotError: if ``view`` offers no action, or its fields contradict each other
                (see :func:`~hearts_core.bots.knowledge.check_view`).

        >>> from hearts_core import Deal, apply, new_game, observe
        >>> state = apply(new_game(), Deal(["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        ...     "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD", "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        ...     "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"]))
        >>> print(RuleBot().choose(observe(state, 3), random.Random(0)))
        pass 3 QS KS AS
        """
        actions = check_view(view).legal_actions
        if not actions:
            raise no_action_error(view)
        if view.phase is Phase.PASS:
            action: Action = PassCards(view.seat, rule_pass(view.rules, view.hand))
            return action if action in actions else rng.choice(actions)
        if view.phase is Phase.MOON:
            return _moon_action(view)
        plays = [a for a in actions if isinstance(a, PlayCard)]
        if not plays:  # pragma: no cover - no other phase offers actions
            return rng.choice(actions)
        return rule_play(view, plays)

    def __repr__(self) -> str:
        return "RuleBot()"


SimpleBot = RuleBot
"""The former name of :class:`RuleBot`, kept so existing code still runs."""


def rule_play(view: PlayerView, plays: Sequence[PlayCard]) -> PlayCard:
    """:class:`RuleBot`'s card among ``plays``: the moon defence, then the common rules of thumb.

    When another seat looks set to shoot the moon (see
    :func:`~hearts_core.bots.knowledge.moon_threat`), it leads a point card
    nobody can beat, wins a trick with points in it, or feeds that seat
    nothing; otherwise it plays by
    :func:`~hearts_core.bots.heuristics.common_play`. ``plays`` may be any
    non-empty subset of the legal plays (the Monte-Carlo bot breaks its ties
    with it).

    Raises:
        BotError: if ``plays`` is empty or holds a play that is not legal in ``view``, or
            the view's fields contradict each other (see
            :func:`~hearts_core.bots.knowledge.check_view`).

    >>> from hearts_core import Deal, PlayCard, Rules, apply, new_game, observe
    >>> rules = Rules(pass_cycle=["hold"])
    >>> state = apply(new_game(rules), Deal(["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    ...     "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD", "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    ...     "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"]))
    >>> view = observe(state, 0)
    >>> print(rule_play(view, [a for a in view.legal_actions if isinstance(a, PlayCard)]))
    play 0 2C
    """
    _check_plays(check_view(view), plays)
    if len(plays) == 1:
        return plays[0]
    rules = view.rules
    points = rules.tables().points
    unseen = unseen_cards(view).mask
    threat = moon_threat(view)
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
            high = winning_rank(trick)
            above = [p for p in plays if p.card.rank > high]
            if above and sum(points[c.index] for c in trick) > 0:
                # Take a point from the would-be shooter: win this trick.
                return max(above, key=lambda p: p.card.rank)
        elif view.trick_winner == threat:
            # Feed the would-be shooter nothing.
            clean = [p for p in plays if points[p.card.index] <= 0]
            if clean:
                return max(clean, key=lambda p: (points[p.card.index] == 0, p.card.rank))
    return common_play(plays, view.current_trick, view.hand.mask, unseen, rules.tables())


def _check_plays(view: PlayerView, plays: Sequence[PlayCard]) -> None:
    legal = 0
    for action in view.legal_actions:
        if action.__class__ is PlayCard:
            legal |= action.card.bit
    if not plays or not all(p.__class__ is PlayCard and p.card.bit & legal for p in plays):
        raise BotError(f"plays must be some of seat {view.seat}'s legal plays")


def rule_pass(rules: Rules, hand: CardSet) -> CardSet:
    """The cards :class:`RuleBot` passes from ``hand``: its most dangerous ones.

    In order: the queen, ace and king of spades when too few low spades
    protect them; the high point cards of other suits (the top hearts);
    then every card of a short side suit if that empties it; then the
    highest cards left. A card worth negative points is kept. The rules run in
    the hand kernel (:func:`hearts_core.kernel.pass_cards`), where the pass search
    plays them for every seat of thousands of sampled deals.

    >>> from hearts_core import Rules
    >>> print(rule_pass(Rules(), CardSet.parse("2C 3C 4C 5C 6C 2D 3D 4D 5D 6D QS 2H AH")))
    2H AH QS
    """
    return CardSet.from_mask(pass_cards(rules.tables().kernel, hand.mask, rules.pass_count))


def _choose_moon_option(view: PlayerView) -> MoonOption:
    """The better way for the shooter to score its moon, from the totals each gives.

    Winning the game now comes first, then keeping the game going rather than
    losing it; then the larger lead over the best other seat. When both leave
    the game open, adding to the others is preferred by a seat in the lead
    (the end comes sooner) and subtracting by a seat behind.
    """
    rules = view.rules
    seat = view.seat
    taken = taken_masks(view)
    best: tuple[tuple[int, int, int], MoonOption] | None = None
    for option in MoonOption:
        scores = moon_scores(rules, taken, seat, option)
        totals = totals_after(rules, view.totals, scores, view.counting_down)
        others = [t for s, t in enumerate(totals) if s != seat]
        low = min(others)
        mine = totals[seat]
        if game_is_over(rules, totals, view.counting_down):
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


def searched_choice(
    view: PlayerView,
    rng: random.Random,
    evaluate: Callable[[PlayerView, random.Random], dict[PlayCard, float]],
    *,
    higher_is_better: bool,
) -> Action:
    """A searching bot's action: :class:`RuleBot`'s outside the play phase, the only card
    when there is one, else the best-valued card by ``evaluate``, ties broken by
    :func:`rule_play`.

    Raises:
        BotError: if ``view`` offers no action, or its fields contradict each other (see
            :func:`~hearts_core.bots.knowledge.check_view`).

    >>> from hearts_core import Deal, Rules, apply, new_game, observe
    >>> rules = Rules(pass_cycle=["hold"])
    >>> state = apply(new_game(rules), Deal(["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    ...     "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD", "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    ...     "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"]))
    >>> view = observe(state, 0)
    >>> by_rank = lambda v, r: {a: float(a.card.rank) for a in v.legal_actions}
    >>> print(searched_choice(view, random.Random(0), by_rank, higher_is_better=True))
    play 0 2C
    """
    actions = check_view(view).legal_actions
    if not actions:
        raise no_action_error(view)
    if view.phase is not Phase.PLAY:
        return _RULES.choose(view, rng)
    plays = [a for a in actions if isinstance(a, PlayCard)]
    if len(plays) == 1:
        return plays[0]
    sign = -1.0 if higher_is_better else 1.0  # compare as costs: lower is better
    costs = {play: sign * value for play, value in evaluate(view, rng).items()}
    best = min(costs.values())
    good = [p for p in plays if costs[p] <= best + 1e-9]
    # Equal outcomes (touching cards, say): the rules of thumb break the tie.
    return good[0] if len(good) == 1 else rule_play(view, good)


_RULES: Final = RuleBot()
