"""The web table: ``hearts serve`` serves Hearts to browsers, against bots and friends,
and the same page plays in the browser alone, with the library run by Pyodide.

``hearts serve`` needs the ``web`` extra (``pip install 'hearts-core[web]'``:
Starlette and uvicorn). The server keeps every game's state; a browser holds one
seat, named by the token in its link, and receives that seat's view, the events it
may see (:func:`~hearts_core.visible_events`, as :mod:`hearts_core.io.events`
writes them) and the table drawn from its side (:func:`hearts_core.svg.table`).
docs/web-table.md describes the messages.

* ``app``: the ASGI application, its routes and the WebSocket (:func:`create_app`);
* ``tables``: the tables, their seats, tokens and bots, and how a table answers a
  browser's message (:class:`Table`, :class:`Lobby`);
* ``local``: one table in one process, for the page that needs no server
  (:class:`LocalTable`); it and ``tables`` need only the library itself;
* ``messages``: what a browser may send, read strictly (:func:`read_message`);
* ``static/``: the page, its script and its style sheet, shipped in the package.

:func:`create_app` and :class:`Server` load Starlette when first asked for, so
the rest of the package imports where Starlette is not installed (in Pyodide).

>>> from starlette.testclient import TestClient
>>> from hearts_core.web import create_app
>>> client = TestClient(create_app(delay=0))
>>> client.get("/").headers["content-type"]
'text/html; charset=utf-8'
"""

from typing import TYPE_CHECKING, Any

from hearts_core.web.errors import LobbyFullError, TableError
from hearts_core.web.local import LocalTable
from hearts_core.web.messages import MAX_FRAME_BYTES, MAX_MESSAGE_BYTES, read_message
from hearts_core.web.tables import Lobby, Table

if TYPE_CHECKING:
    from hearts_core.web.app import Server, create_app

__all__ = [
    "create_app",
    "Server",
    "LocalTable",
    "Lobby",
    "Table",
    "TableError",
    "LobbyFullError",
    "read_message",
    "MAX_MESSAGE_BYTES",
    "MAX_FRAME_BYTES",
]


def __getattr__(name: str) -> Any:
    # The server's names need Starlette: imported on first use only.
    if name in ("create_app", "Server"):
        from hearts_core.web import app

        return getattr(app, name)
    raise AttributeError(f"module 'hearts_core.web' has no attribute {name!r}")
