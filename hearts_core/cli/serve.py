"""``hearts serve``: the web table, played in a browser against bots and friends.

It runs :func:`hearts_core.web.create_app` with uvicorn, on 127.0.0.1 unless
``--host`` says otherwise, and needs the ``web`` extra
(``pip install 'hearts-core[web]'``). ``--variant`` is the variant the page
offers first (a file's variant joins the shipped ones), ``--bots`` the bots of
seats 1, 2, ... (repeated round the table), ``--seed`` the first table's seed
(the next tables count up from it) and ``--delay`` the seconds between bot
moves.

The address is bound before anything is printed: a port already in use, or an
address this machine cannot listen on, is one line on standard error naming the
host and the port, and exit status 1 (no URL). With ``--port 0`` the system
chooses a free port, and the URL printed names it.

>>> from hearts_core.cli.parser import build_parser
>>> args = build_parser().parse_args(["serve", "--port", "8001", "--seed", "4"])
>>> args.host, args.port, args.bots, args.delay
('127.0.0.1', 8001, 'rule', 0.7)
"""

from __future__ import annotations

import argparse
import errno
import importlib.util
import os
import socket

from hearts_core.bots import split_specs
from hearts_core.cli.arguments import bots_of, variant_of
from hearts_core.cli.errors import CommandError, UsageError
from hearts_core.cli.screen import Screen

__all__ = ["serve", "web_installed", "listen"]


def web_installed() -> bool:
    """Whether the ``web`` extra (Starlette and uvicorn) is installed.

    >>> isinstance(web_installed(), bool)
    True
    """
    return all(importlib.util.find_spec(name) for name in ("starlette", "uvicorn"))


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host`` and ``port`` for ``hearts serve`` (an IPv6 socket when
    ``host`` holds a ``:``), as uvicorn binds one, and listening: a browser may connect
    at once, and uvicorn answers once it runs.

    Raises:
        CommandError: naming the host and the port, when the port is in use or the
            address cannot be bound (``hearts`` exits with status 1).

    >>> with listen("127.0.0.1", 0) as bound:
    ...     port = bound.getsockname()[1]
    ...     try:
    ...         listen("127.0.0.1", port)
    ...     except CommandError as error:
    ...         print(str(error).replace(str(port), "PORT"))
    cannot listen on 127.0.0.1 port PORT: the port is in use
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    shown = f"{_shown_host(host)} port {port}"
    try:
        bound = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    except OSError as error:
        raise CommandError(f"cannot listen on {shown}: {error.strerror or error}") from None
    try:
        if os.name != "nt":  # on Windows it would let two servers share the port
            bound.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        bound.bind((host, port))
        bound.listen(_BACKLOG)
    except (OSError, UnicodeError) as error:
        bound.close()
        if isinstance(error, OSError) and error.errno == errno.EADDRINUSE:
            reason = "the port is in use"
        elif isinstance(error, OSError):
            reason = str(error.strerror or error)
        else:
            reason = "not a host name or address"
        raise CommandError(f"cannot listen on {shown}: {reason}") from None
    bound.set_inheritable(True)
    return bound


_BACKLOG = 2048  # uvicorn's default


def _shown_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def serve(args: argparse.Namespace, screen: Screen) -> int:
    """Run ``hearts serve`` with parsed arguments until interrupted; the exit status.

    Raises:
        UsageError: for a bad variant, bot, port or delay, or without the ``web`` extra.
        CommandError: when the host and port cannot be bound (the port is in use), or
            the server does not start.

    >>> from hearts_core.cli.parser import build_parser
    >>> import io
    >>> serve(build_parser().parse_args(["serve", "--port", "70000"]), Screen(io.StringIO(), False))
    Traceback (most recent call last):
    ...
    hearts_core.cli.errors.UsageError: --port must be from 0 to 65535, not 70000
    """
    if not 0 <= args.port <= 65535:
        raise UsageError(f"--port must be from 0 to 65535, not {args.port}")
    if not 0 <= args.delay <= 60:
        raise UsageError(f"--delay must be from 0 to 60 seconds, not {args.delay}")
    info = variant_of(args.variant)
    specs = split_specs(args.bots)
    bots_of(args.bots, len(specs))  # every spec names a bot
    if not web_installed():
        raise UsageError("hearts serve needs the web extra: pip install 'hearts-core[web]'")
    import uvicorn

    from hearts_core.web import MAX_FRAME_BYTES, create_app

    app = create_app(info, bots=specs, seed=args.seed, delay=args.delay)
    # Frames up to MAX_FRAME_BYTES reach the app, which answers a message over
    # MAX_MESSAGE_BYTES with an error and code 1008; only longer frames are cut off
    # by the WebSocket layer (1009).
    config = uvicorn.Config(app, ws_max_size=MAX_FRAME_BYTES, log_level="warning")
    with listen(args.host, args.port) as bound:
        port = bound.getsockname()[1]
        shown = f"http://{_shown_host(args.host)}:{port}/"
        screen.say(f"Hearts at {shown} (Ctrl-C stops it)", style="bold")
        screen.out.flush()
        server = uvicorn.Server(config)
        server.run(sockets=[bound])
    if not server.started:
        raise CommandError(f"the web server at {shown} did not start")
    return 0
