"""The web table (``hearts serve``) over its WebSocket, driven by Starlette's TestClient.

Every browser here is a test client that plays as the page does: it joins with
the token of its link, reads the ``update`` messages and acts for its seat with
the first legal card (or the first cards of its hand to pass). Bots move with
no delay. Besides whole games, alone and with a second browser, the tests
send what a hostile or buggy browser would: another seat's action, a deal,
malformed and oversized messages, wrong tokens.
"""

from __future__ import annotations

import io
import json
import re
import socket as socket_module
import subprocess
import sys
import time
import urllib.request
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette", reason="needs starlette: install the web extra")

from helpers.web import Player, join, moon_to_choose, new_table, receive_update
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from hearts_core import (
    Card,
    CardSet,
    Phase,
)
from hearts_core.cli import main
from hearts_core.io.views import VIEW_FORMAT, view_from_data
from hearts_core.web import MAX_MESSAGE_BYTES, create_app
from hearts_core.web.tables import Table

CARD = re.compile(r'"([2-9TJQKA][CDHS])"')


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(seed=5, delay=0)) as test_client:
        yield test_client


def table_of(client: TestClient, table_id: str) -> Table:
    table = client.app.state.server.lobby.get(table_id)  # type: ignore[attr-defined]
    assert isinstance(table, Table)
    return table


def shown_cards(message: dict[str, Any]) -> set[str]:
    """Every card an update names, in its view (but the rules' card values), its events
    and its drawing."""
    view = {key: value for key, value in message["view"].items() if key != "rules"}
    text = json.dumps([view, message["events"]])
    found = set(CARD.findall(text))
    found |= set(re.findall(r'data-card="([2-9TJQKA][CDHS])"', message["svg"]))
    return found


def allowed_cards(message: dict[str, Any]) -> set[str]:
    """The cards the seat of an update may know: its own hand and passes, and every card
    played face up (in the view's tricks and in the events)."""
    view = message["view"]
    allowed = set(view["hand"]) | set(view["passed"] or ()) | set(view["received"] or ())
    allowed |= set(view["current_trick"])
    for trick in view["tricks"]:
        allowed |= set(trick["cards"])
    for event in message["events"]:
        if event["type"] == "card-played":
            allowed.add(event["card"])
        elif event["type"] == "trick-taken":
            allowed |= set(event["cards"])
        elif event["type"] == "hearts-broken":
            allowed.add(event["card"])
        elif event["type"] == "cards-passed" and event["cards"] is not None:
            assert view["seat"] in (event["from_seat"], event["to_seat"])
            allowed |= set(event["cards"])
    return allowed


def check_update(message: dict[str, Any], seat: int) -> None:
    """An update is this seat's view, as the strict loader reads it, and names no card
    the seat may not know."""
    view = message["view"]
    assert view["format"] == VIEW_FORMAT and view["seat"] == seat
    assert view_from_data(view).seat == seat
    assert shown_cards(message) <= allowed_cards(message)


def play_alone(client: TestClient, variant: str = "standard") -> list[dict[str, Any]]:
    """A whole game at seat 0 against bots; every event the browser received, in order."""
    table_id, token = new_table(client, variant)
    events: list[dict[str, Any]] = []
    player = Player()
    with client.websocket_connect(f"/ws/{table_id}") as socket:
        join(socket, token)
        first = receive_update(socket)
        assert first["started"] is False and first["view"]["phase"] == "deal"
        socket.send_json({"type": "start"})
        while True:
            message = receive_update(socket)
            check_update(message, 0)
            events += message["events"]
            if message["view"]["winners"]:
                return events
            move = player.move(message)
            if move is not None:
                socket.send_json({"type": "act", "action": move})


def test_a_whole_game_alone_against_bots(client: TestClient) -> None:
    events = play_alone(client)
    kinds = [event["type"] for event in events]
    assert kinds.count("game-over") == 1 and kinds[-1] == "game-over"
    scored = [event for event in events if event["type"] == "hand-scored"]
    assert len(scored) >= 2
    # Every trick of every hand reached the browser: 13 tricks of 4 cards, 26 points a hand.
    assert kinds.count("trick-taken") == 13 * len(scored)
    assert kinds.count("card-played") == 52 * len(scored)
    for hand in scored:
        assert sum(hand["points"]) == 26
    totals = [sum(hand["scores"][seat] for hand in scored) for seat in range(4)]
    assert events[-1]["totals"] == totals == scored[-1]["totals"]
    assert max(totals) >= 100  # the standard game ends at 100


def test_the_same_seed_and_the_same_moves_replay_the_same_game() -> None:
    games = []
    for _ in range(2):
        with TestClient(create_app(seed=11, delay=0)) as client:
            games.append(play_alone(client, "black-maria"))
    # Passes are simultaneous: where the person's pass falls among the bots' depends on
    # timing, so each pass phase is compared as a set of seats; everything else in order.
    def played(events: list[dict[str, Any]]) -> list[Any]:
        out: list[Any] = []
        for event in events:
            if event["type"] != "pass-submitted":
                out.append(event)
            elif out and isinstance(out[-1], set):
                out[-1].add(event["seat"])
            else:
                out.append({event["seat"]})
        return out

    assert played(games[0]) == played(games[1])
    assert {event["type"] for event in games[0]} >= {"cards-passed", "trick-taken", "game-over"}


def test_another_seats_action_is_refused_and_reveals_nothing(client: TestClient) -> None:
    table_id, token = new_table(client)
    table = table_of(client, table_id)
    with client.websocket_connect(f"/ws/{table_id}") as socket:
        join(socket, token)
        receive_update(socket)
        socket.send_json({"type": "start"})
        message = receive_update(socket)
        while message["view"]["to_act"] != [0]:  # the bots have passed: the table waits
            message = receive_update(socket)
        before = table.state
        east = sorted(table.state.hands[1])
        not_east = sorted(CardSet.from_mask(((1 << 52) - 1) & ~table.state.hands[1].mask))
        refusals = []
        for cards in (east[:3], not_east[:3]):  # East's real cards, and cards East lacks
            action = {"type": "pass", "seat": 1, "cards": [str(card) for card in cards]}
            socket.send_json({"type": "act", "action": action})
            refusals.append(socket.receive_json())
        deal = {"type": "deal", "hands": [[str(c) for c in hand] for hand in before.hands]}
        socket.send_json({"type": "act", "action": deal})
        refusals.append(socket.receive_json())
        assert table.state is before  # nothing changed
    assert refusals[0] == refusals[1]  # the same answer whatever East holds
    assert refusals[0]["type"] == "refused" and refusals[0]["rule"] == "NOT_YOUR_SEAT"
    assert refusals[2]["rule"] == "NOT_YOUR_SEAT"
    for refusal in refusals:
        assert not CARD.findall(json.dumps(refusal)), refusal


def test_an_illegal_card_is_refused_with_the_rule_it_breaks(client: TestClient) -> None:
    table_id, token = new_table(client)
    with client.websocket_connect(f"/ws/{table_id}") as socket:
        join(socket, token)
        receive_update(socket)
        socket.send_json({"type": "start"})
        player = Player()
        while True:
            message = receive_update(socket)
            view = message["view"]
            illegal = sorted(set(view["hand"]) - set(view["legal_cards"]))
            if view["phase"] == "play" and 0 in view["to_act"] and illegal:
                break
            move = player.move(message)
            if move is not None:
                socket.send_json({"type": "act", "action": move})
        socket.send_json({"type": "act", "action": {"type": "play", "seat": 0, "card": illegal[0]}})
        refusal = socket.receive_json()
    assert refusal["type"] == "refused"
    assert refusal["rule"] in {
        "MUST_FOLLOW_SUIT", "FIRST_LEAD_LOWEST_CLUB", "NO_POINTS_ON_FIRST_TRICK",
        "HEARTS_NOT_BROKEN",
    }
    assert refusal["message"].startswith("You ")  # the seat is addressed as "you"
    assert refusal["summary"]


MALFORMED = [
    ("not json", "$"),
    ('{"type": "act", "action": NaN}', "$"),
    ("[1, 2]", "$"),
    ('{"type": "bid"}', "$.type"),
    ('{"type": "start", "extra": 1}', "$.extra"),
    ('{"type": "start", "type": "start"}', "$.type"),
    ('{"type": "act"}', "$.action"),
    ('{"type": "act", "action": {"type": "play", "seat": 0, "card": "Q♠"}}', "$.action.card"),
    ('{"type": "act", "action": {"type": "play", "seat": "0", "card": "QS"}}', "$.action.seat"),
    ('{"type": "act", "action": {"type": "play", "seat": 9, "card": "QS"}}', "$.action.seat"),
    ('{"type": "act", "action": {"type": "pass", "seat": 0, "cards": "QS"}}', "$.action.cards"),
    ("[" * 1900 + "]" * 1900, "$"),  # nested too deeply, within the size limit
    ('{"type": "join", "token": "x"}', "$"),
]


def test_malformed_messages_are_refused_and_the_table_goes_on(client: TestClient) -> None:
    table_id, token = new_table(client)
    table = table_of(client, table_id)
    with client.websocket_connect(f"/ws/{table_id}") as socket:
        join(socket, token)
        receive_update(socket)
        for text, path in MALFORMED:
            socket.send_text(text)
            answer = socket.receive_json()
            assert answer["type"] == "error", (text, answer)
            paths = [problem["path"] for problem in answer["problems"]] or ["$"]
            assert path in paths, (text, answer)
        socket.send_bytes(b'{"type": "start", "x": "\xff"}')
        answer = socket.receive_json()
        assert answer["type"] == "error" and "UTF-8" in answer["problems"][0]["message"]
        assert table.state.phase is Phase.DEAL and not table.started
        socket.send_json({"type": "start"})  # the connection is still good
        assert receive_update(socket)["started"] is True


def test_an_oversized_message_is_refused_and_the_browser_disconnected(
    client: TestClient,
) -> None:
    table_id, token = new_table(client)
    with client.websocket_connect(f"/ws/{table_id}") as socket:
        join(socket, token)
        receive_update(socket)
        socket.send_text('{"type": "start", "pad": "' + "x" * MAX_MESSAGE_BYTES + '"}')
        answer = socket.receive_json()
        assert answer["type"] == "error" and str(MAX_MESSAGE_BYTES) in answer["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    assert closed.value.code == 1008
    assert not table_of(client, table_id).started


def test_a_browser_without_a_good_token_gets_no_seat(client: TestClient) -> None:
    table_id, token = new_table(client)
    for first in ({"type": "join", "token": token[:-1] + "A" if token[-1] != "A" else "B"},
                  {"type": "start"}):
        with client.websocket_connect(f"/ws/{table_id}") as socket:
            socket.send_json(first)
            answer = socket.receive_json()
            assert answer["type"] == "error"
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_json()
            assert closed.value.code == 4403
    with client.websocket_connect(f"/ws/{table_id}") as socket:
        socket.send_bytes(token.encode())  # the token, but not as a join message
        assert socket.receive_json()["type"] == "error"
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4403
    with client.websocket_connect(f"/ws/{table_id}"):
        pass  # gone before joining
    with client.websocket_connect(f"/ws/{table_id}") as socket:
        assert join(socket, token)["seat"] == 0  # the table is none the worse
    with client.websocket_connect("/ws/no-such-table") as socket:
        assert socket.receive_json()["type"] == "error"
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4404
    assert table_of(client, table_id).held == [0, 0, 0, 0]


def test_two_browsers_at_one_table_each_see_only_their_own_hand(client: TestClient) -> None:
    table_id, token = new_table(client)
    with client.websocket_connect(f"/ws/{table_id}") as host:
        invites = join(host, token)["invites"]
        receive_update(host)
        south = next(invite for invite in invites if invite["name"] == "South")
        friend_token = south["link"].split("#")[1]
        with client.websocket_connect(f"/ws/{table_id}") as friend:
            welcome = join(friend, friend_token)
            assert welcome["seat"] == 2 and welcome["invites"] == []  # only the host invites
            receive_update(friend)
            seats = receive_update(host)["seats"]  # the host learns South is a person
            assert [seat["person"] for seat in seats] == [True, False, True, False]
            friend.send_json({"type": "start"})
            assert friend.receive_json()["type"] == "error"  # only the host deals
            host.send_json({"type": "start"})
            dealt: dict[int, list[set[str]]] = {0: [], 2: []}
            hands_done = 0
            players = {0: Player(), 2: Player()}
            while hands_done < 2:  # both browsers receive every update: read them in step
                for seat, socket in ((0, host), (2, friend)):
                    message = receive_update(socket)
                    check_update(message, seat)
                    kinds = [event["type"] for event in message["events"]]
                    if "hand-dealt" in kinds:
                        dealt[seat].append(set(message["view"]["hand"]))
                    if seat == 0:
                        hands_done += kinds.count("hand-scored")
                    move = players[seat].move(message)
                    if move is not None:
                        socket.send_json({"type": "act", "action": move})
    assert len(dealt[0]) == len(dealt[2]) >= 2
    for mine, theirs in zip(dealt[0], dealt[2], strict=True):
        assert len(mine) == len(theirs) == 13 and not mine & theirs


def test_a_closed_tab_hands_its_seat_to_the_bot(client: TestClient) -> None:
    table_id, token = new_table(client)
    table = table_of(client, table_id)
    with client.websocket_connect(f"/ws/{table_id}") as host:
        invites = join(host, token)["invites"]
        receive_update(host)
        east_token = invites[0]["link"].split("#")[1]
        with client.websocket_connect(f"/ws/{table_id}") as east:
            join(east, east_token)
            receive_update(east)
            receive_update(host)
            host.send_json({"type": "start"})
            receive_update(east)  # the deal
        # East's tab is closed before it passed: its bot passes, and the game goes on.
        player = Player()
        while True:
            message = receive_update(host)
            if message["view"]["phase"] == "play" and not message["seats"][1]["person"]:
                break
            move = player.move(message)
            if move is not None:
                host.send_json({"type": "act", "action": move})
        assert table.held == [1, 0, 0, 0]
        while not message["view"]["winners"]:
            move = player.move(message)
            if move is not None:
                host.send_json({"type": "act", "action": move})
            message = receive_update(host)
    assert table.state.is_over


def test_a_table_nobody_holds_waits(client: TestClient) -> None:
    table_id, token = new_table(client)
    table = table_of(client, table_id)
    with client.websocket_connect(f"/ws/{table_id}") as host:
        join(host, token)
        receive_update(host)
        host.send_json({"type": "start"})
        view = receive_update(host)["view"]
        while view["phase"] != "pass":
            view = receive_update(host)["view"]
    assert table.automatic() is None  # the host left during its pass: nothing moves
    assert table.state.phase is Phase.PASS and 0 in table.state.to_act


def test_a_new_game_only_after_the_end(client: TestClient) -> None:
    table_id, token = new_table(client, "openspiel")
    table = table_of(client, table_id)
    with client.websocket_connect(f"/ws/{table_id}") as socket:
        join(socket, token)
        receive_update(socket)
        socket.send_json({"type": "new-game"})
        assert "over" in socket.receive_json()["message"]
        socket.send_json({"type": "start"})
        message = receive_update(socket)
        player = Player()
        while not message["view"]["winners"]:
            move = player.move(message)
            if move is not None:
                socket.send_json({"type": "act", "action": move})
            message = receive_update(socket)
        socket.send_json({"type": "new-game"})
        fresh = receive_update(socket)
        assert fresh["game"] == 2 and fresh["view"]["totals"] == [0, 0, 0, 0]
    assert table.games == 2


def test_tables_are_made_only_from_strict_requests(client: TestClient) -> None:
    bad = [
        (b"not json", 400),
        (b'{"variant": "standard", "x": 1}', 400),
        (b'{"variant": 3}', 400),
        (b'{"variant": "no-such-rules"}', 400),
        (b'{"variant": "' + b"x" * MAX_MESSAGE_BYTES + b'"}', 413),
    ]
    for body, status in bad:
        answer = client.post("/api/tables", content=body)
        assert answer.status_code == status, (body[:40], answer.text)
        assert answer.json()["type"] == "error"
    ids = {new_table(client, "maria")[0] for _ in range(5)}  # an alias is accepted
    assert len(ids) == 5 and all(len(table_id) >= 16 for table_id in ids)


def test_the_page_and_its_assets_come_from_the_package(client: TestClient) -> None:
    page = client.get("/table/anything")
    assert page.status_code == 200 and "<title>Hearts</title>" in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    for asset in re.findall(r'(?:src|href)="([^"]+)"', page.text):
        if asset.startswith("data:"):
            continue
        assert asset.startswith("/static/"), asset
        answer = client.get(asset)
        assert answer.status_code == 200 and "://" not in answer.text.replace("${scheme}://", "")
    offered = client.get("/api/variants").json()
    assert offered["default"] == "standard"
    assert {"standard", "black-maria", "six-player"} <= {v["name"] for v in offered["variants"]}


def test_the_lobby_keeps_a_bounded_number_of_tables() -> None:
    with TestClient(create_app(delay=0, max_tables=2)) as client:
        lobby = client.app.state.server.lobby  # type: ignore[attr-defined]
        first, token = new_table(client)
        second, _ = new_table(client)
        with client.websocket_connect(f"/ws/{first}") as socket:
            join(socket, token)
            receive_update(socket)
            third, _ = new_table(client)  # replaces the idle table, not the held one
            assert lobby.get(second) is None and lobby.get(first) is not None
            assert sorted(lobby.tables) == sorted([first, third])
        # Every table held by a browser: no room for another.
        with client.websocket_connect(f"/ws/{first}") as one, client.websocket_connect(
            f"/ws/{third}"
        ) as other:
            join(one, token)
            join(other, table_of(client, third).tokens[0])
            answer = client.post("/api/tables", json={"variant": "standard"})
            assert answer.status_code == 503 and "in use" in answer.json()["message"]


def test_a_card_in_an_update_is_written_as_the_formats_write_it() -> None:
    assert CARD.findall('"QS" "TH" "10H" "Q♠"') == ["QS", "TH"]
    assert str(Card.parse("TH")) == "TH"


def test_the_shooter_chooses_how_the_moon_scores(client: TestClient) -> None:
    state = moon_to_choose()
    (shooter,) = state.to_act
    table_id, _ = new_table(client, "moon-choice")
    table = table_of(client, table_id)
    table.state, table.started = state, True
    totals = state.totals
    with client.websocket_connect(f"/ws/{table_id}") as socket:
        join(socket, table.tokens[shooter])
        view = receive_update(socket)["view"]
        assert view["phase"] == "moon" and view["to_act"] == [shooter]
        choice = {"type": "moon", "seat": shooter, "option": "subtract-from-shooter"}
        socket.send_json({"type": "act", "action": choice})
        message = receive_update(socket)
    kinds = [event["type"] for event in message["events"]]
    assert kinds[:2] == ["moon-chosen", "hand-scored"]
    assert message["events"][0]["option"] == "subtract-from-shooter"
    scored = message["events"][1]
    amount = table.variant.rules.moon_amount
    assert scored["scores"][shooter] == -amount
    assert scored["totals"][shooter] == totals[shooter] - amount


def test_hearts_serve_serves_the_page() -> None:
    with socket_module.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-m", "hearts_core", "serve", "--port", str(port), "--seed", "1"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        assert first.strip() == f"Hearts at http://127.0.0.1:{port}/ (Ctrl-C stops it)"
        page = None
        for _ in range(100):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as answer:
                    page = answer.read().decode()
                break
            except OSError:
                time.sleep(0.1)
        assert page is not None and "/static/table.js" in page
    finally:
        server.terminate()
        server.wait(10)


def test_hearts_serve_refuses_bad_arguments() -> None:
    err = io.StringIO()
    assert main(["serve", "--bots", "rule,nobody"], stderr=err) == 2
    assert "nobody" in err.getvalue()
    err = io.StringIO()
    assert main(["serve", "--variant", "no-such-rules"], stderr=err) == 2
    assert main(["serve", "--delay", "-1"], stderr=io.StringIO()) == 2


def trick_group(svg: str, name: str) -> ET.Element | None:
    root = ET.fromstring(svg)
    return next((g for g in root.iter() if g.get("class") == name), None)


def test_each_trick_is_drawn_complete_and_the_sheet_keeps_every_hand(client: TestClient) -> None:
    table_id, token = new_table(client)
    scored: list[dict[str, Any]] = []
    tricks = 0
    player = Player()
    leader = -1  # the seat of the first card of the trick, from the card-played events
    with client.websocket_connect(f"/ws/{table_id}") as socket:
        join(socket, token)
        receive_update(socket)
        socket.send_json({"type": "start"})
        while len(scored) < 2:
            message = receive_update(socket)
            for event in message["events"]:
                if event["type"] == "card-played" and leader < 0:
                    leader = event["seat"]
                elif event["type"] == "trick-taken":
                    tricks += 1
                    assert message["last_trick"] == {
                        "leader": leader,
                        "winner": event["winner"],
                        "cards": event["cards"],
                        "points": event["points"],
                    }
                    drawn = trick_group(message["svg"], "last-trick")
                    assert drawn is not None and drawn.get("visibility") is None
                    assert drawn.get("data-winner") == str(event["winner"])
                    cards = [card.get("data-card") for card in drawn]
                    seats = [int(card.get("data-seat", "")) for card in drawn]
                    assert cards == event["cards"]  # all four, the fourth too, in play order
                    assert seats == [(leader + k) % 4 for k in range(4)]
                    winning = [c.get("data-card") for c in drawn if "winning" in c.get("class", "")]
                    assert winning == [event["cards"][seats.index(event["winner"])]]
                    leader = -1
                elif event["type"] == "hand-scored":
                    scored.append(event)
            # The sheet: every hand scored so far, as the hand-scored events said.
            assert message["hands"] == scored
            if message["view"]["current_trick"]:  # a trick in progress hides the last one
                drawn = trick_group(message["svg"], "last-trick")
                assert drawn is None or drawn.get("visibility") == "hidden"
            if message["events"] and message["events"][0]["type"] == "hand-dealt":
                assert message["last_trick"] is None
            move = player.move(message)
            if move is not None:
                socket.send_json({"type": "act", "action": move})
    assert tricks == 26
    assert [hand["hand_number"] for hand in scored] == [0, 1]
    for hand in scored:
        assert sum(hand["points"]) == 26  # the hand's points, not the 0 a new hand shows


def test_the_sheet_starts_again_with_a_new_game(client: TestClient) -> None:
    table_id, token = new_table(client, "openspiel")  # one hand
    with client.websocket_connect(f"/ws/{table_id}") as socket:
        welcome = join(socket, token)
        assert welcome["variant"]["moon_amount"] == 26
        receive_update(socket)
        socket.send_json({"type": "start"})
        player = Player()
        message = receive_update(socket)
        while not message["view"]["winners"]:
            move = player.move(message)
            if move is not None:
                socket.send_json({"type": "act", "action": move})
            message = receive_update(socket)
        assert len(message["hands"]) == 1 and message["last_trick"] is not None
        socket.send_json({"type": "new-game"})
        fresh = receive_update(socket)
    assert fresh["hands"] == [] and fresh["last_trick"] is None
    assert trick_group(fresh["svg"], "last-trick") is None
