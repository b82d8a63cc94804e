"""The transition function: :func:`apply` and :func:`step`.

Both are pure: a state is never changed, and an illegal action raises
:class:`~hearts_core.IllegalActionError` (from :func:`~hearts_core.explain`)
before anything is built. :func:`step` also reports the events a front end
animates; :func:`apply` skips building them, for speed.
"""

from __future__ import annotations

from typing import Final

from hearts_core import legality
from hearts_core.actions import Action, ChooseMoon, Deal, PassCards, PlayCard
from hearts_core.cards import Card
from hearts_core.events import (
    CardPlayed,
    CardsPassed,
    Event,
    GameOver,
    HandDealt,
    HandScored,
    HeartsBroken,
    MoonShot,
    PassSubmitted,
    SunShot,
    TrickTaken,
)
from hearts_core.legality import _legal_play_mask, explain
from hearts_core.rules import PassDirection, Rules
from hearts_core.scoring import game_is_over, moon_scores, score_hand, totals_after
from hearts_core.state import GameState, HandContext, Phase, Trick, _make_state, _trick_winner

__all__ = ["new_game", "apply", "step"]

_PLAY: Final = Phase.PLAY
_DEFAULT_RULES: Final = Rules()


def new_game(rules: Rules | None = None) -> GameState:
    """The state before the first deal: every total 0, waiting for a :class:`~hearts_core.Deal`.

    >>> state = new_game()
    >>> state.phase.value, state.rules == Rules()
    ('deal', True)
    >>> new_game(Rules(players=3)).scores
    (0, 0, 0)
    """
    if rules is None:
        rules = _DEFAULT_RULES
    return GameState(HandContext(rules, 0, (0,) * rules.players), Phase.DEAL)


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``. Pure: ``state`` is unchanged.

    Raises:
        IllegalActionError: if the action is illegal; its ``rule`` names why.

    >>> import random
    >>> from hearts_core import random_deal
    >>> state = apply(new_game(), random_deal(Rules(), random.Random(1)))
    >>> state.phase.value, state.to_act
    ('pass', (0, 1, 2, 3))
    """
    # Fast path for the commonest action; anything unusual takes the checked path.
    if action.__class__ is PlayCard and state.phase is _PLAY:
        last = legality._LAST_LEGAL
        if last[0] is state:
            seat, mask = last[1], last[2]
        else:
            seat = (state.leader + len(state.trick)) % state.context.tables.players
            mask = _legal_play_mask(state, seat)
        card = action.card
        if action.seat == seat and card.__class__ is Card and card.bit & mask:
            return _play(state, seat, card, None)
    return _apply_checked(state, action, None)


def step(state: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]:
    """Like :func:`apply`, and also report what happened, for a front end to animate.

    >>> import random
    >>> from hearts_core import random_deal
    >>> state, events = step(new_game(), random_deal(Rules(), random.Random(1)))
    >>> events
    (HandDealt(hand_number=0, dealer=3, pass_direction=<PassDirection.LEFT: 'left'>),)
    """
    events: list[Event] = []
    return _apply_checked(state, action, events), tuple(events)


def _apply_checked(state: GameState, action: Action, events: list[Event] | None) -> GameState:
    error = explain(state, action)
    if error is not None:
        raise error
    if isinstance(action, PlayCard):
        return _play(state, action.seat, action.card, events)
    if isinstance(action, PassCards):
        return _pass(state, action, events)
    if isinstance(action, Deal):
        return _deal(state, action, events)
    return _choose_moon(state, action, events)


def _first_leader(state: GameState, hands: tuple[int, ...]) -> int:
    card = state.context.tables.first_lead_card
    if not card:
        return (state.dealer + 1) % len(hands)
    for seat, hand in enumerate(hands):
        if hand & card:
            return seat
    raise AssertionError("the first lead card was not dealt")  # pragma: no cover


def _deal(state: GameState, action: Deal, events: list[Event] | None) -> GameState:
    context = state.context
    direction = state.pass_direction
    if events is not None:
        events.append(HandDealt(context.hand_number, state.dealer, direction))
    hands = tuple(hand.mask for hand in action.hands)
    if direction is PassDirection.HOLD:
        return GameState(context, _PLAY, hands, (), (), (), _first_leader(state, hands))
    return GameState(context, Phase.PASS, hands, (None,) * len(hands))


def _pass(state: GameState, action: PassCards, events: list[Event] | None) -> GameState:
    seat = action.seat
    passes = state.passes[:seat] + (action.cards,) + state.passes[seat + 1 :]
    if events is not None:
        events.append(PassSubmitted(seat))
    if None in passes:
        return GameState(state.context, Phase.PASS, state.hand_masks, passes)
    # Everyone has passed: the cards change hands together.
    players = len(passes)
    direction = state.pass_direction
    hands = list(state.hand_masks)
    for giver, given in enumerate(passes):
        assert given is not None
        hands[giver] &= ~given.mask
    for giver, given in enumerate(passes):
        assert given is not None
        receiver = direction.receiver(giver, players)
        hands[receiver] |= given.mask
        if events is not None:
            events.append(CardsPassed(giver, receiver, given))
    new_hands = tuple(hands)
    leader = _first_leader(state, new_hands)
    return GameState(state.context, _PLAY, new_hands, passes, (), (), leader)


def _play(state: GameState, seat: int, card: Card, events: list[Event] | None) -> GameState:
    context = state.context
    bit = card.bit
    new_hands = list(state.hand_masks)
    new_hands[seat] ^= bit
    trick = state.trick + (card,)
    if events is not None:
        events.append(CardPlayed(seat, card))
        if bit & context.tables.breaking_mask and not state.hearts_broken:
            events.append(HeartsBroken(seat, card))
    if len(trick) < len(new_hands):
        return _make_state(
            context, _PLAY, tuple(new_hands), state.passes, state.tricks, trick, state.leader
        )
    winner = _trick_winner(state.leader, trick)
    tricks = state.tricks + (Trick(state.leader, trick),)
    if events is not None:
        events.append(TrickTaken(winner, trick, context.tables.points_of(_mask_of(trick))))
    after = _make_state(context, _PLAY, tuple(new_hands), state.passes, tricks, (), winner)
    if len(tricks) < context.tables.hand_size:
        return after
    return _end_of_play(after, events)


def _mask_of(cards: tuple[Card, ...]) -> int:
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask


def _end_of_play(state: GameState, events: list[Event] | None) -> GameState:
    context = state.context
    taken, won = state._taken_and_won()
    result = score_hand(context.rules, taken, won, context.scores)
    if result.scores is None:
        assert result.shooter is not None
        if events is not None:
            events.append(MoonShot(result.shooter, None))
        return GameState(context, Phase.MOON, state.hand_masks, state.passes, state.tricks, (), 0)
    if events is not None and result.shooter is not None:
        events.append(
            SunShot(result.shooter) if result.sun else MoonShot(result.shooter, result.option)
        )
    return _score(state, result.points, result.scores, events)


def _choose_moon(state: GameState, action: ChooseMoon, events: list[Event] | None) -> GameState:
    rules = state.context.rules
    taken = state._taken_masks()
    scores = moon_scores(rules, taken, action.seat, action.option, rules.moon_amount)
    if events is not None:
        events.append(MoonShot(action.seat, action.option))
    return _score(state, state.hand_points, scores, events)


def _score(
    state: GameState,
    points: tuple[int, ...],
    scores: tuple[int, ...],
    events: list[Event] | None,
) -> GameState:
    context = state.context
    rules = context.rules
    totals = totals_after(rules, context.scores, scores)
    if events is not None:
        events.append(HandScored(context.hand_number, points, scores, totals))
    if game_is_over(rules, totals):
        over = GameState(HandContext(rules, context.hand_number, totals), Phase.GAME_OVER)
        if events is not None:
            events.append(GameOver(over.winners, totals))
        return over
    return GameState(HandContext(rules, context.hand_number + 1, totals), Phase.DEAL)
