"""The table drawn as SVG from one seat's side: the web table's picture of a view.

It follows the markup contract of the library's table drawing, so the page
finds everything by class and data attribute: ``svg.hearts-table``, one
``g.hand[data-seat]`` for the viewer's hand with a ``g.card[data-card]`` per
card (``legal`` or ``illegal`` while the seat may use its cards), a
``g.card-back[data-seat]`` with ``data-count`` for each other hand, and
``g.trick`` with a ``g.card.played[data-seat]`` per card of the trick.

>>> import random, xml.etree.ElementTree as ET
>>> from hearts_core import apply, new_game, observe, random_deal
>>> state = apply(new_game(), random_deal(new_game().rules, random.Random(1)))
>>> root = ET.fromstring(draw(observe(state, 2)))
>>> len(root.findall(".//*[@data-seat='2']/*[@data-card]"))
13
"""

from __future__ import annotations

import math
from typing import Final
from xml.sax.saxutils import escape

from hearts_core.cards import Card, Suit
from hearts_core.observation import PlayerView
from hearts_core.seats import seat_names
from hearts_core.state import Phase

__all__ = ["draw"]

_WIDTH: Final = 720
_HEIGHT: Final = 500
_CARD: Final = (46, 66)
_RED_SUITS: Final = (Suit.HEARTS, Suit.DIAMONDS)


def _place(view: PlayerView, seat: int, rx: float, ry: float) -> tuple[float, float]:
    """Where ``seat`` sits, the viewer at the bottom and the others clockwise round."""
    players = view.rules.players
    angle = math.pi / 2 + 2 * math.pi * ((seat - view.seat) % players) / players
    return 360 + rx * math.cos(angle), 215 + ry * math.sin(angle)


def _card(card: Card, x: float, y: float, classes: str, extra: str = "") -> str:
    colour = "#c8102e" if card.suit in _RED_SUITS else "#1a1a1a"
    rank = "10" if str(card)[0] == "T" else str(card)[0]
    w, h = _CARD
    return (
        f'<g class="{classes}" data-card="{card}"{extra} transform="translate({x:.1f},{y:.1f})">'
        f'<rect width="{w}" height="{h}" rx="5" fill="#fff" stroke="#555"/>'
        f'<text x="5" y="20" font-size="17" font-weight="bold" fill="{colour}">{rank}</text>'
        f'<text x="5" y="44" font-size="22" fill="{colour}">{card.suit.symbol}</text></g>'
    )


def _hand(view: PlayerView) -> str:
    cards = sorted(view.hand, key=lambda c: (c.suit.value, c.rank.value))
    active = view.is_my_turn and view.phase in (Phase.PASS, Phase.PLAY)
    legal = view.legal_cards
    step = min(_CARD[0] + 4, (_WIDTH - 40 - _CARD[0]) / max(1, len(cards) - 1))
    left = (_WIDTH - (step * (len(cards) - 1) + _CARD[0])) / 2
    parts = [f'<g class="hand" data-seat="{view.seat}">']
    for i, card in enumerate(cards):
        state = (" legal" if card in legal else " illegal") if active else ""
        parts.append(_card(card, left + i * step, _HEIGHT - _CARD[1] - 12, "card" + state))
    return "".join(parts) + "</g>"


def _others(view: PlayerView, names: tuple[str, ...]) -> str:
    parts = []
    for seat, name in enumerate(names):
        x, y = _place(view, seat, 300, 190)
        turn = " to-act" if seat in view.to_act else ""
        label = "You" if seat == view.seat else name
        parts.append(f'<g class="seat{turn}" data-seat="{seat}">')
        if seat != view.seat:
            count = view.hand_sizes[seat]
            parts.append(
                f'<g class="card-back" data-seat="{seat}" data-count="{count}">'
                f'<rect x="{x - 15:.1f}" y="{y - 21:.1f}" width="30" height="42" rx="4" '
                f'fill="#234" stroke="#fff"/><text x="{x:.1f}" y="{y + 6:.1f}" font-size="15" '
                f'fill="#fff" text-anchor="middle">{count}</text></g>'
            )
            y += 36
        else:
            y = _HEIGHT - _CARD[1] - 22
        weight = "bold" if turn else "normal"
        parts.append(
            f'<text x="{x:.1f}" y="{y:.1f}" font-size="15" font-weight="{weight}" fill="#fff" '
            f'text-anchor="middle">{escape(label)}</text></g>'
        )
    return "".join(parts)


def _trick(view: PlayerView) -> str:
    parts = ['<g class="trick">']
    players = view.rules.players
    for i, card in enumerate(view.current_trick):
        seat = (view.leader + i) % players
        x, y = _place(view, seat, 70, 55)
        parts.append(
            _card(card, x - _CARD[0] / 2, y - _CARD[1] / 2, "card played", f' data-seat="{seat}"')
        )
    return "".join(parts) + "</g>"


def draw(view: PlayerView) -> str:
    """The table as ``view.seat`` sees it: an SVG document, 720 by 500 units, that scales.

    >>> from hearts_core import new_game, observe
    >>> draw(observe(new_game(), 0)).startswith('<svg class="hearts-table"')
    True
    """
    names = seat_names(view.rules.players)
    return (
        f'<svg class="hearts-table" xmlns="http://www.w3.org/2000/svg" '
        f'viewBox="0 0 {_WIDTH} {_HEIGHT}" data-seat="{view.seat}" '
        f'data-phase="{view.phase.value}" font-family="DejaVu Sans, Arial, sans-serif">'
        f'<rect width="{_WIDTH}" height="{_HEIGHT}" rx="24" fill="#2f6b45"/>'
        + _others(view, names)
        + _trick(view)
        + _hand(view)
        + "</svg>"
    )
