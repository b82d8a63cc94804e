"""The transition function: :func:`apply` and :func:`step`, and :func:`rollout`.

All are pure: a state is never changed, and a refused action raises an error
(from :func:`~hearts_core.explain`) before anything is built. :func:`apply`
only computes the next state; :func:`step` also reports the events a front end
animates, worked out from the state before, the action and the state after.
:func:`rollout` plays random legal actions to the end of the hand, for bots
that sample.

Each state carries its seat to play and that seat's legal cards, worked out
when the state is built, so checking a play is a few comparisons.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final

from hearts_core.actions import (
    Action,
    ChooseMoon,
    Deal,
    PassCards,
    PassChoices,
    PlayCard,
    SeatPasses,
)
from hearts_core.cards import Card, CardSet
from hearts_core.errors import (
    IllegalActionError,
    InvalidRulesError,
    InvalidSeatError,
    InvalidStateError,
    Rule,
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
from hearts_core.fields import shown
from hearts_core.legality import explain, legal_mask, malformed
from hearts_core.options import MoonOption, PassDirection
from hearts_core.rules import Rules, is_seat
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
    between_hands,
    breaks_hearts,
    dealer_of,
    first_leader,
    make_state,
    make_trick,
    taken_and_won,
    trick_winner,
)

__all__ = [
    "new_game",
    "apply",
    "step",
    "apply_as",
    "step_as",
    "rollout",
    "MAX_HAND_NUMBER",
    "MAX_TOTAL",
]

MAX_HAND_NUMBER: Final = 1_000_000
"""The highest hand number a game may start at."""
MAX_TOTAL: Final = 10**9
"""The largest total, either way, a game may start with."""

_PLAY: Final = Phase.PLAY
_PASS: Final = Phase.PASS
_DEFAULT_RULES: Final = Rules()
_CARDS: Final = tuple(Card.from_index(i) for i in range(52))
_MOON_OPTIONS: Final = tuple(MoonOption)
_CARD_OF_BIT: Final = {card.bit: card for card in _CARDS}
_NEXT_SEAT: Final = {n: tuple((seat + 1) % n for seat in range(n)) for n in range(3, 7)}


def new_game(
    rules: Rules | str | None = None,
    *,
    hand_number: int = 0,
    totals: Sequence[int] | None = None,
    counting_down: bool = False,
) -> GameState:
    """The state before a deal: by default the first hand of a new game, every total 0.

    ``rules`` is a :class:`~hearts_core.Rules` value or a shipped variant's name.
    ``hand_number`` and ``totals`` start the game at a later hand (the pass
    direction and the dealer follow the hand number), for a match resumed or a
    position studied. ``counting_down`` starts a ``count-down`` game in its second
    phase, where hands are subtracted (see :class:`~hearts_core.GameEnd`): a game
    whose totals have reached the target must say so.

    Raises:
        InvalidRulesError: for an unknown variant name or a value that is not rules.
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
    """
    if rules is None:
        rules = _DEFAULT_RULES
    elif isinstance(rules, str):
        from hearts_core.variants import variant  # variants reads files: only when asked

        rules = variant(rules)
    elif type(rules) is not Rules:
        raise InvalidRulesError("rules", f"must be Rules or a variant name, not {shown(rules)}")
    players = rules.players
    if type(hand_number) is not int or not 0 <= hand_number <= MAX_HAND_NUMBER:
        raise InvalidStateError(
            "hand_number",
            f"must be an integer from 0 to {MAX_HAND_NUMBER}, not {shown(hand_number)}",
        )
    if totals is None:
        start = (0,) * players
    else:
        if not isinstance(totals, list | tuple) or len(totals) != players:
            raise InvalidStateError("totals", f"must be {players} integers, one per seat")
        for total in totals:
            if type(total) is not int or not -MAX_TOTAL <= total <= MAX_TOTAL:
                raise InvalidStateError(
                    "totals",
                    f"must be integers from {-MAX_TOTAL} to {MAX_TOTAL}, not {shown(total)}",
                )
        start = tuple(totals)
    if type(counting_down) is not bool:
        raise InvalidStateError(
            "counting_down", f"must be true or false, not {shown(counting_down)}"
        )
    for field, message in start_problems(rules, hand_number, start, counting_down, False):
        raise InvalidStateError(field, message)
    return between_hands(HandContext(rules, hand_number, start, counting_down), Phase.DEAL)


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``. Pure: ``state`` is unchanged.

    Raises:
        InvalidActionError: if ``action`` is malformed (not an action, or a field of
            the wrong type).
        IllegalActionError: if the action is not allowed here; its ``rule`` names why.

    >>> import random
    >>> from hearts_core import random_deal
    >>> state = apply(new_game(), random_deal(Rules(), random.Random(1)))
    >>> state.phase.value, state.to_act
    ('pass', (0, 1, 2, 3))
    """
    # A legal play, the commonest action, is checked with a few comparisons and a bit test
    # (the same conditions explain() checks) and played here without a further call.
    if action.__class__ is PlayCard and state.phase is _PLAY:
        seat = action.seat
        card = action.card
        if (
            seat.__class__ is int
            and seat == state._to_play
            and card.__class__ is Card
            and card.bit & state._legal
        ):
            context = state.context
            tables = context.tables
            bit = card.bit
            played = state._played | bit
            before = state.current_trick
            trick = before + (card,)
            broken = state.hearts_broken
            # breaking_mask holds every card that may break hearts: a cheap test first.
            if not broken and bit & tables.breaking_mask and breaks_hearts(tables, card, before):
                broken = True
            start = state._start
            players = tables.players
            if len(trick) < players:
                following = seat + 1 if seat + 1 < players else 0
                hand = start[following] & ~played
                # The fold's first step, inline: a seat following suit under rules that
                # restrict nothing when following may play any card of the suit.
                legal = hand & trick[0].suit_mask
                if not (legal and tables.follow_free):
                    legal = legal_mask(tables, hand, trick, not state.tricks, broken)
                return make_state(
                    context, _PLAY, state.passes, state.tricks, trick, state.leader, broken,
                    start, played, following, legal, NO_PASSES,
                )  # fmt: skip
            return _end_of_trick(state, trick, played, broken)
    elif action.__class__ is PassCards and state.phase is _PASS:
        seat = action.seat
        cards = action.cards
        if seat.__class__ is int and cards.__class__ is CardSet:
            for choices in state._passing.parts:
                if choices.seat == seat:
                    if cards.mask & ~choices.hand.mask or len(cards) != choices.pass_count:
                        break
                    return _pass(state, seat, cards)
    error = explain(state, action)
    if error is not None:
        raise error
    # A legal play or pass took the way above.
    if isinstance(action, Deal):
        return _deal(state, action.hands)
    assert isinstance(action, ChooseMoon), action
    return _choose_moon(state, action.seat, action.option)


def step(state: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]:
    """Like :func:`apply`, and also report what happened, for a front end to animate.

    >>> import random
    >>> from hearts_core import random_deal
    >>> state, events = step(new_game(), random_deal(Rules(), random.Random(1)))
    >>> events
    (HandDealt(hand_number=0, dealer=3, pass_direction=<PassDirection.LEFT: 'left'>),)
    """
    after = apply(state, action)
    return after, _events(state, action, after)


def _check_sender(state: GameState, seat: int, action: Action) -> None:
    """Refuse an action that ``seat`` may not send, without a word about any other seat."""
    players = state.context.tables.players
    if not is_seat(seat, players):
        raise InvalidSeatError(f"no such seat: {shown(seat)} (seats 0 to {players - 1})")
    invalid = malformed(action)
    if invalid is not None:
        raise invalid
    if isinstance(action, Deal):
        raise IllegalActionError(Rule.NOT_YOUR_SEAT, f"seat {seat} may not deal", action)
    if action.seat != seat:
        raise IllegalActionError(
            Rule.NOT_YOUR_SEAT, f"seat {seat} may act only for itself, not for seat {action.seat}"
        )


def apply_as(state: GameState, seat: int, action: Action) -> GameState:
    """:func:`apply` for a server that knows which seat sent ``action``.

    It refuses an action for any other seat (or a deal) with rule
    ``NOT_YOUR_SEAT`` before looking at the position, so the refusal says
    nothing of the game; any other refusal then names only the sender's own
    cards. Call this, not :func:`apply`, with actions from the network: a
    refusal of a play for another seat would quote that seat's hand.

    Raises:
        InvalidSeatError: if ``seat`` is not a seat at this table.
        InvalidActionError: if ``action`` is malformed.
        IllegalActionError: rule ``NOT_YOUR_SEAT``, or any rule :func:`apply` checks.

    >>> import random
    >>> from hearts_core import IllegalActionError, PlayCard, random_deal
    >>> rules = Rules(pass_cycle=["hold"])
    >>> state = apply(new_game(rules), random_deal(rules, random.Random(2)))
    >>> try:
    ...     apply_as(state, 0, PlayCard(1, "2C"))
    ... except IllegalActionError as error:
    ...     print(error.rule.value, "-", error)
    NOT_YOUR_SEAT - seat 0 may act only for itself, not for seat 1
    """
    _check_sender(state, seat, action)
    return apply(state, action)


def step_as(state: GameState, seat: int, action: Action) -> tuple[GameState, tuple[Event, ...]]:
    """:func:`step` for a server that knows which seat sent ``action`` (see :func:`apply_as`).

    >>> import random
    >>> from hearts_core import random_deal
    >>> state = apply(new_game(), random_deal(Rules(), random.Random(1)))
    >>> pass_ = PassCards(2, state.hands[2].cards()[:3])
    >>> step_as(state, 2, pass_)[1]
    (PassSubmitted(seat=2),)
    """
    _check_sender(state, seat, action)
    return step(state, action)


# --- the transitions ------------------------------------------------------------------


def _deal(state: GameState, hands: tuple[CardSet, ...]) -> GameState:
    context = state.context
    masks = tuple(hand.mask for hand in hands)
    if state.pass_direction is PassDirection.HOLD:
        return _first_trick(context, (), masks)
    count = context.rules.pass_count
    passing = SeatPasses(tuple([PassChoices(seat, hand, count) for seat, hand in enumerate(hands)]))
    passes: tuple[CardSet | None, ...] = (None,) * len(masks)
    return make_state(context, _PASS, passes, (), (), 0, False, masks, 0, -1, 0, passing)


def _first_trick(
    context: HandContext, passes: tuple[CardSet | None, ...], hands: tuple[int, ...]
) -> GameState:
    tables = context.tables
    leader = first_leader(tables, hands, dealer_of(context.hand_number, tables.players))
    assert leader is not None, "a checked deal holds the first lead card"
    legal = legal_mask(tables, hands[leader], (), True, False)
    return make_state(
        context, _PLAY, passes, (), (), leader, False, hands, 0, leader, legal, NO_PASSES
    )


def _pass(state: GameState, seat: int, cards: CardSet) -> GameState:
    passes = state.passes[:seat] + (cards,) + state.passes[seat + 1 :]
    context = state.context
    dealt = state._start
    if len(state._passing.parts) > 1:  # seats other than this one are still to pass
        passing = state._passing.without(seat)
        return make_state(context, _PASS, passes, (), (), 0, False, dealt, 0, -1, 0, passing)
    # Everyone has passed: the cards change hands together.
    players = len(passes)
    direction = state.pass_direction
    hands = list(dealt)
    for giver, given in enumerate(passes):
        assert given is not None
        hands[giver] &= ~given.mask
    for giver, given in enumerate(passes):
        assert given is not None
        hands[direction.receiver(giver, players)] |= given.mask
    return _first_trick(context, passes, tuple(hands))


def _end_of_trick(
    state: GameState, trick: tuple[Card, ...], played: int, broken: bool
) -> GameState:
    """The state once ``trick`` is complete (the last card just played)."""
    context = state.context
    tables = context.tables
    leader = state.leader
    mask = 0
    for card in trick:
        mask |= card.bit
    winner = trick_winner(leader, trick, tables.players, mask)
    tricks = state.tricks + (make_trick(leader, trick, winner, mask),)
    start = state._start
    if len(tricks) < tables.hand_size:
        legal = legal_mask(tables, start[winner] & ~played, (), False, broken)
        return make_state(
            context, _PLAY, state.passes, tricks, (), winner, broken, start, played,
            winner, legal, NO_PASSES,
        )  # fmt: skip
    return _end_of_play(context, state.passes, tricks, broken, start)


def _end_of_play(
    context: HandContext,
    passes: tuple[CardSet | None, ...],
    tricks: tuple[Trick, ...],
    broken: bool,
    start: tuple[int, ...],
) -> GameState:
    tables = context.tables
    taken, won = taken_and_won(tricks, tables.players)
    result = score_hand(context.rules, taken, won, context.totals, context.counting_down)
    if result.scores is None:  # the shooter chooses how the moon is scored
        return make_state(
            context, Phase.MOON, passes, tricks, (), 0, broken, start, tables.deck, -1, 0,
            NO_PASSES,
        )  # fmt: skip
    return _score(context, result.scores)


def _choose_moon(state: GameState, seat: int, option: MoonOption) -> GameState:
    context = state.context
    rules = context.rules
    taken, _ = taken_and_won(state.tricks, context.tables.players)
    return _score(context, moon_scores(rules, taken, seat, option, rules.moon_amount))


def _score(context: HandContext, scores: tuple[int, ...]) -> GameState:
    rules = context.rules
    down = context.counting_down
    totals = totals_after(rules, context.totals, scores, down)
    if game_is_over(rules, totals, down):
        return between_hands(
            HandContext(rules, context.hand_number, totals, down), Phase.GAME_OVER
        )
    following = HandContext(
        rules, context.hand_number + 1, totals, counting_down_after(rules, totals, down)
    )
    return between_hands(following, Phase.DEAL)


# --- events -----------------------------------------------------------------------------


def _events(before: GameState, action: Action, after: GameState) -> tuple[Event, ...]:
    """What happened when ``action`` took ``before`` to ``after``, in order."""
    if isinstance(action, Deal):
        return (HandDealt(before.hand_number, before.dealer, before.pass_direction),)
    if isinstance(action, PassCards):
        if after.phase is _PASS:
            return (PassSubmitted(action.seat),)
        players = len(after.passes)
        direction = before.pass_direction
        moved = tuple(
            CardsPassed(giver, direction.receiver(giver, players), cards)
            for giver, cards in enumerate(after.passes)
            if cards is not None
        )
        return (PassSubmitted(action.seat), *moved)
    context = before.context
    tables = context.tables
    if isinstance(action, ChooseMoon):
        taken, _ = taken_and_won(before.tricks, tables.players)
        scores = moon_scores(context.rules, taken, action.seat, action.option, tables.moon_amount)
        chosen = MoonChosen(action.seat, action.option)
        return (chosen, *_scored(context, before.hand_points, scores, after))
    assert isinstance(action, PlayCard)
    seat, card = action.seat, action.card
    found: list[Event] = [CardPlayed(seat, card)]
    if not before.hearts_broken and breaks_hearts(tables, card, before.current_trick):
        found.append(HeartsBroken(seat, card))
    if len(before.current_trick) + 1 < tables.players:
        return tuple(found)
    trick = before.current_trick + (card,)
    winner = trick_winner(before.leader, trick, tables.players)
    mask = 0
    for played in trick:
        mask |= played.bit
    found.append(TrickTaken(winner, trick, tables.points_of(mask)))
    if len(before.tricks) + 1 < tables.hand_size:
        return tuple(found)
    tricks = (*before.tricks, make_trick(before.leader, trick, winner, mask))
    taken, won = taken_and_won(tricks, tables.players)
    result = score_hand(context.rules, taken, won, context.totals, context.counting_down)
    assert result.shooter is not None or result.scores is not None
    if result.shooter is not None:
        found.append(
            SunShot(result.shooter) if result.sun else MoonShot(result.shooter, result.option)
        )
    if result.scores is not None:
        found.extend(_scored(context, result.points, result.scores, after))
    return tuple(found)


def _scored(
    context: HandContext, points: tuple[int, ...], scores: tuple[int, ...], after: GameState
) -> tuple[Event, ...]:
    scored = HandScored(context.hand_number, points, scores, after.totals)
    if after.is_over:
        return (scored, GameOver(after.winners, after.totals))
    return (scored,)


# --- rollout ------------------------------------------------------------------------------


def _below(rng: random.Random) -> Callable[[int], int]:
    """The function ``rng.choice`` draws an index with: ``rng.choice(seq)`` is
    ``seq[below(len(seq))]``, so drawing through it keeps ``rng`` in step with code
    that calls ``rng.choice``."""
    below = getattr(rng, "_randbelow", None)
    if callable(below):
        return below  # type: ignore[no-any-return]
    return lambda n: rng.choice(range(n))  # pragma: no cover - every Random has _randbelow


_RANDBELOW: Final = getattr(random.Random, "_randbelow", None)


def _inline_draws_match() -> bool:
    """Whether this Python's ``Random._randbelow`` draws ``getrandbits(n.bit_length())``
    until the result is below ``n``, so that the play-out may do the same inline."""
    if _RANDBELOW is not getattr(random.Random, "_randbelow_with_getrandbits", None):
        return False  # pragma: no cover - CPython 3.11 to 3.13 all draw this way
    ours, theirs = random.Random(2026), random.Random(2026)
    for n in (1, 2, 3, 5, 7, 13, 286, 1144):
        k = n.bit_length()
        r = ours.getrandbits(k)
        while r >= n:
            r = ours.getrandbits(k)
        if r != theirs._randbelow(n):  # type: ignore[attr-defined]
            return False  # pragma: no cover
    return ours.getstate() == theirs.getstate()


_INLINE_DRAWS: Final = _inline_draws_match()


def rollout(state: GameState, rng: random.Random) -> GameState:
    """Play uniformly random legal actions from ``state`` to the end of the hand.

    It returns the next state waiting for a deal, or the game over; a state
    already between hands is returned as it is. Passes and moon choices are
    drawn too. For the same ``rng`` state it returns exactly what this loop
    returns, and leaves ``rng`` in the same state, only faster:

    .. code-block:: python

        while legal_actions(state):
            state = apply(state, rng.choice(legal_actions(state)))

    >>> import random
    >>> from hearts_core import apply, legal_actions, random_deal
    >>> start = apply(new_game(), random_deal(Rules(), random.Random(3)))
    >>> fast, slow = random.Random(9), random.Random(9)
    >>> end = rollout(start, fast)
    >>> state = start
    >>> while legal_actions(state):
    ...     state = apply(state, slow.choice(legal_actions(state)))
    >>> end == state, fast.random() == slow.random(), end.phase.value
    (True, True, 'deal')
    """
    below = _below(rng)
    while True:
        phase = state.phase
        if phase is _PLAY:
            state = _play_out(state, rng)
        elif phase is _PASS:
            choices = state._passing
            action = choices[below(len(choices))]
            state = _pass(state, action.seat, action.cards)
        elif phase is Phase.MOON:
            shooter = state.moon_shooter
            assert shooter is not None
            option = _MOON_OPTIONS[below(len(_MOON_OPTIONS))]
            state = _choose_moon(state, shooter, option)
        else:
            return state


def _play_out(state: GameState, rng: random.Random) -> GameState:
    """Play random cards to the end of the hand's tricks on plain values, without a state
    per card: the same legality fold, hearts breaking, trick winner and scoring as
    :func:`apply`, the same draws from ``rng`` as ``rng.choice(legal_actions(...))``."""
    context = state.context
    tables = context.tables
    players = tables.players
    hand_size = tables.hand_size
    breaking = tables.breaking_mask
    follow_free = tables.follow_free
    lead_rows = tables.rows[1]  # leading after the first trick, hearts broken
    following = _NEXT_SEAT[players]
    by_bit = _CARD_OF_BIT
    start = state._start
    hands = [held & ~state._played for held in start]
    trick = state.current_trick
    tricks = list(state.tricks)
    leader = state.leader
    broken = state.hearts_broken
    seat = state._to_play
    legal = state._legal
    # The trick in progress: its cards as a mask, the suit led, the winning card so far.
    mask = 0
    for card in trick:
        mask |= card.bit
    led = trick[0].suit_mask if trick else 0
    inline = _INLINE_DRAWS and getattr(type(rng), "_randbelow", None) is _RANDBELOW
    getrandbits = rng.getrandbits
    below = _below(rng)
    while True:
        # Draw the index as rng.choice would, then take the index-th legal card in card
        # order, as legal_actions lists them.
        count = legal.bit_count()
        if inline:
            k = count.bit_length()
            index = getrandbits(k)
            while index >= count:
                index = getrandbits(k)
        else:
            index = below(count)
        while index:
            legal &= legal - 1
            index -= 1
        bit = legal & -legal
        card = by_bit[bit]
        if not broken and bit & breaking and breaks_hearts(tables, card, trick):
            broken = True
        hands[seat] ^= bit
        trick += (card,)
        if not led:
            led = card.suit_mask
        mask |= bit
        if len(trick) < players:
            seat = following[seat]
            hand = hands[seat]
            legal = hand & led  # the fold's first step, as in apply
            if not (legal and follow_free):
                legal = legal_mask(tables, hand, trick, not tricks, broken)
            continue
        seat = trick_winner(leader, trick, players, mask)
        tricks.append(make_trick(leader, trick, seat, mask))
        if len(tricks) == hand_size:
            return _end_of_play(context, state.passes, tuple(tricks), broken, start)
        leader, trick, mask, led = seat, (), 0, 0
        legal = hands[seat]
        if not (broken and not lead_rows):  # a lead no restriction narrows, or the fold
            legal = legal_mask(tables, legal, (), False, broken)
