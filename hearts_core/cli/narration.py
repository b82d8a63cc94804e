"""A game told hand by hand and trick by trick, as ``hearts watch`` and ``hearts replay``
show it.

:class:`Narrator` turns each event into lines of text; :func:`narrate` writes
them to a :class:`~hearts_core.cli.screen.Screen`, headings in bold.

>>> from hearts_core import Card, HandDealt, TrickTaken
>>> from hearts_core.rules import PassDirection
>>> from hearts_core.seat_names import seat_names
>>> narrator = Narrator(26, seat_names(4))
>>> narrator.lines(HandDealt(0, 3, PassDirection.LEFT))
['', 'Hand 1 (West deals): pass left']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from hearts_core.cards import Card, CardSet
from hearts_core.cli.screen import Screen
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
    SunShot,
    TrickTaken,
)
from hearts_core.rules import MoonOption, PassDirection

__all__ = ["Narrator", "narrate"]


class Narrator:
    """Turns the events of a game into lines of text, one event at a time.

    Args:
        moon_amount: The points at stake in a moon shot, to say what a shot cost.
        names: The seats' names, seat 0 first (see :func:`~hearts_core.seat_names.seat_names`).
        card: How to write a card (default: its symbol form, ``Q♠``; a
            screen (``hearts_core.cli.screen.Screen``) passes its ``card``).

    >>> from hearts_core import CardPlayed, Card, TrickTaken, HandScored
    >>> from hearts_core.seat_names import seat_names
    >>> narrator = Narrator(26, seat_names(4))
    >>> narrator.lines(CardPlayed(2, Card.parse("2C")))
    []
    >>> cards = tuple(Card.parse(c) for c in ("2C", "KC", "QH", "5C"))
    >>> print(*narrator.lines(TrickTaken(3, cards, 1)))
       1. South: 2♣ K♣ Q♥ 5♣ -> West (1 point)
    >>> print("\\n".join(narrator.lines(HandScored(0, (0, 0, 0, 1), (0, 0, 0, 1), (0, 0, 0, 1)))))
                     North    East   South    West
      points             0       0       0       1
      totals             0       0       0       1
    """

    def __init__(
        self,
        moon_amount: int,
        names: Sequence[str],
        card: Callable[[Card], str] | None = None,
    ) -> None:
        self.moon_amount = moon_amount
        self.names = tuple(names)
        self.card: Callable[[Card], str] = card or (lambda card: card.symbol)
        self.column = max(8, *(len(name) + 2 for name in self.names))
        self._leader: int | None = None
        self._tricks = 0
        self._broken: str | None = None

    def _cards(self, cards: Iterable[Card]) -> str:
        return " ".join(self.card(card) for card in cards)

    def _row(self, label: str, values: Sequence[int | str]) -> str:
        return f"  {label:<12}" + "".join(f"{v:>{self.column}}" for v in values)

    def lines(self, event: Event) -> list[str]:
        """The lines that report ``event`` (none for events shown later, with their trick).

        >>> from hearts_core import HandDealt
        >>> from hearts_core.rules import PassDirection
        >>> from hearts_core.seat_names import seat_names
        >>> Narrator(26, seat_names(3)).lines(HandDealt(4, 2, PassDirection.HOLD))
        ['', 'Hand 5 (Southwest deals): no passing']
        """
        name = self.names
        match event:
            case HandDealt(hand_number=number, dealer=dealer, pass_direction=direction):
                self._tricks = 0
                passing = (
                    "no passing" if direction is PassDirection.HOLD else "pass " + direction.value
                )
                return ["", f"Hand {number + 1} ({name[dealer]} deals): {passing}"]
            case CardsPassed(from_seat=giver, to_seat=receiver, cards=CardSet() as cards):
                return [f"  {name[giver]} passes {self._cards(cards)} to {name[receiver]}"]
            case CardsPassed(from_seat=giver, to_seat=receiver):  # cards hidden from this seat
                return [f"  {name[giver]} passes cards to {name[receiver]}"]
            case CardPlayed(seat=seat):
                if self._leader is None:
                    self._leader = seat
                return []
            case HeartsBroken(card=card):
                self._broken = f"  (hearts broken by {self.card(card)})"
                return []
            case TrickTaken():
                return [self._trick(event)]
            case SunShot(seat=seat):
                return [f"  {name[seat]} shoots the sun: it took every trick"]
            case MoonShot(seat=seat, option=None):
                return [f"  {name[seat]} shoots the moon and chooses how to score it"]
            case MoonShot(seat=seat, option=option) | MoonChosen(seat=seat, option=option):
                verb = "chooses to" if isinstance(event, MoonChosen) else "shoots the moon:"
                if option is MoonOption.SUBTRACT_FROM_SHOOTER:
                    return [f"  {name[seat]} {verb} subtract {self.moon_amount} from its own total"]
                return [f"  {name[seat]} {verb} add {self.moon_amount} to every other seat"]
            case HandScored(points=points, scores=scores, totals=totals):
                lines = [self._row("", name), self._row("points", points)]
                if scores != points:
                    lines.append(self._row("scores", scores))
                lines.append(self._row("totals", totals))
                return lines
            case GameOver(winners=winners, totals=totals):
                label = "Winner" if len(winners) == 1 else "Winners"
                return [
                    "",
                    "Game over.",
                    self._row("final totals", totals),
                    f"{label}: {', '.join(name[w] for w in winners)} "
                    f"with {totals[winners[0]]} points",
                ]
        return []

    def _trick(self, event: TrickTaken) -> str:
        self._tricks += 1
        leader = self._leader if self._leader is not None else event.winner
        unit = "point" if event.points in (1, -1) else "points"
        line = (
            f"  {self._tricks:>2}. {self.names[leader]}: {self._cards(event.cards)} -> "
            f"{self.names[event.winner]} ({event.points} {unit}){self._broken or ''}"
        )
        self._leader = None
        self._broken = None
        return line


def narrate(screen: Screen, narrator: Narrator, events: Sequence[Event]) -> None:
    """Write the lines of each of ``events`` to ``screen``; headings in bold. On a
    terminal, long lines are wrapped (see :meth:`~hearts_core.cli.screen.Screen.fit`),
    but not the rows of the score tables.

    >>> import io
    >>> from hearts_core import HandDealt
    >>> from hearts_core.rules import PassDirection
    >>> from hearts_core.seat_names import seat_names
    >>> out = io.StringIO()
    >>> narrate(Screen(out, use_rich=False), Narrator(26, seat_names(4)),
    ...         [HandDealt(0, 0, PassDirection.ACROSS)])
    >>> out.getvalue()
    '\\nHand 1 (North deals): pass across\\n'
    """
    for event in events:
        table = isinstance(event, (HandScored, GameOver))
        for line in narrator.lines(event):
            style = "bold" if line.startswith(("Hand", "Game over", "Winner")) else None
            screen.say(line, style=style, wrap=not table)
