"""The observation encoding the learning adapters share.

Both :mod:`hearts_core.adapters.pettingzoo` and OpenSpiel's ``hearts_core``
game (:func:`hearts_core.adapters.openspiel.register_game`) encode what a seat sees
in the same way, and number actions alike (:mod:`hearts_core.adapters.action_ids`),
so that an agent trained on one reads the other. It needs NumPy (the ``rl`` or
``openspiel`` extra).

:class:`Encoder` turns a position into one flat ``float32`` vector seen from one seat,
every seat-indexed block in seat order starting from the observer (0 is the observer,
1 the seat on its left, the next to play after it, and so on), and every 52-card block
in card-id order (:func:`~hearts_core.adapters.action_ids.card_action`). Its
:attr:`~Encoder.blocks` list the layout; ``docs/learning.md`` shows it bit by bit.

>>> from hearts_core import Rules
>>> encoder = Encoder(Rules())
>>> encoder.size, encoder.actions, encoder.blocks[0].name
(689, 52, 'hand')
"""

from __future__ import annotations

import warnings
from typing import Final, NamedTuple

import numpy as np
import numpy.typing as npt

from hearts_core.adapters.action_ids import ACTION_OF_INDEX as _ACTION_OF_INDEX

# CARDS, MOON_ACTIONS, action_card, action_count and card_action lived here before
# action_ids: they stay importable from here.
from hearts_core.adapters.action_ids import CARDS as CARDS
from hearts_core.adapters.action_ids import MOON_ACTIONS as MOON_ACTIONS
from hearts_core.adapters.action_ids import action_card as action_card
from hearts_core.adapters.action_ids import action_count as action_count
from hearts_core.adapters.action_ids import card_action as card_action
from hearts_core.adapters.action_ids import card_ids, legal_ids
from hearts_core.adapters.record import HandRecord
from hearts_core.cards import Card
from hearts_core.observation import PlayerView
from hearts_core.rules import Rules
from hearts_core.rules.options import (
    FirstLead,
    MoonRequires,
    MoonScoring,
    PassDirection,
    SunScoring,
    TieRule,
)
from hearts_core.state import GameState, Phase

__all__ = ["Block", "Encoder"]

_CLIP: Final = 2.0  # numbers are scaled, then clipped to [-2, 2]


class Block(NamedTuple):
    """One block of the observation vector: where it starts, how long it is, what it holds.

    >>> from hearts_core import Rules
    >>> hand = Encoder(Rules()).blocks[0]
    >>> hand.name, hand.start, hand.size
    ('hand', 0, 52)
    """

    name: str
    """A short name, used in ``docs/learning.md`` and by :meth:`Encoder.block`."""
    start: int
    """The index of its first value."""
    size: int
    """How many values it has."""
    meaning: str
    """What its values say."""


_DIRECTIONS: Final = tuple(PassDirection)
_PHASES: Final = (Phase.PASS, Phase.PLAY, Phase.MOON)
_TO_BYTES: Final = bytes.maketrans(b"01", b"\x00\x01")


def _clip(value: float) -> float:
    return -_CLIP if value < -_CLIP else _CLIP if value > _CLIP else value


def _one_hot(value: object, options: tuple[object, ...]) -> list[float]:
    return [1.0 if value is option else 0.0 for option in options]


class Encoder:
    """The observation encoding for one ruleset: a flat ``float32`` vector per seat.

    Everything a seat may know, and nothing more: its hand, its pass, what it
    received, the cards each seat has played, the trick in progress, the suits
    each seat has shown it lacks, the points taken and the totals, and the
    rule values that change play. Bits are 0 or 1; numbers are scaled
    (see :attr:`blocks`) and clipped to [-2, 2].

    >>> import random
    >>> from hearts_core import Rules, apply, new_game, random_deal
    >>> encoder = Encoder(Rules())
    >>> encoder.size, len(encoder.blocks)
    (689, 31)
    >>> state = apply(new_game(), random_deal(Rules(), random.Random(1)))
    >>> vector = encoder.observation(state, 0, 0, HandRecord.empty(4))
    >>> vector.shape, vector.dtype.name, int(vector[encoder.block("hand")].sum())
    ((689,), 'float32', 13)
    """

    # long: the layout block by block, in the order the docs list it, and its constants
    def __init__(self, rules: Rules) -> None:
        tables = rules.tables()
        players = rules.players
        self.rules: Final = rules
        """The rules this encoder was built for."""
        self.players: Final = players
        """The number of seats."""
        self.actions: Final = action_count(rules)
        """The number of action ids (see :func:`action_count`)."""
        self._positive = max(1, sum(p for p in tables.points if p > 0))
        self._target = rules.target_score
        self._seats = tuple(
            tuple((seat + offset) % players for offset in range(players)) for seat in range(players)
        )
        blocks: list[Block] = []

        def add(name: str, size: int, meaning: str) -> int:
            start = blocks[-1].start + blocks[-1].size if blocks else 0
            blocks.append(Block(name, start, size, meaning))
            return start

        n = players
        add("hand", 52, "cards held (while passing, less the cards picked to pass)")
        add("passed", 52, "cards this seat has picked to pass, or passed, this hand")
        add("received", 52, "cards this seat received in the pass")
        for offset in range(n):
            add(f"played {offset}", 52, f"cards seat +{offset} has played this hand")
        self._played = blocks[-n].start
        self._trick = blocks[-1].start + 52
        for position in range(n - 1):
            add(f"trick {position}", 52, f"card {position} of the trick in progress (0: the lead)")
        self._misc = add("leader", n, "the seat that leads the trick in progress (play phase)")
        add("dealer", n, "the dealer of the hand")
        add("voids", 4 * n, "suits (C D H S) each seat has shown it lacks, seat by seat")
        self._phase = add("phase", 3, "what the game waits for: pass, play, moon choice")
        self._direction = add("pass direction", 4, "this hand's pass: left, right, across, hold")
        self._broken = add("hearts broken", 1, "whether hearts are broken")
        self._bits = self._broken + 1
        self._top = 1 << self._bits  # a leading 1, so that bin() shows every bit
        add("points", n, "points each seat has taken this hand / positive points in the deck")
        add("totals", n, "each seat's total before this hand / target score")
        add("deck", 52, "cards in play (the deck less removed cards)")
        add("card points", 52, "points of each card / positive points in the deck")
        add("flags", 5, "points on first trick, must break hearts, queen breaks hearts, "
            "lead hearts instead of queen, queen waits for hearts")  # fmt: skip
        add("first lead", 3, "lowest club, any club, left of dealer")
        add("moon", 5, "add to others, subtract from shooter, shooter chooses, automatic, off")
        add("moon requires", 2, "positive cards, all scoring cards")
        add("moon amount", 1, "moon amount / positive points in the deck")
        add("sun", 3, "off, add to others, subtract from shooter")
        add("sun points", 1, "sun points / positive points in the deck")
        add("no tricks bonus", 1, "no-tricks bonus / positive points in the deck")
        add("pass count", 1, "cards passed / hand size")
        add("exact target halves", 1, "whether a total of exactly the target halves")
        add("tie", 2, "play on, shared win")
        self.blocks: Final = tuple(blocks)
        """The layout, block by block, in order."""
        self.size: Final = blocks[-1].start + blocks[-1].size
        """The length of an observation vector."""
        self._mask_top = 1 << self.actions
        positive = self._positive
        cards = [action_card(action) for action in range(CARDS)]  # in id order
        constants: list[float] = [1.0 if card.bit & tables.deck else 0.0 for card in cards]
        constants += [_clip(tables.points[card.index] / positive) for card in cards]
        constants += [
            float(flag)
            for flag in (
                rules.points_on_first_trick,
                rules.must_break_hearts,
                rules.queen_breaks_hearts,
                rules.lead_hearts_instead_of_queen,
                rules.queen_waits_for_hearts,
            )
        ]
        constants += _one_hot(rules.first_lead, tuple(FirstLead))
        constants += _one_hot(rules.moon, tuple(MoonScoring))
        constants += _one_hot(rules.moon_requires, tuple(MoonRequires))
        constants.append(_clip(rules.moon_amount / positive))
        constants += _one_hot(rules.sun, tuple(SunScoring))
        constants.append(_clip(rules.sun_points / positive))
        constants.append(_clip(rules.no_tricks_bonus / positive))
        constants.append(rules.pass_count / tables.hand_size)
        constants.append(float(rules.exact_target_halves))
        constants += _one_hot(rules.tie, tuple(TieRule))
        self._constants = np.array(constants, dtype=np.float32)
        self._tails: dict[tuple[int, tuple[int, ...], tuple[int, ...]], npt.NDArray[np.float32]]
        self._tails = {}
        self._masks: dict[int, npt.NDArray[np.int8]] = {}
        self._numbers = self._bits + 2 * n
        assert self._numbers + len(constants) == self.size
        low = np.full(self.size, -_CLIP, dtype=np.float32)
        high = np.full(self.size, _CLIP, dtype=np.float32)
        low[: self._bits] = 0.0
        high[: self._bits] = 1.0
        self.low: Final = low
        """The smallest value each entry can take (for a ``Box`` space)."""
        self.high: Final = high
        """The largest value each entry can take."""

    def block(self, name: str) -> slice:
        """The slice of the vector that block ``name`` occupies.

        >>> from hearts_core import Rules
        >>> Encoder(Rules()).block("voids")
        slice(528, 544, None)
        """
        for block in self.blocks:
            if block.name == name:
                return slice(block.start, block.start + block.size)
        raise KeyError(name)

    def card_mask(self, mask: int) -> int:
        """Deprecated: :func:`~hearts_core.adapters.action_ids.card_ids`, which it calls.

        >>> import warnings
        >>> from hearts_core import CardSet, Rules
        >>> with warnings.catch_warnings(record=True) as caught:
        ...     warnings.simplefilter("always")
        ...     print(bin(Encoder(Rules()).card_mask(CardSet.parse("2C 2D 3C").mask)))
        0b10011
        >>> caught[0].category.__name__
        'DeprecationWarning'
        """
        warnings.warn(_deprecated("card_mask", "card_ids"), DeprecationWarning, stacklevel=2)
        return card_ids(mask)

    def _held(self, state: GameState, seat: int, picked: int) -> tuple[int, int, int]:
        """The seat's cards in hand, passed and received, as card masks."""
        hands = state.hand_masks
        held = hands[seat] if hands else 0
        passes = state.passes
        if not passes:
            return held, 0, 0
        mine = passes[seat]
        if state.phase is Phase.PASS:
            passed = picked if mine is None else mine.mask
            return held & ~passed, passed, 0
        given = passes[state.pass_direction.giver(seat, self.players)]
        return (
            held,
            mine.mask if mine is not None else 0,
            given.mask if given is not None else 0,
        )

    def vector(
        self, state: GameState | PlayerView, seat: int, held: int, passed: int, received: int,
        record: HandRecord,
    ) -> npt.NDArray[np.float32]:  # fmt: skip
        """The vector of ``seat`` from its cards (``held``, ``passed``, ``received``, as
        card masks), the hand's ``record``, and the public facts of ``state`` (a state or
        the seat's view: its trick in progress, leader, dealer, phase, pass direction,
        whether hearts are broken, and the totals).

        >>> from hearts_core import new_game
        >>> Encoder(new_game().rules).vector(new_game(), 0, 0, 0, 0, HandRecord.empty(4)).shape
        (689,)
        """
        seats = self._seats[seat]
        players = self.players
        bits = card_ids(held) | card_ids(passed) << 52 | card_ids(received) << 104
        shift = 156
        played = record.played
        for other in seats:
            bits |= played[other] << shift
            shift += 52
        shift = self._trick
        for card in state.current_trick:
            bits |= 1 << (shift + _ACTION_OF_INDEX[card.index])
            shift += 52
        misc = 0
        phase = state.phase
        if phase is Phase.PLAY:
            misc |= 1 << (state.leader - seat) % players
        misc |= 1 << (players + (state.dealer - seat) % players)
        voids = record.voids
        shift = 2 * players
        for other in seats:
            misc |= voids[other] << shift
            shift += 4
        bits |= misc << self._misc
        if phase in _PHASES:
            bits |= 1 << (self._phase + _PHASES.index(phase))
        bits |= 1 << (self._direction + _DIRECTIONS.index(state.pass_direction))
        if state.hearts_broken:
            bits |= 1 << self._broken
        text = bin(bits | self._top)[:2:-1].encode().translate(_TO_BYTES)
        out = np.empty(self.size, dtype=np.float32)
        count = self._bits
        out[:count] = np.frombuffer(text, dtype=np.uint8)
        out[count:] = self._tail(seat, state.hand_points, state.totals)
        return out

    def _tail(
        self, seat: int, taken: tuple[int, ...], totals: tuple[int, ...]
    ) -> npt.NDArray[np.float32]:
        """The numbers and the rule values: they change only when a trick with points
        ends or a hand begins, so they are kept."""
        key = (seat, taken, totals)
        tail = self._tails.get(key)
        if tail is None:
            seats = self._seats[seat]
            positive = self._positive
            target = self._target
            numbers = [_clip(taken[other] / positive) for other in seats]
            numbers += [_clip(totals[other] / target) for other in seats]
            tail = np.concatenate((np.array(numbers, dtype=np.float32), self._constants))
            if len(self._tails) >= 4096:
                self._tails.clear()
            self._tails[key] = tail
        return tail

    # long: the per-play update of every seat's vector, in one frame: each step calls it
    def update_after_play(
        self,
        views: list[npt.NDArray[np.float32]],
        before: GameState,
        seat: int,
        card: Card,
        after: GameState,
        record: HandRecord,
    ) -> bool:
        """Bring every seat's vector in ``views`` (``views[s]`` is :meth:`observation` of
        seat ``s``) from position ``before`` to ``after``, in which ``seat`` has played
        ``card`` and ``record`` is the record after the play: a few entries change, instead
        of every vector being encoded again. Returns ``False``, changing nothing, when the
        play ended the hand's play: then encode the vectors again.

        >>> import random
        >>> from hearts_core import Rules, apply, legal_actions, new_game, random_deal
        >>> rules = Rules(pass_cycle=["hold"])
        >>> state = apply(new_game(rules), random_deal(rules, random.Random(4)))
        >>> encoder, record = Encoder(rules), HandRecord.empty(4)
        >>> views = [encoder.observation(state, seat, 0, record) for seat in range(4)]
        >>> play = legal_actions(state)[0]
        >>> after, record = apply(state, play), record.after_play(state, play.seat, play.card)
        >>> encoder.update_after_play(views, state, play.seat, play.card, after, record)
        True
        >>> all((views[s] == encoder.observation(after, s, 0, record)).all() for s in range(4))
        True
        """
        if after.phase is not Phase.PLAY:
            return False
        players = self.players
        action = _ACTION_OF_INDEX[card.index]
        trick = before.current_trick
        position = len(trick)
        complete = position == players - 1
        void = -1
        if trick and card.suit != trick[0].suit:
            void = self._misc + 2 * players + trick[0].suit
        broke = after.hearts_broken and not before.hearts_broken
        winner = -1  # the seat whose points change, if any
        if complete:
            mask = card.bit
            for each in trick:
                mask |= each.bit
            if before.context.tables.points_of(mask):
                winner = after.leader
                points = _clip(after.hand_points[winner] / self._positive)
        played = self._played + action
        for observer, view in enumerate(views):
            offset = (seat - observer) % players
            view[played + 52 * offset] = 1.0
            if complete:
                view[self._trick : self._misc] = 0.0
                view[self._misc + (before.leader - observer) % players] = 0.0
                view[self._misc + (after.leader - observer) % players] = 1.0
            else:
                view[self._trick + 52 * position + action] = 1.0
            if void >= 0:
                view[void + 4 * offset] = 1.0
            if broke:
                view[self._broken] = 1.0
            if winner >= 0:
                view[self._bits + (winner - observer) % players] = points
        views[seat][action] = 0.0  # the hand block comes first
        return True

    def update_after_pick(self, view: npt.NDArray[np.float32], card: Card) -> None:
        """Bring the picking seat's vector up to date once it has picked ``card`` to pass
        (the other seats see nothing of it).

        >>> import random
        >>> from hearts_core import Card, Rules, apply, new_game, random_deal
        >>> state = apply(new_game(), random_deal(Rules(), random.Random(1)))
        >>> encoder, record = Encoder(Rules()), HandRecord.empty(4)
        >>> view = encoder.observation(state, 0, 0, record)
        >>> card = state.hands[0].cards()[0]
        >>> encoder.update_after_pick(view, card)
        >>> bool((view == encoder.observation(state, 0, card.bit, record)).all())
        True
        """
        action = _ACTION_OF_INDEX[card.index]
        view[action] = 0.0
        view[52 + action] = 1.0

    def update_after_exchange(
        self, views: list[npt.NDArray[np.float32]], after: GameState
    ) -> None:
        """Bring every seat's vector up to date once the passed cards have changed hands
        (``after`` is the first position of the play), each seat's vector having followed
        its own picks (:meth:`update_after_pick`).

        >>> import random
        >>> from hearts_core import Rules, apply, legal_actions, new_game, random_deal
        >>> state = apply(new_game(), random_deal(Rules(), random.Random(1)))
        >>> encoder, record = Encoder(Rules()), HandRecord.empty(4)
        >>> views = [encoder.observation(state, seat, 0, record) for seat in range(4)]
        >>> while state.phase.value == "pass":
        ...     passed = legal_actions(state)[0]
        ...     for card in passed.cards:
        ...         encoder.update_after_pick(views[passed.seat], card)
        ...     state = apply(state, passed)
        >>> encoder.update_after_exchange(views, state)
        >>> all((views[s] == encoder.observation(state, s, 0, record)).all() for s in range(4))
        True
        """
        players = self.players
        passes = after.passes
        direction = after.pass_direction
        received = self._played - 52
        leader = after.leader
        for seat, view in enumerate(views):
            given = passes[direction.giver(seat, players)]
            assert given is not None
            for card in given:
                action = _ACTION_OF_INDEX[card.index]
                view[action] = 1.0
                view[received + action] = 1.0
            view[self._phase] = 0.0
            view[self._phase + 1] = 1.0
            view[self._misc + (leader - seat) % players] = 1.0

    def observation(
        self, state: GameState, seat: int, picked: int, record: HandRecord
    ) -> npt.NDArray[np.float32]:
        """What ``seat`` sees of ``state``, as a new vector.

        ``picked`` holds the cards (as a card mask) the seat has picked so far for a
        pass it has not made yet, and ``record`` the hand's public record.

        >>> from hearts_core import new_game
        >>> encoder = Encoder(new_game().rules)
        >>> float(encoder.observation(new_game(), 0, 0, HandRecord.empty(4)).sum()) > 0
        True
        """
        held, passed, received = self._held(state, seat, picked)
        return self.vector(state, seat, held, passed, received, record)

    def legal_mask(self, state: GameState, seat: int, held: int) -> int:
        """Deprecated: :func:`~hearts_core.adapters.action_ids.legal_ids`, which it calls
        with the cards picked to pass (the seat's hand less ``held``).

        >>> import warnings
        >>> from hearts_core import new_game
        >>> with warnings.catch_warnings(record=True) as caught:
        ...     warnings.simplefilter("always")
        ...     print(Encoder(new_game().rules).legal_mask(new_game(), 0, 0))
        0
        >>> caught[0].category.__name__
        'DeprecationWarning'
        """
        warnings.warn(_deprecated("legal_mask", "legal_ids"), DeprecationWarning, stacklevel=2)
        picked = state.hand_masks[seat] & ~held if state.phase is Phase.PASS else 0
        return legal_ids(state, seat, picked)

    def action_mask(self, legal: int) -> npt.NDArray[np.int8]:
        """An action mask as PettingZoo wants it: a new ``int8`` array, 1 for each id in
        ``legal``.

        >>> from hearts_core import Rules
        >>> Encoder(Rules()).action_mask(0b101)[:4].tolist()
        [1, 0, 1, 0]
        """
        mask = self._masks.get(legal)
        if mask is None:
            text = bin(legal | self._mask_top)[:2:-1].encode().translate(_TO_BYTES)
            mask = np.frombuffer(text, dtype=np.int8)
            if len(self._masks) >= 65536:
                self._masks.clear()
            self._masks[legal] = mask
        return mask.copy()

    def observation_and_mask(
        self, state: GameState, seat: int, picked: int, record: HandRecord
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]:
        """:meth:`observation`, and the action mask of ``seat``: 1 for each action id it may
        take now, all 0 when it may not act. Seats pass one after another, the lowest
        seat yet to pass first, one card per action: while passing, the seat may take
        each card it still holds.

        >>> import random
        >>> from hearts_core import Rules, apply, new_game, random_deal
        >>> state = apply(new_game(), random_deal(Rules(), random.Random(1)))
        >>> vector, mask = Encoder(Rules()).observation_and_mask(state, 0, 0, HandRecord.empty(4))
        >>> mask.shape, int(mask.sum())
        ((52,), 13)
        """
        held, passed, received = self._held(state, seat, picked)
        vector = self.vector(state, seat, held, passed, received, record)
        return vector, self.action_mask(legal_ids(state, seat, picked))


def _deprecated(old: str, new: str) -> str:
    """The warning of a method that moved (it goes in the next release)."""
    return f"hearts_core.adapters.encoding.Encoder.{old} moved: use action_ids.{new}"
