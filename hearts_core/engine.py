"""The transition function: :func:`apply` and :func:`step`, and the first state, :func:`new_game`.

All are pure: a state is never changed, and a refused action raises an error
(from :func:`~hearts_core.explain`) before anything is built. :func:`apply`
only computes the next state; :func:`step` also reports the events a front end
animates, each recorded by the transition as it happens. Both are one call of the
kernel's transition (:func:`~hearts_core.kernel.advance`, in C where the kernel is
compiled), which makes a legal play or pass itself and hands every other action back to
this module; a card played goes through the hand kernel's step
(:func:`~hearts_core.kernel.after_card`) and fold (:func:`~hearts_core.kernel.fold`), as
every play-out's cards do; the last pass's exchange is the kernel's too
(:func:`~hearts_core.kernel.exchange`). The random
play-outs (:func:`~hearts_core.playout.rollout`) live in :mod:`hearts_core.playout` and share
the transition :func:`after_hand`, and the first leader
(:func:`~hearts_core.state.first_leader`, which the kernel's first trick asks too).

Each state carries its seat to play and that seat's legal cards, worked out
when the state is built, so checking a play is a few comparisons.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from hearts_core.actions import (
    Action,
    ChooseMoon,
    Deal,
    PassCards,
    PlayCard,
)
from hearts_core.builders import between_hands, make_context, make_state
from hearts_core.cards import Card, CardSet
from hearts_core.errors import (
    HeartsError,
    InvalidRulesError,
    InvalidStateError,
)
from hearts_core.events import (
    CardPlayed,
    CardsPassed,
    Event,
    GameOver,
    HandDealt,
    HandScored,
    HeartsBroken,
    MoonChosen,
    MoonShot,
    PassSubmitted,
    SunShot,
    TrickTaken,
)
from hearts_core.kernel import advance, bind_transitions, first_trick
from hearts_core.legality import explain, malformed, wrong_type
from hearts_core.rules import Rules
from hearts_core.rules.fields import MAX_PLAYERS, shown
from hearts_core.rules.options import MoonOption, PassDirection
from hearts_core.scoring import (
    counting_down_after,
    game_is_over,
    moon_scores,
    score_hand,
    start_problems,
    totals_after,
)
from hearts_core.state import (
    NO_PASSES,
    GameState,
    HandContext,
    Phase,
    Trick,
    dealer_of,
    first_leader,
    taken_and_won,
)

if TYPE_CHECKING:
    from hearts_core.rules.variants import Variant

__all__ = [
    "new_game",
    "apply",
    "step",
    "after_hand",
    "MAX_HAND_NUMBER",
    "MAX_TOTAL",
]

MAX_HAND_NUMBER: Final = 1_000_000
"""The highest hand number a game may start at."""
MAX_TOTAL: Final = 10**9
"""The largest total, either way, a game may start with."""

# Enum members as module names: reading one off its class goes through the enum
# metaclass's attribute hook, several times slower than a global.
_PLAY: Final = Phase.PLAY
_PASS: Final = Phase.PASS
_MOON: Final = Phase.MOON
_DEAL: Final = Phase.DEAL
_GAME_OVER: Final = Phase.GAME_OVER
_HOLD: Final = PassDirection.HOLD
_DEFAULT_RULES: Final = Rules()
_CARDS: Final = tuple(Card.from_index(i) for i in range(52))
# Every card played by every seat, built once: events are values, so step hands out these.
_CARD_PLAYED: Final = tuple(
    tuple(CardPlayed(seat, card) for card in _CARDS) for seat in range(MAX_PLAYERS)
)


def new_game(
    rules: Rules | Variant | str | None = None,
    *,
    hand_number: int = 0,
    totals: Sequence[int] | None = None,
    counting_down: bool = False,
) -> GameState:
    """The state before a deal: by default the first hand of a new game, every total 0.

    ``rules`` is a :class:`~hearts_core.Rules` value, a :class:`~hearts_core.rules.Variant`
    (from :func:`~hearts_core.rules.variant_info`) or a shipped variant's name (any alias).
    ``hand_number`` and ``totals`` start the game at a later hand (the pass
    direction and the dealer follow the hand number), for a match resumed or a
    position studied. ``counting_down`` starts a ``count-down`` game in its second
    phase, where hands are subtracted (see :class:`~hearts_core.rules.GameEnd`): a game
    whose totals have reached the target must say so.

    Raises:
        InvalidRulesError: for an unknown variant name (naming the known ones) or a value
            that is none of these.
        InvalidStateError: for totals of the wrong length or type, or that have
            already ended the game, a hand number out of range, or a
            ``counting_down`` that is not a bool or does not fit the rules and totals.

    >>> state = new_game()
    >>> state.phase.value, state.rules == Rules()
    ('deal', True)
    >>> later = new_game("classic", hand_number=2, totals=(40, 10, 25, 17))
    >>> later.pass_direction.value, later.dealer, later.totals
    ('across', 1, (40, 10, 25, 17))
    >>> new_game("hartenjagen", totals=(52, 30, 20, 10), counting_down=True).counting_down
    True
    >>> from hearts_core import variant
    >>> from hearts_core.rules import variant_info
    >>> new_game(variant_info("classic")).rules == new_game("classic").rules == variant("classic")
    True
    """
    rules = _rules_of(rules)
    players = rules.players
    if type(hand_number) is not int or not 0 <= hand_number <= MAX_HAND_NUMBER:
        raise InvalidStateError(
            "hand_number",
            f"must be an integer from 0 to {MAX_HAND_NUMBER}, not {shown(hand_number)}",
        )
    start = _start_totals(totals, players)
    if type(counting_down) is not bool:
        raise InvalidStateError(
            "counting_down", f"must be true or false, not {shown(counting_down)}"
        )
    for field, message in start_problems(rules, hand_number, start, counting_down, False):
        raise InvalidStateError(field, message)
    return between_hands(make_context(rules, hand_number, start, counting_down), _DEAL)


def _rules_of(rules: Rules | Variant | str | None) -> Rules:
    if rules is None:
        return _DEFAULT_RULES
    if isinstance(rules, str):
        from hearts_core.rules.variants import variant  # variants reads files: only when asked

        return variant(rules)
    if type(rules) is not Rules:
        from hearts_core.rules.variants import Variant

        if not isinstance(rules, Variant):
            wanted = "must be Rules, a Variant or a variant name"
            raise InvalidRulesError("rules", f"{wanted}, not {shown(rules)}")
        return rules.rules
    return rules


def _start_totals(totals: Sequence[int] | None, players: int) -> tuple[int, ...]:
    if totals is None:
        return (0,) * players
    if not isinstance(totals, list | tuple) or len(totals) != players:
        raise InvalidStateError("totals", f"must be {players} integers, one per seat")
    for total in totals:
        if type(total) is not int or not -MAX_TOTAL <= total <= MAX_TOTAL:
            raise InvalidStateError(
                "totals", f"must be integers from {-MAX_TOTAL} to {MAX_TOTAL}, not {shown(total)}"
            )
    return tuple(totals)


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``. Pure: ``state`` is unchanged.

    Raises:
        InvalidStateError: if ``state`` is not a :class:`~hearts_core.GameState` (its
            ``field`` is ``"state"``).
        InvalidActionError: if ``action`` is malformed (not an action, a field of the
            wrong type, or a field never set).
        IllegalActionError: if the action is not allowed here; its ``rule`` names why.

    >>> import random
    >>> from hearts_core import random_deal
    >>> state = apply(new_game(), random_deal(Rules(), random.Random(1)))
    >>> state.phase.value, state.to_act
    ('pass', (0, 1, 2, 3))
    """
    after: GameState = advance(state, action, None)
    return after


def step(state: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]:
    """Like :func:`apply`, and also report what happened, for a front end to animate: the
    events are recorded by the transition as it happens. It refuses what :func:`apply`
    refuses, with the same errors.

    >>> import random
    >>> from hearts_core import random_deal
    >>> state, events = step(new_game(), random_deal(Rules(), random.Random(1)))
    >>> events
    (HandDealt(hand_number=0, dealer=3, pass_direction=<PassDirection.LEFT: 'left'>),)
    """
    events: list[Event] = []
    after: GameState = advance(state, action, events)
    return after, tuple(events)


def _other(state: GameState, action: Action, events: list[Event] | None) -> GameState:
    """The state after an action other than a legal play or pass (which
    :func:`~hearts_core.kernel.advance` makes itself): a deal or a moon choice once
    :func:`explain` allows it; anything it refuses raises its error."""
    error = explain(state, action)
    if error is not None:
        raise error
    # A legal play or pass took the kernel's way.
    if isinstance(action, Deal):
        if events is not None:
            events.append(HandDealt(state.hand_number, state.dealer, state.pass_direction))
        return _deal(state, action.hands)
    assert isinstance(action, ChooseMoon), action
    return _choose_moon(state, action.seat, action.option, events)


def _refused(state: object, action: object) -> HeartsError | None:
    """The typed error for a ``state`` that is not a state, or a malformed ``action``, once
    reading one of their fields has failed; ``None`` if neither explains the failure."""
    if not isinstance(state, GameState):
        return wrong_type("state", "a GameState", state)
    return malformed(action)


# --- the transitions ------------------------------------------------------------------


def _deal(state: GameState, hands: tuple[CardSet, ...]) -> GameState:
    context = state.context
    masks = tuple([hand.mask for hand in hands])
    if context.pass_direction is _HOLD:
        playing: GameState = first_trick(context, (), masks)
        return playing
    passes: tuple[CardSet | None, ...] = (None,) * len(masks)
    # The pass choices are listed when legal_actions first asks (see seat_passes).
    return make_state(
        context=context, phase=_PASS, passes=passes, tricks=(), current_trick=(), leader=0,
        hearts_broken=False, phase_hands=masks, played_mask=0, seat_to_play=-1, legal_bits=0,
        pass_listing=None,
    )  # fmt: skip


def _end_of_play(
    context: HandContext,
    passes: tuple[CardSet | None, ...],
    tricks: tuple[Trick, ...],
    broken: bool,
    start: tuple[int, ...],
    events: list[Event] | None,
) -> GameState:
    tables = context.tables
    taken, won = taken_and_won(tricks, tables.players)
    result = score_hand(context.rules, taken, won, context.totals, context.counting_down)
    if events is not None and result.shooter is not None:
        events.append(
            SunShot(result.shooter) if result.sun else MoonShot(result.shooter, result.option)
        )
    if result.scores is None:  # the shooter chooses how the moon is scored
        return make_state(
            context=context, phase=_MOON, passes=passes, tricks=tricks, current_trick=(),
            leader=0, hearts_broken=broken, phase_hands=start, played_mask=tables.deck,
            seat_to_play=-1, legal_bits=0, pass_listing=NO_PASSES,
        )  # fmt: skip
    return _scored(context, result.points, result.scores, events)


def _choose_moon(
    state: GameState, seat: int, option: MoonOption, events: list[Event] | None
) -> GameState:
    context = state.context
    rules = context.rules
    taken, _ = taken_and_won(state.tricks, context.tables.players)
    if events is not None:
        events.append(MoonChosen(seat, option))
    scores = moon_scores(rules, taken, seat, option)
    return _scored(context, state.hand_points, scores, events)


def _scored(
    context: HandContext,
    points: tuple[int, ...],
    scores: tuple[int, ...],
    events: list[Event] | None,
) -> GameState:
    """The state after the hand of ``context`` is scored, with its events."""
    after = after_hand(context, scores)
    if events is not None:
        events.append(HandScored(context.hand_number, points, scores, after.totals))
        if after.is_over:
            events.append(GameOver(after.winners, after.totals))
    return after


def after_hand(context: HandContext, scores: tuple[int, ...]) -> GameState:
    """The state once the hand of ``context`` is scored ``scores``: the next hand's deal,
    or the game over.

    >>> after = after_hand(new_game().context, (0, 26, 0, 0))
    >>> after.phase.value, after.hand_number, after.totals
    ('deal', 1, (0, 26, 0, 0))
    """
    rules = context.rules
    down = context.counting_down
    totals = totals_after(rules, context.totals, scores, down)
    if game_is_over(rules, totals, down):
        return between_hands(
            make_context(rules, context.hand_number, totals, down), _GAME_OVER
        )
    following = make_context(
        rules, context.hand_number + 1, totals, counting_down_after(rules, totals, down)
    )
    return between_hands(following, _DEAL)


TRANSITIONS: Final = (
    (PlayCard, PassCards, Card, CardSet, HeartsBroken, TrickTaken, PassSubmitted, CardsPassed),
    (_PLAY, _PASS), NO_PASSES, _CARD_PLAYED, (_end_of_play, _other), (first_leader, dealer_of),
    _refused,
)  # fmt: skip
"""What the engine gives the kernel's transition (the arguments of
:func:`~hearts_core.kernel.bind_transitions`): it makes legal plays and passes itself,
and hands the rest back to the engine.

>>> len(TRANSITIONS[0]), TRANSITIONS[1]
(8, (<Phase.PLAY: 'play'>, <Phase.PASS: 'pass'>))
"""

bind_transitions(*TRANSITIONS)
