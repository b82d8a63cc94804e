"""Random play-outs: :func:`rollout` plays a hand to its end at random, :func:`rollouts` many
at once, and :func:`play_outs` one for each of many states.

Bots that sample (:class:`~hearts_core.bots.MonteCarloBot` and the tree search) and
learning code play thousands of hands, so the play-outs run in the hand kernel
(:mod:`hearts_core.kernel`): a position is copied into a kernel hand once, played to
the hand's end on masks, and scored here, once per hand, by
:func:`~hearts_core.scoring.score_hand`.

**What they promise.** Every action is drawn uniformly among the legal ones: each pass
among the passes its seat may make, each card among the seat's legal cards, and a moon
shooter's choice between the two ways to score it, each exactly (rejection on random
bytes; a seat with one legal card plays it without a draw). The bytes are ``rng``'s own,
drawn in blocks (:class:`~hearts_core.kernel.Rng`: 128 bytes a block, 4,096 for 16
play-outs or more), so for the same ``rng`` state the compiled and the pure kernel return
exactly the same results and leave ``rng`` in the same state. (Until the kernel, the
play-out drew from ``rng`` what ``rng.choice(legal_actions(state))`` draws, action by
action; it no longer does.)

>>> import random
>>> from hearts_core import Rules, apply, new_game, random_deal
>>> start = apply(new_game(), random_deal(Rules(), random.Random(3)))
>>> rollout(start, random.Random(9)).hand_number
1
>>> scores = rollouts(start, 3, random.Random(9))
>>> len(scores), [sum(each) in (26, 78) for each in scores]
(3, [True, True, True])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final, Generic, TypeVar, cast

from hearts_core.engine import after_hand
from hearts_core.errors import InvalidStateError
from hearts_core.kernel import Hand, Rng, scored_outs
from hearts_core.legality import check_state, wrong_type
from hearts_core.rules import Rules
from hearts_core.rules.fields import shown
from hearts_core.rules.options import MoonOption
from hearts_core.scoring import moon_scores, score_hand, tricks_count
from hearts_core.state import GameState, HandContext, Phase, dealer_of, first_leader, taken_and_won

__all__ = ["rollout", "rollouts", "play_outs", "kernel_hand", "ByPoints", "taken_won"]

T = TypeVar("T")

_PLAY: Final = Phase.PLAY
_PASS: Final = Phase.PASS
_MOON: Final = Phase.MOON
_MOON_OPTIONS: Final = tuple(MoonOption)
_MAX_COUNT: Final = 10**7
# Many play-outs draw their bytes in larger blocks: a block is one call into random.Random.
_MANY: Final = 16
_BIG_BLOCK: Final = 4096
_MAX_KNOWN: Final = 100_000  # hand scores kept on the compiled rules, at most


def kernel_hand(state: GameState, rng: Rng | None = None) -> Hand:
    """The hand of ``state`` (passing or in play) as a kernel :class:`~hearts_core.kernel.Hand`,
    ready to play: while passing, each seat yet to pass passes cards drawn uniformly from
    ``rng`` (which a passing state needs) and the passes change hands; in play, the tricks
    taken and the trick in progress are as in ``state``.

    >>> import random
    >>> from hearts_core import Rules, apply, new_game, random_deal
    >>> from hearts_core.kernel import Rng
    >>> start = apply(new_game(Rules(pass_cycle=["hold"])), random_deal(Rules(), random.Random(3)))
    >>> hand = kernel_hand(start, Rng(random.Random(1)))
    >>> hand.seat == start.to_act[0], hand.tricks
    (True, 0)
    """
    context = state.context
    tables = context.tables
    if state.phase is _PASS:
        if rng is None:
            raise InvalidStateError("rng", "a hand still passing needs an Rng to draw passes")
        hand = Hand(tables.kernel, (), 0)
        hand.exchange(*_passing(state), rng)
        return hand
    if state.phase is not _PLAY:
        raise InvalidStateError(
            "state", f"has no hand to play: it is in the {state.phase.value} phase"
        )
    trick = tuple([card.bit for card in state.current_trick])
    hand = Hand(tables.kernel, _held(state, trick), state.leader)
    taken, won = taken_and_won(state.tricks, tables.players)
    done = len(state.tricks)
    hand.resume(trick, state.leader, state.hearts_broken, done, tuple(taken), tuple(won))
    return hand


def _passing(
    state: GameState,
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int, int]:
    """What :meth:`~hearts_core.kernel.Hand.exchange` takes to start the hand of ``state``
    (passing) from its passes: the cards dealt, each seat's pass (0 while it is to pass),
    each seat's receiver, the cards a pass holds, the first-lead card and the seat that
    leads without one (the seat after the dealer, as :func:`first_leader` says)."""
    context = state.context
    tables = context.tables
    players = tables.players
    dealt = state.hand_masks  # as dealt: nothing leaves a hand before the exchange
    given = tuple([0 if cards is None else cards.mask for cards in state.passes])
    # Without a first-lead card, first_leader names the seat after the dealer, whatever
    # the hands; with one, the kernel finds its holder after the exchange.
    card = tables.first_lead_card
    after = 0 if card else first_leader(tables, dealt, dealer_of(context.hand_number, players))
    assert after is not None
    receivers = context.pass_direction.receivers(players)
    return dealt, given, receivers, context.rules.pass_count, card, after


def _held(state: GameState, trick: tuple[int, ...]) -> tuple[int, ...]:
    """Each seat's cards before the trick in progress: its hand and its card in the trick."""
    players = state.context.tables.players
    hands = list(state.hand_masks)
    leader = state.leader
    for position, bit in enumerate(trick):
        hands[(leader + position) % players] |= bit
    return tuple(hands)


def rollout(state: GameState, rng: random.Random) -> GameState:
    """Play uniformly random legal actions from ``state`` to the end of the hand.

    It returns the next state waiting for a deal, or the game over; a state
    already between hands is returned as it is. Passes and moon choices are
    drawn too, each action uniformly among the legal ones (see the module's
    promise), from the kernel's generator seeded by ``rng``.

    Raises:
        InvalidStateError: for a ``state`` that is not a :class:`~hearts_core.GameState`
            or an ``rng`` that is not a ``random.Random`` (the error's ``field`` names it).

    >>> import random
    >>> from hearts_core import Rules, apply, new_game, random_deal
    >>> start = apply(new_game(), random_deal(Rules(), random.Random(3)))
    >>> end = rollout(start, random.Random(9))
    >>> end.phase.value, end == rollout(start, random.Random(9))
    ('deal', True)
    """
    check_state(state)
    _check_rng(rng)
    phase = state.phase
    if phase is not _PLAY and phase is not _PASS and phase is not _MOON:
        return state
    draws = _words(rng, 1)
    context = state.context
    if phase is _MOON:
        taken, _ = taken_and_won(state.tricks, context.tables.players)
        shooter = state.moon_shooter
        assert shooter is not None
        return after_hand(context, _moon_drawn(context.rules, taken, shooter, draws))
    hand = kernel_hand(state, draws)
    hand.finish_random(draws)
    return after_hand(context, _scores(context, hand.taken_masks(), hand.won_counts(), draws))


def rollouts(state: GameState, count: int, rng: random.Random) -> tuple[tuple[int, ...], ...]:
    """Play ``count`` hands uniformly at random from ``state`` (passing, in play or waiting
    for a moon choice) to the hand's end, each as :func:`rollout` plays one, and return for
    each the scores the hand adds to the totals (what :class:`~hearts_core.HandScored`'s
    ``scores`` would hold).

    The play-outs run in the kernel, all but the scoring: in the compiled build, a
    few microseconds a hand.

    Raises:
        InvalidStateError: for a state with no hand to play (waiting for a deal, or the game
            over), a ``state`` that is not a :class:`~hearts_core.GameState`, a ``count``
            that is not an integer from 0 to 10,000,000, or an ``rng`` that is not a
            ``random.Random`` (the error's ``field`` names which).

    >>> import random
    >>> from hearts_core import Rules, apply, new_game, random_deal
    >>> start = apply(new_game(), random_deal(Rules(), random.Random(3)))
    >>> scores = rollouts(start, 1000, random.Random(1))
    >>> len(scores), all(len(each) == 4 for each in scores)
    (1000, True)
    >>> scores == rollouts(start, 1000, random.Random(1))
    True
    """
    check_state(state)
    if type(count) is not int or not 0 <= count <= _MAX_COUNT:
        raise InvalidStateError(
            "count", f"must be an integer from 0 to {_MAX_COUNT}, not {shown(count)}"
        )
    phase = state.phase
    if phase is not _PLAY and phase is not _PASS and phase is not _MOON:
        raise InvalidStateError(
            "state", f"has no hand to play: it is in the {phase.value} phase"
        )
    _check_rng(rng)
    draws = _words(rng, count)
    context = state.context
    if phase is _MOON:
        taken, _ = taken_and_won(state.tricks, context.tables.players)
        shooter = state.moon_shooter
        assert shooter is not None
        return tuple([_moon_drawn(context.rules, taken, shooter, draws) for _ in range(count)])
    # A hand nobody shot scores by its points (and tricks) alone: its scores are kept on the
    # compiled rules, for every call; a shot scores by the totals too and may be drawn.
    known = context.tables.hand_scores
    if len(known) > _MAX_KNOWN:
        known.clear()
    scored = ByPoints(context.rules, lambda end: _scores(context, *taken_won(end), draws), known)
    if phase is _PASS:  # each play-out draws its own passes
        start = Hand(context.tables.kernel, (), 0)
        return tuple(scored_outs(start, count, draws, *_passing(state), memo=scored))
    return tuple(scored_outs(kernel_hand(state, draws), count, draws, memo=scored))


class ByPoints(Generic[T]):
    """What ``work`` makes of each play-out (as :meth:`~hearts_core.kernel.Hand.scored`
    gives it), worked out once for each way the points, and the tricks where they count
    (:func:`~hearts_core.scoring.tricks_count`), fall: a hand nobody shot scores as they
    say. Scoring stays :func:`~hearts_core.scoring.score_hand`'s; this keeps it to a few
    thousand calls however many hands are played out.

    >>> from hearts_core import Rules
    >>> calls = []
    >>> scored = ByPoints(Rules(), lambda end: calls.append(end) or end[1:5])
    >>> ends = [(-1, 26, 0, 0, 0) + (13, 0, 0, 0) + (7, 0, 0, 0)] * 3
    >>> [scored.of(end) for end in ends], len(calls)
    ([(26, 0, 0, 0), (26, 0, 0, 0), (26, 0, 0, 0)], 1)
    """

    def __init__(
        self,
        rules: Rules,
        work: Callable[[tuple[int, ...]], T],
        known: dict[tuple[int, ...], T] | None = None,
    ) -> None:
        players = rules.players
        self.wanted = 1 + (2 * players if tricks_count(rules) else players)
        self.work = work
        self.known: dict[tuple[int, ...], T] = {} if known is None else known
        """What ``work`` made of the play-outs nobody shot, by their key (given, it is
        shared with other calls: ``work`` must then depend on the key alone)."""

    def of(self, end: tuple[int, ...]) -> T:
        """What ``work`` makes of the play-out ``end``."""
        key = end[: self.wanted]
        if key in self.known:
            return self.known[key]
        found = self.work(end)
        if end[0] < 0:  # a shot scores by the cards taken, and may be drawn
            self.known[key] = found
        return found


def taken_won(end: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The cards each seat took and the tricks it won, of a play-out as
    :meth:`~hearts_core.kernel.Hand.scored` gives it.

    >>> taken_won((-1, 1, 0, 0, 0, 13, 0, 0, 0, 4, 0, 0, 0))
    ((4, 0, 0, 0), (13, 0, 0, 0))
    """
    players = (len(end) - 1) // 3
    return end[1 + 2 * players :], end[1 + players : 1 + 2 * players]


def play_outs(states: Sequence[GameState], rng: random.Random) -> tuple[tuple[int, ...], ...]:
    """One random play-out of each of ``states``, as :func:`rollouts` plays them: the batched
    entry point for many positions at once (the sampled deals of a searching bot, the
    environments of a vector env). For each state, the scores its hand adds to the totals.

    Raises:
        InvalidStateError: for ``states`` that is not a sequence, an item that is not a
            :class:`~hearts_core.GameState` or has no hand to play (``field`` is then
            ``states[i]``), or an ``rng`` that is not a ``random.Random``; nothing is
            drawn from ``rng`` before all of them are checked.

    >>> import random
    >>> from hearts_core import Rules, apply, new_game, random_deal
    >>> rng = random.Random(2)
    >>> starts = [apply(new_game(), random_deal(Rules(), rng)) for _ in range(3)]
    >>> [sum(scores) in (26, 78) for scores in play_outs(starts, rng)]
    [True, True, True]
    """
    if not isinstance(states, Sequence) or isinstance(states, str | bytes | bytearray):
        raise wrong_type("states", "a sequence of GameState values", states)
    for index, state in enumerate(states):  # all checked before any word is drawn
        check_state(state, f"states[{index}]")
        if state.phase is not _PLAY and state.phase is not _PASS and state.phase is not _MOON:
            raise InvalidStateError(
                f"states[{index}]", f"has no hand to play: it is in the {state.phase.value} phase"
            )
    _check_rng(rng)
    draws = _words(rng, len(states))
    found = []
    for state in states:
        if state.phase is _MOON:
            context = state.context
            taken, _ = taken_and_won(state.tricks, context.tables.players)
            shooter = state.moon_shooter
            assert shooter is not None
            found.append(_moon_drawn(context.rules, taken, shooter, draws))
            continue
        hand = kernel_hand(state, draws)
        hand.finish_random(draws)
        found.append(_scores(state.context, hand.taken_masks(), hand.won_counts(), draws))
    return tuple(found)


def _check_rng(rng: object) -> None:
    if not isinstance(rng, random.Random):
        raise wrong_type("rng", "a random.Random", rng)


_GETRANDBITS: Final = random.Random.getrandbits
# The blocks of bytes a play-out may draw, per hand and in all: a hand draws about one
# byte per card played or passed, two blocks at most; a generator that gives far more
# without the hands ending is refused rather than looped on.
_BLOCKS_PER_HAND: Final = 4
_BLOCKS_SPARE: Final = 16


def _words(rng: random.Random, hands: int) -> Rng:
    """The kernel's generator on ``rng``, for ``hands`` play-outs: on ``rng`` itself when its
    ``getrandbits`` is ``random.Random``'s, else on a :class:`_CheckedBits` in front of it.
    Many play-outs draw their words in larger blocks."""
    source = rng
    if type(rng).getrandbits is not _GETRANDBITS:
        source = cast(random.Random, _CheckedBits(rng, _BLOCKS_SPARE + _BLOCKS_PER_HAND * hands))
    return Rng(source, _BIG_BLOCK) if hands >= _MANY else Rng(source)


class _CheckedBits:
    """The ``getrandbits`` of a ``random.Random`` subclass that has its own, each block
    checked: a number out of the range asked for, or more blocks than ``budget`` (a
    stream whose words the kernel's exact draws keep rejecting, all zeros say), raises
    :class:`~hearts_core.InvalidStateError` naming ``rng`` instead of stalling the
    play-out.

    >>> class Zeros(random.Random):
    ...     def getrandbits(self, k):
    ...         return 0
    >>> bits = _CheckedBits(Zeros(), 2)
    >>> bits.getrandbits(64), bits.getrandbits(64)
    (0, 0)
    >>> bits.getrandbits(64)
    Traceback (most recent call last):
    ...
    hearts_core.errors.InvalidStateError: rng: gave 2 blocks of random words and the \
play-outs needed more: its getrandbits is not random
    """

    __slots__ = ("rng", "budget", "drawn")

    def __init__(self, rng: random.Random, budget: int) -> None:
        self.rng = rng
        self.budget = budget
        self.drawn = 0

    def getrandbits(self, k: int) -> int:
        """``k`` random bits from the generator, checked."""
        if self.drawn == self.budget:
            raise InvalidStateError(
                "rng",
                f"gave {self.budget} blocks of random words and the play-outs needed more: "
                "its getrandbits is not random",
            )
        self.drawn += 1
        bits = self.rng.getrandbits(k)
        if type(bits) is not int or bits < 0 or bits >> k:
            raise InvalidStateError(
                "rng", f"getrandbits({k}) gave {shown(bits)}, not a {k}-bit number"
            )
        return bits


def _scores(
    context: HandContext, taken: Sequence[int], won: Sequence[int], draws: Rng
) -> tuple[int, ...]:
    """The scores of a hand played out, a moon shooter's choice drawn where it has one."""
    rules = context.rules
    result = score_hand(rules, taken, won, context.totals, context.counting_down)
    if result.scores is not None:
        return result.scores
    assert result.shooter is not None
    return _moon_drawn(rules, taken, result.shooter, draws)


def _moon_drawn(rules: Rules, taken: Sequence[int], shooter: int, draws: Rng) -> tuple[int, ...]:
    """The hand scored with a moon option drawn uniformly."""
    option = _MOON_OPTIONS[draws.below(len(_MOON_OPTIONS))]
    return moon_scores(rules, taken, shooter, option)
