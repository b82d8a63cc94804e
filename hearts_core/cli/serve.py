"""``hearts serve``: the web table, played in a browser against bots and friends.

It runs :func:`hearts_core.web.create_app` with uvicorn, on 127.0.0.1 unless
``--host`` says otherwise, and needs the ``web`` extra
(``pip install 'hearts-core[web]'``). ``--variant`` is the variant the page
offers first (a file's variant joins the shipped ones), ``--bots`` the bots of
seats 1, 2, ... (repeated round the table), ``--seed`` the first table's seed
(the next tables count up from it) and ``--delay`` the seconds between bot
moves.

>>> from hearts_core.cli.parser import build_parser
>>> args = build_parser().parse_args(["serve", "--port", "8001", "--seed", "4"])
>>> args.host, args.port, args.bots, args.delay
('127.0.0.1', 8001, 'rule', 0.7)
"""

from __future__ import annotations

import argparse
import importlib.util

from hearts_core.bots import split_specs
from hearts_core.cli.arguments import UsageError, bots_of, variant_of
from hearts_core.cli.screen import Screen

__all__ = ["serve", "web_installed"]


def web_installed() -> bool:
    """Whether the ``web`` extra (Starlette and uvicorn) is installed.

    >>> isinstance(web_installed(), bool)
    True
    """
    return all(importlib.util.find_spec(name) for name in ("starlette", "uvicorn"))


def serve(args: argparse.Namespace, screen: Screen) -> int:
    """Run ``hearts serve`` with parsed arguments until interrupted; the exit status.

    Raises:
        UsageError: for a bad variant, bot, port or delay, or without the ``web`` extra.

    >>> from hearts_core.cli.parser import build_parser
    >>> import io
    >>> serve(build_parser().parse_args(["serve", "--port", "70000"]), Screen(io.StringIO(), False))
    Traceback (most recent call last):
    ...
    hearts_core.cli.arguments.UsageError: --port must be from 0 to 65535, not 70000
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

    from hearts_core.web import MAX_MESSAGE_BYTES, create_app

    app = create_app(info, bots=specs, seed=args.seed, delay=args.delay)
    shown_host = f"[{args.host}]" if ":" in args.host else args.host
    screen.say(f"Hearts at http://{shown_host}:{args.port}/ (Ctrl-C stops it)", style="bold")
    screen.out.flush()
    uvicorn.run(app, host=args.host, port=args.port, ws_max_size=MAX_MESSAGE_BYTES,
                log_level="warning")
    return 0
