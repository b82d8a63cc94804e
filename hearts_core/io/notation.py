"""A compact text notation for one hand: the deal, the passes, the plays.

Written for a terminal and a bug report, and read back exactly::

    hearts-hand/2
    variant: "standard"
    rules: {}
    hand: 0
    totals: 0 0 0 0
    deal:
      0: 2C 3C 4C 5C 6C 2D 3D 4D 5D 6D 2S 3S 4S
      ...
    pass left:
      0: 4D 5D 6D
      ...
    play:
       1. 0: 2C AC JC 8S
       2. 1: 7D AD TH 2D
      ...
    moon: 2 add-to-others
    # points 0 0 26 0; scored 26 26 0 26; totals 26 26 0 26

Cards are written ``QS`` (``10H``, ``q♠`` are read too). ``rules`` holds, as
JSON, the rule fields that differ from ``Rules()``, so the text means the same
whatever the variant files say later; ``variant`` is only a label. A trick line
is ``N. LEADER: CARDS`` in play order; the last trick may be unfinished, as the
hand may be. Lines starting with ``#`` are comments: the result line is one, and
reading ignores it. ``players``, ``date``, ``event`` and ``extra`` lines (JSON values)
carry a record's metadata, and a ``counting_down: yes`` line starts a hand of a count-down
game that subtracts (see :class:`~hearts_core.rules.GameEnd`).

:func:`format_hand` writes a one-hand :class:`~hearts_core.io.GameRecord` (cut a
longer one with :meth:`~hearts_core.io.GameRecord.hands`) and :func:`parse_hand`
reads one back; a problem raises :class:`~hearts_core.io.RecordError` naming the
line.

>>> from hearts_core.io import GameRecord
>>> from hearts_core import PlayCard, Deal
>>> record = GameRecord.for_variant("no-passing", [Deal([
...     "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
...     "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
... ]), PlayCard(0, "2C"), PlayCard(1, "2D")])
>>> text = format_hand(record)
>>> print(text, end="")
hearts-hand/2
variant: "no-passing"
rules: {"pass_cycle":["hold"]}
hand: 0
totals: 0 0 0 0
deal:
  0: 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC
  1: 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD
  2: 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH
  3: 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS
play:
   1. 0: 2C 2D
>>> parse_hand(text) == record
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Final

from hearts_core.actions import Action, ChooseMoon, Deal, PassCards, PlayCard
from hearts_core.cards import Card, CardSet
from hearts_core.engine import new_game, step
from hearts_core.errors import InvalidCardError
from hearts_core.events import HandScored
from hearts_core.io.checks import check_date, check_sequence, check_totals
from hearts_core.io.errors import RecordError
from hearts_core.io.jsontext import dumps, loads
from hearts_core.io.limits import MAX_DOCUMENT_CHARACTERS, MAX_NOTATION_LINES
from hearts_core.io.reader import Reader
from hearts_core.io.records import GameRecord, check_record, read_extra
from hearts_core.io.values import read_rules, rules_to_data
from hearts_core.rules import MoonOption, PassDirection, Rules
from hearts_core.state import Phase, seat_of

__all__ = ["HAND_FORMAT", "format_hand", "parse_hand"]

HAND_FORMAT: Final = "hearts-hand/2"
"""The first line of the hand notation (``hearts-hand/1``, whose totals line is headed
``scores:``, is read too)."""
_OLD_FORMAT: Final = "hearts-hand/1"
_MAX_LINES: Final = MAX_NOTATION_LINES

_DEFAULTS: Final = rules_to_data(Rules())
_HEADER: Final = re.compile(r"([a-z_]+)(?: ([a-z-]+))?:(.*)")
_SEAT_LINE: Final = re.compile(r"([0-9]+):(.*)")
_TRICK_LINE: Final = re.compile(r"([0-9]+)\.\s*([0-9]+):(.*)")
_KEYS: Final = (
    "variant", "rules", "hand", "totals", "counting_down", "players", "date", "event", "extra"
)
_SECTIONS: Final = ("deal", "pass", "play", "moon")


def _rules_text(rules: Rules) -> str:
    """The fields that differ from ``Rules()``, or all of them if that is not enough."""
    data = rules_to_data(rules)
    changed = {key: value for key, value in data.items() if _DEFAULTS.get(key) != value}
    if read_rules(Reader(), changed, "$") != rules:  # a default that depends on another field
        changed = data
    return dumps(changed)


def _seat_cards(seat: int, cards: CardSet) -> str:
    return f"  {seat}: {cards}".rstrip()


# long: writes the sections of the notation in order, one block each, as parse_hand reads them
def format_hand(record: GameRecord) -> str:
    """The notation of a one-hand record: a deal and what followed it (or nothing yet).

    Passes are written in seat order, whatever order they came in. A complete
    hand ends with a comment giving its result.

    Raises:
        RecordError: if the record holds more than one deal (cut it with
            :meth:`~hearts_core.io.GameRecord.hands`).
        InvalidStateError: for a ``record`` that is not a
            :class:`~hearts_core.io.GameRecord`.

    >>> from hearts_core.io import GameRecord
    >>> print(format_hand(GameRecord.for_variant("three-player", date="2024-05-01")), end="")
    hearts-hand/2
    variant: "three-player"
    rules: {"pass_cycle":["left","right","hold"],"players":3,"removed_cards":["2D"]}
    hand: 0
    totals: 0 0 0
    date: "2024-05-01"
    """
    check_record(record)
    actions = record.actions
    for index, action in enumerate(actions):
        if isinstance(action, Deal) != (index == 0):
            raise RecordError(
                [
                    RecordError.Problem(
                        f"$.actions[{index}]",
                        "the notation holds one hand, from its deal: "
                        "cut the record with GameRecord.hands()",
                    )
                ]
            )
    lines = [HAND_FORMAT]
    if record.variant is not None:
        lines.append(f"variant: {dumps(record.variant)}")
    lines.append(f"rules: {_rules_text(record.rules)}")
    lines.append(f"hand: {record.hand_number}")
    lines.append("totals: " + " ".join(str(total) for total in record.totals))
    if record.counting_down:  # written only when true: most games never count down
        lines.append("counting_down: yes")
    if record.players is not None:
        lines.append(f"players: {dumps(list(record.players))}")
    if record.date is not None:
        lines.append(f"date: {dumps(record.date)}")
    if record.event is not None:
        lines.append(f"event: {dumps(record.event)}")
    if record.extra:
        lines.append(f"extra: {dumps(dict(record.extra))}")
    if not actions:
        return "\n".join(lines) + "\n"
    deal = actions[0]
    assert isinstance(deal, Deal)
    lines.append("deal:")
    lines += [_seat_cards(seat, hand) for seat, hand in enumerate(deal.hands)]
    passes = sorted((a for a in actions if isinstance(a, PassCards)), key=lambda a: a.seat)
    if passes:
        direction = record.rules.pass_direction(record.hand_number)
        lines.append(f"pass {direction.value}:")
        lines += [_seat_cards(action.seat, action.cards) for action in passes]
    plays = [a for a in actions if isinstance(a, PlayCard)]
    if plays:
        lines.append("play:")
        players = record.rules.players
        for start in range(0, len(plays), players):
            trick = plays[start : start + players]
            cards = " ".join(str(play.card) for play in trick)
            lines.append(f"  {start // players + 1:>2}. {trick[0].seat}: {cards}")
    for action in actions:
        if isinstance(action, ChooseMoon):
            lines.append(f"moon: {action.seat} {action.option.value}")
    result = _result(record)
    if result:
        lines.append(result)
    return "\n".join(lines) + "\n"


def _result(record: GameRecord) -> str | None:
    state = record.start
    for action in record.actions:
        state, events = step(state, action)
        for event in events:
            if isinstance(event, HandScored):
                line = (
                    f"# points {_numbers(event.points)}; scored {_numbers(event.scores)}; "
                    f"totals {_numbers(event.totals)}"
                )
                if state.phase is Phase.GAME_OVER:
                    line += f"; game over, won by {_numbers(state.winners)}"
                return line
    return None


def _numbers(values: Sequence[int]) -> str:
    return " ".join(str(value) for value in values)


class _Parser:
    """Reads the notation line by line, noting each problem at its line."""

    def __init__(self, text: str) -> None:
        self.reader = Reader()
        self.lines = text.split("\n")
        self.totals_key = "totals"  # "scores" in hearts-hand/2
        self.header: dict[str, tuple[int, str]] = {}
        self.sections: list[tuple[int, str, str, list[tuple[int, str]]]] = []

    def add(self, number: int, message: str) -> None:
        self.reader.add(f"line {number}", message)

    def split(self) -> None:
        """Sort the lines into header values and sections with their content lines."""
        seen_format = False
        for number, raw in enumerate(self.lines, 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if not seen_format:
                if line not in (HAND_FORMAT, _OLD_FORMAT):
                    self.add(number, f"the notation starts with the line {HAND_FORMAT!r}")
                    return
                if line == _OLD_FORMAT:
                    self.totals_key = "scores"
                seen_format = True
                continue
            if line[0] in "0123456789":
                if not self.sections or self.sections[-1][1] == "moon":
                    self.add(number, "a seat line or trick line outside deal, pass or play")
                else:
                    self.sections[-1][3].append((number, line))
                continue
            match = _HEADER.fullmatch(line)
            if match is None:
                self.add(number, "not a line of the notation (KEY: VALUE, or a section)")
                continue
            key, detail, value = match.group(1), match.group(2), match.group(3).strip()
            if key == self.totals_key:
                key = "totals"
            elif key == "totals":
                key = "scores"  # not a key of hearts-hand/2
            if key in _KEYS and detail is None:
                if self.sections:
                    self.add(number, f"{key!r} belongs before the deal")
                elif key in self.header:
                    self.add(number, f"{key!r} is given twice")
                else:
                    self.header[key] = (number, value)
            elif key in _SECTIONS:
                order = [s[1] for s in self.sections]
                later = [s for s in _SECTIONS[_SECTIONS.index(key) :] if s in order]
                if later:
                    self.add(number, f"{key!r} must come before {later[0]!r}, once")
                elif (key == "pass") != (detail is not None) or (key != "moon" and value):
                    self.add(number, f"malformed {key!r} line")
                else:
                    self.sections.append((number, key, detail or value, []))
            else:
                self.add(number, f"unknown line {key!r}")
        if not seen_format:
            self.add(len(self.lines), f"the notation starts with the line {HAND_FORMAT!r}")

    def json_value(self, key: str) -> tuple[int, Any]:
        number, text = self.header[key]
        try:
            return number, loads(text)
        except RecordError as error:
            self.add(number, f"{key}: {error.problems[0].message}")
            return number, _MISSING

    def cards(self, number: int, text: str) -> list[Card] | None:
        found: list[Card] = []
        for word in text.split():
            try:
                card = Card.parse(word)
            except InvalidCardError:
                self.add(number, f"not a card: {word!r}")
                return None
            if card in found:
                self.add(number, f"{card} is listed twice")
                return None
            found.append(card)
        return found


_MISSING: Final = object()


# long: one pass over the document that reports every problem together, in field order
def parse_hand(text: str) -> GameRecord:
    """Read the notation of one hand back into a record, checked and replayed.

    Raises:
        RecordError: listing every problem, each at its line (``line 7``).

    >>> from hearts_core.io import GameRecord
    >>> parse_hand(format_hand(GameRecord.for_variant("omnibus"))).rules.card_values
    ((Card.parse('JD'), -10), (Card.parse('QS'), 13))
    >>> parse_hand("hearts-hand/2\\nrules: {}\\nhand: 0\\ntotals: 0 0 0\\ndeal:\\n  0: 2C 2C")
    Traceback (most recent call last):
    ...
    hearts_core.io.errors.RecordError: 3 problems:
      line 4: totals: 4 seats need 4 numbers
      line 6: 2C is listed twice
      line 5: the deal needs a line for each of the 4 seats
    """
    if not isinstance(text, str):
        raise RecordError([RecordError.Problem("$", "the notation is text (a str)")])
    if len(text) > MAX_DOCUMENT_CHARACTERS or text.count("\n") >= _MAX_LINES:
        raise RecordError(
            [
                RecordError.Problem(
                    "$",
                    f"longer than a hand is written: at most {_MAX_LINES} lines and "
                    f"{MAX_DOCUMENT_CHARACTERS} characters",
                )
            ]
        )
    parser = _Parser(text)
    parser.split()
    reader = parser.reader
    if reader.problems:
        reader.raise_if_any()
    for key in ("rules", "hand", "totals"):
        if key not in parser.header:
            parser.add(len(parser.lines), f"the {key!r} line is missing")
    reader.raise_if_any()
    rules: Rules | None = None
    number, data = parser.json_value("rules")
    if data is not _MISSING:
        rules = read_rules(reader, data, f"line {number}: rules")
    players = rules.players if rules is not None else None
    meta: dict[str, Any] = {}
    for key in ("variant", "date", "event", "players", "extra"):
        if key in parser.header:
            number, value = parser.json_value(key)
            if value is _MISSING:
                continue
            path = f"line {number}: {key}"
            if key == "players":
                names = reader.array(value, path, players)
                if names is not None and all(
                    reader.string(name, f"{path}[{i}]") is not None for i, name in enumerate(names)
                ):
                    meta[key] = tuple(names)
            elif key == "date":
                before = len(reader.problems)
                check_date(reader, value, path)
                if len(reader.problems) == before:
                    meta[key] = value
            elif key == "extra":
                extra = read_extra(reader, value, path)
                if extra is not None:
                    meta[key] = extra
            elif reader.string(value, path) is not None:
                meta[key] = value
    number, hand_text = parser.header["hand"]
    hand_number = int(hand_text) if re.fullmatch(r"[0-9]{1,9}", hand_text) else None
    if hand_number is None:
        parser.add(number, f"hand: a hand number (0, 1, ...), not {hand_text!r}")
    number, scores_text = parser.header["totals"]
    words = scores_text.split()
    scores: tuple[int, ...] | None = None
    if not all(re.fullmatch(r"-?[0-9]{1,9}", word) for word in words):
        parser.add(number, "totals: whole numbers separated by spaces")
    elif players is not None and len(words) != players:
        parser.add(number, f"totals: {players} seats need {players} numbers")
    else:
        scores = tuple(int(word) for word in words)
    number, down_text = parser.header.get("counting_down", (0, "no"))
    if down_text not in ("yes", "no"):
        parser.add(number, f"counting_down: yes or no, not {down_text!r}")
    down = down_text == "yes"
    steps = _actions(parser, rules, hand_number)
    reader.raise_if_any()
    assert rules is not None and hand_number is not None and scores is not None
    lines = (
        f"line {parser.header['hand'][0]}",
        f"line {parser.header['totals'][0]}",
        f"line {number or parser.header['totals'][0]}",
    )
    check_totals(reader, rules, hand_number, scores, Phase.DEAL, down, lines)
    reader.raise_if_any()
    start = new_game(rules, hand_number=hand_number, totals=scores, counting_down=down)
    check_sequence(reader, start, steps, fields=False)
    reader.raise_if_any()
    return GameRecord(
        rules,
        tuple(action for _, action in steps),
        hand_number=hand_number,
        totals=scores,
        counting_down=down,
        **meta,
    )


def _actions(
    parser: _Parser, rules: Rules | None, hand_number: int | None
) -> list[tuple[str, Action]]:
    """The actions the sections give, each with the line it came from."""
    steps: list[tuple[str, Action]] = []
    if rules is None or hand_number is None:
        return steps
    players = rules.players
    for number, kind, detail, content in parser.sections:
        if kind == "deal":
            hands: list[CardSet | None] = [None] * players
            for line_number, line in content:
                seat, cards = _seat_line(parser, line_number, line, players)
                if seat is None or cards is None:
                    continue
                if hands[seat] is not None:
                    parser.add(line_number, f"seat {seat} is dealt twice")
                hands[seat] = CardSet(cards)
            if None in hands:
                parser.add(number, f"the deal needs a line for each of the {players} seats")
            else:
                steps.append((f"line {number}", Deal(tuple(h for h in hands if h is not None))))
        elif kind == "pass":
            direction = rules.pass_direction(hand_number)
            if detail != direction.value:
                shown = "passes no cards" if direction is PassDirection.HOLD else "passes"
                parser.add(number, f"hand {hand_number} {shown} {direction.value}, not {detail}")
            passed: dict[int, tuple[str, Action]] = {}
            for line_number, line in content:
                seat, cards = _seat_line(parser, line_number, line, players)
                if seat is None or cards is None:
                    continue
                if seat in passed:
                    parser.add(line_number, f"seat {seat} passes twice")
                passed[seat] = (f"line {line_number}", PassCards(seat, CardSet(cards)))
            steps += [passed[seat] for seat in sorted(passed)]
        elif kind == "play":
            steps += _tricks(parser, content, players)
        else:
            words = detail.split()
            option = next((o for o in MoonOption if len(words) == 2 and o.value == words[1]), None)
            seat_ok = bool(words) and re.fullmatch(r"[0-9]", words[0]) is not None
            if not seat_ok or int(words[0]) >= players or option is None:
                parser.add(
                    number, "moon: the shooter's seat and add-to-others or subtract-from-shooter"
                )
            else:
                steps.append((f"line {number}", ChooseMoon(int(words[0]), option)))
    return steps


def _seat_line(
    parser: _Parser, number: int, line: str, players: int
) -> tuple[int | None, list[Card] | None]:
    match = _SEAT_LINE.fullmatch(line)
    if match is None or len(match.group(1)) > 1 or int(match.group(1)) >= players:
        parser.add(number, f"expected SEAT: CARDS with a seat from 0 to {players - 1}")
        return None, None
    return int(match.group(1)), parser.cards(number, match.group(2))


def _tricks(
    parser: _Parser, content: list[tuple[int, str]], players: int
) -> list[tuple[str, Action]]:
    steps: list[tuple[str, Action]] = []
    for expected, (number, line) in enumerate(content, 1):
        match = _TRICK_LINE.fullmatch(line)
        if match is None or len(match.group(1)) > 2 or len(match.group(2)) > 1:
            parser.add(number, "expected a trick: N. LEADER: CARDS")
            return steps
        if int(match.group(1)) != expected:
            parser.add(number, f"this is trick {expected}, not {match.group(1)}")
            return steps
        leader = int(match.group(2))
        cards = parser.cards(number, match.group(3))
        if leader >= players or cards is None:
            if cards is not None:
                parser.add(number, f"the leader is a seat from 0 to {players - 1}")
            return steps
        if not cards or len(cards) > players or (len(cards) < players and number != content[-1][0]):
            parser.add(number, f"a trick has {players} cards (only the last may have fewer)")
            return steps
        for index, card in enumerate(cards):
            steps.append((f"line {number}", PlayCard(seat_of(leader, index, players), card)))
    return steps
