"""The hearts command at a terminal, as a new player meets it: each trick headed before
its cards, long lines wrapped at spaces to the terminal's width (keeping their
indentation), one rule for capitals, and ``watch`` at a pace a person can follow on a
terminal but with no pause into a pipe."""

from __future__ import annotations

import io
import itertools
import os
import random
import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.terminal import Player, as_input

from hearts_core import Deal, Rules, apply, new_game
from hearts_core.bots import RuleBot
from hearts_core.cli import main
from hearts_core.cli.parser import MAX_PACE, WATCH_PACE
from hearts_core.cli.play import TableTalk, play_at_table
from hearts_core.cli.screen import Screen
from hearts_core.cli.table import HumanSeat
from hearts_core.io.records import GameRecord, record_from_json, record_to_json

SEATS = ("You", "East", "South", "West")
ANSI = re.compile(r"\x1b\[[0-9;]*m")
# Score tables: their rows start with a lower-case label, or (the heading row) with names.
TABLE_ROW = re.compile(r"^\s*(points|scores|totals|final totals)\s|^\s+(You|North)\s+East\s")


class Terminal(io.StringIO):
    """An output that says it is a terminal (its width: ``COLUMNS``, or the fallback)."""

    def isatty(self) -> bool:
        return True


def _play(*args: str, out: io.StringIO, mistakes: list[str] | None = None) -> str:
    """``hearts play`` answered by the scripted player of test_main (``mistakes`` first)."""
    player = Player(out, mistakes)
    status = main(["play", *args], stdin=as_input(player), stdout=out, stderr=out)
    assert status == 0, out.getvalue()[-500:]
    return out.getvalue()


# The trick's heading comes before its first card.


def _tricks(text: str) -> Iterator[list[str]]:
    """The lines of each trick: from its heading to the line saying who took it."""
    trick: list[str] | None = None
    for line in text.splitlines():
        if line.startswith("Trick "):
            assert trick is None, f"a heading inside a trick: {line!r}"
            trick = [line]
        elif trick is not None:
            trick.append(line)
            if re.search(r" takes? the trick ", line):
                yield trick
                trick = None
        else:
            assert not re.match(r"(You|East|South|West) plays? ", line), (
                f"a card played before its trick's heading: {line!r}"
            )


def test_each_trick_is_headed_before_its_first_card() -> None:
    text = _play("--seed", "5", "--style", "plain", out=io.StringIO())
    hands = text.count("— Hand ")
    tricks = list(_tricks(text))
    assert hands >= 1 and len(tricks) == 13 * hands
    for number, trick in enumerate(tricks):
        heading, plays = trick[0], [line for line in trick if re.match(r"\w+ plays? ", line)]
        assert heading.startswith(f"Trick {number % 13 + 1} · scores: You ")
        # The four cards of the trick all come after it, one per seat, in turn.
        assert len(plays) == 4 and len({line.split()[0] for line in plays}) == 4
        # Asked to play, you see your hand and the trick so far: the cards played since
        # the heading, in the order they were played.
        shown = next(i for i, line in enumerate(trick) if line.startswith("Your hand: "))
        played = [line for line in trick[1:shown] if re.match(r"\w+ plays? ", line)]
        before = [line.split(" play")[0] + " " + line.split()[-1] for line in played]
        on_table = "On the table: " + ", ".join(before) if before else "You lead."
        assert trick[shown + 1] == on_table and trick[shown + 3].startswith("Your card: ")


def test_the_heading_comes_first_when_you_lead() -> None:
    # You hold the 2♣: you lead the first trick; the heading is shown before you are asked.
    rules = Rules(pass_cycle=["hold"], single_hand=True)
    out = io.StringIO()
    screen = Screen(out, use_rich=False)
    seat = HumanSeat(screen, as_input(Player(out)), SEATS)
    state = apply(new_game(rules), Deal([
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    ]))  # fmt: skip
    assert play_at_table(TableTalk(screen, SEATS, 26), [seat, *[RuleBot()] * 3], rules,
                         random.Random(0), state)  # fmt: skip
    lines = out.getvalue().splitlines()
    assert lines[:4] == [
        "",
        "Trick 1 · scores: You 0, East 0, South 0, West 0",
        "Your hand: 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣",
        "You lead.",
    ]
    assert len(list(_tricks(out.getvalue()))) == 13
    # You take every trick: the points of the others' hearts and queen add up in the heading.
    assert "Trick 13 · scores: You 0 (+25), East 0, South 0, West 0" in lines


# Long lines wrapped to the terminal, at spaces, keeping their indentation.

MISTAKES = ["2C", "banana", "TWICE", "NOT-HELD", "help", "NOT-HELD"]


def _pieces(whole: list[str], wrapped: list[str]) -> Iterator[tuple[str, list[str]]]:
    """Each line of ``whole`` with the lines it was wrapped into, checking that
    wrapping only moved words to new lines."""
    rest = iter(wrapped)
    for line in whole:
        pieces = [next(rest)]
        while " ".join(" ".join(p.split()) for p in pieces) != " ".join(line.split()):
            assert " ".join(line.split()).startswith(" ".join(" ".join(pieces).split())), (
                line, pieces,
            )  # fmt: skip
            pieces.append(next(rest))
        yield line, pieces
    assert next(rest, None) is None


def _check_wrapped(whole: str, wrapped: str, width: int) -> int:
    """Check ``wrapped`` is ``whole`` wrapped to ``width``; the number of lines wrapped."""
    count = 0
    for line, pieces in _pieces(whole.splitlines(), wrapped.splitlines()):
        if len(pieces) == 1:
            assert pieces[0] == line
            continue
        count += 1
        indent = line[: len(line) - len(line.lstrip(" "))]
        for piece in pieces:
            assert len(piece) < width, (width, piece)
            assert piece.startswith(indent) and not piece[len(indent) :].startswith(" ")
    return count


@pytest.mark.parametrize("width", [40, 64, 100])
def test_play_wraps_refusals_at_spaces_to_the_terminal(
    width: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", str(width))
    args = ("--seed", "5", "--style", "plain")
    whole = _play(*args, out=io.StringIO(), mistakes=MISTAKES)
    wrapped = _play(*args, out=Terminal(), mistakes=MISTAKES)
    longest = max(len(line) for line in whole.splitlines())
    assert longest > 150  # a refusal with the rule it breaks: longer than any terminal here
    assert _check_wrapped(whole, wrapped, width) >= 3
    refusal = next(line for line in whole.splitlines() if "CARD_NOT_IN_HAND" in line)
    assert refusal not in wrapped and " ".join(refusal.split()) in " ".join(wrapped.split())


def test_watch_keeps_the_indentation_of_a_wrapped_trick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "30")
    whole, wrapped = io.StringIO(), Terminal()
    for out in (whole, wrapped):
        assert main(["watch", "--seed", "2", "--pace", "0", "--style", "plain"], stdout=out) == 0
    assert re.search(r"^   1\. \w+: ", whole.getvalue(), re.M)
    assert _check_wrapped(whole.getvalue(), wrapped.getvalue(), 30) > 13


def test_rich_output_is_wrapped_the_same_way(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "50")
    typed = "2C\nbanana\nQS KS\nquit\n"
    shown = {}
    for style in ("plain", "rich"):
        out = Terminal()
        assert main(["play", "--seed", "5", "--style", style], stdin=io.StringIO(typed),
                    stdout=out) == 0  # fmt: skip
        shown[style] = ANSI.sub("", out.getvalue())
    whole = io.StringIO()
    assert main(["play", "--seed", "5", "--style", "plain"], stdin=io.StringIO(typed),
                stdout=whole) == 0  # fmt: skip
    assert shown["rich"] == shown["plain"]
    assert _check_wrapped(whole.getvalue(), shown["rich"], 50) >= 4


def test_a_terminal_that_cannot_say_its_width_gets_the_fallback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)
    asked = []

    def cannot_say(fallback: tuple[int, int] = (80, 24)) -> os.terminal_size:
        asked.append(fallback)
        return os.terminal_size(fallback)

    monkeypatch.setattr(shutil, "get_terminal_size", cannot_say)
    wrapped = _play("--seed", "5", "--style", "plain", out=Terminal(), mistakes=MISTAKES)
    whole = _play("--seed", "5", "--style", "plain", out=io.StringIO(), mistakes=MISTAKES)
    assert asked and asked[0][0] == 80
    assert _check_wrapped(whole, wrapped, 80) >= 3


def test_the_help_text_is_wrapped_to_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "60")
    text = _play("--seed", "5", "--style", "plain", out=Terminal(), mistakes=["help"])
    start = text.index("Cards are shown as ")
    block = text[start : text.index("ends the game.", start) + len("ends the game.")]
    assert all(len(line) < 60 for line in block.splitlines())
    assert '"queen of spades";' in block and "'quit' (or Ctrl-D)" in " ".join(block.split())


# One rule for capitals: every line starts with a capital letter; after a colon the text
# goes on in lower case, but for names; seat names (and "You" in play) are capitalised.


def _first_letter(line: str) -> str | None:
    match = re.search(r"[^\W\d_]", ANSI.sub("", line))
    return match[0] if match else None


def _check_capitals(text: str) -> None:
    for line in text.splitlines():
        if not line.strip() or TABLE_ROW.search(line):
            continue
        letter = _first_letter(line)
        assert letter is None or letter.isupper(), f"a line starting in lower case: {line!r}"
    assert not re.search(r"\b(north|east|south|west|northeast|southeast|southwest|northwest)\b",
                         text), "a seat name in lower case"  # fmt: skip


def test_play_lines_start_with_a_capital() -> None:
    text = _play("--seed", "5", "--style", "plain", out=io.StringIO(),
                 mistakes=[*MISTAKES, "2", "K", "hand"])  # fmt: skip
    assert "Not a card: 'banana'. Type 'help' for how to write cards." in text
    assert "\nnot a card" not in text
    _check_capitals(text)


def test_watch_and_replay_lines_start_with_a_capital(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    out = io.StringIO()
    assert main(["watch", "--seed", "4", "--save", str(saved), "--style", "plain"], stdout=out) == 0
    _check_capitals(out.getvalue())
    assert record_from_json(saved.read_text(encoding="utf-8")).final.is_over
    # A record that starts mid-game says so in a line of its own.
    later = saved.with_name("later.json")
    record = GameRecord.for_variant("standard", hand_number=2, totals=(10, 20, 30, 4))
    later.write_text(record_to_json(record), encoding="utf-8")
    for path in (saved, later):
        shown = io.StringIO()
        assert main(["replay", str(path), "--style", "plain"], stdout=shown) == 0
        _check_capitals(shown.getvalue())
    starting = "\n  Starting at hand 3, totals North 10, East 20, South 30, West 4\n"
    assert starting in shown.getvalue()


# hearts watch --pace.


def _watch(*args: str, out: io.StringIO, tmp_path: Path) -> tuple[str, int]:
    """Watch a game into ``out``; its output and the number of seats' actions."""
    saved = tmp_path / "watched.json"
    assert main(["watch", "--seed", "3", "--save", str(saved), *args], stdout=out) == 0
    record = record_from_json(saved.read_text(encoding="utf-8"))
    return out.getvalue(), sum(not isinstance(action, Deal) for action in record.actions)


def test_watch_on_a_terminal_pauses_after_each_play(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    asked: list[tuple[float, str]] = []
    out = Terminal()
    monkeypatch.setattr(time, "sleep", lambda seconds: asked.append((seconds, out.getvalue())))
    text, actions = _watch("--style", "plain", out=out, tmp_path=tmp_path)
    assert WATCH_PACE > 0 and {seconds for seconds, _ in asked} == {WATCH_PACE}
    # A pause after every seat's action (passes, plays) but the game's last.
    assert len(asked) == actions - 1
    # Each trick is on the screen in the pause after its last card, before the next one.
    # (the last trick's line comes with the end of the game, after the last pause).
    tricks = [shown.count(" -> ") for _, shown in asked]
    assert all(0 <= b - a <= 1 for a, b in itertools.pairwise(tricks))
    assert tricks[0] == 0 and tricks[-1] == text.count(" -> ") - 1
    assert all(shown.endswith("\n") for _, shown in asked)


@pytest.mark.parametrize(
    ("args", "terminal", "expected"),
    [
        ((), False, None),  # into a pipe or a file: no pause
        (("--pace", "0"), True, None),  # asked for none
        (("--pace", "1.5"), False, 1.5),  # asked for one, into a pipe
        (("--pace", str(MAX_PACE)), True, MAX_PACE),
    ],
)
def test_watch_pace_as_asked(
    args: tuple[str, ...],
    terminal: bool,
    expected: float | None,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    asked: list[float] = []
    monkeypatch.setattr(time, "sleep", asked.append)
    out = Terminal() if terminal else io.StringIO()
    _, actions = _watch("--style", "plain", *args, out=out, tmp_path=tmp_path)
    assert asked == ([] if expected is None else [expected] * (actions - 1))


@pytest.mark.parametrize("pace", ["-1", "60.5", "nan", "inf", "-inf", "1e400"])
def test_watch_refuses_a_pace_that_is_not_a_sane_pause(
    pace: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(time, "sleep", lambda seconds: pytest.fail("paused"))
    out, err = io.StringIO(), io.StringIO()
    assert main(["watch", f"--pace={pace}"], stdout=out, stderr=err) == 2
    assert out.getvalue() == ""
    shown = "inf" if pace == "1e400" else f"{float(pace):g}"
    expected = f"hearts: --pace must be a number of seconds from 0 to 60, not {shown}\n"
    assert err.getvalue() == expected


def test_watch_help_documents_the_pace() -> None:
    out = io.StringIO()
    assert main(["watch", "--help"], stdout=out) == 0
    text = " ".join(out.getvalue().split())
    assert "--pace SECONDS the pause after each play, 0 to 60 (default: 0.25 when the" in text
    assert "0, no pause, into a pipe or a file" in text
