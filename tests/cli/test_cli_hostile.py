"""The hearts command fed hostile input: files that are not records or not variants, and
text with control characters. It never shows a traceback: a bad file or argument is one
line on standard error with status 2, and nothing read from a file reaches the terminal
with its control characters (escape sequences, the bell, C1 controls, bidi overrides)."""

from __future__ import annotations

import importlib
import io
import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from hearts_core.cli import main
from hearts_core.cli.replay import MAX_RECORD_BYTES, SHOWN_PROBLEMS
from hearts_core.io.records import GameRecord, record_from_json, record_to_json
from hearts_core.seat_names import seat_names

# Any character a terminal may act on: C0 (but newline), DEL, C1, bidi overrides.
CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
EVIL_NAME = "Eve\x1b[2J\a"
EVIL_EVENT = "club\x1b]0;owned\x07 night\x9b31m\u202e"


def _main(*args: str, stdin: str | io.TextIOBase = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    reader = io.StringIO(stdin) if isinstance(stdin, str) else stdin
    status = main(list(args), stdin=reader, stdout=out, stderr=err)  # type: ignore[arg-type]
    return status, out.getvalue(), err.getvalue()


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


def _refused(status: int, out: str, err: str) -> str:
    """The one error line, checked: status 2, one line, nothing on standard output."""
    assert status == 2, (out, err)
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("hearts: "), err
    assert "Traceback" not in err and not CONTROL.search(err)
    return lines[0]


# replay: files that are not records.


def _bad_records(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    """Each kind of bad file, with a piece of the message it gets."""
    files: dict[str, tuple[Path, str]] = {}

    def add(kind: str, data: bytes, expected: str) -> None:
        path = tmp_path / f"{kind}.json"
        path.write_bytes(data)
        files[kind] = (path, expected)

    add("latin-1", '{"format": "hearts-record/2", "event": "café"}'.encode("latin-1"),
        "not UTF-8 text (invalid continuation byte at byte 43)")
    add("binary", bytes(range(256)), "not UTF-8 text")
    add("empty", b"", "not JSON")
    add("not-json", b"hello\n", "not JSON")
    add("a-list", b"[1, 2, 3]", "must be an object")
    add("not-a-record", b'{"format": "hearts-state/1"}', "is not a valid game record")
    add("huge", b" " * (MAX_RECORD_BYTES + 1), "larger than any record can be")
    add("nul", b"\x00" * 100, "not JSON")
    add("escapes", b'{"format": "\\u001b[2J\\u0007"}', "is not a valid game record")
    files["directory"] = (tmp_path, f"cannot read {tmp_path}: not a regular file (a directory)")
    files["missing"] = (tmp_path / "missing.json", "No such file or directory")
    return files


def test_replay_refuses_each_bad_file_in_one_line(tmp_path: Path) -> None:
    for kind, (path, expected) in _bad_records(tmp_path).items():
        line = _refused(*_main("replay", str(path), "--style", "plain"))
        assert expected in line, (kind, line)


def test_replay_of_a_record_with_many_problems_lists_a_few(tmp_path: Path) -> None:
    data = '{"format": "hearts-record/2", ' + ", ".join(f'"x{i}": {i}' for i in range(150)) + "}"
    path = tmp_path / "many.json"
    path.write_text(data, encoding="utf-8")
    line = _refused(*_main("replay", str(path)))
    listed = rf"\d+ problems: (\$\S*: [^;]+; ){{{SHOWN_PROBLEMS}}}and \d+ more$"
    assert re.search(listed, line), line


def test_replay_of_standard_input_that_is_not_text() -> None:
    stdin = io.TextIOWrapper(io.BytesIO(b'{"format": "\xff"}'), encoding="utf-8")
    line = _refused(*_main("replay", "-", stdin=stdin))
    assert line == "hearts: - is not a game record: not UTF-8 text (invalid start byte at byte 12)"


@pytest.mark.parametrize("source", ["/dev/zero", "/dev/urandom"])
def test_replay_refuses_an_endless_device_unread(source: str) -> None:
    # POSIX devices, as on every machine CI and make test run on.
    line = _refused(*_main("replay", source))
    assert line == f"hearts: cannot read {source}: not a regular file (a device)"


# Named pipes: a pipe with nobody writing would block open() for ever, so each command
# that takes a path refuses anything but a regular file before opening it. Each test
# runs under a timer: a regression fails with "hung" instead of hanging the suite.


class Hung(Exception):
    pass


@pytest.fixture
def fifo(tmp_path: Path) -> Iterator[Path]:
    """A named pipe nobody writes to or reads from, and a timer that fails a test that
    waits on it."""
    path = tmp_path / "pipe.json"
    os.mkfifo(path)

    def hung(signum: int, frame: object) -> None:
        raise Hung(f"the command waited on the named pipe {path}")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.setitimer(signal.ITIMER_REAL, 20)
    try:
        yield path
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def test_replay_refuses_a_named_pipe(fifo: Path) -> None:
    line = _refused(*_main("replay", str(fifo)))
    assert line == f"hearts: cannot read {fifo}: not a regular file (a named pipe)"


def test_replay_of_a_named_pipe_in_the_real_command(fifo: Path) -> None:
    try:
        result = subprocess.run(
            [sys.executable, "-m", "hearts_core", "replay", str(fifo)],
            capture_output=True, text=True, encoding="utf-8", timeout=15, check=False,
        )  # fmt: skip
    except subprocess.TimeoutExpired:
        pytest.fail("hearts replay waited on a named pipe")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == f"hearts: cannot read {fifo}: not a regular file (a named pipe)\n"


@pytest.mark.parametrize(
    "command",
    [
        ["play", "--variant"],
        ["watch", "--variant"],
        ["simulate", "--games", "1", "--variant"],
        ["arena", "rule", "rule", "--deals", "1", "--variant"],
        ["rules"],
    ],
    ids=lambda words: words[0],
)
def test_a_named_pipe_as_a_variant_file_is_refused(fifo: Path, command: list[str]) -> None:
    line = _refused(*_main(*command, str(fifo), stdin="quit\n"))
    assert line == f"hearts: cannot read variant file {fifo}: not a regular file (a named pipe)"


@pytest.mark.parametrize("command", ["play", "watch"])
def test_save_to_a_named_pipe_is_refused_before_the_game(fifo: Path, command: str) -> None:
    # Refused before a card is dealt: nobody plays a whole game to lose its record.
    line = _refused(*_main(command, "--seed", "1", "--save", str(fifo), stdin="quit\n"))
    assert line == f"hearts: cannot write {fifo}: not a regular file (a named pipe)"


@pytest.mark.parametrize("target", ["/dev/null", "{tmp}", "{tmp}/no/such/folder.json"])
def test_save_anywhere_but_a_file_is_refused_before_the_game(tmp_path: Path, target: str) -> None:
    path = target.format(tmp=tmp_path)
    status, out, err = _main("watch", "--seed", "1", "--save", path)
    reason = {
        "/dev/null": "not a regular file (a device)",
        "{tmp}": "not a regular file (a directory)",
        "{tmp}/no/such/folder.json": "No such file or directory",
    }[target]
    assert _refused(status, out, err) == f"hearts: cannot write {path}: {reason}"


def test_save_replaces_a_regular_file(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    saved.write_text("x" * 100_000, encoding="utf-8")  # longer than the record: cut to it
    status, out, err = _main("watch", "--seed", "1", "--save", str(saved))
    assert status == 0 and err == "" and f"Saved the game record to {saved}." in out
    text = saved.read_text(encoding="utf-8")
    assert len(text) < 100_000 and text.endswith("}\n") and "xxx" not in text
    assert record_from_json(text).final.is_over


def test_a_pipe_put_in_place_of_the_save_file_is_not_waited_on(fifo: Path) -> None:
    # The path was a file when the game began; a named pipe (nobody reading) since.
    from hearts_core.cli.errors import CommandError
    from hearts_core.cli.recording import Recorder
    from hearts_core.cli.screen import Screen
    from hearts_core.rules.variants import variant_info

    recorder = Recorder(variant_info("standard"), ["a", "b", "c", "d"])
    # The message is checked: hearts prints a CommandError's message as its output line.
    with pytest.raises(CommandError, match=f"^cannot write {re.escape(str(fifo))}: "):
        recorder.save(str(fifo), Screen(io.StringIO(), use_rich=False))


def test_no_traceback_from_the_real_command(tmp_path: Path) -> None:
    files = _bad_records(tmp_path)
    for kind in ("latin-1", "directory", "missing", "not-json"):
        result = _run("replay", str(files[kind][0]), cwd=tmp_path)
        assert result.returncode == 2, (kind, result.stderr)
        assert result.stdout == "" and len(result.stderr.splitlines()) == 1, result.stderr
        assert "Traceback" not in result.stderr


def test_a_json_error_does_not_say_at_at(tmp_path: Path) -> None:
    path = tmp_path / "cut.json"
    path.write_text('{"format": "hearts-record/2", "event": "a cut', encoding="utf-8")
    line = _refused(*_main("replay", str(path)))
    assert "Unterminated string" in line
    assert " at at " not in line


# Control characters read from files.


def _evil_record(tmp_path: Path) -> Path:
    record = GameRecord.for_variant(
        "classic", players=(EVIL_NAME, "B\x9bC", "C\u202eD", "D\nE"), event=EVIL_EVENT
    )
    path = tmp_path / "evil.json"
    path.write_text(record_to_json(record), encoding="utf-8")
    assert record_from_json(path.read_text(encoding="utf-8")).players == record.players
    return path


@pytest.mark.parametrize("style", ["plain", "rich"])
def test_replay_escapes_control_characters_from_the_record(tmp_path: Path, style: str) -> None:
    status, out, err = _main("replay", str(_evil_record(tmp_path)), "--style", style)
    assert status == 0 and err == ""
    assert not CONTROL.search(out), repr(out)
    assert "North: Eve\\x1b[2J\\x07" in out
    assert "East: B\\x9bC" in out and "South: C\\u202eD" in out
    assert "West: D\\nE" in out  # a name stays on its line
    assert "club\\x1b]0;owned\\x07 night\\x9b31m\\u202e" in out


def test_replay_escapes_control_characters_in_the_real_command(tmp_path: Path) -> None:
    result = _run("replay", str(_evil_record(tmp_path)), "--style", "plain", cwd=tmp_path)
    assert result.returncode == 0 and not CONTROL.search(result.stdout)
    assert "\x1b" not in result.stdout and "\a" not in result.stdout


# Variant files: --variant PATH for play, watch and simulate, and rules PATH.


def _variant_file(tmp_path: Path, body: str, name: str = "house.toml") -> Path:
    path = tmp_path / name
    path.write_text(body, encoding="utf-8")
    return path


HOUSE = """\
name = "house"
description = "Our rules: to 50."
extends = "standard"
target_score = 50
"""


def test_a_variant_file_is_played_watched_and_simulated(tmp_path: Path) -> None:
    house = str(_variant_file(tmp_path, HOUSE))
    saved = tmp_path / "game.json"
    status, out, err = _main("watch", "--variant", house, "--seed", "2", "--save", str(saved))
    assert status == 0 and err == ""
    assert out.startswith("Hearts, variant 'house', seed 2: ")
    record = record_from_json(saved.read_text(encoding="utf-8"))
    assert record.variant == "house" and record.rules.target_score == 50
    assert max(record.final.totals) >= 50 and record.final.is_over
    status, out, _ = _main("play", "--variant", house, "--seed", "2", stdin="quit\n")
    assert status == 0 and out.startswith("Hearts (house), seed 2: ")
    status, out, _ = _main("simulate", "--variant", house, "--games", "1", "--seed", "2")
    assert status == 0 and "1 games, " in out and " hands of house in " in out
    status, out, _ = _main("rules", house, "--style", "plain")
    assert status == 0 and out.startswith("house\n=====\n") and "reaches 50 or more" in out
    # A relative path with a slash, or a name ending in .toml, is a file.
    result = _run("watch", "--variant", "./house.toml", "--seed", "1", cwd=tmp_path)
    assert result.returncode == 0 and "variant 'house'" in result.stdout


def test_bad_variants_are_one_line_errors(tmp_path: Path) -> None:
    files = {
        "unknown name": ("no-such-rules", "no variant named 'no-such-rules'; known: "),
        "missing file": (str(tmp_path / "gone.toml"), "No such file or directory"),
        "directory": (str(tmp_path) + "/", "not a regular file"),
        "not UTF-8": (str(_bytes(tmp_path, "latin.toml", 'name = "caf\xe9"'.encode("latin-1"))),
                      "not UTF-8 text"),
        "not TOML": (str(_variant_file(tmp_path, "name = [", "broken.toml")), "not valid TOML"),
        "bad rules": (
            str(_variant_file(tmp_path, 'name = "x"\nplayers = 9\nmoon = "maybe"\n', "bad.toml")),
            "2 problems: players: must be between 3 and 6, not 9; moon: ",
        ),
        "unknown key": (str(_variant_file(tmp_path, 'name = "x"\ncolour = 1\n', "key.toml")),
                        "colour"),
        "huge": (str(_bytes(tmp_path, "huge.toml", b"#" * 2_000_000)), "larger than"),
    }
    for kind, (value, expected) in files.items():
        for args in (
            ["play", "--variant", value],
            ["watch", "--variant", value],
            ["simulate", "--games", "1", "--variant", value],
            ["rules", value],
        ):
            line = _refused(*_main(*args, stdin="quit\n"))
            assert expected in line, (kind, args, line)


def _bytes(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


@pytest.mark.parametrize("style", ["plain", "rich"])
def test_variant_text_from_a_file_is_escaped(tmp_path: Path, style: str) -> None:
    evil = _variant_file(
        tmp_path,
        'name = "h\\u001b[2Jouse\\u0007"\n'
        'description = "Ours.\\u001b[31m Red\\u0007 and\\u009b1m C1, \\u202e bidi."\n'
        'sources = ["\\u001b]0;title\\u0007"]\n'
        'extends = "standard"\n',
    )
    for args in (["rules", str(evil)], ["watch", "--variant", str(evil), "--seed", "1"]):
        status, out, err = _main(*args, "--style", style)
        assert status == 0 and err == "", err
        assert not CONTROL.search(out), (args, repr(out[:300]))
        assert "h\\x1b[2Jouse\\x07" in out
    status, out, _ = _main("rules", str(evil), "--style", style)
    assert "\\x1b[31m Red\\x07 and\\x9b1m C1, \\u202e bidi." in out


def test_player_names_in_a_record_are_escaped_in_the_seat_list(tmp_path: Path) -> None:
    _, out, _ = _main("replay", str(_evil_record(tmp_path)), "--style", "plain")
    first, names = out.splitlines()[:2]
    assert first.startswith(f"Game record {tmp_path}")
    assert names.startswith("  " + seat_names(4)[0] + ": Eve")


def test_typed_control_characters_are_not_echoed_raw() -> None:
    typed = "\x1b[2J\a\n\x9b31m QS\nquit\n"
    status, out, err = _main("play", "--seed", "1", "--style", "plain", stdin=typed)
    assert status == 0 and err == ""
    assert not CONTROL.search(out), repr(out)
    assert "Pass 3 cards to East (left): \\x1b[2J\\x07\nNot a card: " in out


def test_a_record_that_cannot_be_written_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A path that went bad during the game (here: the check before it is skipped) is
    # still one line when the record is written, with status 1: the game was played.
    watching = importlib.import_module("hearts_core.cli.watch")  # the module, not the function
    monkeypatch.setattr(watching, "writable_file", lambda path: path)
    target = tmp_path / "no" / "such" / "folder.json"
    out, err = io.StringIO(), io.StringIO()
    args = ["watch", "--seed", "1", "--style", "plain", "--save", str(target)]
    assert main(args, stdout=out, stderr=err) == 1
    assert err.getvalue() == f"hearts: cannot write {target}: No such file or directory\n"
    assert out.getvalue().rstrip().endswith("points")  # the game was shown
