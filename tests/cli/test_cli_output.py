"""What the hearts command shows: one seat vocabulary (the compass, and "You" in play), one
card notation (Q♠, 10♥), your own card in the trick log, Ctrl-D as quit, help text as
written, descriptions cut only to fit a terminal, rulebooks wrapped with or without rich,
and bot lists that keep each bot's options together."""

from __future__ import annotations

import io
import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.terminal import play_in_process

from hearts_core import (
    ChooseMoon,
    PassCards,
    Phase,
    PlayCard,
    Rules,
    apply,
    explain,
    legal_actions,
    new_game,
    random_deal,
    variant_names,
)
from hearts_core.bots import RuleBot, transitions
from hearts_core.cli import main
from hearts_core.cli.markdown import plain_text
from hearts_core.cli.parser import COMMANDS
from hearts_core.cli.rulebooks import first_sentence
from hearts_core.cli.screen import Screen
from hearts_core.errors import InvalidRulesError
from hearts_core.io.records import GameRecord, record_to_json
from hearts_core.rules import describe_variant, variant_info
from hearts_core.seat_names import name_seats, seat_names

COMPASS = r"(?:North|Northeast|East|Southeast|South|Southwest|West|Northwest)"
LETTER_CARD = re.compile(r"\b[2-9TJQKA][CDHS]\b")
SYMBOL_CARD = re.compile(r"(?:10|[2-9JQKA])[♣♦♥♠]")


def _main(*args: str, stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    status = main(list(args), stdin=io.StringIO(stdin), stdout=out, stderr=out)
    return status, out.getvalue()


class Terminal(io.StringIO):
    """An output that says it is a terminal."""

    def isatty(self) -> bool:
        return True


# Seat names.


def test_seat_names_for_every_table() -> None:
    assert seat_names(3) == ("North", "Southeast", "Southwest")
    assert seat_names(4) == ("North", "East", "South", "West")
    assert seat_names(5) == ("North", "East", "Southeast", "Southwest", "West")
    assert seat_names(6) == ("North", "Northeast", "Southeast", "South", "Southwest", "Northwest")
    for players in range(3, 7):
        assert len(set(seat_names(players))) == players
        assert seat_names(players)[0] == "North"
    for bad in (2, 7, 0, -1, "4", 4.0, None, True):
        with pytest.raises(InvalidRulesError):
            seat_names(bad)  # type: ignore[arg-type]


def _refusals(players: int, games: int = 6) -> set[str]:
    """The messages of the library's refusals of seat 0's own actions in real games."""
    rules = Rules(players=players, moon="shooter-chooses")
    found: set[str] = set()
    rng = random.Random(players)
    for _ in range(games):
        state = new_game(rules)
        while not state.is_over:
            if state.phase is Phase.DEAL:
                state = apply(state, random_deal(rules, rng))
                continue
            if 0 in state.to_act:
                hand = list(state.hands[0])
                missing = [card for card in rules.deck if card not in hand]
                tries: list[object] = [PlayCard(0, card) for card in rules.deck]
                tries += [PassCards(0, hand[:1]), PassCards(0, missing[: rules.pass_count])]
                tries += [ChooseMoon(0, "add-to-others"), PlayCard(1, hand[0])]
                for action in tries:
                    error = explain(state, action)
                    if error is not None:
                        found.add(str(error))
            state = apply(state, rng.choice(legal_actions(state)))
    return found


@pytest.mark.parametrize("players", [3, 4, 6])
def test_the_library_messages_read_well_in_the_second_person(players: int) -> None:
    names = ("You", *seat_names(players)[1:])
    messages = _refusals(players)
    assert len(messages) >= 10
    for message in messages:
        shown = name_seats(message, names, you=0)
        assert not re.search(r"\bseat \d", shown), shown
        assert not re.search(r"\b[Yy]ou (does|has|holds|is|gets)\b", shown), shown
        if shown.startswith("You "):
            assert " it holds " not in shown and " and holds " not in shown, shown
        assert "You's" not in shown and "you's" not in shown, shown


def test_engine_messages_are_shown_with_names_and_symbols() -> None:
    screen = Screen(io.StringIO(), use_rich=False)
    names = ("You", "East", "South", "West")
    text = "seat 0 must follow clubs and holds 3C, TC (seat 2 led)"
    shown = screen.message(text, names, you=0)
    assert shown == "You must follow clubs and hold 3♣, 10♣ (South led)"
    assert screen.message("seat 3 may act only for itself", names, you=None) == (
        "West may act only for itself"
    )


def _lines_without_prompts(out: str) -> list[str]:
    """The lines the command wrote, without the answers echoed after a prompt."""
    return [line for line in out.splitlines() if not line.startswith(("Your card:", "Pass "))]


def _check_vocabulary(out: str) -> None:
    for line in _lines_without_prompts(out):
        assert not re.search(r"\bseats? \d", line), line
        assert not LETTER_CARD.search(line), line
        assert not re.search(r"^\s*\d\. (rule|random|mc)", line), line


@pytest.mark.parametrize("variant", ["standard", "three-player", "six-player"])
def test_watch_and_replay_name_seats_and_write_cards_one_way(
    variant: str, tmp_path: Path
) -> None:
    saved = tmp_path / "game.json"
    status, watched = _main("watch", "--seed", "3", "--variant", variant, "--save", str(saved))
    assert status == 0
    _check_vocabulary(watched)
    players = variant_info(variant).rules.players
    assert re.search(rf"^Hand 1 \({COMPASS} deals\)", watched, re.M)
    assert re.search(rf"^ +1\. {COMPASS}: ({SYMBOL_CARD.pattern} ){{{players}}}-> {COMPASS} ",
                     watched, re.M)
    status, replayed = _main("replay", str(saved))
    assert status == 0
    _check_vocabulary(replayed)


def test_simulate_names_each_bot_by_its_first_seat() -> None:
    status, out = _main("simulate", "--games", "2", "--seed", "1", "--variant", "five-player")
    assert status == 0
    _check_vocabulary(out)
    labels = [f"{seat} {bot}" for seat, bot in zip(
        seat_names(5), ["rule", "random", "rule", "random", "rule"], strict=True)]
    assert out.splitlines()[0].endswith(": " + ", ".join(labels))
    for label in labels:
        assert re.search(rf"^{label}\s{{2,}}\d", out, re.M), label


def test_play_calls_you_you_everywhere() -> None:
    answers = "2C 3C 4C\nQS KS AS\n" + "quit\n"
    status, out = _main("play", "--seed", "5", "--style", "plain", stdin=answers)
    assert status == 0
    _check_vocabulary(out)
    assert "Not allowed: You do not hold 2♣, 3♣, 4♣ (CARD_NOT_IN_HAND: " in out
    # North is you: after the first line, North is never named.
    first, *rest = out.splitlines()
    assert "you sit North" in first
    assert not any("North" in line for line in rest)


def test_an_output_without_symbols_gets_letters_everywhere() -> None:
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="ascii", newline="\n")
    assert main(["watch", "--seed", "2", "--style", "plain"], stdout=out) == 0
    out.flush()
    text = raw.getvalue().decode("ascii")
    assert LETTER_CARD.search(text) and not SYMBOL_CARD.search(text)


# Play: your card in the log, and Ctrl-D.


def test_your_own_card_is_shown_played_like_the_others() -> None:
    status, out, _ = play_in_process("--seed", "7")
    assert status == 0
    lines = out.splitlines()
    # Every trick has one "You play" line, right after your answer to "Your card:".
    tricks = len(re.findall(r"takes? the trick", out))
    mine = re.compile(rf"You play {SYMBOL_CARD.pattern}")
    yours = [i for i, line in enumerate(lines) if mine.fullmatch(line)]
    assert len(yours) == tricks > 0
    assert all(lines[i - 1].startswith("Your card: ") for i in yours)
    # Four cards are shown played in each trick, yours among them.
    assert len(re.findall(rf"^(?:You play|{COMPASS} plays) ", out, re.M)) == 4 * tricks


def test_end_of_input_is_quit(tmp_path: Path) -> None:
    for stdin in ("", "2C 3C 4C\n", "help\n"):
        status, out = _main("play", "--seed", "1", "--style", "plain", stdin=stdin)
        assert status == 0 and out.rstrip().endswith("Game abandoned."), stdin
    result = subprocess.run(
        [sys.executable, "-m", "hearts_core", "play", "--seed", "1", "--style", "plain"],
        cwd=tmp_path,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.rstrip().endswith("Game abandoned.")


# Help text.


def test_help_shows_percent_signs_once() -> None:
    for command in COMMANDS:
        status, out = _main(command, "--help")
        assert status == 0, command
        assert "%%" not in out, command
    status, out = _main("simulate", "--help")
    assert "95% confidence interval" in " ".join(out.split())
    status, out = _main("--help")
    assert status == 0 and all(command in out for command in COMMANDS)


# hearts variants: cut only on a terminal of known width.


def test_variants_are_written_whole_into_a_pipe() -> None:
    for style in ("plain", "rich"):
        status, out = _main("variants", "--style", style)
        assert status == 0 and "…" not in out and "..." not in out
    status, out = _main("variants", "--style", "plain")
    for name in variant_names():
        assert first_sentence(variant_info(name).description) in out


def test_variants_are_cut_to_fit_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "90")
    out = Terminal()
    assert main(["variants", "--style", "plain"], stdout=out) == 0
    lines = out.getvalue().splitlines()
    assert all(len(line) < 90 for line in lines)
    assert any(line.endswith("…") for line in lines)
    assert len(lines) == len(variant_names()) + 1
    # A terminal whose width is unknown is written whole.
    monkeypatch.delenv("COLUMNS")
    out = Terminal()
    assert main(["variants", "--style", "plain"], stdout=out) == 0
    assert "…" not in out.getvalue()


# hearts rules: wrapped, with rich or without.


def _words(text: str) -> list[str]:
    return re.findall(r"[\w♠♥♦♣']+", text.replace("`", ""))


@pytest.mark.parametrize("name", list(variant_names()))
def test_rules_without_rich_is_wrapped_plain_text(name: str) -> None:
    status, out = _main("rules", name, "--style", "plain")
    assert status == 0
    book = describe_variant(variant_info(name))
    assert out == plain_text(book)
    lines = out.splitlines()
    assert all(len(line) <= 79 for line in lines), max(lines, key=len)
    assert not any(line.startswith(("#", "|")) or "`" in line for line in lines)
    assert lines[:2] == [name, "=" * len(name)]
    # Every word of the rulebook is there, in its order.
    assert _words(out) == _words(book)


def test_plain_rulebook_headings_lists_and_tables() -> None:
    _, out = _main("rules", "black-maria", "--style", "plain")
    assert "\nPlayers and cards\n-----------------\n\n  - There are three players" in out
    assert re.search(r"^    the player on your left plays after you\.$", out, re.M)
    assert re.search(r"^Card\s+Points$", out, re.M)
    assert re.search(r"^Q♠\s+13$", out, re.M)
    assert re.search(r"^All the cards together\s+43$", out, re.M)


def test_plain_text_falls_back_for_a_wide_table() -> None:
    table = "| a | b |\n| --- | --- |\n| " + "x " * 30 + "| " + "y " * 30 + "|"
    out = plain_text(table, width=40)
    assert all(len(line) <= 40 for line in out.splitlines())
    assert out.startswith("  - a: x x x")


@pytest.mark.parametrize("columns", [50, 80])
def test_rules_with_rich_wraps_to_the_width(columns: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", str(columns))
    status, out = _main("rules", "black-maria", "--style", "rich")
    assert status == 0
    assert all(len(line.rstrip()) <= columns for line in out.splitlines())
    flat = " ".join(out.split())
    # The ends of long list items are there: wrapped, not cut at the width.
    assert "the player on your left plays after you." in flat
    assert "before hearts are broken too." in flat
    assert "# black-maria" not in out


# --bots lists.


def test_bot_lists_keep_each_bots_options_together() -> None:
    status, out = _main(
        "watch", "--seed", "1", "--variant", "three-player",
        "--bots", "mc:samples=2,rollout=random,rule,random",
    )
    assert status == 0, out
    assert out.splitlines()[0].endswith(
        "North MonteCarloBot(samples=2, rollout='random'), Southeast RuleBot(), "
        "Southwest RandomBot()"
    )
    status, out = _main(
        "simulate", "--games", "1", "--seed", "1", "--bots", "mc:samples=2,rollout=random,rule"
    )
    assert status == 0
    assert "North mc:samples=2,rollout=random, East rule, South mc:samples=2" in out
    status, out = _main("play", "--seed", "1", "--bots", "mc:samples=2,seconds=1,rule,rule",
                        stdin="quit\n")
    assert status == 0 and "Game abandoned." in out
    status, out = _main("watch", "--bots", "mc:samples=2,rollout=random,rule")
    assert status == 2 and "give one bot, or 4 separated by commas, not 2" in out


@pytest.mark.parametrize("variant", ["standard", "three-player"])
def test_a_bad_record_is_reported_with_names_and_symbols(variant: str) -> None:
    rules = variant_info(variant).rules
    moves = transitions([RuleBot()] * rules.players, rules, random.Random(1))
    actions = [move.action for _, move in zip(range(30), moves, strict=False)]
    record = GameRecord.for_variant(variant, actions)
    data = json.loads(record_to_json(record))
    index, play = next(
        (i, a) for i, a in enumerate(data["actions"]) if a["type"] == "play" and i > 10
    )
    play["card"] = "QS" if play["card"] != "QS" else "2H"
    seat = seat_names(rules.players)[play["seat"]]
    out, err = io.StringIO(), io.StringIO()
    assert main(["replay", "-"], stdin=io.StringIO(json.dumps(data)), stdout=out, stderr=err) == 2
    assert f"$.actions[{index}].card: CARD_NOT_IN_HAND: {seat} does not hold " in err.getvalue()
    assert not LETTER_CARD.search(err.getvalue()) and not re.search(r"seat \d", err.getvalue())
