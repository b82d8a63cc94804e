"""The table that plays in the page (``LocalTable``) and what builds the play page.

The page's table must be the served table in another transport, not a second
program: the same seed and the same moves give the same messages as ``hearts
serve`` sends. Its pauses are the server's, it refuses what the server refuses,
and ``hearts_core.web`` imports where Starlette is missing, as in Pyodide. The
play page is the served page with its transport swapped (``docs/hooks/play.py``),
and its payload is checked by digest (``docs/hooks/play_payload.py``).
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

pytest.importorskip("starlette", reason="needs starlette: install the web extra")

from helpers.web import Player, join, new_table, receive_update
from starlette.testclient import TestClient

from hearts_core import InvalidRulesError, UnknownNameError
from hearts_core.bots import BotError
from hearts_core.io.jsontext import loads
from hearts_core.web import LocalTable, TableError, create_app
from hearts_core.web.tables import pause_after

REPO = Path(__file__).resolve().parents[2]


def answer(text: str) -> dict[str, Any]:
    found: dict[str, Any] = loads(text)
    assert set(found) == {"messages", "wait"}
    return found


def play_in_page(table: LocalTable, hands: int) -> list[dict[str, Any]]:
    """Every message the page gets until ``hands`` hands are scored (or the game ends),
    acting as test_web's Player does, and calling ``advance`` whenever ``wait`` says."""
    got: list[dict[str, Any]] = []
    player = Player()
    opened = answer(table.open())
    got += opened["messages"]
    pending = answer(table.receive('{"type": "start"}'))
    while True:
        got += pending["messages"]
        scored = sum(
            event["type"] == "hand-scored" for message in got for event in message.get("events", ())
        )
        last = got[-1]
        if scored >= hands or last["view"]["winners"]:
            return got
        move = player.move(last)
        if move is not None:
            pending = answer(table.receive(json.dumps({"type": "act", "action": move})))
        else:
            assert pending["wait"] is not None, "the table waits, but not for the person"
            pending = answer(table.advance())


def play_served(seed: int, hands: int) -> list[dict[str, Any]]:
    """The same, at a table of ``hearts serve`` (its first table deals from ``seed``)."""
    got: list[dict[str, Any]] = []
    with TestClient(create_app(seed=seed, delay=0)) as client:
        table_id, token = new_table(client)
        with client.websocket_connect(f"/ws/{table_id}") as socket:
            got.append(join(socket, token))
            got.append(receive_update(socket))
            socket.send_json({"type": "start"})
            player = Player()
            while True:
                got.append(receive_update(socket))
                scored = sum(
                    e["type"] == "hand-scored" for m in got for e in m.get("events", ())
                )
                if scored >= hands or got[-1]["view"]["winners"]:
                    return got
                move = player.move(got[-1])
                if move is not None:
                    socket.send_json({"type": "act", "action": move})


def test_the_page_gets_the_messages_the_server_sends() -> None:
    page = play_in_page(LocalTable(seed=21, delay=0), hands=2)
    served = play_served(21, hands=2)
    # The same welcome (but the table's name and the links: no one else reaches a page).
    assert page[0]["type"] == served[0]["type"] == "welcome"
    for key in ("seat", "host", "names", "variant"):
        assert page[0][key] == served[0][key], key
    assert page[0]["invites"] == [] and len(served[0]["invites"]) == 3
    # Then the same updates, but for the passes: the server's bots pass while the person
    # chooses, so where the person's pass falls among theirs follows timing.
    def settled(messages: list[dict[str, Any]]) -> list[Any]:
        return [
            {key: m[key] for key in ("view", "svg", "hands", "last_trick")}
            for m in messages[1:]
            if m["view"]["phase"] != "pass"
        ]

    assert settled(page) == settled(served)
    assert sum(m["events"] != [] for m in page[1:]) > 100  # two whole hands, card by card


def test_the_page_waits_as_the_server_does() -> None:
    table = LocalTable(seed=4, delay=0.5)
    assert answer(table.open())["wait"] is None  # before the deal, nothing moves
    assert answer(table.receive('{"type": "start"}'))["wait"] == 0.0  # the deal, at once
    dealt = answer(table.advance())
    events = dealt["messages"][0]["events"]
    assert [event["type"] for event in events] == ["hand-dealt"]
    assert dealt["wait"] == 0.0  # the bots choose their passes at once, as on the server
    kinds: set[str] = set()
    player = Player()
    pending = dealt
    for _ in range(200):
        last = pending["messages"][-1] if pending["messages"] else None
        if last is not None and last["type"] == "update":
            found = {event["type"] for event in last["events"]}
            kinds |= found
            # The pause after each move is the server's rule for those events.
            if pending["wait"] is not None:
                expected = 0.5 * (4 if "hand-scored" in found else
                                  2 if found & {"trick-taken", "cards-passed"} else
                                  1 if "card-played" in found else 0)
                assert pending["wait"] == expected, found
            move = player.move(last)
            if move is not None:
                pending = answer(table.receive(json.dumps({"type": "act", "action": move})))
                continue
        pending = answer(table.advance())
    assert {"card-played", "trick-taken", "cards-passed"} <= kinds
    assert pause_after([], 0.5) == 0.0


def test_the_page_refuses_what_the_server_refuses() -> None:
    table = LocalTable(seed=2, delay=0)
    table.open()
    play = '{"type": "act", "action": {"type": "play", "seat": 0, "card": "2C"}}'
    early = answer(table.receive(play))
    assert early["messages"][0]["type"] == "error"
    assert "has not started" in early["messages"][0]["message"]
    answer(table.receive('{"type": "start"}'))
    answer(table.advance())
    others = answer(table.receive(
        '{"type": "act", "action": {"type": "pass", "seat": 1, "cards": ["2C", "3C", "4C"]}}'
    ))
    refused = others["messages"][0]
    assert refused["type"] == "refused" and refused["rule"] == "NOT_YOUR_SEAT"
    assert others["wait"] == 0  # the bots still pass: the table goes on
    broken = answer(table.receive('{"type": "act", "action": {"type": "play"}}'))["messages"][0]
    assert broken["type"] == "error" and broken["problems"][0]["path"].startswith("$.action")
    assert answer(table.receive("[1"))["messages"][0]["type"] == "error"


def test_a_page_table_is_made_only_from_good_arguments() -> None:
    with pytest.raises(InvalidRulesError) as refused:
        LocalTable("no-such-rules")
    assert (refused.value.field, refused.value.source) == ("name", None)
    assert [field for field, _ in refused.value.problems] == ["name"]
    assert "'no-such-rules'" in refused.value.reason
    with pytest.raises(UnknownNameError):
        LocalTable(bots="genius")
    with pytest.raises(BotError):
        LocalTable(bots="mc:samples=0")
    for delay in (-0.1, 61, float("nan"), float("inf"), True, "1"):
        with pytest.raises(TableError, match="delay"):
            LocalTable(delay=delay)  # type: ignore[arg-type]
    for seed in (1.5, "3", True):
        with pytest.raises(TableError, match="seed"):
            LocalTable(seed=seed)  # type: ignore[arg-type]
    assert LocalTable("maria", bots="random", seed=1, delay=0).table.variant.rules.players == 3


def test_the_page_offers_every_shipped_variant_and_the_bots_it_can_run() -> None:
    offered = loads(LocalTable.offered())
    with TestClient(create_app(delay=0)) as client:
        served = client.get("/api/variants").json()
    assert offered["variants"] == served["variants"]
    assert offered["default"] == served["default"] == "standard"
    specs = [bot["spec"] for bot in offered["bots"]]
    assert {"rule", "random"} <= set(specs) and any(spec.startswith("mc") for spec in specs)
    for spec in specs:  # each one makes a table
        LocalTable(bots=spec, seed=1)


def test_the_web_package_imports_without_starlette() -> None:
    # Pyodide has no Starlette: the page imports hearts_core.web.local all the same.
    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('starlette', 'uvicorn', 'websockets', 'httpx'):\n"
        "            raise ImportError(name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "from hearts_core.web.local import LocalTable\n"
        "import hearts_core.web as web\n"
        "print(LocalTable(seed=1).open()[:12])\n"
        "try:\n"
        "    web.create_app\n"
        "except ImportError as error:\n"
        "    print('no server:', error)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ['{"messages":', "no server: starlette"]


# --- the play page and its payload ------------------------------------------------------


def hook(name: str) -> ModuleType:
    path = REPO / "docs" / "hooks" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"web_local_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_play_page_is_the_served_page_with_the_page_transport() -> None:
    play = hook("play")
    served = (REPO / "hearts_core" / "web" / "static" / "index.html").read_text(encoding="utf-8")
    page = play.play_page(served)
    assert "/static/" not in page
    assert '<script src="play/local.js" defer></script>' in page
    assert 'href="play/table.css"' in page and 'src="play/table.js"' in page
    assert '<a id="home" href="index.html">' in page
    # Nothing else differs: the same lobby, table and controls.
    def body(html: str) -> str:
        return html[html.index("<main") : html.index("</body>")]

    assert body(page) == body(served)
    for name in play.ASSETS:
        assert (play.STATIC / name).is_file()
    with pytest.raises(ValueError, match="transport"):
        play.play_page(served.replace("<!-- transport -->", ""))
    with pytest.raises(ValueError, match=r"table\.css"):
        play.play_page(served + '<link href="/static/table.css">')


def test_the_payload_is_copied_only_when_built(tmp_path: Path) -> None:
    play = hook("play")
    assert play.payload_files(tmp_path) == []
    (tmp_path / "pyodide").mkdir()
    (tmp_path / "pyodide" / "pyodide.mjs").write_text("x")
    (tmp_path / "pyodide" / ".version").write_text("x")
    assert play.payload_files(tmp_path) == []  # no manifest: not built, nothing copied
    (tmp_path / "manifest.json").write_text("{}")
    found = [path.relative_to(tmp_path).as_posix() for path in play.payload_files(tmp_path)]
    assert found == ["manifest.json", "pyodide/pyodide.mjs"]  # stamps stay behind


def test_the_payload_builder_checks_the_pyodide_tarball_by_digest(tmp_path: Path) -> None:
    payload = hook("play_payload")
    sample = tmp_path / "sample.tgz"
    sample.write_bytes(b"abc")
    # sha512("abc") in base64, as npm writes it (RFC 6234's test vector).
    assert payload.integrity(sample) == (
        "sha512-3a81oZNherrMQXNJriBBMRLm+k6JqX6iCp7u5ktV05ohkpkqJ0/BqDa6PCOj/uu9RU1EI2Q86A4qmslPpUyknw=="
    )
    assert payload.PYODIDE_INTEGRITY.startswith("sha512-") and payload.PYODIDE_VERSION
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "x.txt").write_bytes(b"a" * 1000)
    (tmp_path / "a" / ".version").write_text("1")
    sizes = payload.sizes(tmp_path)
    assert set(sizes) == {"a/x.txt", "sample.tgz"}
    assert sizes["a/x.txt"][0] == 1000 and sizes["a/x.txt"][1] < 100  # gzipped
