"""``cmd:`` bot programs that work against the host: they do not read, flood, fork and leave
children behind. Each test is bounded by a generous outer timeout so a regression fails
instead of hanging; none asserts on a measured time."""

from __future__ import annotations

import contextlib
import gc
import io
import json
import os
import random
import shlex
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest

from hearts_core import Rules, apply, new_game, observe, random_deal
from hearts_core.bots import make_bot
from hearts_core.bots.arena import run_arena
from hearts_core.bots.command import CommandBot, _death_signal, _LineReader
from hearts_core.bots.serve import serve
from hearts_core.bots.wire import MAX_LINE, request_line
from hearts_core.observation import PlayerView

PYTHON = shlex.quote(sys.executable)
OUTER = 60.0  # seconds: the bound that keeps a regression from hanging the run
T = TypeVar("T")
BIG_RULES = Rules(players=3, pass_count=5, pass_cycle=["left"])  # 6188 pass sets


STANDARD = Rules()


def _view(rules: Rules = STANDARD, seat: int = 0) -> PlayerView:
    return observe(apply(new_game(rules), random_deal(rules, random.Random(1))), seat)


def _program(tmp_path: Path, name: str, source: str, *args: str) -> str:
    script = tmp_path / name
    script.write_text(source)
    return " ".join([PYTHON, shlex.quote(str(script)), *map(shlex.quote, args)])


def _bounded(call: Callable[[], T]) -> T:
    """``call()``, run in a thread that must finish within ``OUTER`` seconds."""
    box: list[T] = []
    worker = threading.Thread(target=lambda: box.append(call()), daemon=True)
    worker.start()
    worker.join(OUTER)
    assert not worker.is_alive(), f"still blocked after {OUTER} s"
    assert box, "the call raised"
    return box[0]


def _gone(pid: int, within: float = 10.0) -> bool:
    """Whether process ``pid`` is dead (or a zombie waiting to be reaped) within ``within`` s."""
    deadline = time.monotonic() + within
    while True:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        with contextlib.suppress(OSError):
            stat = Path(f"/proc/{pid}/stat").read_text()
            if stat.rpartition(")")[2].split()[0] in ("Z", "X"):
                return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)


@contextlib.contextmanager
def _reaped(pidfile: Path) -> Iterator[None]:
    """Kill whatever the test's programs left behind, whatever the outcome."""
    try:
        yield
    finally:
        for pid in _pids(pidfile):
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)


def _pids(pidfile: Path) -> list[int]:
    return [int(word) for word in pidfile.read_text().split()] if pidfile.exists() else []


# --- 1. the time limit covers writing the request -----------------------------------------

NEVER_READS = "import time\ntime.sleep(120)\n"
READS_A_LITTLE = "import sys, time\nsys.stdin.buffer.read(1000)\ntime.sleep(120)\n"


def test_the_big_request_is_larger_than_a_pipe_holds() -> None:
    # What makes the next test meaningful: the request cannot sit in a pipe buffer.
    assert len(request_line(_view(BIG_RULES), 0)) > 100_000


def test_the_largest_request_of_any_ruleset_fits_under_the_cap() -> None:
    # Nine of seventeen cards: the most pass sets any table has (24,310), the longest line.
    rules = Rules(players=3, pass_count=9, pass_cycle=["left"])
    assert 800_000 < len(request_line(_view(rules), 2**64 - 1)) <= MAX_LINE


@pytest.mark.parametrize("source", [NEVER_READS, READS_A_LITTLE], ids=["never", "a-little"])
def test_a_program_that_does_not_read_its_request_times_out(tmp_path: Path, source: str) -> None:
    bot = CommandBot(_program(tmp_path, "deaf.py", source), seconds=0.5, retire_after=5)
    view = _view(BIG_RULES)
    try:
        action = _bounded(lambda: bot.choose(view, random.Random(0)))
        assert action == view.legal_actions[0]
        [failure] = bot.take_failures()
        assert failure.kind == "timeout"
        assert failure.detail == "the request was not read within 0.5 s"
        assert not bot.running and bot._process is None  # stopped, as after a late reply
    finally:
        bot.close()


def test_a_big_request_still_reaches_a_program_that_reads_it() -> None:
    bot = CommandBot(f"{PYTHON} -m hearts_core.bots.serve rule", seconds=OUTER)
    view = _view(BIG_RULES)
    try:
        rng = random.Random(4)
        action = _bounded(lambda: bot.choose(view, rng))
        assert bot.take_failures() == []
        expected = make_bot("rule").choose(view, random.Random(random.Random(4).getrandbits(64)))
        assert action == expected
    finally:
        bot.close()


CHATTY = """
import json, sys
sys.stdout.write("chatter " * 50_000 + "\\n")  # a 400 KB line before reading anything
sys.stdout.flush()
for line in sys.stdin:
    print(json.dumps({"action": json.loads(line)["legal"][-1]}), flush=True)
"""


def test_a_program_that_writes_before_reading_does_not_deadlock(tmp_path: Path) -> None:
    # Both pipes are full unless the host reads (one line) while it writes: a timeout then.
    bot = CommandBot(_program(tmp_path, "chatty.py", CHATTY), seconds=OUTER, retire_after=9)
    view = _view(BIG_RULES)
    try:
        _bounded(lambda: bot.choose(view, random.Random(0)))
        [failure] = bot.take_failures()
        assert failure.kind == "malformed" and "chatter" in failure.detail
    finally:
        bot.close()


# --- 2. what a program starts dies with it -------------------------------------------------

FORKER = """
import json, os, signal, sys, time
pidfile, mode = sys.argv[1], sys.argv[2]
ready, told = os.pipe()
if os.fork() == 0:  # the grandchild: holds stdin and stdout, ignores SIGTERM, sleeps
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    with open(pidfile, "a") as f:
        f.write(f"{os.getpid()}\\n")
    os.write(told, b"x")
    time.sleep(120)
    os._exit(0)
os.read(ready, 1)
for line in sys.stdin:
    if mode == "crash":
        sys.exit(3)
    if mode == "answer":
        print(json.dumps({"action": json.loads(line)["legal"][-1]}), flush=True)
"""


def _forker(tmp_path: Path, mode: str) -> tuple[str, Path]:
    pidfile = tmp_path / "pids"
    return _program(tmp_path, "forker.py", FORKER, str(pidfile), mode), pidfile


def test_a_crashing_program_takes_its_children_with_it_at_each_restart(tmp_path: Path) -> None:
    command, pidfile = _forker(tmp_path, "crash")
    with _reaped(pidfile):
        result = _bounded(lambda: run_arena(CommandBot(command), "rule", deals=1, seed=1))
        assert {f.kind for f in result.failures} == {"crash"}
        pids = _pids(pidfile)
        assert len(pids) == 12  # started again after every crash: three a hand, four hands
        assert [pid for pid in pids if not _gone(pid)] == []


def test_a_program_that_times_out_takes_its_children_with_it(tmp_path: Path) -> None:
    command, pidfile = _forker(tmp_path, "silent")
    bot = CommandBot(command, seconds=0.3, retire_after=1)
    with _reaped(pidfile):
        _bounded(lambda: bot.choose(_view(), random.Random(0)))
        assert [f.kind for f in bot.take_failures()] == ["timeout"]
        [pid] = _pids(pidfile)
        assert _gone(pid)


def test_close_kills_the_children_of_a_program_that_works(tmp_path: Path) -> None:
    command, pidfile = _forker(tmp_path, "answer")
    bot = CommandBot(command, seconds=OUTER)
    view = _view()
    with _reaped(pidfile):
        assert _bounded(lambda: bot.choose(view, random.Random(0))) == view.legal_actions[-1]
        [pid] = _pids(pidfile)
        assert not _gone(pid, within=0.2)  # alive while the program runs
        _bounded(bot.close)
        assert _gone(pid)


def test_a_bot_dropped_without_close_still_kills_its_group(tmp_path: Path) -> None:
    command, pidfile = _forker(tmp_path, "answer")

    def play_once() -> int:  # the bot is dropped on return, still running
        bot = CommandBot(command, seconds=OUTER)
        bot.choose(_view(), random.Random(0))
        assert bot.running and bot._process is not None
        return bot._process.pid

    with _reaped(pidfile):
        leader = _bounded(play_once)
        gc.collect()
        [pid] = _pids(pidfile)
        assert _gone(pid) and _gone(leader)


STUBBORN = """
import os, signal, sys, time
signal.signal(signal.SIGTERM, signal.SIG_IGN)
with open(sys.argv[1], "a") as f:
    f.write(f"{os.getpid()}\\n")
sys.stdin.read()  # the end of input is no reason to stop
while True:
    time.sleep(1)
"""


def test_close_kills_a_program_that_will_not_stop(tmp_path: Path) -> None:
    pidfile = tmp_path / "pids"
    bot = CommandBot(_program(tmp_path, "stubborn.py", STUBBORN, str(pidfile)), seconds=0.3)
    with _reaped(pidfile):
        _bounded(lambda: bot.choose(_view(), random.Random(0)))  # no reply: stopped
        [pid] = _pids(pidfile)
        assert _gone(pid)


HOST = """
import os, random, signal, sys, threading, time
from pathlib import Path
from hearts_core import Rules, apply, new_game, observe, random_deal
from hearts_core.bots.command import CommandBot
pidfile = Path(sys.argv[2])
def die_when_started():
    while not pidfile.exists() or not pidfile.read_text().strip():
        time.sleep(0.01)
    os.kill(os.getpid(), signal.SIGKILL)  # no cleanup of any kind
threading.Thread(target=die_when_started, daemon=True).start()
view = observe(apply(new_game(), random_deal(Rules(), random.Random(1))), 0)
CommandBot(sys.argv[1], seconds=100).choose(view, random.Random(0))
"""

SLEEPER = """
import os, sys, time
with open(sys.argv[1], "a") as f:
    f.write(f"{os.getpid()}\\n")
time.sleep(120)  # never reads, so the end of its input cannot stop it
"""


def test_the_program_dies_when_its_host_is_killed_on_linux(tmp_path: Path) -> None:
    if not sys.platform.startswith("linux"):
        assert _death_signal() is None  # elsewhere only the group kill is promised
        return
    pidfile = tmp_path / "pids"
    program = _program(tmp_path, "sleeper.py", SLEEPER, str(pidfile))
    host = tmp_path / "host.py"
    host.write_text(HOST)
    with _reaped(pidfile):
        done = subprocess.run(
            [sys.executable, str(host), program, str(pidfile)], timeout=OUTER, check=False
        )
        assert done.returncode == -signal.SIGKILL
        [pid] = _pids(pidfile)
        assert _gone(pid)


# --- 4. a reply is read up to MAX_LINE bytes ------------------------------------------------

ENDLESS = """
import sys
block = b"x" * 65536
while True:
    sys.stdout.buffer.write(block)
"""


def test_an_endless_line_is_malformed_at_the_cap_and_the_host_holds_no_more(
    tmp_path: Path,
) -> None:
    bot = CommandBot(_program(tmp_path, "endless.py", ENDLESS), seconds=2.0, retire_after=9)
    view = _view()
    try:
        assert _bounded(lambda: bot.choose(view, random.Random(0))) == view.legal_actions[0]
        [failure] = bot.take_failures()
        assert failure.kind == "malformed"  # at the cap, not at the time limit
        assert failure.detail == f"a line longer than {MAX_LINE} bytes"
        assert bot.running  # a malformed reply keeps the program
        # The rest of the line is skipped, never held: the next decision runs out of time.
        _bounded(lambda: bot.choose(view, random.Random(0)))
        assert [f.kind for f in bot.take_failures()] == ["timeout"]
    finally:
        bot.close()


LONG_THEN_GOOD = """
import json, sys
first = True
for line in sys.stdin:
    if first:
        sys.stdout.write("y" * (2 * 1024 * 1024) + "\\n")
        first = False
    else:
        sys.stdout.write(json.dumps({"action": json.loads(line)["legal"][-1]}) + "\\n")
    sys.stdout.flush()
"""


def test_after_a_line_too_long_the_next_line_is_the_next_reply(tmp_path: Path) -> None:
    bot = CommandBot(_program(tmp_path, "long.py", LONG_THEN_GOOD), seconds=OUTER)
    view = _view()
    try:
        assert _bounded(lambda: bot.choose(view, random.Random(0))) == view.legal_actions[0]
        assert [f.kind for f in bot.take_failures()] == ["malformed"]
        assert _bounded(lambda: bot.choose(view, random.Random(0))) == view.legal_actions[-1]
        assert bot.take_failures() == []
    finally:
        bot.close()


def test_the_line_reader_cap_is_max_line_bytes_before_the_newline() -> None:
    reader = _LineReader()
    assert not reader.feed(b"a" * MAX_LINE)
    assert not reader.feed(b"\nb")
    assert reader.take() == b"a" * MAX_LINE
    assert reader.take() is None  # "b" is not a line yet
    assert reader.feed(b"c" * MAX_LINE)  # b + MAX_LINE c: one byte too many
    assert reader.take() is None and not reader.ready
    assert not reader.feed(b"c" * 100 + b"\nok\n")  # the rest of the long line is dropped
    assert reader.take() == b"ok"


def test_lines_split_into_single_bytes_come_out_whole() -> None:
    reader = _LineReader()
    for byte in b'{"action": "x"}\n{"a":1}\n':
        assert not reader.feed(bytes([byte]))
    assert reader.take() == b'{"action": "x"}'
    assert reader.take() == b'{"a":1}'
    assert reader.take() is None


class _EndlessStream(io.StringIO):
    """An input whose first line never ends, until ``then`` is reached: it refuses any read
    that is not bounded."""

    def __init__(self, length: int, then: str) -> None:
        super().__init__()
        self.left = length
        self.then = then
        self.largest = 0

    def readline(self, size: int | None = -1, /) -> str:  # type: ignore[override]
        assert size is not None and size > 0, "an unbounded read"
        self.largest = max(self.largest, size)
        if self.left:
            piece = min(size, self.left)
            self.left -= piece
            return "x" * piece
        end = self.then.find("\n", 0, size) + 1 or size
        text, self.then = self.then[:end], self.then[end:]
        return text


def test_the_server_reads_a_request_line_up_to_the_cap_and_carries_on() -> None:
    view = _view()
    good = request_line(view, 3)
    stream = _EndlessStream(10 * MAX_LINE, "\n" + good + "\n")
    out = io.StringIO()
    serve(make_bot("rule"), stream, out)
    first, second = out.getvalue().splitlines()
    assert json.loads(first) == {"error": f"malformed: a line longer than {MAX_LINE} characters"}
    assert json.loads(second) == {"action": str(make_bot("rule").choose(view, random.Random(3)))}
    assert stream.largest == MAX_LINE + 1


def test_hearts_arena_stopped_by_sigterm_kills_its_programs_children(tmp_path: Path) -> None:
    # SIGTERM's default ends the process without running any finally block or exit hook,
    # so `hearts arena` turns it into an exit: the programs' groups are killed on the way.
    command, pidfile = _forker(tmp_path, "answer")
    with _reaped(pidfile):
        arena = subprocess.Popen(
            [sys.executable, "-m", "hearts_core", "arena", f"cmd:{command}", "rule",
             "--deals", "500", "--json", "--time-limit", "30"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )  # fmt: skip
        try:
            deadline = time.monotonic() + OUTER
            while not _pids(pidfile) and time.monotonic() < deadline:
                time.sleep(0.05)
            [pid] = _pids(pidfile)[:1]
            arena.send_signal(signal.SIGTERM)
            assert arena.wait(OUTER) == 128 + signal.SIGTERM
        finally:
            arena.kill()
            arena.wait()
        assert _gone(pid)
