"""A bot that is another program: ``cmd:COMMAND`` in the arena, speaking the bot protocol.

:class:`CommandBot` starts the program on its first decision and keeps it
running; each decision writes one request line to its standard input and
reads one reply line from its standard output (see
:mod:`hearts_core.bots.wire`). Its standard error is discarded.

What can go wrong is defined, recorded as a :class:`Failure`, and never
stops the game:

* ``timeout``: no full reply line within ``seconds`` (the program is killed
  and started again for the next decision);
* ``malformed``: a reply that is not ``{"action": TEXT}`` in the notation;
* ``illegal``: an action that is not legal;
* ``crash``: the program cannot be started, or ends (it is started again
  for the next decision).

After a failure the seat plays the first of its legal actions. After
``retire_after`` failures in a row within one hand, the program is stopped
and asked nothing more until the next hand (so a program that never answers
costs a few time limits a hand, not one per card).

>>> bot = CommandBot("my-bot --fast", seconds=2.0)
>>> bot, bot.seconds
(CommandBot('my-bot --fast'), 2.0)
"""

from __future__ import annotations

import os
import random
import select
import shlex
import subprocess
import time

import attrs

from hearts_core.actions import Action
from hearts_core.bots.protocol import no_action_error
from hearts_core.bots.wire import MAX_LINE, FailureKind, ProtocolError, read_reply, request_line
from hearts_core.errors import BotError
from hearts_core.observation import PlayerView

__all__ = ["Failure", "CommandBot"]


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
        seconds: The time limit for each decision's reply.
        retire_after: Failures in a row, within a hand, after which the
            program is left alone until the next hand.

    Raises:
        BotError: for an empty command or a bad limit.

    >>> CommandBot("")
    Traceback (most recent call last):
    ...
    hearts_core.errors.BotError: cmd: needs a command to run
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
        self._buffer = b""
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
        return self._process is not None and self._process.poll() is None

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
        """Stop the program: close its input, give it a moment to exit, then kill it.

        >>> CommandBot("true").close()
        """
        process, self._process = self._process, None
        self._buffer = b""
        if process is None:
            return
        try:
            if process.stdin is not None:
                process.stdin.close()
        except OSError:
            pass
        try:
            process.wait(timeout=0.5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if process.stdout is not None:
            process.stdout.close()

    def _start(self) -> subprocess.Popen[bytes]:
        if self._process is None or self._process.poll() is not None:
            self.close()
            try:
                self._process = subprocess.Popen(
                    self.argv,
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    stderr=subprocess.DEVNULL,
                )
            except OSError as error:
                raise ProtocolError("crash", f"cannot start {self.command!r}: {error}") from None
        return self._process

    def _ask(self, view: PlayerView, seed: int) -> Action:
        process = self._start()
        assert process.stdin is not None
        try:
            process.stdin.write(request_line(view, seed).encode() + b"\n")
            process.stdin.flush()
        except OSError:
            raise ProtocolError("crash", "the program stopped reading its input") from None
        return read_reply(self._read_line(process), view)

    def _read_line(self, process: subprocess.Popen[bytes]) -> bytes:
        """One line from the program within the time limit, without the newline."""
        assert process.stdout is not None
        handle = process.stdout.fileno()
        deadline = time.monotonic() + self.seconds
        while b"\n" not in self._buffer:
            if len(self._buffer) > MAX_LINE:
                raise ProtocolError("malformed", f"a line longer than {MAX_LINE} bytes")
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([handle], [], [], left)[0]:
                raise ProtocolError("timeout", f"no reply within {self.seconds:g} s")
            chunk = os.read(handle, 65536)
            if not chunk:
                raise ProtocolError("crash", "the program closed its output (it ended?)")
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line
