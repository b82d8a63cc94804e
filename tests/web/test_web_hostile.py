"""The web table under hostile browsers: tables held while joining, oversized messages,
a busy port.

Two kinds of server are driven here. Starlette's TestClient runs the application
itself, in process; ``hearts serve`` in a subprocess runs it behind uvicorn's
WebSocket layer, exactly as people run it, so what the WebSocket layer does to a
long frame is tested too.
"""

from __future__ import annotations

import json
import socket as socket_module
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette", reason="needs starlette: install the web extra")
pytest.importorskip("websockets", reason="needs websockets: install the web extra")

from helpers.web import join, receive_update
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from hearts_core.web import MAX_FRAME_BYTES, MAX_MESSAGE_BYTES, LobbyFullError, create_app
from hearts_core.web.tables import Lobby, Table

LIMIT = MAX_MESSAGE_BYTES


def new_table(client: TestClient) -> tuple[str, str]:
    answer = client.post("/api/tables", json={"variant": "standard"})
    assert answer.status_code == 201, answer.text
    table_id, token = answer.json()["link"].removeprefix("/table/").split("#")
    return table_id, token


def lobby_of(client: TestClient) -> Lobby:
    lobby = client.app.state.server.lobby  # type: ignore[attr-defined]
    assert isinstance(lobby, Lobby)
    return lobby




# -- A table a browser holds, or is joining, is never replaced ------------------------


def test_a_table_whose_browser_is_still_joining_outlives_a_hundred_new_tables() -> None:
    with TestClient(create_app(seed=3, delay=0)) as client:
        lobby = lobby_of(client)
        assert lobby.max_tables == 100
        table_id, token = new_table(client)
        with client.websocket_connect(f"/ws/{table_id}") as host:
            time.sleep(0.5)  # the server has found the table and waits for the join
            made = [new_table(client)[0] for _ in range(100)]
            assert len(lobby.tables) == 100 and lobby.get(table_id) is not None
            assert table_id not in made
            welcome = join(host, token)
            assert welcome["table"] == table_id and welcome["seat"] == 0
            assert receive_update(host)["started"] is False
            host.send_json({"type": "start"})
            new_table(client)  # one more: an idle table goes, not this one
            assert lobby.get(table_id) is not None and len(lobby.tables) == 100
            # The bots move: the deal, then East, South and West pass.
            passed: set[int] = set()
            dealt = False
            while passed != {1, 2, 3}:
                for event in receive_update(host)["events"]:
                    dealt |= event["type"] == "hand-dealt"
                    if event["type"] == "pass-submitted":
                        passed.add(event["seat"])
            assert dealt
            # The host's invite links still lead to the table.
            east = next(invite for invite in welcome["invites"] if invite["seat"] == 1)
            path, east_token = east["link"].split("#")
            assert path == f"/table/{table_id}"
            with client.websocket_connect(f"/ws/{table_id}") as friend:
                assert join(friend, east_token)["seat"] == 1
                assert receive_update(friend)["view"]["phase"] == "pass"


def test_when_every_table_is_held_a_new_one_is_refused_and_none_replaced() -> None:
    with TestClient(create_app(delay=0, max_tables=2)) as client:
        lobby = lobby_of(client)
        first, first_token = new_table(client)
        second, _ = new_table(client)
        with client.websocket_connect(f"/ws/{first}") as one:
            join(one, first_token)  # a seat held
            with client.websocket_connect(f"/ws/{second}"):
                time.sleep(0.5)  # still joining: it holds the table all the same
                answer = client.post("/api/tables", json={"variant": "standard"})
                assert answer.status_code == 503
                assert answer.json() == {
                    "type": "error",
                    "message": "all 2 tables are in use (a browser is at each): "
                    "try again when one is left",
                    "problems": [],
                }
                assert sorted(lobby.tables) == sorted([first, second])
            # The joining browser left: its table may now be replaced, the held one not.
            third, _ = new_table(client)
            assert sorted(lobby.tables) == sorted([first, third])


def test_the_lobby_replaces_only_tables_with_no_socket_open() -> None:
    with TestClient(create_app(delay=0, max_tables=3)) as client:
        lobby = lobby_of(client)
        ids = [new_table(client)[0] for _ in range(3)]
        with client.websocket_connect(f"/ws/{ids[0]}"), client.websocket_connect(
            f"/ws/{ids[2]}"
        ):
            time.sleep(0.5)
            table = lobby.get(ids[0])
            assert isinstance(table, Table) and table.in_use and not table.present
            fourth, _ = new_table(client)  # the only table with no socket goes
            assert sorted(lobby.tables) == sorted([ids[0], ids[2], fourth])
            with client.websocket_connect(f"/ws/{fourth}"):
                time.sleep(0.5)
                with pytest.raises(LobbyFullError) as full:
                    lobby.create("standard")
                assert full.value.max_tables == 3
                assert sorted(lobby.tables) == sorted([ids[0], ids[2], fourth])
        assert all(not table.in_use for table in lobby.tables.values())


def test_a_lobby_keeps_at_least_one_table() -> None:
    from hearts_core.web import TableError

    for bad in (0, -1, True, 2.5):
        with pytest.raises(TableError, match="max_tables"):
            create_app(max_tables=bad)  # type: ignore[arg-type]


# -- Oversized messages, in process -----------------------------------------------------


def at_limit(extra: int = 0) -> str:
    """A good ``start`` message padded with spaces to ``LIMIT + extra`` bytes."""
    text = '{"type": "start"}'
    return text + " " * (LIMIT + extra - len(text))


def test_a_message_exactly_at_the_limit_is_read() -> None:
    with TestClient(create_app(seed=2, delay=0)) as client:
        table_id, token = new_table(client)
        with client.websocket_connect(f"/ws/{table_id}") as socket:
            join(socket, token)
            receive_update(socket)
            # 4,096 bytes of UTF-8 in fewer characters: refused as a message, not for size.
            text = '{"type": "bid", "x": "' + "é" * 2030 + '"}'
            pad = LIMIT - len(text.encode())
            text = text[:-2] + "x" * pad + '"}'
            assert len(text.encode()) == LIMIT
            socket.send_text(text)
            answer = socket.receive_json()
            assert answer["type"] == "error" and [p["path"] for p in answer["problems"]] == [
                "$.type"
            ]
            assert len(at_limit().encode()) == LIMIT
            socket.send_text(at_limit())
            assert receive_update(socket)["started"] is True


@pytest.mark.parametrize(
    ("text", "size"),
    [(at_limit(1), LIMIT + 1), ("é" * 2100, 4200), ("x" * 65_536, 65_536)],
    ids=["4097-bytes", "2100-e-acute", "64-KiB"],
)
@pytest.mark.parametrize("joined", [True, False], ids=["after-join", "as-first-message"])
def test_an_oversized_message_gets_an_error_then_1008_in_process(
    text: str, size: int, joined: bool
) -> None:
    with TestClient(create_app(seed=2, delay=0)) as client:
        table_id, token = new_table(client)
        table = lobby_of(client).get(table_id)
        assert table is not None
        with client.websocket_connect(f"/ws/{table_id}") as socket:
            if joined:
                join(socket, token)
                receive_update(socket)
            socket.send_text(text)
            answer = socket.receive_json()
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_json()
        check_oversized(answer, size)
        assert closed.value.code == 1008
        assert not table.started and table.held == [0, 0, 0, 0] and not table.in_use


def check_oversized(answer: dict[str, Any], size: int) -> None:
    assert answer == {
        "type": "error",
        "message": f"a message holds at most {LIMIT} bytes of UTF-8",
        "problems": [{"path": "$", "message": f"longer than {LIMIT} bytes ({size})"}],
    }


# -- Oversized messages, through ``hearts serve`` and uvicorn ---------------------------


class Served:
    """``hearts serve --port 0`` in a subprocess, and the port it printed."""

    def __init__(self) -> None:
        command = [sys.executable, "-m", "hearts_core", "serve", "--port", "0", "--seed", "1",
                   "--delay", "0", "--style", "plain"]
        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        assert self.process.stdout is not None
        first = self.process.stdout.readline()
        prefix = "Hearts at http://127.0.0.1:"
        assert first.startswith(prefix) and first.endswith("/ (Ctrl-C stops it)\n"), first
        self.port = int(first.removeprefix(prefix).split("/")[0])
        assert self.port > 0
        self.opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))

    def new_table(self) -> tuple[str, str]:
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}/api/tables", data=b'{"variant": "standard"}',
            headers={"content-type": "application/json"}, method="POST",
        )
        # The URL is printed once the port listens: no waiting for uvicorn.
        with self.opener.open(request, timeout=10) as answer:
            assert answer.status == 201
            link: str = json.load(answer)["link"]
        table_id, token = link.removeprefix("/table/").split("#")
        return table_id, token

    def socket(self, table_id: str) -> ClientConnection:
        return connect(f"ws://127.0.0.1:{self.port}/ws/{table_id}", max_size=None, proxy=None,
                       open_timeout=10, close_timeout=10)

    def stop(self) -> None:
        self.process.terminate()
        self.process.communicate(timeout=10)


@pytest.fixture(scope="module")
def served() -> Iterator[Served]:
    server = Served()
    try:
        yield server
    finally:
        server.stop()


def receive(socket: ClientConnection) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(socket.recv(timeout=10))
    return message


def closed_code(socket: ClientConnection) -> int | None:
    with pytest.raises(ConnectionClosed) as closed:
        socket.recv(timeout=10)
    return None if closed.value.rcvd is None else closed.value.rcvd.code


@pytest.mark.parametrize(
    ("text", "size"),
    [(at_limit(1), LIMIT + 1), ("é" * 2100, 4200), ("x" * 65_536, 65_536)],
    ids=["4097-bytes", "2100-e-acute", "64-KiB"],
)
def test_an_oversized_message_gets_an_error_then_1008_from_hearts_serve(
    served: Served, text: str, size: int
) -> None:
    table_id, token = served.new_table()
    with served.socket(table_id) as socket:
        socket.send(json.dumps({"type": "join", "token": token}))
        assert receive(socket)["type"] == "welcome"
        assert receive(socket)["type"] == "update"
        socket.send(text)
        check_oversized(receive(socket), size)
        assert closed_code(socket) == 1008
    with served.socket(table_id) as socket:  # as the first message, before a join
        socket.send(text)
        check_oversized(receive(socket), size)
        assert closed_code(socket) == 1008


def test_hearts_serve_reads_a_message_exactly_at_the_limit(served: Served) -> None:
    table_id, token = served.new_table()
    with served.socket(table_id) as socket:
        socket.send(json.dumps({"type": "join", "token": token}))
        assert receive(socket)["type"] == "welcome"
        assert receive(socket)["started"] is False
        socket.send(at_limit())
        assert receive(socket)["started"] is True


def test_hearts_serve_cuts_off_a_frame_over_the_frame_limit_unread(served: Served) -> None:
    table_id, _ = served.new_table()
    with served.socket(table_id) as socket:
        socket.send("x" * (MAX_FRAME_BYTES + 1))
        assert closed_code(socket) == 1009


# -- A busy port --------------------------------------------------------------------------


def test_hearts_serve_on_a_busy_port_says_so_and_prints_no_url() -> None:
    with socket_module.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        command = [sys.executable, "-m", "hearts_core", "serve", "--port", str(port)]
        done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr == f"hearts: cannot listen on 127.0.0.1 port {port}: the port is in use\n"


def test_hearts_serve_on_an_address_it_cannot_bind_says_which() -> None:
    # 192.0.2.1 is reserved for documentation: no machine has it, so it cannot be bound.
    command = [sys.executable, "-m", "hearts_core", "serve", "--host", "192.0.2.1",
               "--port", "8000"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith("hearts: cannot listen on 192.0.2.1 port 8000: ")
    assert "in use" not in done.stderr
