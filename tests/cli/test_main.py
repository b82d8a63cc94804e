"""The hearts command (hearts_core.cli, also python -m hearts_core): driven through main() and as
a subprocess, in plain text and with rich, with scripted answers playing whole games.

The defects fixed with the cli/ package have their tests in test_cli_*.py."""

from __future__ import annotations

import io
import random
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from helpers.terminal import Player, as_input, play_in_process

from hearts_core import Card, Deal, Rules, apply, new_game, variant, variant_names
from hearts_core.bots import RuleBot
from hearts_core.cards import read_card as parse_card
from hearts_core.cards import read_cards as parse_cards
from hearts_core.cli import main
from hearts_core.cli.markdown import plain_text
from hearts_core.cli.play import TableTalk, play_at_table
from hearts_core.cli.screen import Screen
from hearts_core.cli.table import HumanSeat
from hearts_core.errors import InvalidCardError
from hearts_core.io.records import record_from_json
from hearts_core.rules import GameEnd, describe_variant, variant_info
from hearts_core.seat_names import seat_names

REPO = Path(__file__).resolve().parents[2]

_ROW = re.compile(r"^  (points|scores|totals|final totals)((?:\s+-?\d+)+)$")


def _run(*args: str, cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "hearts_core", *args],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )


def _main(*args: str, stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    status = main(list(args), stdin=io.StringIO(stdin), stdout=out)
    return status, out.getvalue()


# Reading cards.


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("QS", "QS"),
        ("qs", "QS"),
        ("q♠", "QS"),
        ("Q♠️", "QS"),
        ("♠Q", "QS"),
        ("s q", "QS"),
        ("queen of spades", "QS"),
        ("Queen Spades", "QS"),
        ("10h", "TH"),
        ("10♥", "TH"),
        ("t♡", "TH"),
        ("ten of hearts", "TH"),
        ("h10", "TH"),
        ("2c", "2C"),
        ("two of clubs", "2C"),
        ("ace of diamonds", "AD"),
        ("  jd ", "JD"),
        ("K-♣", "KC"),
    ],
)
def test_parse_card_reads_natural_spellings(text: str, card: str) -> None:
    assert parse_card(text) is Card.parse(card)


@pytest.mark.parametrize("text", ["", "Q", "S", "QQ", "1O h", "1h", "queen", "11h", "QS KS", "zz"])
def test_parse_card_refuses_anything_but_one_card(text: str) -> None:
    with pytest.raises(InvalidCardError):
        parse_card(text)


def test_parse_cards_reads_a_pass() -> None:
    expected = [Card.parse(c) for c in ("QS", "KS", "AS")]
    for text in ("QS KS AS", "qs,ks,as", "q♠ k♠ a♠", "QSKSAS", "queen of spades, ks and ace ♠"):
        assert parse_cards(text) == expected, text
    with pytest.raises(InvalidCardError, match="not a card"):
        parse_cards("QS KS A")


# variants, rules


def test_variants_lists_every_shipped_variant() -> None:
    status, out = _main("variants", "--style", "plain")
    assert status == 0
    names = [line.split()[0] for line in out.splitlines()[1:]]
    assert names == list(variant_names())
    assert re.search(r"^black-maria\s+3\s+maria, slippery-anne\s+Black Maria", out, re.M)


def test_rules_prints_the_rulebook() -> None:
    status, out = _main("rules", "classic", "--style", "plain")
    assert status == 0
    assert out == plain_text(describe_variant(variant_info("classic")))
    status, out = _main("rules", "--style", "plain")
    assert out == plain_text(describe_variant(variant_info("standard")))
    status, out = _main("rules", "classic", "--style", "rich")
    assert status == 0 and "classic" in out and "# classic" not in out  # rendered, not raw


def test_unknown_variant_and_bad_arguments_are_usage_errors(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for args in (
        ["rules", "no-such-rules"],
        ["watch", "--variant", "no-such-rules"],
        ["watch", "--bots", "rule,rule"],
        ["watch", "--bots", "genius"],
        ["simulate", "--games", "0"],
        ["simulate", "--games", "2", "--bots", "rule,rule,rule,rule,rule"],
        ["play", "--bots", "mc:0"],
        ["play", "--seed", "x"],
    ):
        assert _main(*args)[0] == 2, args
    err = capsys.readouterr().err
    assert "no variant named 'no-such-rules'" in err
    assert "give one bot, or 4 separated by commas, not 2" in err
    assert "unknown bot 'genius'" in err


# watch


def _rows(output: str) -> list[tuple[str, tuple[int, ...]]]:
    rows = []
    for line in output.splitlines():
        match = _ROW.match(line)
        if match:
            rows.append((match[1], tuple(int(v) for v in match[2].split())))
    return rows


def _check_watched_game(
    out: str, players: int, hand_points: int, count_down_from: int | None = None
) -> None:
    hands = re.findall(
        r"^Hand (\d+) \((\w+) deals\): (pass left|pass right|pass across|no passing)$",
        out,
        re.MULTILINE,
    )
    assert [int(n) for n, _, _ in hands] == list(range(1, len(hands) + 1))
    # Each hand prints its points (and its scores, after a moon shot) and the totals;
    # the totals must be the running sum of the hand scores (in a count-down game, the
    # scores are subtracted from the hand after a total reaches ``count_down_from``).
    totals: tuple[int, ...] = (0,) * players
    down = False
    scores: tuple[int, ...] | None = None
    hand_rows = 0
    rows = _rows(out)
    for label, values in rows:
        assert len(values) == players
        if label in ("points", "scores"):
            scores = values
            if label == "points":
                hand_rows += 1
                assert sum(values) == hand_points
        elif label == "totals":
            assert scores is not None
            sign = -1 if down else 1
            totals = tuple(t + sign * s for t, s in zip(totals, scores, strict=True))
            assert values == totals
            scores = None
            down = down or (count_down_from is not None and max(totals) >= count_down_from)
    assert hand_rows == len(hands)
    label, final = rows[-1]
    assert label == "final totals" and final == totals
    low = min(final)
    names = seat_names(players)
    winners = [names[s] for s, total in enumerate(final) if total == low]
    assert out.rstrip().splitlines()[-1].endswith(f"{', '.join(winners)} with {low} points")


def test_watch_prints_a_whole_game_consistently(tmp_path: Path) -> None:
    result = _run("watch", "--seed", "3", "--style", "plain", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    _check_watched_game(result.stdout, 4, 26)
    tricks = re.findall(
        r"^ +\d+\. (?:North|East|South|West): (?:(?:10|[2-9JQKA])[♣♦♥♠] ){4}"
        r"-> (?:North|East|South|West) \(\d+ points?\)",
        result.stdout,
        re.M,
    )
    assert len(tricks) == 13 * len(re.findall(r"^Hand \d+", result.stdout, re.M))


@pytest.mark.parametrize(
    ("name", "points"),
    [("three-player", 26), ("six-player", 26), ("black-maria", 43), ("hartenjagen", 15)],
)
def test_watch_plays_other_tables(name: str, points: int) -> None:
    status, out = _main("watch", "--seed", "4", "--variant", name, "--style", "plain")
    assert status == 0
    rules = variant(name)
    down = rules.target_score if rules.game_end is GameEnd.COUNT_DOWN else None
    _check_watched_game(out, rules.players, points, down)
    if down is not None:  # Hartenjagen counts down and ends with a total at 0 or below
        assert min(_rows(out)[-1][1]) <= 0


def test_watch_same_seed_same_game() -> None:
    first = _main("watch", "--seed", "11", "--variant", "classic", "--style", "plain")[1]
    alias = _main("watch", "--seed", "11", "--variant", "CLASSIC", "--style", "plain")[1]
    other = _main("watch", "--seed", "12", "--variant", "classic", "--style", "plain")[1]
    assert first.splitlines()[1:] == alias.splitlines()[1:]
    assert other.splitlines()[1:] != first.splitlines()[1:]
    mixed = _main("watch", "--seed", "11", "--bots", "mc:2,rule,random,rule", "--style", "plain")
    assert mixed[0] == 0 and "MonteCarloBot(samples=2" in mixed[1]


def test_watch_stops_quietly_when_the_reader_goes(tmp_path: Path) -> None:
    script = (
        "import subprocess, sys\n"
        "p = subprocess.Popen([sys.executable, '-m', 'hearts_core', 'watch', '--seed', '1',"
        " '--style', 'plain'], stdout=subprocess.PIPE, stderr=subprocess.PIPE)\n"
        "p.stdout.readline(); p.stdout.close(); err = p.stderr.read(); p.wait()\n"
        "print(p.returncode, repr(err))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    code, err = result.stdout.split(" ", 1)
    assert code in ("0", "1") and "Traceback" not in err


# simulate


def test_simulate_tabulates_wins_points_and_moons() -> None:
    status, out = _main("simulate", "--games", "6", "--seed", "2", "--style", "plain")
    assert status == 0
    lines = out.splitlines()
    assert (
        lines[0]
        == "Simulating 6 games of 'standard', seed 2: "
        "North rule, East random, South rule, West random"
    )
    progress = [line for line in lines if line.startswith("games: ")]
    assert progress[-1] == "games: 6/6"
    table = lines[lines.index(next(line for line in lines if line.startswith("bot"))) :]
    assert re.split(r"\s{2,}", table[0]) == [
        "bot (first seat)", "wins", "win rate", "points/hand (95% CI)", "moons"
    ]
    rows = [re.split(r"\s{2,}", line.strip()) for line in table[1:]]
    assert [r[0] for r in rows] == ["North rule", "East random", "South rule", "West random"]
    assert sum(float(r[1]) for r in rows) == pytest.approx(6)
    means = [float(r[3].split(" ± ")[0]) for r in rows]
    assert max(means[0], means[2]) < min(means[1], means[3])  # rule bots take fewer points
    hands = int(re.search(r"6 games, (\d+) hands", out)[1])  # type: ignore[index]
    assert hands >= 6 * 4


def test_simulate_same_seed_same_table_and_rich_style() -> None:
    plain = _main("simulate", "--games", "3", "--seed", "5", "--style", "plain")[1]
    again = _main("simulate", "--games", "3", "--seed", "5", "--style", "plain")[1]
    strip = re.compile(r"in [\d.]+ s")
    assert strip.sub("", plain) == strip.sub("", again)
    status, fancy = _main(
        "simulate", "--games", "3", "--seed", "5", "--style", "rich", "--bots", "rule"
    )
    assert status == 0
    assert "┃" in fancy and "━" in fancy  # a rich table
    assert "┃" not in plain


def test_without_rich_everything_is_plain(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "rich", None)  # import rich now fails

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    out = Terminal()
    assert main(["simulate", "--games", "2", "--seed", "1"], stdout=out) == 0
    text = out.getvalue()
    assert "┃" not in text and "games [" in text and "\r" in text  # the plain progress bar
    assert main(["variants", "--style", "rich"], stdout=io.StringIO()) == 2
    with_rich_off = io.StringIO()
    assert main(["rules", "classic"], stdout=with_rich_off) == 0
    assert with_rich_off.getvalue() == plain_text(describe_variant(variant_info("classic")))


# play


def _hand_size(players: int) -> int:
    return {3: 17, 4: 13, 5: 10, 6: 8}[players]


def _check_played_game(out: str, players: int) -> None:
    hands = len(re.findall(r"^— Hand \d+: ", out, re.M))
    assert hands >= 1
    # Every trick of every hand was taken, and the person played one card to each.
    assert len(re.findall(r"takes? the trick", out)) == hands * _hand_size(players)
    assert len(re.findall(r"^Your card: \S.*$", out, re.M)) >= hands * _hand_size(players)
    assert re.search(r"^Game over\. .+ wins? with -?\d+\.$", out, re.M)


def test_play_a_whole_game_with_scripted_answers() -> None:
    status, out, player = play_in_process("--seed", "5")
    assert status == 0
    _check_played_game(out, 4)
    assert out.startswith("Hearts (standard), seed 5: you sit North, against East, South and West")
    # Each answer was a legal card: nothing was refused.
    assert "Not allowed" not in out and "Not a card" not in out
    assert len(re.findall(r"^Your card: ", out, re.M)) == 13 * out.count("— Hand ")
    # The hand is shown suit by suit, the trick so far, the legal cards and the scores.
    assert re.search(r"^Your hand: ((10|[2-9JQKA])[♣♦♥♠] {1,2})*(10|[2-9JQKA])[♣♦♥♠]$", out, re.M)
    assert re.search(r"^On the table: (East|South|West) \S+", out, re.M)
    assert re.search(r"^Legal: (\S+ )*\S+$", out, re.M)
    assert re.search(r"^Trick \d+ · scores: You -?\d+", out, re.M)
    assert re.search(r"^You passed \S+ \S+ \S+ to (East|South|West)\.$", out, re.M)
    assert re.search(r"^(East|South|West) passed you \S+ \S+ \S+\.$", out, re.M)
    # No other seat's pass is shown.
    assert not re.search(r"^(East|South|West) passed (?!you)", out, re.M)
    # Every spelling was used.
    assert any(" of " in answer for answer in player.sent)
    assert any(answer[0] in "♣♦♥♠" for answer in player.sent)


def test_play_explains_a_refused_pass() -> None:
    status, out, _ = play_in_process("--seed", "5", mistakes=["2C", "banana", "TWICE", "NOT-HELD"])
    assert status == 0
    assert "Not allowed: You must pass 3 cards, not 1 (WRONG_PASS_COUNT: " in out
    assert "Not a card: 'banana'. Type 'help' for how to write cards." in out
    assert "You named a card twice." in out
    assert re.search(
        r"^Not allowed: You do not hold \S+, \S+, \S+ \(CARD_NOT_IN_HAND: ", out, re.M
    )
    _check_played_game(out, 4)


def _table_game(rules: Rules, deal: Deal, mistakes: list[str] | None = None) -> str:
    """A game at the table from ``deal``: the person at seat 0 answered by a Player."""
    out = io.StringIO()
    names = ("You", *seat_names(rules.players)[1:])
    screen = Screen(out, use_rich=False)
    seat = HumanSeat(screen, as_input(Player(out, mistakes)), names)
    talk = TableTalk(screen, names, rules.moon_amount)
    state = apply(new_game(rules), deal)
    assert play_at_table(talk, [seat, *[RuleBot()] * 3], rules, random.Random(0), state)
    return out.getvalue()


def test_play_explains_a_refused_card_with_the_rule() -> None:
    # West (seat 3) leads 2♣ and the person, next, must follow clubs.
    rules = Rules(pass_cycle=["hold"], single_hand=True)
    deal = Deal(
        [
            "3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2H 3H",
            "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
            "4H 5H 6H 7H 8H 9H TH JH QH KH AH AC 2S",
            "2C 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
        ]
    )
    text = _table_game(rules, deal, mistakes=["2H", "AD", "banana", "2", "K"])
    assert "West plays 2♣\n" in text
    assert "On the table: West 2♣" in text
    assert "Legal: 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣" in text
    assert (
        "Not allowed: You must follow clubs and hold 3♣, 4♣, 5♣, 6♣, 7♣, 8♣, 9♣, 10♣, J♣, "
        "Q♣, K♣ (MUST_FOLLOW_SUIT: A seat holding a card of the suit led must play one.)"
    ) in text
    assert "Not allowed: You do not hold A♦ (CARD_NOT_IN_HAND: " in text
    assert "Not a card: 'banana'." in text
    assert "No legal card has that rank." in text
    # A rank alone names the one legal card of that rank: K is K♣, and it is shown played.
    assert "Your card: K\nYou play K♣\nEast plays" in text
    assert "Game over." in text


def test_play_the_moon_choice() -> None:
    rules = Rules(pass_cycle=["hold"], moon="shooter-chooses", single_hand=True)
    deal = Deal(
        [
            "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
            "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
            "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
            "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
        ]
    )
    text = _table_game(rules, deal)
    assert "You shot the moon!" in text
    assert (
        "Type 'add' to add 26 to every other player, "
        "or 'subtract' to take 26 off your own total: subtract"
    ) in text
    assert "You shot the moon: it takes 26 off the shooter's total." in text
    assert re.search(r"^totals\s+-26\s+0\s+0\s+0$", text, re.M)
    assert re.search(r"^\s+You\s+East\s+South\s+West$", text, re.M)


def test_play_quits_and_stops_at_the_end_of_input() -> None:
    status, out = _main("play", "--seed", "1", "--style", "plain", stdin="help\nhand\nquit\n")
    assert status == 0 and out.rstrip().endswith("Game abandoned.")
    assert "Commands: 'hand' shows your hand again" in out
    assert out.count("Your hand:") == 2
    # The end of input (Ctrl-D) is as good as quit.
    status, out = _main("play", "--seed", "1", "--style", "plain", stdin="")
    assert status == 0 and out.rstrip().endswith("Game abandoned.")


def test_with_no_command_hearts_watches() -> None:
    bare = _main("--seed", "1", "--variant", "classic", "--style", "plain")
    assert bare == _main("watch", "--seed", "1", "--variant", "classic", "--style", "plain")
    assert bare[0] == 0 and "Game over." in bare[1]


@pytest.mark.parametrize("name", ["standard", "three-player", "six-player", "classic"])
def test_play_as_a_subprocess_to_the_end(name: str, tmp_path: Path) -> None:
    # The answers a scripted player gave in process, sent at once to the real command,
    # play the same whole game to the end.
    status, expected, player = play_in_process("--seed", "9", "--variant", name)
    assert status == 0
    _check_played_game(expected, variant(name).players)
    result = _run(
        "play",
        "--seed",
        "9",
        "--variant",
        name,
        "--style",
        "plain",
        cwd=tmp_path,
        stdin="\n".join(player.sent) + "\n",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == expected


def test_the_hearts_script_is_declared() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["scripts"] == {"hearts": "hearts_core.cli:main"}
    assert any(r.startswith("rich") for r in project["optional-dependencies"]["rich"])
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^play: .*\n\t.*hearts play \$\(ARGS\)$", makefile, re.M)


def test_python_dash_m_runs_the_same_command(tmp_path: Path) -> None:
    result = _run("variants", "--style", "plain", cwd=tmp_path)
    assert result.returncode == 0
    assert result.stdout == _main("variants", "--style", "plain")[1]
    help_text = _run("--help", cwd=tmp_path).stdout
    for command in ("play", "watch", "simulate", "rules", "variants"):
        assert command in help_text


# replay


def test_replay_shows_a_saved_game_trick_by_trick(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    status, watched = _main(
        "watch", "--seed", "3", "--variant", "classic", "--style", "plain", "--save", str(saved)
    )
    assert status == 0 and watched.rstrip().endswith(f"Saved the game record to {saved}.")
    record = record_from_json(saved.read_text(encoding="utf-8"))
    assert record.variant == "classic" and record.final.is_over
    status, replayed = _main("replay", str(saved), "--style", "plain")
    assert status == 0
    lines = replayed.splitlines()
    assert lines[0].startswith(f"Game record {saved}: variant 'classic', ")
    assert lines[1] == "  " + ", ".join(f"{name}: RuleBot()" for name in seat_names(4))
    # The same hands, passes, tricks and scores as the game watched.
    assert lines[2:] == watched.splitlines()[1:-1]


def test_replay_a_played_game_and_an_unfinished_one(tmp_path: Path) -> None:
    saved = tmp_path / "mine.json"
    out = io.StringIO()
    player = Player(out)
    args = ["play", "--seed", "4", "--style", "plain", "--save", str(saved)]
    assert main(args, stdin=as_input(player), stdout=out) == 0
    status, replayed = _main("replay", str(saved), "--style", "plain")
    assert status == 0 and "North: You, East: RuleBot()" in replayed
    assert re.search(r"^Winners?: (North|East|South|West)", replayed, re.M)
    # A game abandoned after the pass is saved as far as it went.
    status, _ = _main(
        "play", "--seed", "4", "--style", "plain", "--save", str(saved), stdin="2C 3C 4C\nquit\n"
    )
    record = record_from_json(saved.read_text(encoding="utf-8"))
    assert not record.final.is_over
    status, replayed = _main("replay", "-", "--style", "plain", stdin=saved.read_text())
    assert status == 0
    assert replayed.rstrip().endswith("in phase 'pass': the game is unfinished.")


def test_replay_refuses_what_is_not_a_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "hearts-record/1", "rules": {}, "actions": [{"play": "2C"}]}')
    assert _main("replay", str(bad))[0] == 2
    assert _main("replay", str(tmp_path / "missing.json"))[0] == 2
    err = capsys.readouterr().err
    assert f"hearts: {bad} is not a valid game record: " in err
    assert "$.actions[0]" in err
    assert "hearts: cannot read " in err and "missing.json" in err
