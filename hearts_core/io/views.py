"""Player views as JSON (``hearts-view/2``): what a server sends one seat, never a card of
another hand; loaded only if some game shows it to that seat.

>>> import random
>>> from hearts_core import Rules, apply, new_game, observe, random_deal
>>> state = apply(new_game(), random_deal(Rules(), random.Random(1)))
>>> view_from_json(view_to_json(observe(state, 3))) == observe(state, 3)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import attrs

from hearts_core.belief import consistent_state
from hearts_core.cards import CardSet
from hearts_core.engine import MAX_HAND_NUMBER
from hearts_core.errors import InvalidStateError
from hearts_core.io.checks import (
    check_format,
    check_totals,
    optional_string,
    upgrade,
)
from hearts_core.io.jsontext import dumps, loads
from hearts_core.io.position import (
    Position,
    SeatCards,
    check_between_hands,
    check_by_replay,
    check_counts,
    check_leaders,
    holdings,
    place_cards,
    played_places,
)
from hearts_core.io.reader import Reader
from hearts_core.io.states import check_label, check_pretty
from hearts_core.io.values import (
    cards_to_data,
    read_numbers,
    read_rules,
    read_seats,
    read_totals,
    read_tricks,
    rules_to_data,
    tricks_to_data,
)
from hearts_core.legality import wrong_type
from hearts_core.observation import PlayerView, observe
from hearts_core.rules.options import PassDirection
from hearts_core.scoring import moon_shooter, score_hand
from hearts_core.state import (
    Phase,
    hearts_broken_by,
    seat_of,
    taken_and_won,
)

__all__ = [
    "VIEW_FORMAT",
    "view_to_data",
    "view_to_json",
    "view_from_data",
    "view_from_json",
]


VIEW_FORMAT: Final = "hearts-view/2"
"""The ``format`` of a player view document."""


def view_to_data(view: PlayerView, variant: str | None = None) -> dict[str, Any]:
    """A player view as plain JSON data (see :func:`view_to_json`).

    >>> from hearts_core import new_game, observe
    >>> view_to_data(observe(new_game(), 2))["seat"]
    2
    """
    if view.__class__ is not PlayerView and not isinstance(view, PlayerView):
        raise wrong_type("view", "a PlayerView", view)
    check_label(variant)
    return {
        "format": VIEW_FORMAT,
        "variant": variant,
        "seat": view.seat,
        "rules": rules_to_data(view.rules),
        "phase": view.phase.value,
        "hand_number": view.hand_number,
        "dealer": view.dealer,
        "pass_direction": view.pass_direction.value,
        "hand": cards_to_data(view.hand),
        "passed": None if view.passed is None else cards_to_data(view.passed),
        "received": None if view.received is None else cards_to_data(view.received),
        "passed_seats": list(view.passed_seats),
        "hand_sizes": list(view.hand_sizes),
        "tricks": tricks_to_data(view.tricks),
        "current_trick": cards_to_data(view.current_trick),
        "leader": view.leader,
        "hearts_broken": view.hearts_broken,
        "hand_points": list(view.hand_points),
        "totals": list(view.totals),
        "counting_down": view.counting_down,
        "to_act": list(view.to_act),
        "winners": list(view.winners),
        "legal_cards": cards_to_data(view.legal_cards),
    }


def view_to_json(view: PlayerView, variant: str | None = None, *, pretty: bool = False) -> str:
    """A player view as canonical JSON: what a server sends one seat.

    It holds the seat's own hand and passes and the public record, never a card
    of another hand. ``legal_cards`` lists the cards the seat's legal actions use
    (the cards it may play, or its hand while it has a pass to make).

    Raises:
        InvalidStateError: for a ``view`` that is not a :class:`~hearts_core.PlayerView`,
            or a ``variant`` or ``pretty`` that :func:`~hearts_core.io.state_to_json` refuses;
            the error's ``field`` names the argument.

    >>> import random
    >>> from hearts_core import Rules, apply, new_game, observe, random_deal
    >>> state = apply(new_game(), random_deal(Rules(), random.Random(1)))
    >>> text = view_to_json(observe(state, 1))
    >>> all(str(card) not in text.split('"rules"')[0] for card in state.hands[0])
    True
    """
    check_pretty(pretty)
    return dumps(view_to_data(view, variant), pretty=pretty)


_VIEW_KEYS: Final = (
    "format",
    "seat",
    "rules",
    "phase",
    "hand_number",
    "dealer",
    "pass_direction",
    "hand",
    "passed",
    "received",
    "passed_seats",
    "hand_sizes",
    "tricks",
    "current_trick",
    "leader",
    "hearts_broken",
    "hand_points",
    "totals",
    "counting_down",
    "to_act",
    "winners",
    "legal_cards",
)


_VIEW_DERIVED: Final = (
    "dealer",
    "pass_direction",
    "hand_sizes",
    "hearts_broken",
    "hand_points",
    "to_act",
    "winners",
)


# long: one pass over the document that reports every problem together, in field order
def view_from_data(data: Any) -> PlayerView:
    """A player view from parsed JSON data, checked to be one a game shows.

    The seat's cards and the public record must fit together (each card in one
    place, hand sizes, trick leaders, passes); some deal of the hidden cards
    must make every play of the hand legal (see :class:`~hearts_core.Belief`);
    and every field that follows from the others (dealer, pass direction, hand
    sizes, hearts broken, hand points, whose turn, winners, legal cards) must be
    what they give.

    Raises:
        RecordError: listing every problem with its JSON path.

    >>> from hearts_core import new_game, observe
    >>> data = view_to_data(observe(new_game(), 0))
    >>> data["dealer"], data["hand_points"] = 1, [0, 5, 0, 0]
    >>> view_from_data(data)
    Traceback (most recent call last):
    ...
    hearts_core.io.errors.RecordError: 2 problems:
      $.dealer: is 1, but the rest of the view gives 3
      $.hand_points: is [0,5,0,0], but the rest of the view gives [0,0,0,0]
    """
    reader = Reader()
    data = upgrade(reader, data, VIEW_FORMAT)
    doc = reader.json_object(
        data, "$", required=_VIEW_KEYS, optional=("variant",))
    if doc is None or any(key not in doc for key in _VIEW_KEYS):
        reader.raise_if_any()
    assert doc is not None
    check_format(reader, doc, VIEW_FORMAT)
    optional_string(reader, doc.get("variant"), "$.variant")
    rules = read_rules(reader, doc["rules"], "$.rules")
    players = rules.players if rules is not None else None
    seat = reader.seat(doc["seat"], "$.seat", players)
    phase = reader.choice(Phase, doc["phase"], "$.phase")
    hand_number = reader.integer(doc["hand_number"], "$.hand_number", 0, MAX_HAND_NUMBER)
    totals = read_totals(reader, doc["totals"], "$.totals", players)
    counting_down = reader.boolean(doc["counting_down"], "$.counting_down")
    hand = reader.cards(doc["hand"], "$.hand")
    passed = None if doc["passed"] is None else reader.cards(doc["passed"], "$.passed")
    received = None if doc["received"] is None else reader.cards(doc["received"], "$.received")
    tricks = read_tricks(reader, doc["tricks"], "$.tricks", players)
    trick = reader.card_list(doc["current_trick"], "$.current_trick")
    leader = reader.seat(doc["leader"], "$.leader", players)
    passed_seats = read_seats(reader, doc["passed_seats"], "$.passed_seats", players)
    # The derived fields: read for their types here, compared with what they
    # should be below.
    derived = {
        "dealer": reader.seat(doc["dealer"], "$.dealer", players),
        "pass_direction": reader.choice(PassDirection, doc["pass_direction"], "$.pass_direction"),
        "hand_sizes": read_numbers(reader, doc["hand_sizes"], "$.hand_sizes", players),
        "hearts_broken": reader.boolean(doc["hearts_broken"], "$.hearts_broken"),
        "hand_points": read_numbers(reader, doc["hand_points"], "$.hand_points", players),
        "to_act": read_seats(reader, doc["to_act"], "$.to_act", players),
        "winners": read_seats(reader, doc["winners"], "$.winners", players),
    }
    legal = reader.cards(doc["legal_cards"], "$.legal_cards")
    reader.raise_if_any()
    assert rules is not None and seat is not None and phase is not None
    assert hand_number is not None and totals is not None and hand is not None
    assert trick is not None and leader is not None and legal is not None
    assert counting_down is not None
    position = Position(
        rules, hand_number, totals, phase, (), (), tuple(tricks), trick, leader, counting_down
    )
    seen = _Seen(position, seat, hand, passed, received, passed_seats)
    candidate = _candidate(reader, seen)
    reader.raise_if_any()
    assert candidate is not None
    try:
        state = consistent_state(candidate)
    except InvalidStateError as exc:
        reader.add("$", f"no deal of the hidden cards gives this view: {exc.reason}")
        reader.raise_if_any()
        raise AssertionError("unreachable: a problem was reported") from exc
    if phase not in (Phase.DEAL, Phase.GAME_OVER):
        # Every play legal, this seat's own included: replay the hand.
        check_by_replay(reader, Position.of(state), holdings(state))
        reader.raise_if_any()
    view = observe(state, seat)
    for name, value in derived.items():
        expected = getattr(view, name)
        if value != expected:
            _mismatch(reader, name, _plain(value), _plain(expected))
    if legal != view.legal_cards:
        _mismatch(reader, "legal_cards", cards_to_data(legal), cards_to_data(view.legal_cards))
    reader.raise_if_any()
    return view


def view_from_json(text: str | bytes) -> PlayerView:
    """A player view from JSON text (untrusted input welcome); its legal actions are
    worked out again from the view.

    Raises:
        RecordError: listing every problem with its JSON path; nothing else.

    >>> import random
    >>> from hearts_core import Rules, apply, new_game, observe, random_deal
    >>> state = apply(new_game(), random_deal(Rules(), random.Random(1)))
    >>> view = view_from_json(view_to_json(observe(state, 3)))
    >>> view == observe(state, 3), len(view.legal_actions)
    (True, 286)
    """
    return view_from_data(loads(text))


def _mismatch(reader: Reader, name: str, found: object, expected: object) -> None:
    reader.add(f"$.{name}", f"is {dumps(found)}, but the rest of the view gives {dumps(expected)}")


def _plain(value: object) -> object:
    if isinstance(value, PassDirection):
        return value.value
    if isinstance(value, tuple):
        return list(value)
    return value


@attrs.frozen
class _Seen:
    """What a view says that is not derived from the rest: the public position and this
    seat's own cards and passes."""

    position: Position
    seat: int
    hand: CardSet
    passed: CardSet | None
    received: CardSet | None
    passed_seats: tuple[int, ...]


# long: every check of what one seat saw, in the order a hand happens (deal, pass, tricks)
def _candidate(reader: Reader, seen: _Seen) -> PlayerView | None:
    """The view ``seen`` describes, with its derived fields worked out, after checking
    what the seat sees; ``None`` when there is a problem."""
    position = seen.position
    rules = position.rules
    tables = rules.tables()
    players = tables.players
    phase = position.phase
    me = seen.seat
    check_totals(
        reader, rules, position.hand_number, position.totals, phase, position.counting_down
    )
    view = PlayerView(
        seat=me,
        rules=rules,
        phase=phase,
        hand_number=position.hand_number,
        dealer=position.dealer,
        pass_direction=position.pass_direction,
        hand=seen.hand,
        passed=seen.passed,
        received=seen.received,
        passed_seats=seen.passed_seats,
        hand_sizes=(0,) * players,
        tricks=position.tricks,
        current_trick=position.current_trick,
        leader=position.leader,
        hearts_broken=False,
        hand_points=(0,) * players,
        totals=position.totals,
        counting_down=position.counting_down,
        to_act=(),
        winners=(),
        legal_actions=(),
    )
    if phase in (Phase.DEAL, Phase.GAME_OVER):
        check_between_hands(
            reader,
            phase,
            {
                "hand": seen.hand,
                "passed": seen.passed,
                "received": seen.received,
                "passed_seats": seen.passed_seats,
                "tricks": position.tricks,
                "trick": position.current_trick,
            },
            position.leader,
        )
        if phase is Phase.GAME_OVER:
            low = min(position.totals)
            winners = tuple(s for s, total in enumerate(position.totals) if total == low)
            view = attrs.evolve(view, winners=winners)
        return None if reader.problems else view
    # A position in a hand: check what the seat sees.
    check_counts(reader, position)
    places = [("$.hand", "in the hand", seen.hand.cards()), *played_places(position)]
    seen_mask = place_cards(reader, tables.deck, places)
    if reader.problems:
        return None
    hand = SeatCards(position)
    holdings = list(hand.played)
    holdings[me] |= seen.hand.mask
    # Leaders first (a wrong one moves cards to other seats). Only the cards this
    # seat sees say who led first; the hidden ones are dealt later.
    check_leaders(reader, position, holdings)
    if reader.problems:
        return None
    sizes = tuple(hand.hand_size(position, seat) for seat in range(players))
    if len(seen.hand) != sizes[me]:
        reader.add("$.hand", f"seat {me} should hold {sizes[me]} cards, not {len(seen.hand)}")
    taken, won = taken_and_won(position.tricks, players)
    result = score_hand(rules, taken, won, position.totals, position.counting_down)
    if phase is Phase.MOON and result.scores is not None:
        reader.add("$.phase", "no moon choice is due: these tricks are scored at once")
    _view_passes(reader, seen, holdings, tables.deck & ~seen_mask, sizes)
    if reader.problems:
        return None
    if phase is Phase.PLAY:
        to_act: tuple[int, ...] = (seat_of(position.leader, len(position.current_trick), players),)
    elif phase is Phase.PASS:
        to_act = tuple(s for s in range(players) if s not in seen.passed_seats)
    else:
        shooter = moon_shooter(tables, taken)
        to_act = () if shooter is None else (shooter,)
    return attrs.evolve(
        view,
        hand_sizes=sizes,
        hearts_broken=hearts_broken_by(tables, position.tricks, position.current_trick),
        hand_points=tuple(tables.points_of(mask) for mask in taken),
        to_act=to_act,
    )


def _view_passes(
    reader: Reader, seen: _Seen, holdings: Sequence[int], hidden: int, sizes: Sequence[int]
) -> None:
    """Check the seat's own passes against what it holds and has seen played."""
    position = seen.position
    rules = position.rules
    players = rules.players
    direction = position.pass_direction
    me = seen.seat
    count = rules.pass_count
    if direction is PassDirection.HOLD:
        if position.phase is Phase.PASS:
            reader.add("$.phase", f"hand {position.hand_number} passes no cards: no pass phase")
        for name, value in (("passed", seen.passed), ("received", seen.received)):
            if value is not None:
                reader.add(
                    f"$.{name}", f"must be null: hand {position.hand_number} passes no cards"
                )
        if seen.passed_seats:
            reader.add("$.passed_seats", "must be empty: this hand passes no cards")
        return
    for name, value in (("passed", seen.passed), ("received", seen.received)):
        if value is not None and len(value) != count:
            reader.add(f"$.{name}", f"a pass is {count} cards, not {len(value)}")
    if position.phase is Phase.PASS:
        if seen.received is not None:
            reader.add("$.received", "must be null until every seat has passed")
        if (seen.passed is not None) != (me in seen.passed_seats):
            reader.add("$.passed_seats", f"lists seat {me} exactly when $.passed is not null")
        if seen.passed is not None and seen.passed.mask & ~seen.hand.mask:
            reader.add("$.passed", "passed cards stay in the hand until every seat has passed")
        if len(seen.passed_seats) == players:
            reader.add("$.passed_seats", "once every seat has passed, play begins")
        return
    if seen.passed_seats != tuple(range(players)):
        reader.add("$.passed_seats", "every seat has passed once play begins")
    if seen.passed is None or seen.received is None:
        for name, value in (("passed", seen.passed), ("received", seen.received)):
            if value is None:
                reader.add(f"$.{name}", "must be the cards of the pass once play begins")
        return
    receiver = direction.receiver(me, players)
    if seen.received.mask & ~holdings[me]:
        lost = CardSet.from_mask(seen.received.mask & ~holdings[me])
        reader.add("$.received", f"seat {me} neither holds nor played {lost}")
    if seen.passed.mask & holdings[me]:
        kept = CardSet.from_mask(seen.passed.mask & holdings[me])
        reader.add("$.passed", f"seat {me} still holds or played {kept}")
    played_away = seen.passed.mask & ~hidden & ~holdings[me]
    if played_away & ~holdings[receiver]:
        wrong = CardSet.from_mask(played_away & ~holdings[receiver])
        reader.add("$.passed", f"{wrong} went to seat {receiver}, but another seat played it")
    if (seen.passed.mask & hidden).bit_count() > sizes[receiver]:
        reader.add("$.passed", f"seat {receiver} holds fewer cards than it was passed")
