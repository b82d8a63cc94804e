"""How fast could a pure-Python Hearts engine be? Floors for the public loop and the play-out.

``bench/playout.py`` measures hearts_core against OpenSpiel's C++ Hearts. This
script measures, in the same way and in the same process, two stripped engines
that do strictly less than any engine of the rules must, written for speed
alone, so that their figures bound what the real one can reach on this Python:

* ``floor loop``: the public contract with almost nothing in it. A hand is the
  deal (``random_deal``), 4 passes when the hand passes and 52 plays, each
  ``legal_actions`` + ``random.choice`` + ``apply``. While passing,
  ``legal_actions`` returns hearts_core's lazy pass sequences and ``apply``
  checks the seat and the cards, then exchanges them after the last pass;
  while playing, ``legal_actions`` reads the seat's legal cards off the state
  and returns interned plays through hearts_core's ``plays_of``,
  and ``apply`` checks the action's class, its seat and its card's bit. Each
  action builds a new frozen state of eight fields (hearts_core's has twelve)
  the cheapest way CPython allows (an unfrozen class of the same layout whose
  instance changes its class). The only rule of play is following suit: no
  first-trick or hearts rules, no tricks kept, no scoring, no next hand, no
  events, no errors worth the name.
* ``floor rollout``: a hand played out on card masks, as ``rollout`` plays
  one. The deal, a draw of three cards per seat and their exchange (when the
  hand passes), 52 cards under the follow-suit rule alone, and the points of
  hearts and the queen: no checks, no state before the end, no moon, no totals.

Both draw from the generator as the real loops do (``rng.choice`` of a legal
action, or the same draw inline), and the real loops and OpenSpiel (driven as
``bench/playout.py`` drives it) are timed beside them in alternating rounds;
each ratio is the median of the per-round ratios. If a floor is below a
target, no engine of the full rules through the same contract reaches that
target on this interpreter.

    python bench/floor.py [--seconds 1.0] [--rounds 7] [--seed 1]
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final

from playout import (
    alternate,
    arguments,
    hearts_core_runners,
    openspiel_runners,
    print_ratios,
    timed,
)

from hearts_core import Card, PassCards, PassChoices, PlayCard, Rules, random_deal
from hearts_core.actions import PATTERN_BITS, SeatPasses, pass_count_of, pass_mask
from hearts_core.legality import plays_of

_RULES: Final = Rules()
_SUIT_MASK: Final = (0, *(0x1FFF << 13 * (i // 13) for i in range(52)))  # by bit length
_SHIFT: Final = (0, *(13 * (i // 13) for i in range(52)))
_FOLLOWERS: Final = tuple(tuple((leader + i) % 4 for i in range(1, 4)) for leader in range(4))
_HEARTS: Final = 0x1FFF << 26
_QUEEN: Final = Card.parse("QS").bit
_PASS_CHOICES: Final = pass_count_of(13, 3)
_OFFSETS: Final = (1, 3, 2, 0)  # left, right, across, hold: hand h passes to seat + offset


class FloorState:
    """The stripped state: eight fields, frozen (it refuses attribute stores)."""

    __slots__ = ("passing", "given", "trick", "leader", "start", "played", "to_play", "legal")

    passing: SeatPasses | None
    given: tuple[int, ...]
    trick: tuple[Card, ...]
    leader: int
    start: tuple[int, ...]
    played: int
    to_play: int
    legal: int

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("frozen")


class _Build:
    __slots__ = FloorState.__slots__

    def __init__(
        self, passing: SeatPasses | None, given: tuple[int, ...], trick: tuple[Card, ...],
        leader: int, start: tuple[int, ...], played: int, to_play: int, legal: int,
    ) -> None:  # fmt: skip
        self.passing = passing
        self.given = given
        self.trick = trick
        self.leader = leader
        self.start = start
        self.played = played
        self.to_play = to_play
        self.legal = legal
        self.__class__ = FloorState  # type: ignore[assignment]


# A FloorState from every field: _Build's instances become FloorStates as they are built.
_built: Final[Callable[..., FloorState]] = _Build  # type: ignore[assignment]


def floor_legal_actions(state: FloorState) -> Sequence[PassCards | PlayCard]:
    """The passes of the seats yet to pass, or the seat's legal plays, read by hearts_core's
    ``plays_of`` (two lookups and a join per suit)."""
    passing = state.passing
    if passing is not None:
        return passing.parts[0] if len(passing.parts) == 1 else passing
    mask = state.legal
    return plays_of(state.to_play, mask) if mask else ()


def floor_apply(state: FloorState, action: PassCards | PlayCard, offset: int) -> FloorState:
    """The state after a pass or a play, checked by class, seat and cards; following suit
    the only rule of play. ``offset`` says where passes go (the seat ``offset`` on)."""
    if action.__class__ is PassCards:
        return _passed(state, action, offset)
    if action.__class__ is not PlayCard:
        raise TypeError("not a play")
    seat = action.seat
    card = action.card
    bit = card.bit
    if seat != state.to_play or not bit & state.legal:
        raise ValueError("illegal play")
    played = state.played | bit
    trick = state.trick + (card,)
    start = state.start
    if len(trick) < 4:
        following = seat + 1 if seat < 3 else 0
        hand = start[following] & ~played
        legal = hand & trick[0].suit_mask or hand
        return _built(None, state.given, trick, state.leader, start, played, following, legal)
    mask = 0
    for played_card in trick:
        mask |= played_card.bit
    top = 1 << (mask & trick[0].suit_mask).bit_length() - 1
    position = 0
    for played_card in trick:
        if played_card.bit == top:
            break
        position += 1
    winner = (state.leader + position) % 4
    return _built(None, state.given, (), winner, start, played, winner, start[winner] & ~played)


def _two_of_clubs(hands: Sequence[int]) -> int:
    """The seat holding the two of clubs (bit 0), who leads the first trick."""
    return next(seat for seat in range(4) if hands[seat] & 1)


def _passed(state: FloorState, action: PassCards, offset: int) -> FloorState:
    seat = action.seat
    mask = action.cards.mask
    given = state.given
    if state.passing is None or given[seat] or mask & ~state.start[seat] or mask.bit_count() != 3:
        raise ValueError("illegal pass")
    given = given[:seat] + (mask,) + given[seat + 1 :]
    if len(state.passing.parts) > 1:
        passing = state.passing.without(seat)
        return _built(passing, given, (), 0, state.start, 0, -1, 0)
    hands = [held & ~away for held, away in zip(state.start, given, strict=True)]
    for giver in range(4):
        hands[(giver + offset) % 4] |= given[giver]
    leader = _two_of_clubs(hands)
    return _built(None, given, (), leader, tuple(hands), 0, leader, 1)


def floor_loop_hand(rng: random.Random, hand: int) -> None:
    """One hand through the floor loop: the deal, the passes, then 52 plays."""
    choice = rng.choice
    dealt = random_deal(_RULES, rng).hands
    start = tuple([cards.mask for cards in dealt])
    offset = _OFFSETS[hand % 4]
    if offset:
        passing = SeatPasses(tuple([PassChoices(seat, dealt[seat], 3) for seat in range(4)]))
        state = _built(passing, (0, 0, 0, 0), (), 0, start, 0, -1, 0)
    else:
        leader = _two_of_clubs(start)
        state = _built(None, (0, 0, 0, 0), (), leader, start, 0, leader, 1)
    while actions := floor_legal_actions(state):
        state = floor_apply(state, choice(actions), offset)


def _drawn(getrandbits: Callable[[int], int], count: int) -> int:
    k = count.bit_length()
    index = getrandbits(k)
    while index >= count:
        index = getrandbits(k)
    return index


def floor_rollout_hand(rng: random.Random, hand: int) -> tuple[int, ...]:
    """One hand played out on masks: the deal, the passes, 52 cards, the points."""
    hands = [cards.mask for cards in random_deal(_RULES, rng).hands]
    getrandbits = rng.getrandbits
    offset = _OFFSETS[hand % 4]
    if offset:
        given = [0, 0, 0, 0]
        waiting = [0, 1, 2, 3]
        while waiting:
            index = _drawn(getrandbits, _PASS_CHOICES * len(waiting))
            seat = waiting.pop(index // _PASS_CHOICES)
            given[seat] = pass_mask(hands[seat], 3, index % _PASS_CHOICES)
        for seat in range(4):
            hands[seat] &= ~given[seat]
        for seat in range(4):
            hands[(seat + offset) % 4] |= given[seat]
    leader = _two_of_clubs(hands)
    bits_of = PATTERN_BITS
    taken = [0, 0, 0, 0]
    cards = [0, 0, 0, 0]
    for _ in range(13):
        legal = hands[leader]
        count = legal.bit_count()
        k = count.bit_length()
        index = getrandbits(k)
        while index >= count:
            index = getrandbits(k)
        while index:
            legal &= legal - 1
            index -= 1
        bit = mask = legal & -legal
        hands[leader] ^= bit
        cards[leader] = bit
        led = _SUIT_MASK[bit.bit_length()]
        shift = _SHIFT[bit.bit_length()]
        for seat in _FOLLOWERS[leader]:
            held = hands[seat]
            legal = held & led
            if legal:
                choices, count, k = bits_of[legal >> shift]
                index = getrandbits(k)
                while index >= count:
                    index = getrandbits(k)
                bit = choices[index] << shift
            else:
                legal = held
                count = legal.bit_count()
                k = count.bit_length()
                index = getrandbits(k)
                while index >= count:
                    index = getrandbits(k)
                while index:
                    legal &= legal - 1
                    index -= 1
                bit = legal & -legal
            hands[seat] = held ^ bit
            cards[seat] = bit
            mask |= bit
        leader = cards.index(1 << (mask & led).bit_length() - 1)
        taken[leader] |= mask
    return tuple([(cards & _HEARTS).bit_count() + 13 * bool(cards & _QUEEN) for cards in taken])


def main() -> None:
    args = arguments((__doc__ or "").splitlines()[0])
    ours = hearts_core_runners()
    theirs = openspiel_runners()
    if "openspiel" not in theirs:
        raise SystemExit("bench/floor.py needs OpenSpiel: pip install open-spiel")
    runners = {
        "floor loop": lambda seconds, seed: timed(floor_loop_hand, seconds, seed),
        "hearts_core loop": ours["hearts_core loop"],
        "floor rollout": lambda seconds, seed: timed(floor_rollout_hand, seconds, seed),
        "hearts_core rollout": ours["hearts_core rollout"],
        "openspiel": theirs["openspiel"],
    }
    rates = alternate(runners, args)
    print_ratios(rates, [name for name in runners if name != "openspiel"], "openspiel")


if __name__ == "__main__":
    main()
