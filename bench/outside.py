"""A bot of this library seated in another engine's tournament, over a JSON-lines pipe.

The Rust hearts-engine measures its Monte-Carlo bot against outside players with a
duplicate-deal harness (its ``vs_cfr`` example) that runs the outside player as a
subprocess: one JSON request a line on the subprocess's stdin, one JSON reply a line on
its stdout. This script is such a subprocess for any bot ``hearts arena`` knows:

    vs_cfr --deals 2000 --throttle-ms 0 --samples 128 \\
        --shim "python bench/outside.py ismcts"

A request names the seat to act (``N``, ``E``, ``S``, ``W``, in playing order: a
left pass goes from N to E), the pass direction (``left``, ``right``, ``across``,
``hold``), the seat's hand, the cards it passed (``outgoing``) and received
(``incoming``), and every card played this hand with its seat. ``kind`` is ``pass``
for one card of the pass (asked three times, ``outgoing`` holding the cards given so
far) or ``play`` for a card to play:

    {"kind":"play","seat":"N","dir":"left","hand":["QS","TH"],"outgoing":["2C","3C","4C"],
     "incoming":["AH","KH","QH"],"plays":[["E","2C"],["S","5C"]]}

The reply is the card and the legal cards as this library's rules give them, which the
harness compares with its own on every decision (so a difference of rules stops the
run):

    {"card":"QS","legal":["TH","QS"]}

The standard rules of both engines agree (the 2C leads, no points on the first trick,
only a heart breaks hearts, a moon adds 26 to the others). A request carries no game
scores, so the bot sees totals of 0: the harness scores each deal alone. The seat's view
is rebuilt from the request (:func:`view_of`), with some deal of the hidden cards that
fits it; the bot's pass is chosen on the first of the three requests and given a card
at a time. A bad request stops the script with its reason on stderr.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterable, Sequence
from typing import Any, TextIO

from hearts_core import HeartsError, Rules, observe
from hearts_core.actions import PassCards, PlayCard
from hearts_core.belief import consistent_state
from hearts_core.bots import make_bot
from hearts_core.bots.protocol import Bot
from hearts_core.cards import Card, CardSet
from hearts_core.observation import PlayerView
from hearts_core.rules.options import PassDirection
from hearts_core.state import Phase, Trick, dealer_of, hearts_broken_by, taken_and_won

SEATS = "NESW"
"""The seat letters, seat 0 first, in playing order."""

_HAND_NUMBER = {"left": 0, "right": 1, "across": 2, "hold": 3}
"""A hand of the standard pass cycle with each direction."""


def view_of(request: dict[str, Any], rules: Rules | None = None) -> PlayerView:
    """The view of the request's seat, as this library's game would show it (with
    totals of 0).

    Raises:
        HeartsError: if no game shows such a view.
        KeyError, ValueError: for a request that is not of the protocol's shape.

    >>> request = {"kind": "play", "seat": "E", "dir": "hold", "outgoing": [],
    ...     "incoming": [], "plays": [["N", "2C"]],
    ...     "hand": "3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2D".split()}
    >>> [str(c) for c in view_of(request).legal_cards]
    ['3C', '4C', '5C', '6C', '7C', '8C', '9C', 'TC', 'JC', 'QC', 'KC', 'AC']
    """
    rules = Rules() if rules is None else rules
    seat = SEATS.index(request["seat"])
    direction = PassDirection(request["dir"])
    hand_number = _HAND_NUMBER[direction.value]
    plays = [(SEATS.index(s), Card.parse(c)) for s, c in request["plays"]]
    tricks: list[Trick] = []
    for start in range(0, len(plays) - len(plays) % 4, 4):
        leader = plays[start][0]
        if [s for s, _ in plays[start : start + 4]] != [(leader + i) % 4 for i in range(4)]:
            raise ValueError(f"plays: trick {len(tricks) + 1} is not in playing order")
        tricks.append(Trick(leader, tuple(c for _, c in plays[start : start + 4])))
    rest = plays[len(tricks) * 4 :]
    leader = rest[0][0] if rest else tricks[-1].winner if tricks else seat
    current = tuple(c for _, c in rest)
    passing = request["kind"] == "pass"
    exchanged = not passing and direction is not PassDirection.HOLD
    taken, _ = taken_and_won(tricks, 4)
    tables = rules.tables()
    counts = [sum(1 for s, _ in plays if s == k) for k in range(4)]
    outline = PlayerView(
        seat=seat,
        rules=rules,
        phase=Phase.PASS if passing else Phase.PLAY,
        hand_number=hand_number,
        dealer=dealer_of(hand_number, 4),
        pass_direction=direction,
        hand=_cards(request["hand"]),
        passed=_cards(request["outgoing"]) if exchanged else None,
        received=_cards(request["incoming"]) if exchanged else None,
        passed_seats=(0, 1, 2, 3) if exchanged else (),
        hand_sizes=tuple(13 - n for n in counts),
        tricks=tuple(tricks),
        current_trick=current,
        leader=leader,
        hearts_broken=hearts_broken_by(tables, tricks, current),
        hand_points=tuple(tables.points_of(mask) for mask in taken),
        totals=(0, 0, 0, 0),
        to_act=(0, 1, 2, 3) if passing else ((leader + len(current)) % 4,),
        winners=(),
        legal_actions=(),
    )
    # Every deal that fits shows the seat the same view: take the first.
    return observe(consistent_state(outline), seat)


def _cards(texts: Iterable[str]) -> CardSet:
    return CardSet(Card.parse(text) for text in texts)


class Seat:
    """One bot answering requests; it keeps the pass it chose between the three asks.

    A hand of clubs passes its three highest by the rules of thumb, a card an ask:

    >>> seat = Seat(make_bot("rule"), random.Random(1))
    >>> hand = "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC".split()
    >>> given = []
    >>> for _ in range(3):
    ...     reply = seat.answer({"kind": "pass", "seat": "S", "dir": "left", "hand": hand,
    ...         "outgoing": given, "incoming": [], "plays": []})
    ...     given = [*given, reply["card"]]
    >>> given, len(reply["legal"])
    (['QC', 'KC', 'AC'], 11)
    """

    def __init__(self, bot: Bot, rng: random.Random) -> None:
        self.bot = bot
        self.rng = rng
        self._passes: dict[tuple[str, frozenset[str]], list[str]] = {}

    def answer(self, request: dict[str, Any]) -> dict[str, Any]:
        """The reply to one request: ``card`` and ``legal``."""
        if request["kind"] == "pass":
            key = (request["seat"], frozenset(request["hand"]))
            if not request["outgoing"] or key not in self._passes:
                action = self.bot.choose(view_of(request), self.rng)
                if not isinstance(action, PassCards):
                    raise ValueError(f"the bot answered a pass with {action}")
                self._passes[key] = [str(card) for card in action.cards]
            given = set(request["outgoing"])
            card = next(c for c in self._passes[key] if c not in given)
            return {"card": card, "legal": [c for c in request["hand"] if c not in given]}
        if request["kind"] != "play":
            raise ValueError(f"kind: {request['kind']!r} is neither 'pass' nor 'play'")
        view = view_of(request)
        action = self.bot.choose(view, self.rng)
        if not isinstance(action, PlayCard):
            raise ValueError(f"the bot answered a play with {action}")
        return {"card": str(action.card), "legal": [str(c) for c in view.legal_cards]}


def serve(seat: Seat, lines: Iterable[str], out: TextIO) -> None:
    """Answer each request line with a reply line (compact JSON, flushed at once)."""
    for line in lines:
        reply = seat.answer(json.loads(line))
        out.write(json.dumps(reply, separators=(",", ":")) + "\n")
        out.flush()


def main(argv: Sequence[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    if not 1 <= len(args) <= 2:
        print("usage: python bench/outside.py BOT_SPEC [SEED]", file=sys.stderr)
        return 2
    seat = Seat(make_bot(args[0]), random.Random(int(args[1]) if len(args) > 1 else 1))
    try:
        serve(seat, sys.stdin, sys.stdout)
    except (HeartsError, KeyError, ValueError, TypeError) as exc:
        print(f"outside.py: bad request: {exc!r}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
