"""The web table's ASGI application: one page, its assets, tables made by link, a WebSocket.

=======================  ==============================================================
``GET /``                the page (``index.html``): choose a variant, make a table
``GET /table/{id}``      the same page, at a table; the seat's token is the link's
                         fragment (``#token``), which browsers never send to a server
``GET /static/...``      the page's script and style sheet, from the package
``GET /api/variants``    the variants offered, and the default one
``POST /api/tables``     ``{"variant": "standard"}``: a new table; the answer holds the
                         host's link
``WS /ws/{id}``          the table: a browser joins with its token, then acts for its
                         seat (see :mod:`hearts_core.web.messages`)
=======================  ==============================================================

The server holds each game's state; a browser receives only its seat's view
(``hearts-view``), the events its seat may see and the table drawn from its
side. Bots move on the server, :attr:`Server.delay` seconds apart, longer
after a trick and a hand; the deals and their choices come from the table's
seeded ``rng``, never the clock. A seat whose browsers have all gone is played
by its bot; a table with no browser at all waits. A table with a socket open to
it, joined or still joining, is never replaced by a new table (see
:class:`~hearts_core.web.tables.Lobby`).

>>> from starlette.testclient import TestClient
>>> with TestClient(create_app(delay=0)) as client:
...     client.get("/api/variants").json()["default"]
'standard'
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Any, Final

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from hearts_core.bots import Bot, RuleBot, make_bot
from hearts_core.events import Event
from hearts_core.io.errors import RecordError
from hearts_core.io.jsontext import dumps, loads
from hearts_core.io.reader import Reader
from hearts_core.rules.variants import Variant, variant_info, variant_names
from hearts_core.web.errors import LobbyFullError, TableError
from hearts_core.web.messages import (
    MAX_MESSAGE_BYTES,
    Join,
    error_message,
    message_bytes,
    read_message,
)
from hearts_core.web.tables import HOST, Lobby, Table, pause_after, variant_list

__all__ = ["Server", "create_app", "STATIC", "JOIN_SECONDS", "QUEUE_LENGTH"]

STATIC: Final = "static"
"""The folder of ``hearts_core.web`` that holds the page and its assets."""

JOIN_SECONDS: Final = 30.0
"""How long a new WebSocket may take to send its ``join`` message before it is closed."""

QUEUE_LENGTH: Final = 256
"""The most messages waiting for one browser; a browser that falls further behind is
disconnected (its seat's bot plays on), so a stalled reader costs bounded memory."""

_HEADERS: Final = (
    (
        b"content-security-policy",
        b"default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
        b"connect-src 'self'; frame-ancestors 'none'; base-uri 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
)
_log = logging.getLogger(__name__)


class _Connection:
    """One browser at a table: its seat and the messages waiting to be written to it."""

    def __init__(self, socket: WebSocket, seat: int) -> None:
        self.socket = socket
        self.seat = seat
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(QUEUE_LENGTH)
        self.close_code = 1000
        self.closing = False

    def send(self, message: dict[str, Any]) -> None:
        if self.closing:
            return
        try:
            self.queue.put_nowait(dumps(message))
        except asyncio.QueueFull:  # it stopped reading: let it go, its bot plays on
            self.finish(1008)

    def finish(self, code: int) -> None:
        """Write what is queued (or, if the browser fell behind, drop it), then close."""
        if self.queue.full():
            while not self.queue.empty():
                self.queue.get_nowait()
        self.closing = True
        self.close_code = code
        self.queue.put_nowait(None)

    async def write(self) -> None:
        try:
            while (text := await self.queue.get()) is not None:
                await self.socket.send_text(text)
            await self.socket.close(self.close_code)
        except (WebSocketDisconnect, RuntimeError, OSError):
            return  # the browser went first: the reader sees it and lets the seat go


class _Room:
    """A table with its browsers and the task that deals and moves its bots."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.connections: set[_Connection] = set()
        self.wake = asyncio.Event()
        self.pause = 0.0
        self.driver: asyncio.Task[None] | None = None


class Server:
    """The tables of one ``hearts serve`` and the browsers at them.

    Args:
        lobby: The tables, the variants offered and the bots.
        default_variant: The variant the page offers first.
        delay: Seconds between two bot moves (after a trick twice that, after a hand
            four times); 0 in tests.

    :func:`create_app` makes one and keeps it as ``app.state.server``:

    >>> app = create_app(seed=2, delay=0)
    >>> server = app.state.server
    >>> server.delay, server.default_variant, server.rooms
    (0, 'standard', {})
    """

    def __init__(self, lobby: Lobby, default_variant: str, delay: float = 0.7) -> None:
        self.lobby = lobby
        self.default_variant = default_variant
        self.delay = delay
        self.rooms: dict[str, _Room] = {}

    def pause_after(self, events: Sequence[Event]) -> float:
        """How long the bots wait after ``events``, so people can follow them.

        >>> from hearts_core import Card, CardPlayed
        >>> server = Server(Lobby({}, lambda n: []), "standard", delay=0.5)
        >>> server.pause_after([CardPlayed(1, Card.parse("2C"))])
        0.5
        """
        return pause_after(events, self.delay)

    def room(self, table: Table) -> _Room:
        """The room of ``table``, its driver started on first use."""
        room = self.rooms.get(table.id)
        if room is None:
            room = self.rooms[table.id] = _Room(table)
            room.driver = asyncio.create_task(self._drive(room))
        return room

    def forget_closed(self) -> None:
        """Stop the drivers of tables the lobby no longer keeps."""
        for table_id in [key for key in self.rooms if self.lobby.get(key) is None]:
            driver = self.rooms.pop(table_id).driver
            if driver is not None:
                driver.cancel()

    def broadcast(self, room: _Room, events: Sequence[Event] = ()) -> None:
        """Send every browser at the table its view and the events its seat may see."""
        made: dict[int, dict[str, Any]] = {}
        for connection in list(room.connections):
            seat = connection.seat
            if seat not in made:
                made[seat] = room.table.update_for(seat, events)
            connection.send(made[seat])

    async def _drive(self, room: _Room) -> None:
        table = room.table
        while True:
            job = table.automatic()
            if job is None:
                room.wake.clear()
                await room.wake.wait()
                continue
            if room.pause > 0:
                pause, room.pause = room.pause, 0.0
                await asyncio.sleep(pause)
                continue  # people may have acted meanwhile
            try:
                if job == "deal":
                    events: tuple[Event, ...] | None = table.deal()
                else:
                    action = await asyncio.to_thread(table.bot_choice, job)
                    events = table.bot_act(job, action)
            except Exception:  # a bug, not a browser's doing: the other tables go on
                _log.exception("table %s stopped", table.id)
                for connection in room.connections:
                    connection.send(_error("the table stopped: a bot failed"))
                return
            if events is not None:
                self.broadcast(room, events)
                room.pause = self.pause_after(events)

    async def _join(self, socket: WebSocket, table: Table) -> tuple[int | None, int]:
        """The seat the browser's ``join`` message names, or ``None`` (it is told why);
        and the code to close with if there is no seat: 1008 after an oversized message,
        4403 after any other bad first message."""
        try:
            received = await asyncio.wait_for(socket.receive(), JOIN_SECONDS)
            if received["type"] == "websocket.disconnect":
                return None, 4403  # gone before joining
            text = received.get("text")
            data = text if text is not None else received.get("bytes") or b""
            if (size := message_bytes(data)) > MAX_MESSAGE_BYTES:
                await socket.send_text(dumps(_oversized(size)))
                return None, 1008
            if text is None:
                await socket.send_text(dumps(_error("the first message must be text")))
                return None, 4403
            message = read_message(text, table.variant.rules.players)
            seat = table.seat_of(message.token) if isinstance(message, Join) else None
            if seat is None:
                refusal = _error("the first message must join with a seat's token")
                await socket.send_text(dumps(refusal))
            return seat, 4403
        except (WebSocketDisconnect, RuntimeError, OSError):
            return None, 4403  # gone before joining
        except (TimeoutError, RecordError) as error:
            with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
                await socket.send_text(dumps(_refusal(error)))
            return None, 4403

    async def websocket(self, socket: WebSocket) -> None:
        """A browser at a table: it joins with its token, then acts for its seat.

        From the moment the table is found until the socket closes, the table counts
        as in use (:meth:`~hearts_core.web.tables.Table.connect`), so making new tables
        never replaces it, even before its browser has joined."""
        await socket.accept()
        table = self.lobby.get(socket.path_params["table_id"])
        if table is None:
            await socket.send_text(dumps(_error("no such table (it may have been closed)")))
            await socket.close(4404)
            return
        table.connect()  # no await since the lookup: the table is still kept
        try:
            await self._seated(socket, table)
        finally:
            table.disconnect()

    async def _seated(self, socket: WebSocket, table: Table) -> None:
        seat, code = await self._join(socket, table)
        if seat is None:
            with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
                await socket.close(code)
            return
        room = self.room(table)
        connection = _Connection(socket, seat)
        writer = asyncio.create_task(connection.write())
        room.connections.add(connection)
        table.join(seat)
        connection.send(table.welcome_for(seat))
        self.broadcast(room)
        room.wake.set()
        try:
            await self._listen(room, connection)
        finally:
            room.connections.discard(connection)
            table.leave(seat)
            if connection.closing:  # the server closes: the last messages go first
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(writer, JOIN_SECONDS)
            writer.cancel()
            self.broadcast(room)
            room.wake.set()

    async def _listen(self, room: _Room, connection: _Connection) -> None:
        socket = connection.socket
        while True:
            try:
                received = await socket.receive()
            except (WebSocketDisconnect, RuntimeError):
                return
            if received["type"] == "websocket.disconnect":
                return
            text = received.get("text")
            data = text if text is not None else received.get("bytes") or b""
            if (size := message_bytes(data)) > MAX_MESSAGE_BYTES:
                connection.send(_oversized(size))
                connection.finish(1008)
                return
            if connection.closing:
                return
            self.handle(room, connection, data)

    def handle(self, room: _Room, connection: _Connection, data: str | bytes) -> None:
        """Act on one message from a browser: the table changes, or the browser is told why
        not (and nothing else learns of it)."""
        outcome = room.table.handle(connection.seat, data)
        if isinstance(outcome, dict):
            connection.send(outcome)
            return
        self.broadcast(room, outcome)
        room.pause = self.pause_after(outcome)
        room.wake.set()


_error = error_message


def _oversized(size: int) -> dict[str, Any]:
    """The ``error`` message for a message of ``size`` bytes, over the limit."""
    problem = RecordError.Problem("$", f"longer than {MAX_MESSAGE_BYTES} bytes ({size})")
    return _error(f"a message holds at most {MAX_MESSAGE_BYTES} bytes of UTF-8", [problem])


def _refusal(error: BaseException) -> dict[str, Any]:
    if isinstance(error, RecordError):
        return _error("the message was refused", error.problems)
    if isinstance(error, TimeoutError):
        return _error(f"no join message within {JOIN_SECONDS:.0f} seconds")
    return _error(str(error))


class _SecurityHeaders:
    """Every HTTP answer forbids scripts, styles and connections from other origins."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *_HEADERS]
            await send(message)

        await self.app(scope, receive, send_with_headers)


async def _read_body(request: Request) -> bytes | None:
    """The request's body, or ``None`` if it is longer than :data:`MAX_MESSAGE_BYTES`."""
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_MESSAGE_BYTES:
            return None
    return body


def _bots_maker(specs: Sequence[str]) -> Callable[[int], list[Bot]]:
    """Bots for a table: seat ``s`` (from 1) gets ``specs[(s - 1) % len(specs)]``, seat 0
    the first spec; with no spec, rule bots."""
    for spec in specs:  # a bad spec fails now, not when a table is made
        make_bot(spec)

    def make(players: int) -> list[Bot]:
        if not specs:
            return [RuleBot() for _ in range(players)]
        others = [make_bot(specs[(seat - 1) % len(specs)]) for seat in range(1, players)]
        return [make_bot(specs[0]), *others]

    return make


# long: the routes are closures over one lobby and server, next to the app they make
def create_app(
    variant: Variant | str = "standard",
    *,
    bots: Sequence[str] = ("rule",),
    seed: int | None = None,
    delay: float = 0.7,
    max_tables: int = 100,
) -> Starlette:
    """The web table as an ASGI application (``hearts serve`` runs it with uvicorn).

    Args:
        variant: The variant the page offers first: a shipped variant's name, or a
            :class:`~hearts_core.rules.Variant` (from a file) offered beside the shipped ones.
        bots: Bot specs (:func:`~hearts_core.bots.make_bot`) for seats 1, 2, ...,
            repeated round the table; seat 0's stand-in is the first.
        seed: Table ``k`` deals from ``seed + k`` (see :class:`~hearts_core.web.tables.Lobby`).
        delay: Seconds between bot moves.
        max_tables: The most tables kept at once.

    Raises:
        HeartsError: for an unknown variant or bot spec.

    >>> from starlette.testclient import TestClient
    >>> client = TestClient(create_app("classic", seed=1, delay=0))
    >>> answer = client.post("/api/tables", json={"variant": "maria"})
    >>> answer.status_code, answer.json()["link"].startswith("/table/")
    (201, True)
    """
    info = variant if isinstance(variant, Variant) else variant_info(variant)
    offered = {name: variant_info(name) for name in variant_names()}
    offered[info.name] = info
    aliases = {alias: v.name for v in offered.values() for alias in v.aliases}
    make_bots = _bots_maker(list(bots))
    lobby = Lobby(offered, make_bots, seed=seed, max_tables=max_tables)
    server = Server(lobby, info.name, delay=delay)

    async def page(request: Request) -> Response:
        return FileResponse(_static_dir() + "/index.html", media_type="text/html")

    async def variants(request: Request) -> Response:
        return JSONResponse({"default": info.name, "variants": variant_list(offered)})

    async def tables(request: Request) -> Response:
        body = await _read_body(request)
        if body is None:
            return JSONResponse(_error(f"at most {MAX_MESSAGE_BYTES} bytes"), status_code=413)
        try:
            name = _variant_request(body)
            if name not in offered and name.lower() in aliases:
                name = aliases[name.lower()]
            table = lobby.create(name)
        except RecordError as error:
            return JSONResponse(_refusal(error), status_code=400)
        except LobbyFullError as error:  # every table is held: none is replaced
            return JSONResponse(_error(str(error)), status_code=503)
        except TableError as error:
            return JSONResponse(_error(str(error)), status_code=400)
        server.forget_closed()
        link = f"/table/{table.id}#{table.tokens[HOST]}"
        return JSONResponse({"table": table.id, "link": link}, status_code=201)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        for room in server.rooms.values():
            if room.driver is not None:
                room.driver.cancel()

    app = Starlette(
        routes=[
            Route("/", page),
            Route("/table/{table_id}", page),
            Route("/api/variants", variants),
            Route("/api/tables", tables, methods=["POST"]),
            WebSocketRoute("/ws/{table_id}", server.websocket),
            Mount("/static", StaticFiles(directory=_static_dir()), name="static"),
        ],
        lifespan=lifespan,
    )
    app.state.server = server
    app.add_middleware(_SecurityHeaders)
    return app


def _variant_request(body: bytes) -> str:
    """The variant a ``POST /api/tables`` body names, read strictly."""
    reader = Reader()
    found = reader.json_object(loads(body), "$", required=("variant",))
    name = None if found is None or "variant" not in found else reader.string(
        found["variant"], "$.variant"
    )
    reader.raise_if_any()
    assert name is not None
    return name


def _static_dir() -> str:
    from importlib.resources import files

    return str(files("hearts_core.web") / STATIC)
