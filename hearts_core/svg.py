"""Pictures of the table as SVG, for front ends, notebooks and the documentation.

:func:`table` draws one position as a self-contained SVG document (no fonts,
images or style sheets by URL, valid XML): the seats round the table with
their names, the viewing seat's hand face up at the bottom (hearts and
diamonds in red), the other seats as a card back with a count (or face up, in
a view of the whole table), the trick in progress next to the seats that
played it, and a side panel with the hand, the dealer, the pass direction,
whose turn it is and the scores.

A browser front end finds everything by class and data attribute, never by
position, so the layout may change without breaking it:

* ``svg.hearts-table``: the root, with ``data-players``, ``data-phase``,
  ``data-to-act`` (the seats that may act, space-separated) and ``data-seat``
  (the viewing seat, if any);
* ``g.seat[data-seat]``: one seat, its name and its hand; classes ``viewer``
  (the viewing seat) and ``to-act`` (a seat that may act now);
* ``g.hand[data-seat]``: the cards of a seat's hand;
* ``g.card[data-card]``: a card face up (``data-card="QS"``); in the hand of a
  seat that may play or pass now, also ``legal`` or ``illegal``; in the trick,
  ``played``, with the ``data-seat`` that played it and its ``data-order``;
* ``g.card-back[data-seat]``: a hidden hand, one card back with its ``data-count``;
* ``g.trick``: the trick in progress;
* ``g.last-trick``: the last completed trick, when the caller gives one
  (``last_trick``), with ``data-leader`` and ``data-winner``; its cards are
  drawn as the trick's, where their seats played them, the winner's with the
  class ``winning``. It is visible while no trick is in progress, and carries
  ``visibility='hidden'`` otherwise, so a page can show it on request;
* ``g.passed``, ``g.received``: the viewing seat's passed and received cards;
* ``g.status``: lines of text, the hand, the dealer, the passing, whose turn it is;
* ``g.scores``: one ``g.score[data-seat]`` per seat, with ``data-total`` and
  ``data-hand-points``.

There are no ``id`` attributes, so several tables can share one HTML page.

>>> import random, xml.etree.ElementTree as ET
>>> from hearts_core import apply, new_game, observe, random_deal
>>> state = apply(new_game(), random_deal(new_game().rules, random.Random(1)))
>>> root = ET.fromstring(table(observe(state, 2)))
>>> root.get("class"), root.get("data-seat"), root.get("data-phase")
('hearts-table', '2', 'pass')
>>> len(root.findall(".//*[@class='hand'][@data-seat='2']/*[@data-card]"))
13
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Final
from xml.sax.saxutils import escape, quoteattr

import attrs

from hearts_core.cards import Card, CardSet, Suit
from hearts_core.errors import InvalidSeatError, InvalidStateError
from hearts_core.observation import PlayerView, observe
from hearts_core.rules import is_seat
from hearts_core.rules.fields import shown
from hearts_core.rules.options import PassDirection
from hearts_core.seat_names import seat_names
from hearts_core.state import GameState, Phase, Trick, seat_of

__all__ = ["table", "WIDTH", "HEIGHT"]

WIDTH: Final = 960
"""The width of the drawing's coordinate system (its ``viewBox``)."""
HEIGHT: Final = 640
"""The height of the drawing's coordinate system (its ``viewBox``)."""

_MAX_SIZE: Final = 10_000
_RED: Final = "#c8102e"
_BLACK: Final = "#1a1a1a"
_FELT: Final = "#2f6b45"
_PANEL: Final = "#f4f1e8"
_HIGHLIGHT: Final = "#ffd54a"
_FONT: Final = "font-family='DejaVu Sans, Arial, Helvetica, sans-serif'"
_CENTRE: Final = (360.0, 250.0)
_RADII: Final = (280.0, 175.0)
_BIG: Final = (46.0, 66.0)
_SMALL: Final = (30.0, 43.0)


@attrs.frozen
class _Scene:
    """What one picture shows: the facts a view or a state gives, seat by seat."""

    players: int
    viewer: int | None
    names: tuple[str, ...]
    hands: tuple[CardSet | None, ...]
    sizes: tuple[int, ...]
    legal: tuple[CardSet | None, ...]
    to_act: tuple[int, ...]
    phase: Phase
    leader: int
    trick: tuple[Card, ...]
    totals: tuple[int, ...]
    hand_points: tuple[int, ...]
    hand_number: int
    dealer: int
    pass_direction: PassDirection
    winners: tuple[int, ...]
    hearts_broken: bool
    passed: CardSet | None = None
    received: CardSet | None = None


def _may_use_cards(phase: Phase, seat: int, to_act: tuple[int, ...]) -> bool:
    return phase in (Phase.PLAY, Phase.PASS) and seat in to_act


def _view_scene(view: PlayerView) -> _Scene:
    players = view.rules.players
    hands: list[CardSet | None] = [None] * players
    hands[view.seat] = view.hand
    legal: list[CardSet | None] = [None] * players
    if _may_use_cards(view.phase, view.seat, view.to_act):
        legal[view.seat] = view.legal_cards
    return _Scene(
        players=players,
        viewer=view.seat,
        names=seat_names(players),
        hands=tuple(hands),
        sizes=view.hand_sizes,
        legal=tuple(legal),
        to_act=view.to_act,
        phase=view.phase,
        leader=view.leader,
        trick=view.current_trick,
        totals=view.totals,
        hand_points=view.hand_points,
        hand_number=view.hand_number,
        dealer=view.dealer,
        pass_direction=view.pass_direction,
        winners=view.winners,
        hearts_broken=view.hearts_broken,
        passed=view.passed,
        received=view.received,
    )


def _state_scene(state: GameState) -> _Scene:
    players = state.rules.players
    hands = state.hands or (CardSet(),) * players
    legal = tuple(
        observe(state, seat).legal_cards
        if _may_use_cards(state.phase, seat, state.to_act)
        else None
        for seat in range(players)
    )
    return _Scene(
        players=players,
        viewer=None,
        names=seat_names(players),
        hands=tuple(hands),
        sizes=tuple(len(hand) for hand in hands),
        legal=legal,
        to_act=state.to_act,
        phase=state.phase,
        leader=state.leader,
        trick=state.current_trick,
        totals=state.totals,
        hand_points=state.hand_points,
        hand_number=state.hand_number,
        dealer=state.dealer,
        pass_direction=state.pass_direction,
        winners=state.winners,
        hearts_broken=state.hearts_broken,
    )


def _scene(view_or_state: object, seat: object) -> _Scene:
    """The scene to draw, after checking the arguments."""
    if isinstance(view_or_state, PlayerView):
        if seat is not None and seat != view_or_state.seat:
            raise InvalidSeatError(
                f"seat {shown(seat)} does not match the view, which is seat {view_or_state.seat}"
            )
        return _view_scene(view_or_state)
    if not isinstance(view_or_state, GameState):
        raise InvalidStateError(
            "view_or_state", f"must be a GameState or a PlayerView, not {shown(view_or_state)}"
        )
    if seat is None:
        return _state_scene(view_or_state)
    players = view_or_state.rules.players
    if not is_seat(seat, players):
        raise InvalidSeatError(f"no such seat: {shown(seat)} (seats 0 to {players - 1})")
    assert isinstance(seat, int)
    return _view_scene(observe(view_or_state, seat))


# long: most of it is the docstring, an example for each argument
def table(
    view_or_state: PlayerView | GameState,
    *,
    seat: int | None = None,
    size: int | None = None,
    last_trick: Trick | None = None,
) -> str:
    """The table as an SVG document (a string), seen by one seat or from above.

    ``view_or_state`` is a :class:`~hearts_core.PlayerView`, drawn as its seat sees it,
    or a :class:`~hearts_core.GameState`: with ``seat=None`` every hand is face up
    (a view from above, for analysis and teaching), with ``seat=k`` only seat
    ``k``'s hand is (the state is first passed through :func:`~hearts_core.observe`,
    so nothing the seat may not see is drawn). The viewing seat sits at the bottom
    (in a view from above, seat 0, North, sits at the top), and the seats follow one
    another clockwise in playing order.

    ``size`` sets the ``width`` in pixels (the height follows, at
    ``WIDTH:HEIGHT``); by default the picture has no size and fills its box.
    ``last_trick``, a completed :class:`~hearts_core.Trick` (the view's last, or
    the hand's last once the hand is over), is drawn where its cards were played,
    visible while no trick is in progress: the trick complete, before it is taken.
    See the module documentation for the classes and data attributes a
    browser front end can rely on.

    Raises:
        InvalidSeatError: for a ``seat`` that is not a seat at the table, or differs
            from the view's own.
        InvalidStateError: for a value that is neither a view nor a state, a
            ``size`` that is not a whole number from 1 to 10000, or a ``last_trick``
            that is not a trick of one card from each seat.

    >>> import random, xml.etree.ElementTree as ET
    >>> from hearts_core import apply, legal_actions, new_game, observe, random_deal
    >>> state = apply(new_game(), random_deal(new_game().rules, random.Random(1)))
    >>> svg = table(state, size=480)
    >>> svg.startswith("<svg"), 'width="480"' in svg, 'height="320"' in svg
    (True, True, True)
    >>> cards = ET.fromstring(svg).findall(".//*[@data-card]")
    >>> len(cards), len(ET.fromstring(table(state, seat=1)).findall(".//*[@data-card]"))
    (52, 13)

    The trick complete, its fourth card on the table, after it was taken:

    >>> while not state.tricks:
    ...     state = apply(state, legal_actions(state)[0])
    >>> svg = table(observe(state, 0), last_trick=state.tricks[-1])
    >>> shown = ET.fromstring(svg).find(".//*[@class='last-trick']")
    >>> len(shown), shown.get("data-winner") == str(state.tricks[-1].winner)
    (4, True)
    """
    if size is not None and (type(size) is not int or not 1 <= size <= _MAX_SIZE):
        raise InvalidStateError(
            "size", f"must be a whole number of pixels from 1 to {_MAX_SIZE}, not {shown(size)}"
        )
    scene = _scene(view_or_state, seat)
    _check_last_trick(last_trick, scene.players)
    parts = [_open(scene, size), _felt()]
    for seat_number in range(scene.players):
        parts.append(_seat(scene, seat_number))
    parts.append(_trick(scene))
    if last_trick is not None:
        parts.append(_last_trick(scene, last_trick))
    parts.append(_panel(scene))
    parts.append("</svg>")
    return "".join(parts)


# --- drawing -------------------------------------------------------------------------


def _number(value: float) -> str:
    return f"{value:.1f}".removesuffix(".0")


def _open(scene: _Scene, size: int | None) -> str:
    attributes = {
        "xmlns": "http://www.w3.org/2000/svg",
        "class": "hearts-table",
        "viewBox": f"0 0 {WIDTH} {HEIGHT}",
        "data-players": str(scene.players),
        "data-phase": scene.phase.value,
        "data-to-act": " ".join(str(seat) for seat in scene.to_act),
    }
    if scene.viewer is not None:
        attributes["data-seat"] = str(scene.viewer)
    if size is not None:
        attributes["width"] = str(size)
        attributes["height"] = str(round(size * HEIGHT / WIDTH))
    title = "Hearts table" + (
        f", seen by {scene.names[scene.viewer]}" if scene.viewer is not None else ""
    )
    shown_attributes = "".join(f" {key}={quoteattr(value)}" for key, value in attributes.items())
    return f"<svg{shown_attributes} role='img'><title>{escape(title)}</title>"


def _felt() -> str:
    cx, cy = _CENTRE
    rx, ry = _RADII
    return (
        f"<rect width='{WIDTH}' height='{HEIGHT}' fill='#20472f'/>"
        f"<ellipse cx='{_number(cx)}' cy='{_number(cy)}' rx='{_number(rx - 40)}' "
        f"ry='{_number(ry - 20)}' fill='{_FELT}' stroke='#16351f' stroke-width='6'/>"
    )


def _place(scene: _Scene, seat: int) -> tuple[float, float, float]:
    """Where a seat sits: its angle (degrees, 90 at the bottom, growing clockwise on the
    screen) and its point on the table's ellipse. The viewer sits at the bottom; in a
    view from above, seat 0 (North) sits at the top."""
    if scene.viewer is None:
        angle = 270.0 + 360.0 * seat / scene.players
    else:
        angle = 90.0 + 360.0 * ((seat - scene.viewer) % scene.players) / scene.players
    cx, cy = _CENTRE
    rx, ry = _RADII
    radians = math.radians(angle)
    return angle, cx + rx * math.cos(radians), cy + ry * math.sin(radians)


def _card(
    card: Card, x: float, y: float, small: bool, classes: str, extra: str = "", title: str = ""
) -> str:
    """A card face with its top-left corner at (``x``, ``y``)."""
    width, height = _SMALL if small else _BIG
    colour = _RED if card.suit in (Suit.HEARTS, Suit.DIAMONDS) else _BLACK
    rank = "10" if card.rank.letter == "T" else card.rank.letter
    corner = 11 if small else 15
    pip = 17 if small else 26
    return (
        f"<g class='{classes}' data-card='{card}'{extra} "
        f"transform='translate({_number(x)} {_number(y)})'>"
        f"<title>{escape(title or card.symbol)}</title>"
        f"<rect width='{_number(width)}' height='{_number(height)}' rx='4' "
        f"fill='{_face(classes)}' {_edge(classes)}/>"
        f"<text x='3' y='{corner}' font-size='{corner}' font-weight='bold' fill='{colour}' "
        f"{_FONT}>{rank}</text>"
        f"<text x='{_number(width / 2)}' y='{_number(height * 0.78)}' font-size='{pip}' "
        f"text-anchor='middle' fill='{colour}' {_FONT}>{card.suit.symbol}</text></g>"
    )


def _back(seat: int, count: int, x: float, y: float) -> str:
    """A hidden hand: one card back centred on (``x``, ``y``), with how many cards it holds."""
    width, height = _SMALL
    return (
        f"<g class='card-back' data-seat='{seat}' data-count='{count}' "
        f"transform='translate({_number(x - width / 2)} {_number(y - height / 2)})'>"
        f"<rect width='{_number(width)}' height='{_number(height)}' rx='4' fill='#1d4e89' "
        f"stroke='#ffffff' stroke-width='2'/>"
        f"<text x='{_number(width / 2)}' y='{_number(height / 2 + 5)}' font-size='14' "
        f"font-weight='bold' text-anchor='middle' fill='#ffffff' {_FONT}>{count}</text></g>"
    )


def _row(
    cards: Sequence[Card], centre: float, y: float, small: bool, span: float, classes: Iterable[str]
) -> str:
    """Cards side by side, overlapping as needed to fit in ``span``, centred on ``centre``."""
    width = (_SMALL if small else _BIG)[0]
    step = width + 3.0
    if len(cards) > 1:
        step = min(step, (span - width) / (len(cards) - 1))
    left = centre - (width + step * (len(cards) - 1)) / 2
    return "".join(
        _card(card, left + index * step, y, small, names)
        for index, (card, names) in enumerate(zip(cards, classes, strict=True))
    )


def _hand_classes(scene: _Scene, seat: int, cards: Sequence[Card]) -> list[str]:
    legal = scene.legal[seat]
    if legal is None:
        return ["card"] * len(cards)
    return ["card legal" if card in legal else "card illegal" for card in cards]


def _edge(classes: str) -> str:
    """A card's outline: the card that takes the trick stands out."""
    if classes.endswith("winning"):
        return f"stroke='{_HIGHLIGHT}' stroke-width='4'"
    return "stroke='#555555' stroke-width='1'"


def _face(classes: str) -> str:
    """The colour of a card's face: grey for a card its seat may not use now."""
    return "#c9c9c9" if classes.endswith("illegal") else "#ffffff"


def _seat(scene: _Scene, seat: int) -> str:
    classes = "seat"
    if seat == scene.viewer:
        classes += " viewer"
    if seat in scene.to_act:
        classes += " to-act"
    angle, x, y = _place(scene, seat)
    hand = scene.hands[seat]
    bottom = seat == scene.viewer
    if bottom:
        label_y, hand_y = HEIGHT - _BIG[1] - 44, HEIGHT - _BIG[1] - 20.0
        x = _CENTRE[0]
    else:
        label_y, hand_y = y - _SMALL[1] / 2 - 10, y
    parts = [f"<g class='{classes}' data-seat='{seat}'>", _name(scene, seat, x, label_y)]
    parts.append(f"<g class='hand' data-seat='{seat}'>")
    if hand is None:
        parts.append(_back(seat, scene.sizes[seat], x, hand_y))
    elif bottom:
        cards = hand.cards()
        parts.append(_row(cards, x, hand_y, False, 680.0, _hand_classes(scene, seat, cards)))
    else:
        cards = hand.cards()
        span = 240.0 if abs(math.cos(math.radians(angle))) < 0.5 else 200.0
        centre = min(max(x, 20 + span / 2), 700 - span / 2)
        classes_of = _hand_classes(scene, seat, cards)
        parts.append(_row(cards, centre, hand_y - _SMALL[1] / 2, True, span, classes_of))
    parts.append("</g></g>")
    return "".join(parts)


def _name(scene: _Scene, seat: int, x: float, y: float) -> str:
    acting = seat in scene.to_act
    weight = "bold" if acting or seat == scene.viewer else "normal"
    colour = _HIGHLIGHT if acting else "#ffffff"
    marker = " \u25c0" if acting else ""
    return (
        f"<text class='name' x='{_number(x)}' y='{_number(y)}' font-size='15' "
        f"font-weight='{weight}' text-anchor='middle' fill='{colour}' {_FONT}>"
        f"{escape(scene.names[seat])}{marker}</text>"
    )


def _check_last_trick(last_trick: object, players: int) -> None:
    if last_trick is None:
        return
    if not isinstance(last_trick, Trick):
        raise InvalidStateError("last_trick", f"must be a Trick or None, not {shown(last_trick)}")
    if not is_seat(last_trick.leader, players) or len(last_trick.cards) != players:
        raise InvalidStateError(
            "last_trick",
            f"must hold one card from each of the {players} seats, led by one of them, "
            f"not {len(last_trick.cards)} cards led by seat {shown(last_trick.leader)}",
        )


def _played(scene: _Scene, leader: int, cards: Sequence[Card], winner: int | None) -> list[str]:
    """The cards of a trick led by ``leader``, each in front of the seat that played it."""
    parts = []
    width, height = _BIG
    cx, cy = _CENTRE
    for index, card in enumerate(cards):
        seat = seat_of(leader, index, scene.players)
        angle, _, _ = _place(scene, seat)
        radians = math.radians(angle)
        x = cx + 105 * math.cos(radians) - width / 2
        y = cy + 80 * math.sin(radians) - height / 2
        extra = f" data-seat='{seat}' data-order='{index}'"
        title = f"{scene.names[seat]}: {card.symbol}"
        classes = "card played"
        if seat == winner:
            classes, title = "card played winning", title + " (takes the trick)"
        parts.append(_card(card, x, y, False, classes, extra, title))
    return parts


def _trick(scene: _Scene) -> str:
    return "".join(["<g class='trick'>", *_played(scene, scene.leader, scene.trick, None), "</g>"])


def _last_trick(scene: _Scene, trick: Trick) -> str:
    hidden = " visibility='hidden'" if scene.trick else ""
    return "".join(
        [
            f"<g class='last-trick' data-leader='{trick.leader}' data-winner='{trick.winner}'"
            f"{hidden}>",
            *_played(scene, trick.leader, trick.cards, trick.winner),
            "</g>",
        ]
    )


def _text(x: float, y: float, text: str, size: int = 14, weight: str = "normal") -> str:
    return (
        f"<text x='{_number(x)}' y='{_number(y)}' font-size='{size}' font-weight='{weight}' "
        f"fill='{_BLACK}' {_FONT}>{escape(text)}</text>"
    )


def _status_lines(scene: _Scene) -> list[str]:
    names = scene.names
    if scene.pass_direction is PassDirection.HOLD:
        passing = "no passing"
    else:
        passing = f"pass {scene.pass_direction.value}"
    lines = [
        f"Hand {scene.hand_number + 1}",
        f"Dealer: {names[scene.dealer]}",
        passing.capitalize(),
    ]
    acting = ", ".join(names[seat] for seat in scene.to_act)
    if scene.phase is Phase.GAME_OVER:
        lines.append("Game over: " + ", ".join(names[seat] for seat in scene.winners) + " won")
    elif scene.phase is Phase.DEAL and scene.hand_number > 0:
        lines.append(f"Hand {scene.hand_number} scored: next, the deal")
    elif scene.phase is Phase.DEAL:
        lines.append("Waiting for the deal")
    elif scene.phase is Phase.PASS:
        lines.append(f"To pass: {acting}")
    elif scene.phase is Phase.MOON:
        lines.append(f"Moon choice: {acting}")
    else:
        lines.append(f"To play: {acting}")
    if scene.phase is Phase.PLAY:
        lines.append("Hearts broken" if scene.hearts_broken else "Hearts not broken")
    return lines


def _panel(scene: _Scene) -> str:
    left = 730.0
    parts = [
        f"<rect x='{_number(left - 10)}' y='10' width='{_number(WIDTH - left)}' "
        f"height='{HEIGHT - 20}' rx='8' fill='{_PANEL}'/>",
        "<g class='status'>",
    ]
    y = 36.0
    for index, line in enumerate(_status_lines(scene)):
        parts.append(
            _text(left, y, line, 16 if index == 0 else 14, "bold" if index == 0 else "normal")
        )
        y += 22
    parts.append("</g><g class='scores'>")
    y += 14
    parts.append(_text(left, y, "Seat", 13, "bold"))
    parts.append(_text(left + 110, y, "Total", 13, "bold"))
    # Between hands and after the game there is no hand in play to show points of.
    in_hand = scene.phase in (Phase.PASS, Phase.PLAY, Phase.MOON)
    if in_hand:
        parts.append(_text(left + 160, y, "Hand", 13, "bold"))
    for seat in range(scene.players):
        y += 22
        total = scene.totals[seat]
        cells = _text(left, y, scene.names[seat]) + _text(left + 110, y, str(total))
        data = f"data-seat='{seat}' data-total='{total}'"
        if in_hand:
            points = scene.hand_points[seat]
            cells += _text(left + 160, y, str(points))
            data += f" data-hand-points='{points}'"
        parts.append(f"<g class='score' {data}>{cells}</g>")
    parts.append("</g>")
    y += 36
    for label, cards in (("passed", scene.passed), ("received", scene.received)):
        if cards:
            parts.append(f"<g class='{label}'>" + _text(left, y, label.capitalize(), 13, "bold"))
            parts.append(_row(cards.cards(), left + 100, y + 8, True, 200.0, ["card"] * len(cards)))
            parts.append("</g>")
            y += 70
    return "".join(parts)
