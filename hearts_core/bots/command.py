"""A bot that is another program: ``cmd:COMMAND`` in the arena, speaking the bot protocol.

:class:`CommandBot` starts the program on its first decision and keeps it
running; each decision writes one request line to its standard input and
reads one reply line from its standard output (see
:mod:`hearts_core.bots.wire`). Its standard error is discarded.

The time limit covers the whole decision: writing the request (a pass request
can be hundreds of kilobytes, more than a pipe holds) as well as reading the
reply. A reply line is read up to :data:`~hearts_core.bots.wire.MAX_LINE`
bytes and no further, so a program cannot make the host hold more than that.

The program runs in a process group (a session) of its own. Whenever it is
stopped (by :meth:`CommandBot.close`, at the end of an arena run, after a
timeout or a crash, before a restart) the host closes its input, gives it
half a second to exit, then kills the whole group, so that nothing it started
outlives it. On Linux the program is also killed if the process that started
it dies first.

What can go wrong is defined, recorded as a :class:`Failure`, and never
stops the game:

* ``timeout``: the request not taken or no full reply line within
  ``seconds`` (the program is stopped and started again for the next
  decision);
* ``malformed``: a reply that is not ``{"action": TEXT}`` in the notation,
  or a line longer than ``MAX_LINE`` bytes (the rest of that line is skipped
  unread);
* ``illegal``: an action that is not legal;
* ``crash``: the program cannot be started, ends, or closes its input or
  output (it is stopped and started again for the next decision).

After a failure the seat plays the first of its legal actions. After
``retire_after`` failures in a row within one hand, the program is stopped
and asked nothing more until the next hand (so a program that never answers
costs a few time limits a hand, not one per card).

>>> bot = CommandBot("my-bot --fast", seconds=2.0)
>>> bot, bot.seconds
(CommandBot('my-bot --fast'), 2.0)
"""

from __future__ import annotations

import contextlib
import os
import random
import select
import shlex
import signal
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Callable
from typing import Final

import attrs

from hearts_core.actions import Action
from hearts_core.bots.errors import BotError, FailureKind, ProtocolError
from hearts_core.bots.protocol import no_action_error
from hearts_core.bots.wire import MAX_LINE, read_reply, request_line
from hearts_core.observation import PlayerView

__all__ = ["Failure", "CommandBot"]

GRACE: Final = 0.5
"""Seconds a stopped program has to exit once its input is closed, before its process
group is killed."""

_POLL: Final = 0.05
"""Seconds between checks, while waiting on a program, that it has not ended."""

_CHUNK: Final = 65536
"""The most bytes moved by one read or write on a pipe."""


@attrs.frozen
class Failure:
    """One decision a protocol bot failed to make, and where.

    >>> print(Failure("timeout", "no reply within 1.0 s", deal=3, rotation=1, seat=2, bot="a"))
    deal 3, rotation 1, seat 2 (bot a): timeout: no reply within 1.0 s
    """

    kind: FailureKind
    """``timeout``, ``malformed``, ``illegal`` or ``crash``."""
    detail: str
    """What happened, in a sentence."""
    deal: int = -1
    """The arena deal (-1 outside the arena)."""
    rotation: int = -1
    """The rotation of the deal (-1 outside the arena)."""
    seat: int = -1
    """The seat that was to act."""
    bot: str = ""
    """``a`` or ``b`` in the arena."""

    def __str__(self) -> str:
        return (
            f"deal {self.deal}, rotation {self.rotation}, seat {self.seat} (bot {self.bot}): "
            f"{self.kind}: {self.detail}"
        )


class CommandBot:
    """A program as a bot, over the bot protocol (JSON lines on standard input and output).

    Args:
        command: The command line, split as a POSIX shell would (no shell runs it).
        seconds: The time limit for each decision: writing its request and
            reading the reply, together.
        retire_after: Failures in a row, within a hand, after which the
            program is left alone until the next hand.

    Raises:
        BotError: for an empty command or a bad limit.

    >>> CommandBot("")
    Traceback (most recent call last):
    ...
    hearts_core.bots.errors.BotError: cmd: needs a command to run
    """

    def __init__(self, command: str, seconds: float = 10.0, retire_after: int = 3) -> None:
        if not isinstance(command, str) or not command.strip():
            raise BotError("cmd: needs a command to run")
        try:
            self.argv = shlex.split(command)
        except ValueError as error:
            raise BotError(f"cannot read the command {command!r}: {error}") from None
        if not isinstance(seconds, int | float) or not 0 < seconds < float("inf"):
            raise BotError(f"seconds must be a positive number, not {seconds!r}")
        if type(retire_after) is not int or retire_after < 1:
            raise BotError(f"retire_after must be at least 1, not {retire_after!r}")
        self.command = command
        self.seconds = float(seconds)
        self.retire_after = retire_after
        self._process: subprocess.Popen[bytes] | None = None
        self._reaper: weakref.finalize[[subprocess.Popen[bytes]], CommandBot] | None = None
        self._reader = _LineReader()
        self._failures: list[Failure] = []
        self._in_a_row = 0

    def __repr__(self) -> str:
        return f"CommandBot({self.command!r})"

    def __getstate__(self) -> dict[str, object]:
        """Only the settings travel to a worker process, never a running program."""
        return {"command": self.command, "seconds": self.seconds, "retire": self.retire_after}

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__init__(state["command"], state["seconds"], state["retire"])  # type: ignore[misc]

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """The program's choice for ``view``; the first legal action if it fails to make one.

        The request carries ``rng.getrandbits(64)`` as its seed; that is the
        one draw made from ``rng``, whatever the program does.

        Raises:
            BotError: if ``view`` offers no action.
        """
        actions = view.legal_actions
        if not actions:
            raise no_action_error(view)
        seed = rng.getrandbits(64)
        if self._in_a_row >= self.retire_after:
            return actions[0]
        try:
            action = self._ask(view, seed)
        except ProtocolError as error:
            self._failures.append(Failure(error.kind, error.detail, seat=view.seat))
            self._in_a_row += 1
            if error.kind in ("timeout", "crash") or self._in_a_row >= self.retire_after:
                self.close()
            return actions[0]
        self._in_a_row = 0
        return action

    @property
    def running(self) -> bool:
        """Whether the program is running now (it starts at the first decision).

        >>> CommandBot("true").running
        False
        """
        return self._process is not None and not _ended(self._process)

    def take_failures(self) -> list[Failure]:
        """The failures since the last call, oldest first (and forget them).

        >>> CommandBot("true").take_failures()
        []
        """
        found, self._failures = self._failures, []
        return found

    def new_hand(self) -> None:
        """Give a retired program its chance again (the arena calls this before each hand).

        >>> bot = CommandBot("true")
        >>> bot.new_hand()
        """
        self._in_a_row = 0

    def close(self) -> None:
        """Stop the program: close its input, give it :data:`GRACE` seconds to exit, then
        kill its whole process group (whatever it started goes with it).

        >>> CommandBot("true").close()
        """
        process, self._process = self._process, None
        reaper, self._reaper = self._reaper, None
        self._reader = _LineReader()
        if process is None:
            return
        if reaper is not None:
            reaper.detach()
        if process.stdin is not None:
            with contextlib.suppress(OSError):
                process.stdin.close()
        deadline = time.monotonic() + GRACE
        while not _ended(process) and time.monotonic() < deadline:
            time.sleep(0.01)
        _kill_group(process)

    def _start(self) -> subprocess.Popen[bytes]:
        if self._process is None or _ended(self._process):
            self.close()
            try:
                process = subprocess.Popen(
                    self.argv,
                    bufsize=0,
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    stderr=subprocess.DEVNULL,
                    start_new_session=True,
                    preexec_fn=_death_signal(),
                )
            except (OSError, subprocess.SubprocessError) as error:
                raise ProtocolError("crash", f"cannot start {self.command!r}: {error}") from None
            assert process.stdin is not None
            os.set_blocking(process.stdin.fileno(), False)
            self._process = process
            self._reaper = weakref.finalize(self, _kill_group, process)
        return self._process

    def _ask(self, view: PlayerView, seed: int) -> Action:
        process = self._start()
        request = request_line(view, seed).encode() + b"\n"
        return read_reply(self._exchange(process, request), view)

    def _exchange(self, process: subprocess.Popen[bytes], request: bytes) -> bytes:
        """Write ``request`` and read one line back (without its newline), both within
        the time limit.

        While the request is being written, what the program writes is read too
        (up to one line), so that a program writing before it reads cannot
        deadlock the two.
        """
        assert process.stdin is not None and process.stdout is not None
        inlet, outlet = process.stdin.fileno(), process.stdout.fileno()
        deadline = time.monotonic() + self.seconds
        pending = memoryview(request)
        too_long = False
        poller = select.poll()
        while True:
            if not pending:
                if too_long:
                    raise ProtocolError("malformed", f"a line longer than {MAX_LINE} bytes")
                line = self._reader.take()
                if line is not None:
                    return line
            left = deadline - time.monotonic()
            if left <= 0:
                if pending:
                    raise ProtocolError(
                        "timeout", f"the request was not read within {self.seconds:g} s"
                    )
                raise ProtocolError("timeout", f"no reply within {self.seconds:g} s")
            _watch(poller, inlet, select.POLLOUT, bool(pending))
            _watch(poller, outlet, select.POLLIN, not too_long and not self._reader.ready)
            events = dict(poller.poll(min(left, _POLL) * 1000))
            if inlet in events:
                try:
                    sent = os.write(inlet, pending[:_CHUNK])
                except BlockingIOError:
                    sent = 0
                except OSError:
                    raise ProtocolError("crash", "the program stopped reading its input") from None
                pending = pending[sent:]
            if outlet in events:
                chunk = os.read(outlet, _CHUNK)
                if not chunk:
                    raise ProtocolError("crash", "the program closed its output (it ended?)")
                too_long = self._reader.feed(chunk) or too_long
            if not events and _ended(process):
                raise ProtocolError("crash", "the program ended")


class _LineReader:
    """The bytes a program has written and the host has not taken yet, one line at a time.

    It never holds more than ``MAX_LINE`` bytes of a line, plus one chunk: a longer
    line is dropped as it arrives, up to its newline.
    """

    __slots__ = ("_buffer", "_scanned", "_newline", "_skipping")

    def __init__(self) -> None:
        self._buffer = bytearray()
        self._scanned = 0  # bytes of the buffer known to hold no newline
        self._newline = -1  # where the first line ends, once one has
        self._skipping = False  # dropping the rest of a line that was too long

    @property
    def ready(self) -> bool:
        """Whether a whole line is waiting."""
        if self._newline < 0:
            self._newline = self._buffer.find(b"\n", self._scanned)
            if self._newline < 0:
                self._scanned = len(self._buffer)
        return self._newline >= 0

    def feed(self, chunk: bytes) -> bool:
        """Take in what the program wrote; whether a line grew longer than ``MAX_LINE``."""
        if self._skipping:
            end = chunk.find(b"\n")
            if end < 0:
                return False
            self._skipping = False
            chunk = chunk[end + 1 :]
        self._buffer += chunk
        if self.ready or len(self._buffer) <= MAX_LINE:
            return False
        self._buffer.clear()
        self._scanned = 0
        self._skipping = True
        return True

    def take(self) -> bytes | None:
        """The first whole line, without its newline (and forget it); ``None`` if none."""
        if not self.ready:
            return None
        line = bytes(self._buffer[: self._newline])
        del self._buffer[: self._newline + 1]
        self._scanned, self._newline = 0, -1
        return line


def _watch(poller: select.poll, handle: int, event: int, wanted: bool) -> None:
    """Have ``poller`` wait for ``event`` on ``handle``, or not."""
    if wanted:
        poller.register(handle, event)  # registering again changes the event
    else:
        with contextlib.suppress(KeyError):
            poller.unregister(handle)


def _ended(process: subprocess.Popen[bytes]) -> bool:
    """Whether the program has ended, without reaping it: while it is a zombie its
    process group number cannot be taken by another process."""
    if process.returncode is not None:
        return True
    if not hasattr(os, "waitid"):
        return process.poll() is not None
    try:
        return os.waitid(os.P_PID, process.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
    except ChildProcessError:  # reaped by someone else
        return process.poll() is not None


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    """Kill the program's process group (the program and all it started and left in
    the group), then reap the program and close the pipes."""
    if process.returncode is None:  # not reaped: the group number is still its own
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
    with contextlib.suppress(ProcessLookupError):
        process.kill()
    process.wait()
    for pipe in (process.stdin, process.stdout):
        if pipe is not None:
            with contextlib.suppress(OSError):
                pipe.close()


def _death_signal() -> Callable[[], None] | None:
    """On Linux, called from the main thread: a function for the new program to run
    before it starts, so that the kernel kills it if this process dies first.

    Elsewhere (or from another thread, whose end would kill the program) ``None``.
    """
    if not sys.platform.startswith("linux") or threading.current_thread() is not (
        threading.main_thread()
    ):
        return None
    try:
        import ctypes

        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (ImportError, OSError, AttributeError):
        return None
    parent = os.getpid()

    def die_with_parent() -> None:  # runs in the child, between fork and exec
        prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        if os.getppid() != parent:  # the parent died before the call
            os._exit(1)

    return die_with_parent
