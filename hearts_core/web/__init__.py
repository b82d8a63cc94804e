"""The web table: ``hearts serve`` serves Hearts to browsers, against bots and friends.

It needs the ``web`` extra (``pip install 'hearts-core[web]'``: Starlette and
uvicorn). The server keeps every game's state; a browser holds one seat,
named by the token in its link, and receives that seat's view, the events it
may see (:func:`~hearts_core.visible_events`, as :mod:`hearts_core.io.events`
writes them) and the table drawn from its side (:func:`hearts_core.svg.table`).
docs/web-table.md describes the messages.

* ``app``: the ASGI application, its routes and the WebSocket (:func:`create_app`);
* ``tables``: the tables, their seats, tokens and bots (:class:`Table`, :class:`Lobby`);
* ``messages``: what a browser may send, read strictly (:func:`read_message`);
* ``static/``: the page, its script and its style sheet, shipped in the package.

>>> from starlette.testclient import TestClient
>>> client = TestClient(create_app(delay=0))
>>> client.get("/").headers["content-type"]
'text/html; charset=utf-8'
"""

from hearts_core.web.app import Server, create_app
from hearts_core.web.messages import MAX_FRAME_BYTES, MAX_MESSAGE_BYTES, read_message
from hearts_core.web.tables import Lobby, LobbyFullError, Table, TableError

__all__ = [
    "create_app",
    "Server",
    "Lobby",
    "Table",
    "TableError",
    "LobbyFullError",
    "read_message",
    "MAX_MESSAGE_BYTES",
    "MAX_FRAME_BYTES",
]
