"""Serve a built-in bot over the bot protocol: ``python -m hearts_core.bots.serve NAME``.

NAME is any spec :func:`~hearts_core.bots.make_bot` takes (``rule``,
``mc:64``, ``ismcts:iterations=400``). The server reads one request per
line on standard input and writes one reply per line on standard output
(see :mod:`hearts_core.bots.wire`), choosing with ``random.Random(seed)``
for the request's seed, so it plays exactly as the same bot in process. It
ends at the end of its input. A request it cannot read is answered with
``{"error": "..."}`` (which the host treats as a malformed reply), and the
server carries on. A request line is read up to
:data:`~hearts_core.bots.wire.MAX_LINE` characters and no further: a longer
one is answered with an error and the rest of it skipped unread.

    hearts arena "cmd:python -m hearts_core.bots.serve mc:24" rule --deals 100

>>> import io, random
>>> from hearts_core import Rules, apply, new_game, observe, random_deal
>>> from hearts_core.bots.wire import reply_line, request_line
>>> state = apply(new_game(), random_deal(Rules(), random.Random(1)))
>>> out = io.StringIO()
>>> serve(make_bot("rule"), io.StringIO(request_line(observe(state, 0), 3) + "\\n"), out)
>>> in_process = make_bot("rule").choose(observe(state, 0), random.Random(3))
>>> out.getvalue() == reply_line(in_process) + "\\n"
True
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator, Sequence
from typing import TextIO

from hearts_core.bots.errors import ProtocolError
from hearts_core.bots.protocol import Bot
from hearts_core.bots.registry import make_bot
from hearts_core.bots.wire import MAX_LINE, read_request, reply_line
from hearts_core.errors import HeartsError

__all__ = ["serve", "main"]

_SKIP = 65536
"""The most characters read at once while skipping a line that is too long."""


def serve(bot: Bot, requests: TextIO, replies: TextIO) -> None:
    """Answer each request line from ``requests`` with a reply line on ``replies``.

    >>> import io
    >>> out = io.StringIO()
    >>> serve(make_bot("random"), io.StringIO("nonsense\\n"), out)
    >>> json.loads(out.getvalue())["error"]
    "malformed: not JSON: 'nonsense'"
    """
    for line in _lines(requests):
        if line is not None and not line.strip():
            continue
        try:
            if line is None:
                raise ProtocolError("malformed", f"a line longer than {MAX_LINE} characters")
            view, seed = read_request(line)
            answer = reply_line(bot.choose(view, random.Random(seed)))
        except (ProtocolError, HeartsError) as error:
            answer = json.dumps({"error": str(error)}, separators=(",", ":"))
        replies.write(answer + "\n")
        replies.flush()


def _lines(stream: TextIO) -> Iterator[str | None]:
    """The lines of ``stream``, each read up to ``MAX_LINE`` characters and no further:
    ``None`` for a longer line, whose rest is skipped unread (in bounded pieces).

    >>> import io
    >>> list(_lines(io.StringIO("ab\\n" + "x" * (MAX_LINE + 1) + "\\ncd")))
    ['ab\\n', None, 'cd']
    """
    while line := stream.readline(MAX_LINE + 1):
        if len(line) <= MAX_LINE or line.endswith("\n"):
            yield line
            continue
        while (rest := stream.readline(_SKIP)) and not rest.endswith("\n"):
            pass
        yield None


def main(argv: Sequence[str] | None = None) -> int:
    """Serve the bot the first argument names on standard input and output.

    >>> main(["genius"])
    2
    """
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: python -m hearts_core.bots.serve NAME", file=sys.stderr)
        return 2
    try:
        bot = make_bot(args[0])
    except HeartsError as error:
        print(f"hearts_core.bots.serve: {error}", file=sys.stderr)
        return 2
    serve(bot, sys.stdin, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
