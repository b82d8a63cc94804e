"""The position validator: whether the cards, tricks, passes and leaders of a stated
position are ones a game reaches. The state, view and notation loaders all use it.

A :class:`Position` holds a position as a document states it; :func:`check_position`
checks it and, when it is sound, returns the state it is, replayed through the
engine from the deal its cards imply.

>>> from hearts_core import new_game
>>> from hearts_core.io.reader import Reader
>>> check_position(Reader(), Position.of(new_game())) == new_game()
True
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from hearts_core.actions import Action, Deal, PassCards, PlayCard
from hearts_core.builders import between_hands
from hearts_core.cards import Card, CardSet
from hearts_core.engine import apply, new_game
from hearts_core.errors import IllegalActionError
from hearts_core.io.checks import (
    check_totals,
)
from hearts_core.io.reader import Reader
from hearts_core.legality import explain
from hearts_core.rules import Rules, RuleTables
from hearts_core.rules.options import PassDirection
from hearts_core.state import (
    GameState,
    HandContext,
    Phase,
    Trick,
    dealer_of,
    first_leader,
    seat_of,
)

__all__ = [
    "Position",
    "SeatCards",
    "check_counts",
    "place_cards",
    "played_places",
    "check_between_hands",
    "check_position",
    "cards_of_mask",
    "state_between_hands",
    "check_passes",
    "check_leaders",
    "check_by_replay",
    "holdings",
]


@attrs.frozen
class Position:
    """A position as a document states it, before it is checked: the fields of a state,
    hands as masks."""

    rules: Rules
    hand_number: int
    totals: tuple[int, ...]
    phase: Phase
    hand_masks: tuple[int, ...]
    passes: tuple[CardSet | None, ...]
    tricks: tuple[Trick, ...]
    current_trick: tuple[Card, ...]
    leader: int
    counting_down: bool = False

    @property
    def tables(self) -> RuleTables:
        return self.rules.tables()

    @property
    def dealer(self) -> int:
        return dealer_of(self.hand_number, self.rules.players)

    @property
    def pass_direction(self) -> PassDirection:
        return self.rules.pass_direction(self.hand_number)

    @classmethod
    def of(cls, state: GameState) -> Position:
        return cls(
            state.rules,
            state.hand_number,
            state.totals,
            state.phase,
            state.hand_masks,
            state.passes,
            state.tricks,
            state.current_trick,
            state.leader,
            state.counting_down,
        )


class SeatCards:
    """What a position in a hand says about who holds and played what."""

    def __init__(self, position: Position) -> None:
        tables = position.tables
        self.players = players = tables.players
        self.size = tables.hand_size
        self.played = [0] * players
        """Cards each seat has played this hand, as masks."""
        for trick in position.tricks:
            for index, card in enumerate(trick.cards):
                self.played[seat_of(trick.leader, index, players)] |= card.bit
        self.in_trick = [
            seat_of(position.leader, index, players) for index in range(len(position.current_trick))
        ]
        for seat, card in zip(self.in_trick, position.current_trick, strict=True):
            self.played[seat] |= card.bit

    def hand_size(self, position: Position, seat: int) -> int:
        """Cards ``seat`` should hold now."""
        if position.phase is Phase.PASS:
            return self.size
        return self.size - len(position.tricks) - (seat in self.in_trick)


def check_counts(reader: Reader, position: Position) -> None:
    """Trick counts, trick sizes and the leader for the phase."""
    tables = position.tables
    players, size = tables.players, tables.hand_size
    phase = position.phase
    if phase is Phase.PASS:
        if position.tricks or position.current_trick:
            reader.add("$.tricks", "must be empty: no card is played while passing")
    elif phase is Phase.PLAY:
        if len(position.tricks) >= size:
            reader.add("$.tricks", f"a hand has {size} tricks, and it is scored after the last one")
        if len(position.current_trick) >= players:
            reader.add("$.current_trick", f"a trick in progress has fewer than {players} cards")
    elif phase is Phase.MOON:
        if len(position.tricks) != size:
            reader.add("$.tricks", f"the moon choice comes after all {size} tricks")
        if position.current_trick:
            reader.add("$.current_trick", "must be empty once every trick is played")
    if phase is not Phase.PLAY and position.leader != 0:
        reader.add("$.leader", f"must be 0 when no trick is being played, not {position.leader}")
    for index, trick in enumerate(position.tricks):
        if len(trick.cards) != players:
            reader.add(f"$.tricks[{index}].cards", f"a trick has {players} cards")


def place_cards(
    reader: Reader, deck: int, places: Sequence[tuple[str, str, Sequence[Card]]]
) -> int:
    """Each card at most once among ``places`` (path, name, cards), all in the deck; the
    cards placed, as a mask."""
    seen: dict[Card, str] = {}
    for path, name, cards in places:
        for card in cards:
            if not card.bit & deck:
                reader.add(path, f"{card} is not in this ruleset's deck")
            elif card in seen:
                reader.add(path, f"{card} is also {seen[card]}")
            else:
                seen[card] = name
    return CardSet(seen).mask


def played_places(position: Position) -> list[tuple[str, str, Sequence[Card]]]:
    places: list[tuple[str, str, Sequence[Card]]] = []
    for index, trick in enumerate(position.tricks):
        places += [
            (f"$.tricks[{index}].cards[{i}]", f"in trick {index}", (card,))
            for i, card in enumerate(trick.cards)
        ]
    places += [
        (f"$.current_trick[{i}]", "in the trick in progress", (c,))
        for i, c in enumerate(position.current_trick)
    ]
    return places


def check_between_hands(
    reader: Reader, phase: Phase, values: dict[str, object], leader: int
) -> None:
    """Between hands (waiting for a deal, or the game over) nothing of a hand is shown."""
    waiting = "waiting for a deal" if phase is Phase.DEAL else "the game is over"
    for name, value in values.items():
        if value:
            reader.add(f"$.{name}", f"must be empty: no hand is in progress while {waiting}")
    if leader:
        reader.add("$.leader", f"must be 0 while {waiting}")


def check_position(reader: Reader, position: Position) -> GameState | None:
    """Check a stated position; the state its cards lead to, if it is one a game reaches."""
    rules = position.rules
    players = rules.players
    phase = position.phase
    check_totals(
        reader, rules, position.hand_number, position.totals, phase, position.counting_down
    )
    if phase in (Phase.DEAL, Phase.GAME_OVER):
        check_between_hands(
            reader,
            phase,
            {
                "hands": position.hand_masks,
                "passes": position.passes,
                "tricks": position.tricks,
                "trick": position.current_trick,
            },
            position.leader,
        )
        if reader.problems:
            return None
        return state_between_hands(position)
    if len(position.hand_masks) != players:
        reader.add("$.hands", f"must hold {players} hands, not {len(position.hand_masks)}")
        return None
    check_counts(reader, position)
    places: list[tuple[str, str, Sequence[Card]]] = [
        (f"$.hands[{seat}]", f"in hand {seat}", cards_of_mask(mask))
        for seat, mask in enumerate(position.hand_masks)
    ]
    placed = place_cards(reader, position.tables.deck, places + played_places(position))
    missing = position.tables.deck & ~placed
    if missing:
        reader.add("$.hands", f"these cards are nowhere: {CardSet.from_mask(missing)}")
    if reader.problems:
        return None
    hand = SeatCards(position)
    holdings = [position.hand_masks[seat] | hand.played[seat] for seat in range(players)]
    # Leaders first: a wrong one moves cards to other seats, and the hand sizes
    # and passes would then be wrong too.
    check_leaders(reader, position, holdings)
    if reader.problems:
        return None
    for seat, held in enumerate(position.hand_masks):
        expected = hand.hand_size(position, seat)
        if held.bit_count() != expected:
            reader.add(
                f"$.hands[{seat}]",
                f"seat {seat} should hold {expected} cards, not {held.bit_count()}",
            )
    check_passes(reader, position, holdings)
    if reader.problems:
        return None
    return check_by_replay(reader, position, holdings)


def cards_of_mask(mask: int) -> tuple[Card, ...]:
    return CardSet.from_mask(mask).cards()


def state_between_hands(position: Position) -> GameState:
    context = HandContext(
        position.rules, position.hand_number, position.totals, position.counting_down
    )
    return between_hands(context, position.phase)


def check_passes(reader: Reader, position: Position, holdings: Sequence[int]) -> None:
    rules = position.rules
    players = rules.players
    direction = position.pass_direction
    if direction is PassDirection.HOLD:
        if position.passes:
            reader.add(
                "$.passes", f"must be empty: hand {position.hand_number} passes no cards (hold)"
            )
        return
    if len(position.passes) != players:
        reader.add("$.passes", f"must have {players} entries, one per seat")
        return
    for seat, passed in enumerate(position.passes):
        path = f"$.passes[{seat}]"
        if passed is None:
            if position.phase is not Phase.PASS:
                reader.add(path, "every seat has passed once play begins")
            continue
        if len(passed) != rules.pass_count:
            reader.add(path, f"a pass is {rules.pass_count} cards, not {len(passed)}")
        if position.phase is Phase.PASS:
            if passed.mask & ~position.hand_masks[seat]:
                away = CardSet.from_mask(passed.mask & ~position.hand_masks[seat])
                reader.add(
                    path,
                    f"seat {seat} does not hold {away}: passed cards stay "
                    "in the hand until every seat has passed",
                )
            continue
        receiver = direction.receiver(seat, players)
        if passed.mask & holdings[seat]:
            kept = CardSet.from_mask(passed.mask & holdings[seat])
            reader.add(path, f"seat {seat} passed {kept} but still holds or played them")
        if passed.mask & ~holdings[receiver]:
            lost = CardSet.from_mask(passed.mask & ~holdings[receiver])
            reader.add(path, f"seat {receiver} received {lost} but neither holds nor played them")
    if position.phase is Phase.PASS and None not in position.passes:
        reader.add("$.passes", "once every seat has passed the cards change hands and play begins")


def check_leaders(reader: Reader, position: Position, holdings: Sequence[int]) -> None:
    if position.phase is Phase.PASS:
        return
    expected = first_leader(position.tables, holdings, position.dealer)
    for index, trick in enumerate(position.tricks):
        if expected is not None and trick.leader != expected:
            why = "the previous trick's winner" if index else "the first leader"
            reader.add(
                f"$.tricks[{index}].leader", f"must be {expected} ({why}), not {trick.leader}"
            )
        expected = trick.winner
    if position.phase is Phase.PLAY and expected is not None and position.leader != expected:
        why = "the last trick's winner" if position.tricks else "the first leader"
        reader.add("$.leader", f"must be {expected} ({why}), not {position.leader}")


def check_by_replay(
    reader: Reader, position: Position, holdings: Sequence[int]
) -> GameState | None:
    """Deal the cards this position implies, replay the hand, and compare; the state."""
    players = position.rules.players
    direction = position.pass_direction
    steps: list[tuple[str, Action]] = []
    if position.phase is Phase.PASS:
        dealt = list(position.hand_masks)
    else:
        dealt = list(holdings)
        if position.passes:
            for seat, passed in enumerate(position.passes):
                assert passed is not None
                dealt[direction.receiver(seat, players)] &= ~passed.mask
            for seat, passed in enumerate(position.passes):
                assert passed is not None
                dealt[seat] |= passed.mask
    steps.append(("$.hands", Deal(tuple(CardSet.from_mask(mask) for mask in dealt))))
    for seat, passed in enumerate(position.passes):
        if passed is not None:
            steps.append((f"$.passes[{seat}]", PassCards(seat, passed)))
    for index, trick in enumerate(position.tricks):
        for i, card in enumerate(trick.cards):
            steps.append((f"$.tricks[{index}].cards[{i}]", PlayCard(trick.seat_of(i), card)))
    for i, card in enumerate(position.current_trick):
        seat = seat_of(position.leader, i, players)
        steps.append((f"$.current_trick[{i}]", PlayCard(seat, card)))
    replayed = new_game(
        position.rules,
        hand_number=position.hand_number,
        totals=position.totals,
        counting_down=position.counting_down,
    )
    for path, action in steps:
        error = explain(replayed, action)
        if error is not None:
            label = error.rule.value if isinstance(error, IllegalActionError) else "INVALID"
            reader.add(path, f"{label}: {error}")
            return None
        replayed = apply(replayed, action)
    if replayed.phase is not position.phase:
        if position.phase is Phase.MOON:
            reader.add("$.phase", "no moon choice is due: these tricks are scored at once")
        else:
            reader.add("$.phase", f"these cards lead to phase {replayed.phase.value!r}")
        return None
    if Position.of(replayed) != position:
        reader.add("$", "this is not the position its cards lead to")  # pragma: no cover
        return None
    return replayed


def holdings(state: GameState) -> list[int]:
    """Each seat's cards since the exchange: held now or played."""
    hands = list(state.hand_masks)
    players = state.rules.players
    for trick in state.tricks:
        for index, card in enumerate(trick.cards):
            hands[seat_of(trick.leader, index, players)] |= card.bit
    for index, card in enumerate(state.current_trick):
        hands[seat_of(state.leader, index, players)] |= card.bit
    return hands
